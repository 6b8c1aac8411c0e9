import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import type { BuildReport } from '../datasets/build.js'
import { badRequest, serviceError } from '../errors.js'
import { defineRun } from './commands/define.js'
import { createProgress, type Progress, progressOutput } from './progress.js'

interface BuildCliOptions {
  from: string
  out: string
  tables?: string
  report?: string
}

/** `gaokao datasets build`: runs the builder with its progress on stderr (progress.ts); the answer is its report. */
export const buildRun = defineRun({
  async action(_args, opts: BuildCliOptions, io): Promise<BuildReport> {
    if (!existsSync(opts.from)) throw badRequest(`数据源目录不存在: ${opts.from}`)
    const { buildDatasets, TABLE_NAMES } = await import('../datasets/build.js')
    const unknown = opts.tables
      ?.split(',')
      .map((t) => t.trim())
      .filter((t) => !TABLE_NAMES.includes(t as never))
    if (unknown?.length) throw badRequest(`未知的表: ${unknown.join(', ')}; 已知: ${TABLE_NAMES.join(', ')}`)
    const started = Date.now()
    // One bar over the whole build: the tables built so far and, within a table, its own steps.
    let progress: Progress | undefined
    // A table's steps each count from 0 again (plans: load 1..8, then merge 0/1, write 0/1): never go back.
    let shown = 0
    let report: BuildReport
    try {
      report = await buildDatasets({
        from: opts.from,
        out: opts.out,
        tables: opts.tables?.split(',').map((t) => t.trim()),
        onProgress: (e) => {
          const of = e.of ?? 1
          progress ??= createProgress(progressOutput(io, false), {
            title: '构建数据集',
            total: of,
            unit: '张表',
            doneLine: false, // the line below says it, with the report's path
          })
          const within = e.total > 0 ? Math.min(1, e.done / e.total) : 1
          shown = Math.max(shown, (e.index ?? 0) + within)
          progress.update(shown, `${e.table} ${e.step}`)
        },
      })
      progress?.finish()
    } catch (err) {
      progress?.finish(false)
      throw err
    }
    if (opts.report) await writeFile(opts.report, `${JSON.stringify(report, null, 2)}\n`)
    io.note(
      `完成, 用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒${opts.report ? `; 报告: ${opts.report}` : ''}\n`,
    )
    return report
  },
  render: (report) =>
    [
      ...report.summary,
      ...report.tables.map(
        (t) => `${t.table}: ${t.written ? `${t.rows} 行 -> ${t.file}` : `未写入: ${t.refused}`}`,
      ),
    ]
      .map((line) => `${line}\n`)
      .join(''),
  // A table the builder refused (its reason is on its line above) fails the build: exit 1.
  failure: (report) => {
    const refused = report.tables.filter((t) => !t.written).map((t) => t.table)
    return refused.length ? serviceError(`${refused.length} 张表未写入: ${refused.join(', ')}`) : undefined
  },
})

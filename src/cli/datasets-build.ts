import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import type { CliIo } from './io.js'

/** `gaokao datasets build`: runs the builder with a progress line per table and prints its report. */
export async function runDatasetsBuild(
  opts: { from: string; out: string; tables?: string; report?: string },
  io: CliIo,
): Promise<number> {
  if (!existsSync(opts.from)) {
    io.stderr(`错误: 数据源目录不存在: ${opts.from}\n`)
    return 2
  }
  const { buildDatasets, TABLE_NAMES } = await import('../datasets/build.js')
  const unknown = opts.tables
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => !TABLE_NAMES.includes(t as never))
  if (unknown?.length) {
    io.stderr(`错误: 未知的表: ${unknown.join(', ')}; 已知: ${TABLE_NAMES.join(', ')}\n`)
    return 2
  }
  const started = Date.now()
  let last = ''
  const report = await buildDatasets({
    from: opts.from,
    out: opts.out,
    tables: opts.tables?.split(',').map((t) => t.trim()),
    onProgress: (e) => {
      const width = 24
      const filled = e.total > 0 ? Math.round((e.done / e.total) * width) : width
      const line = `${e.table.padEnd(14)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${e.done}/${e.total} ${e.step}`
      if (io.isTTY) io.stderr(`\r${line.padEnd(last.length)}`)
      else if (e.done === e.total) io.stderr(`${line}\n`)
      last = line
    },
  })
  if (io.isTTY) io.stderr('\n')
  for (const line of report.summary) io.stdout(`${line}\n`)
  for (const t of report.tables)
    io.stdout(`${t.table}: ${t.written ? `${t.rows} 行 -> ${t.file}` : `未写入: ${t.refused}`}\n`)
  if (opts.report) await writeFile(opts.report, `${JSON.stringify(report, null, 2)}\n`)
  io.stderr(
    `完成, 用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒${opts.report ? `; 报告: ${opts.report}` : ''}\n`,
  )
  return report.tables.every((t) => t.written) ? 0 : 1
}

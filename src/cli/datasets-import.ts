import { provinceOption } from '../datasets/import/convert.js'
import { type ImportResult, ImportStateError, importSlice } from '../datasets/import/import.js'
import { ImportInputError } from '../datasets/import/read.js'
import { renderImport, renderPlan } from '../datasets/import/report.js'
import type { ValidationReport } from '../datasets/validate/engine.js'
import { knownTables, schemaOf } from '../datasets/validate/session.js'
import { ApiError, badRequest, serviceError } from '../errors.js'
import { defineRun } from './commands/define.js'
import { existingDatasetsDir, jsonText, paintFor, type ReportOptions, wantsJson } from './datasets-shared.js'

export interface ImportCliOptions extends ReportOptions {
  province?: string
  year?: string
  km?: string
  level?: string
  source: string
  sheet?: string
  dryRun?: boolean
  allowNew?: string
  acceptChanged?: boolean
  replace?: boolean
}

/**
 * `gaokao datasets import <table> <file>`: exit 0 when the slice was replaced (or, with --dry-run, would be),
 * 1 when a rule is violated or the datasets are not in a state to import into (envelope 409 while another import
 * holds the directory, 500 for a directory to repair), 2 for bad input.
 *
 * Test hook: GAOKAO_TEST_IMPORT_PAUSE=<after-tmp|before-switch|after-switch>[:ms] stops the import at that point
 * for ms milliseconds (default 60000) after printing `import paused at <point>` on stderr, so that a test can
 * kill the process there.
 */
export const importRun = defineRun({
  async action([table, file], opts: ImportCliOptions, io): Promise<ImportResult> {
    if (!table || !schemaOf(table))
      throw badRequest(
        `未知的表 ${table}; 已知: ${knownTables()
          .filter((t) => schemaOf(t))
          .join(', ')}`,
      )
    let year: number | undefined
    if (opts.year !== undefined) {
      year = Number(opts.year)
      if (!/^\d{4}$/.test(opts.year)) throw badRequest(`--year 应为四位数年份, 收到 ${opts.year}`)
    }
    const pause = parsePause(io.env.GAOKAO_TEST_IMPORT_PAUSE)
    try {
      const province = opts.province === undefined ? undefined : provinceOption(opts.province).name
      const result = await importSlice(
        {
          table,
          file: file as string,
          datasets: existingDatasetsDir(opts, io),
          options: { province, year, km: opts.km, level: opts.level, source: opts.source },
          sheet: opts.sheet,
          dryRun: opts.dryRun,
          allowNew: opts.allowNew
            ?.split(',')
            .map((n) => n.trim())
            .filter(Boolean),
          acceptChanged: opts.acceptChanged,
          replace: opts.replace,
        },
        {
          // At a terminal, rows the file would remove are shown and asked about; elsewhere --replace says so.
          approveRemoval: io.confirm
            ? async (plan) => {
                io.note(renderPlan(plan, await paintFor(io, opts)))
                return (io.confirm as NonNullable<typeof io.confirm>)(
                  `删除上面列出的 ${plan.plan.removed} 行并写入 ${table} 表?`,
                )
              }
            : undefined,
          pause: pause
            ? async (point) => {
                if (point !== pause.point) return
                io.note(`import paused at ${point}\n`)
                await new Promise((r) => setTimeout(r, pause.ms))
              }
            : undefined,
        },
      )
      // Not an error (an export has columns we do not store), but a misspelt header would be a silent null.
      if (result.ignoredColumns.length)
        io.note(
          `警告: 文件中 ${result.ignoredColumns.length} 列不是 ${table} 的列, 未导入: ${result.ignoredColumns.join(', ')} (可识别的表头见 src/datasets/import/README.md)\n`,
        )
      return result
    } catch (err) {
      if (err instanceof ImportInputError) throw badRequest(err.message)
      if (err instanceof ImportStateError)
        throw err.busy ? new ApiError(409, err.message, { badInput: false }) : serviceError(err.message)
      throw err
    }
  },
  render: async (result, opts, io) =>
    wantsJson(opts) ? jsonText(result) : renderImport(result, await paintFor(io, opts)),
  // Rows it would remove without --replace: bad input (exit 2), like a file that cannot be read.
  failure: (result) =>
    !result.ok
      ? serviceError(`${refusal(result.validation)}, 什么都没有替换`)
      : result.refused
        ? badRequest(result.refused)
        : undefined,
})

/** Why an import was refused, in one line: a damaged file it needed (named), else the rules it broke. */
function refusal(report: ValidationReport): string {
  const damaged = report.results
    .filter((r) => r.rule === 'readable' && r.status === 'failed')
    .flatMap((r) => r.samples.map((s) => `${s.key} ${s.message.split(';')[0]}`))
  return damaged.length ? `${damaged.join(', ')}: 需要它的校验规则无法执行` : '违反校验规则'
}

function parsePause(value: string | undefined): { point: string; ms: number } | undefined {
  if (!value) return undefined
  const [point = '', ms] = value.split(':')
  return { point, ms: ms ? Number(ms) : 60_000 }
}

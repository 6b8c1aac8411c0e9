import type { ValidationReport } from '../datasets/validate/engine.js'
import { knownTables, schemaOf } from '../datasets/validate/session.js'
import { existingDatasetsDir, paintFor, printJson, type ReportOptions, wantsJson } from './datasets-shared.js'
import type { CliIo } from './io.js'

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
}

/**
 * `gaokao datasets import <table> <file>`: exit 0 when the slice was replaced (or, with --dry-run, would be),
 * 1 when a rule is violated or the datasets are not in a state to import into, 2 for bad input.
 *
 * Test hook: GAOKAO_TEST_IMPORT_PAUSE=<after-tmp|after-prev|after-rename>[:ms] stops the import at that point
 * for ms milliseconds (default 60000) after printing `import paused at <point>` on stderr, so that a test can
 * kill the process there.
 */
export async function runDatasetsImport(
  table: string,
  file: string,
  opts: ImportCliOptions,
  io: CliIo,
): Promise<number> {
  // An error is one stderr line and, with --json, the envelope every command prints: 400 for bad input (exit 2),
  // 409 while another import holds the directory, 500 for a directory to repair (exit 1).
  const fail = (exitCode: number, message: string, code = exitCode === 2 ? 400 : 500) => {
    if (wantsJson(opts)) printJson(io, { code, message, data: {} })
    io.stderr(`错误: ${message}\n`)
    return exitCode
  }
  if (!schemaOf(table))
    return fail(
      2,
      `未知的表 ${table}; 已知: ${knownTables()
        .filter((t) => schemaOf(t))
        .join(', ')}`,
    )
  const [{ importSlice, ImportStateError }, { ImportInputError }, { provinceOption }] = await Promise.all([
    import('../datasets/import/import.js'),
    import('../datasets/import/read.js'),
    import('../datasets/import/convert.js'),
  ])
  let year: number | undefined
  if (opts.year !== undefined) {
    year = Number(opts.year)
    if (!/^\d{4}$/.test(opts.year)) return fail(2, `--year 应为四位数年份, 收到 ${opts.year}`)
  }
  const pause = parsePause(io.env.GAOKAO_TEST_IMPORT_PAUSE)
  try {
    const province = opts.province === undefined ? undefined : provinceOption(opts.province).name
    const result = await importSlice(
      {
        table,
        file,
        datasets: existingDatasetsDir(opts, io),
        options: { province, year, km: opts.km, level: opts.level, source: opts.source },
        sheet: opts.sheet,
        dryRun: opts.dryRun,
        allowNew: opts.allowNew
          ?.split(',')
          .map((n) => n.trim())
          .filter(Boolean),
        acceptChanged: opts.acceptChanged,
      },
      {
        pause: pause
          ? async (point) => {
              if (point !== pause.point) return
              io.stderr(`import paused at ${point}\n`)
              await new Promise((r) => setTimeout(r, pause.ms))
            }
          : undefined,
      },
    )
    // Not an error (an export has columns we do not store), but a misspelt header would be a silent null.
    if (result.ignoredColumns.length)
      io.stderr(
        `警告: 文件中 ${result.ignoredColumns.length} 列不是 ${table} 的列, 未导入: ${result.ignoredColumns.join(', ')} (可识别的表头见 src/datasets/import/README.md)\n`,
      )
    if (wantsJson(opts)) printJson(io, result)
    else {
      const paint = await paintFor(io, opts)
      const { renderImport } = await import('../datasets/import/report.js')
      io.stdout(renderImport(result, paint))
    }
    if (!result.ok) io.stderr(`错误: ${refusal(result.validation)}, 什么都没有替换\n`)
    return result.ok ? 0 : 1
  } catch (err) {
    if (err instanceof ImportInputError) return fail(2, err.message)
    if (err instanceof ImportStateError) return fail(1, err.message, err.busy ? 409 : 500)
    throw err
  }
}

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

import { knownTables } from '../datasets/validate/session.js'
import {
  existingDatasetsDir,
  intFlag,
  paintFor,
  printJson,
  type ReportOptions,
  wantsJson,
} from './datasets-shared.js'
import { badInputError, type CliIo } from './io.js'

export interface ValidateOptions extends ReportOptions {
  maxPerRule?: string
  tables?: string
  rules?: boolean
}

/**
 * `gaokao datasets validate`: every rule on every table; exit 1 when an error rule has a violation. Bad input
 * and a missing datasets directory throw CliError (runCli reports them).
 */
export async function runDatasetsValidate(opts: ValidateOptions, io: CliIo): Promise<number> {
  const { renderRuleList, renderValidation } = await import('../datasets/validate/report.js')
  const { ruleCatalogue, validateDatasets } = await import('../datasets/validate/index.js')
  if (opts.rules) {
    const rules = ruleCatalogue()
    if (wantsJson(opts))
      printJson(
        io,
        rules.map((r) => ({
          table: r.table,
          rule: r.name,
          severity: r.severity,
          description: r.description,
          needs: r.needs ?? [],
        })),
      )
    else io.stdout(renderRuleList(rules))
    return 0
  }
  const max = intFlag('--max-per-rule', opts.maxPerRule, 0)
  const only = opts.tables
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  if (only?.length === 0) throw badInputError(`--tables 没有给出表名; 已知: ${knownTables().join(', ')}`)
  const unknown = (only ?? []).filter((t) => !knownTables().includes(t))
  if (unknown.length) throw badInputError(`未知的表 ${unknown.join(', ')}; 已知: ${knownTables().join(', ')}`)
  const dir = existingDatasetsDir(opts, io)
  const report = await validateDatasets(dir, { maxPerRule: max, onlyTables: only })
  if (wantsJson(opts)) printJson(io, report)
  else io.stdout(renderValidation(report, await paintFor(io, opts)))
  if (!report.ok) io.stderr(`错误: 校验未通过 (${report.errors} 处违规)\n`)
  return report.ok ? 0 : 1
}

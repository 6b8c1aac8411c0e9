import { sweepIdle } from '../datasets/import/sweep.js'
import type { ValidationReport } from '../datasets/validate/engine.js'
import { ruleCatalogue, validateDatasets } from '../datasets/validate/index.js'
import { renderRuleList, renderValidation } from '../datasets/validate/report.js'
import { knownTables } from '../datasets/validate/session.js'
import { badRequest, serviceError } from '../errors.js'
import { defineRun } from './commands/define.js'
import {
  existingDatasetsDir,
  intFlag,
  jsonText,
  paintFor,
  type ReportOptions,
  wantsJson,
} from './datasets-shared.js'

export interface ValidateOptions extends ReportOptions {
  maxPerRule?: string
  tables?: string
  rules?: boolean
}

type Rules = ReturnType<typeof ruleCatalogue>

/** The answer: the rule list (--rules), or the report of every rule on every table. */
type Validation = { rules: Rules } | { report: ValidationReport }

/** `gaokao datasets validate`: every rule on every table; a violation of an error rule fails it (exit 1). */
export const validateRun = defineRun({
  async action(_args, opts: ValidateOptions, io): Promise<Validation> {
    if (opts.rules) return { rules: ruleCatalogue() }
    const max = intFlag('--max-per-rule', opts.maxPerRule, 0)
    const only = opts.tables
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean)
    if (only?.length === 0) throw badRequest(`--tables 没有给出表名; 已知: ${knownTables().join(', ')}`)
    const unknown = (only ?? []).filter((t) => !knownTables().includes(t))
    if (unknown.length) throw badRequest(`未知的表 ${unknown.join(', ')}; 已知: ${knownTables().join(', ')}`)
    const dir = existingDatasetsDir(opts, io)
    // An import or undo killed before or after its switch left a file beside the table that is not the table:
    // removed first where that is safe, and said, as the next import does (sweep.ts); what stays is reported.
    const swept = await sweepIdle(dir)
    for (const note of swept.notes) io.note(`${note}\n`)
    if (swept.busy !== undefined)
      io.note(`另一个导入正在进行 (pid ${swept.busy ?? '未知'}): 校验的是导入途中的数据目录\n`)
    return { report: await validateDatasets(dir, { maxPerRule: max, onlyTables: only }) }
  },
  async render(answer, opts, io) {
    if ('rules' in answer)
      return wantsJson(opts)
        ? jsonText(
            answer.rules.map((r) => ({
              table: r.table,
              rule: r.name,
              severity: r.severity,
              description: r.description,
              needs: r.needs ?? [],
            })),
          )
        : renderRuleList(answer.rules)
    return wantsJson(opts)
      ? jsonText(answer.report)
      : renderValidation(answer.report, await paintFor(io, opts))
  },
  failure: (answer) =>
    'report' in answer && !answer.report.ok
      ? serviceError(`校验未通过 (${answer.report.errors} 处违规)`)
      : undefined,
})

import { type DatasetsInfo, datasetsInfo } from '../datasets/info/info.js'
import { infoProblems, infoViews } from '../datasets/info/render.js'
import { knownTables } from '../datasets/validate/session.js'
import { badRequest, serviceError } from '../errors.js'
import { defineRun } from './commands/define.js'
import { existingDatasetsDir, jsonText, type ReportOptions, wantsJson } from './datasets-shared.js'
import { useColor } from './io.js'
import { renderTables } from './render.js'

export interface InfoOptions extends ReportOptions {
  table?: string
}

/**
 * `gaokao datasets info`: rows, coverage and provenance of every table. A damaged table or manifest.json, or a
 * table manifest.json lists whose file is missing, is shown and then fails the command (exit 1).
 */
export const infoRun = defineRun({
  async action(_args, opts: InfoOptions, io): Promise<DatasetsInfo> {
    if (opts.table !== undefined && !knownTables().includes(opts.table))
      throw badRequest(`未知的表 ${opts.table}; 已知: ${knownTables().join(', ')}`)
    const info = await datasetsInfo(existingDatasetsDir(opts, io), { matrixFor: opts.table })
    if (opts.table) info.tables = info.tables.filter((t) => t.table === opts.table)
    return info
  },
  render: (info, opts, io) =>
    wantsJson(opts)
      ? jsonText(info)
      : // Cut to fit a terminal only: piped output (no width) keeps every value whole.
        renderTables(
          infoViews(info, { short: io.columns !== undefined }),
          useColor(io, opts.color),
          io.columns,
        ),
  // A damaged file (or a table manifest.json lists that is missing) is a failure on our side.
  failure: (info) => {
    const problems = infoProblems(info)
    return problems.length
      ? serviceError(`${problems.join('; ')} (gaokao datasets validate 查看详情)`)
      : undefined
  },
})

import { knownTables } from '../datasets/validate/session.js'
import { existingDatasetsDir, printJson, type ReportOptions, wantsJson } from './datasets-shared.js'
import { badInputError, type CliIo, useColor } from './io.js'

export interface InfoOptions extends ReportOptions {
  table?: string
}

/**
 * `gaokao datasets info`: rows, coverage and provenance of every table. Bad input and a missing datasets
 * directory throw CliError (runCli reports them); a damaged table or manifest.json, or a table manifest.json
 * lists whose file is missing, is reported and exits 1.
 */
export async function runDatasetsInfo(opts: InfoOptions, io: CliIo): Promise<number> {
  if (opts.table !== undefined && !knownTables().includes(opts.table))
    throw badInputError(`未知的表 ${opts.table}; 已知: ${knownTables().join(', ')}`)
  const dir = existingDatasetsDir(opts, io)
  const { datasetsInfo } = await import('../datasets/info/info.js')
  const info = await datasetsInfo(dir, { matrixFor: opts.table })
  if (opts.table) info.tables = info.tables.filter((t) => t.table === opts.table)
  const [{ infoProblems, infoViews }, { renderTables }] = await Promise.all([
    import('../datasets/info/render.js'),
    import('./render.js'),
  ])
  if (wantsJson(opts)) printJson(io, info)
  // Cut to fit a terminal only: piped output (no width) keeps every value whole.
  else
    io.stdout(
      await renderTables(
        infoViews(info, { short: io.columns !== undefined }),
        useColor(io, opts.color),
        io.columns,
      ),
    )
  // A damaged file (or a table manifest.json lists that is missing) is a failure on our side: exit 1.
  const problems = infoProblems(info)
  if (problems.length === 0) return 0
  io.stderr(`错误: ${problems.join('; ')} (gaokao datasets validate 查看详情)\n`)
  return 1
}

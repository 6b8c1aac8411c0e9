import { knownTables } from '../datasets/validate/session.js'
import { existingDatasetsDir, printJson, type ReportOptions, wantsJson } from './datasets-shared.js'
import { badInputError, type CliIo, useColor } from './io.js'

export interface InfoOptions extends ReportOptions {
  table?: string
}

/**
 * `gaokao datasets info`: rows, coverage and provenance of every table. Bad input and a missing datasets
 * directory throw CliError (runCli reports them).
 */
export async function runDatasetsInfo(opts: InfoOptions, io: CliIo): Promise<number> {
  if (opts.table !== undefined && !knownTables().includes(opts.table))
    throw badInputError(`未知的表 ${opts.table}; 已知: ${knownTables().join(', ')}`)
  const dir = existingDatasetsDir(opts, io)
  const { datasetsInfo } = await import('../datasets/info/info.js')
  const info = await datasetsInfo(dir, { matrixFor: opts.table })
  if (opts.table) info.tables = info.tables.filter((t) => t.table === opts.table)
  if (wantsJson(opts)) {
    printJson(io, info)
    return 0
  }
  const [{ infoViews }, { renderTables }] = await Promise.all([
    import('../datasets/info/render.js'),
    import('./render.js'),
  ])
  io.stdout(await renderTables(infoViews(info), useColor(io, opts.color), io.columns ?? 160))
  return 0
}

import cluster from 'node:cluster'
import type { ManifestCheck } from '../datasets/validate/manifest-check.js'
import { badRequest, serviceError } from '../errors.js'
import type { CommandIo } from './commands/define.js'

/**
 * The process side of `gaokao serve` (docs/api.md, "Operations"): the datasets checked against their manifest
 * before anything is served, and `--workers N`: the primary (src/http/cluster.ts) or one of its workers.
 */

/** The primary's check, handed to its workers (they do not hash the files again) */
const CHECK_ENV = 'GAOKAO_SERVE_DATASETS_CHECK'

/** At most this many differences are named in the one line; the rest are counted */
const PROBLEMS_SHOWN = 3

/**
 * The datasets against their manifest.json (src/datasets/validate/manifest-check.ts): a directory that does not
 * match is not served (one line, exit 2); one without a manifest is served with a note, as nothing says what it
 * should hold.
 */
export async function checkServedDatasets(dir: string, io: CommandIo): Promise<ManifestCheck> {
  const { checkAgainstManifest } = await import('../datasets/validate/manifest-check.js')
  const check = await checkAgainstManifest(dir)
  if (!check.consistent) {
    const shown = check.problems.slice(0, PROBLEMS_SHOWN).join('; ')
    const more = check.problems.length > PROBLEMS_SHOWN ? ` 等 ${check.problems.length} 处` : ''
    throw badRequest(
      `数据目录 ${dir} 与其 manifest.json 不一致, 不提供服务: ${shown}${more}. 先运行 gaokao datasets validate --datasets ${dir}`,
    )
  }
  if (check.manifest === 'absent')
    io.note(`注意: 数据目录 ${dir} 没有 manifest.json, 无法核对表文件是否完整\n`)
  return check
}

export interface WorkerSide {
  /** What the primary checked */
  datasetsCheck: ManifestCheck | undefined
  /** Tells the primary that this worker listens */
  onListening(url: string, ready: string): void
}

/** In a worker of `--workers`: its side of the cluster; undefined in any other process. */
export function workerSide(io: CommandIo): WorkerSide | undefined {
  if (!cluster.isWorker) return undefined
  const sent = io.env[CHECK_ENV]
  return {
    datasetsCheck: sent ? (JSON.parse(sent) as ManifestCheck) : undefined,
    onListening: (url, ready) => process.send?.({ gaokao: 'listening', url, ready }),
  }
}

/** The primary: forks the workers and returns when they have stopped (src/http/cluster.ts). */
export async function runWorkers(
  where: { workers: number; port: number; host: string },
  check: ManifestCheck | undefined,
  io: CommandIo,
  stopWithParent: boolean,
): Promise<void> {
  const { runPrimary, WorkerStartFailed } = await import('../http/cluster.js')
  try {
    await runPrimary({
      ...where,
      announce: (line) => io.note(`${line}\n`),
      stopWithParent,
      env: check ? { [CHECK_ENV]: JSON.stringify(check) } : {},
    })
  } catch (err) {
    // The worker has said why on stderr; its exit code says whose fault it was.
    if (err instanceof WorkerStartFailed)
      throw err.exitCode === 2 ? badRequest(err.message) : serviceError(err.message)
    // The words of a single server that cannot start (http-commands.ts)
    throw serviceError(`无法启动服务: ${err instanceof Error ? err.message : String(err)}`)
  }
}

import cluster, { type Worker } from 'node:cluster'
import { createServer } from 'node:net'
// Not server.js: the primary loads neither Fastify nor DuckDB.
import { SHUTDOWN_GRACE_MS, whenStopAsked } from './stop-signals.js'
import { answerWriteCounts, MemoryWriteCounts } from './write-counts.js'

/**
 * `serve --workers N` (docs/api.md, "Operations"): this process becomes the primary of Node's cluster module and
 * forks N workers, each the same `gaokao serve` command line (cluster.isWorker tells it that it is one: it serves
 * on the shared port and leaves the rest to the primary). The primary loads no datasets; it
 *
 * - makes sure the port is free (else says so once and returns), starts the workers together, and stops them all
 *   when one fails to start (a store that cannot be opened: each may say why before it is stopped);
 * - says once that the server is up, when every worker listens;
 * - keeps the write limit's counts for all its workers (write-counts.ts), unless the store is shared: they ask;
 * - forks a replacement for a worker that dies, after a pause that doubles with each death in the last minute
 *   (0.5 s, 1 s, 2 s ... at most 30 s), so that a worker that crashes at once does not spin;
 * - on SIGTERM or SIGINT (or its parent gone, under npx) passes SIGTERM on, waits for the workers to finish their
 *   requests (each within its own bound, SHUTDOWN_GRACE_MS), kills any still there a little after that bound, and
 *   returns.
 *
 * A worker whose primary dies (SIGKILL) exits by itself: Node's cluster module ends a worker whose channel to its
 * primary closes.
 */

export interface PrimaryOptions {
  workers: number
  port: number
  host: string
  announce: (line: string) => void
  stopWithParent?: boolean
  /** What every worker is given in its environment beside the primary's */
  env?: Record<string, string>
}

/** What a worker tells its primary when it listens */
export interface ListeningMessage {
  gaokao: 'listening'
  url: string
  ready: string
}

export const isListeningMessage = (m: unknown): m is ListeningMessage =>
  typeof m === 'object' && m !== null && (m as { gaokao?: unknown }).gaokao === 'listening'

/** Workers still running this long after the workers' own bound are killed */
const STOP_MARGIN_MS = 5_000
const RESTART_FIRST_MS = 500
const RESTART_MAX_MS = 30_000
const CRASH_WINDOW_MS = 60_000

/** The pause before a replacement, given how many workers died in the last minute (this one included). */
export const restartDelay = (recentDeaths: number): number =>
  Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** Math.max(0, recentDeaths - 1))

/** Thrown when a worker cannot start: its own error line is already on stderr. */
export class WorkerStartFailed extends Error {
  constructor(readonly exitCode: number) {
    super(`工作进程未能启动 (退出码 ${exitCode}), 原因见上一行`)
  }
}

export async function runPrimary(opts: PrimaryOptions): Promise<void> {
  const stop = whenStopAsked(opts.stopWithParent)
  const started = performance.now()
  const live = new Set<Worker>()
  /** The workers that listen: the others (still warming up) serve nobody and are not waited for at a stop */
  const serving = new WeakSet<Worker>()
  const deaths: number[] = []
  const restarts = new Set<NodeJS.Timeout>()
  let stopping = false
  let announced = false
  // One count per machine, which outlives any worker: a replacement does not give an address a fresh limit.
  const writeCounts = new MemoryWriteCounts()

  const fork = (): Worker => {
    const worker = cluster.fork(opts.env)
    live.add(worker)
    answerWriteCounts(worker, writeCounts)
    worker.on('message', (m: unknown) => {
      if (isListeningMessage(m)) serving.add(worker)
    })
    return worker
  }
  const listening = (worker: Worker): Promise<ListeningMessage> => {
    const told = new Promise<ListeningMessage>((resolve, reject) => {
      worker.on('message', (m: unknown) => {
        if (isListeningMessage(m)) resolve(m)
      })
      worker.once('exit', (code, signal) => reject(new WorkerStartFailed(code ?? (signal ? 1 : 0))))
    })
    // A stop during start-up makes the race below forget this promise: its rejection is not an unhandled one.
    told.catch(() => {})
    return told
  }

  try {
    // A port in use, the usual failure at start, is said once here rather than by every worker.
    if (opts.port !== 0) await portFree(opts.port, opts.host)
    const workers = Array.from({ length: opts.workers }, fork)
    const all = await Promise.race([Promise.all(workers.map(listening)), stop.stopped.then(() => undefined)])
    if (all?.[0]) {
      const ready = ((performance.now() - started) / 1000).toFixed(1)
      opts.announce(`gaokao 接口已启动: ${all[0].url} (${opts.workers} 个工作进程, 准备用时 ${ready} 秒)`)
      announced = true
    }
    // From now on a worker that dies is replaced, until a stop is asked for.
    cluster.on('exit', (worker, code, signal) => {
      live.delete(worker)
      if (stopping) return
      const now = Date.now()
      deaths.push(now)
      while (deaths.length && (deaths[0] as number) < now - CRASH_WINDOW_MS) deaths.shift()
      const delay = restartDelay(deaths.length)
      opts.announce(
        `工作进程 ${worker.process.pid} 意外退出 (${signal ?? `退出码 ${code}`}), ${(delay / 1000).toFixed(1)} 秒后重启`,
      )
      const timer = setTimeout(() => {
        restarts.delete(timer)
        if (!stopping) fork()
      }, delay)
      restarts.add(timer)
    })
    const reason = await stop.stopped
    stopping = true
    if (announced) opts.announce(`${reason}, 正在关闭 ${live.size} 个工作进程`)
  } finally {
    stopping = true
    for (const timer of restarts) clearTimeout(timer)
    await stopWorkers(live, serving)
    stop.dispose()
  }
}

/** Resolves when the port can be bound, else rejects with the error `listen` gives (EADDRINUSE, EACCES). */
function portFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()))
  })
}

/**
 * SIGTERM to each serving worker, SIGKILL to one still warming up (it would finish loading before it stopped);
 * SIGKILL to any still running after their bound and a margin.
 */
async function stopWorkers(live: Set<Worker>, serving: WeakSet<Worker>): Promise<void> {
  const exits = [...live].map((w) =>
    w.isDead() ? Promise.resolve() : new Promise<void>((resolve) => w.once('exit', () => resolve())),
  )
  for (const w of live) if (!w.isDead()) w.process.kill(serving.has(w) ? 'SIGTERM' : 'SIGKILL')
  const late = setTimeout(() => {
    for (const w of live) if (!w.isDead()) w.process.kill('SIGKILL')
  }, SHUTDOWN_GRACE_MS + STOP_MARGIN_MS)
  await Promise.all(exits)
  clearTimeout(late)
}

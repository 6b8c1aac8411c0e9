import type { AppOptions } from './app.js'
import { buildApp } from './app.js'
import { isLoopbackInterface } from './transport-errors.js'

export interface ServeOptions extends AppOptions {
  port: number
  host: string
  /** Where to say that the server is up and which address it bound */
  announce: (line: string) => void
  /**
   * Stop, as on SIGTERM, when the parent process goes away. `npx gaokao serve` runs the server under npm, which
   * exits on SIGTERM without passing it on: the server would live on, orphaned, holding its port (a supervisor or a
   * container's stop never reaches it). Not for a server started directly, which may outlive its shell (nohup).
   */
  stopWithParent?: boolean
}

/** How often an orphaned server (ServeOptions.stopWithParent) looks for its parent */
const PARENT_POLL_MS = 500

/** How long requests in flight may take to finish once a stop is asked for. */
export const SHUTDOWN_GRACE_MS = 10_000

/**
 * Starts the HTTP API and resolves when it has stopped: on SIGINT or SIGTERM it stops accepting connections,
 * lets requests in flight finish (for SHUTDOWN_GRACE_MS at most), closes the datasets and returns.
 */
export async function serve(opts: ServeOptions): Promise<void> {
  // Signal handlers first: a signal that arrives while starting must stop the server, not kill the process
  // before the datasets are closed.
  let stopRequested: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    stopRequested = resolve
  })
  const onSignal = (signal: NodeJS.Signals) => stopRequested(`收到 ${signal}`)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const parent = process.ppid
  const orphaned = opts.stopWithParent
    ? setInterval(() => {
        if (process.ppid !== parent) stopRequested('父进程 (npx / npm exec) 已退出')
      }, PARENT_POLL_MS).unref()
    : undefined
  try {
    const started = performance.now()
    const app = await buildApp({
      // Without --log nothing else would record a failure on our side: one line each on stderr.
      onInternalError: opts.logger
        ? undefined
        : (err) =>
            opts.announce(
              `内部错误: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`.slice(0, 500),
            ),
      ...opts,
      preload: opts.preload ?? true,
      loopbackOnly: opts.loopbackOnly ?? isLoopbackInterface(opts.host),
    })
    await app.listen({ port: opts.port, host: opts.host })
    const ready = ((performance.now() - started) / 1000).toFixed(1)
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : opts.port
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host
    // The warm-up (tables, indexes, the endpoints' warm requests) runs before listening: say how long it took.
    opts.announce(`gaokao 接口已启动: http://${host}:${port} (准备用时 ${ready} 秒)`)
    const reason = await stopped
    opts.announce(`${reason}, 正在关闭`)
    // Idle keep-alive connections close at once (Fastify's default); a request still arriving or running gets
    // SHUTDOWN_GRACE_MS to finish, then every connection is closed: a client that sent half a request kept the
    // process alive for good (its request timeout is not checked while the server closes).
    const grace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS)
    try {
      await app.close()
    } finally {
      clearTimeout(grace)
    }
  } finally {
    clearInterval(orphaned)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

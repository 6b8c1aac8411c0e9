import type { AppOptions } from './app.js'
import { buildApp } from './app.js'
import { releaseWarmUpGarbage } from './release-memory.js'
import { logsErrors } from './request-log.js'
import { SHUTDOWN_GRACE_MS, whenStopAsked } from './stop-signals.js'
import { isLoopbackInterface } from './transport-errors.js'

export interface ServeOptions extends AppOptions {
  port: number
  host: string
  /** Where to say that the server is up and which address it bound */
  announce: (line: string) => void
  /**
   * Told instead of `announce` once the server listens (a worker of `--workers` tells its primary, which says it
   * once for all): the address and the seconds it took to get ready.
   */
  onListening?: (url: string, readySeconds: string) => void
  /** Stop, as on SIGTERM, when the parent process goes away (stop-signals.ts) */
  stopWithParent?: boolean
}

export { SHUTDOWN_GRACE_MS }

/**
 * Starts the HTTP API and resolves when it has stopped: on SIGINT or SIGTERM it stops accepting connections,
 * lets requests in flight finish (for SHUTDOWN_GRACE_MS at most), closes the datasets and returns.
 */
export async function serve(opts: ServeOptions): Promise<void> {
  // Signal handlers first: a signal that arrives while starting must stop the server, not kill the process
  // before the datasets are closed.
  const stop = whenStopAsked(opts.stopWithParent)
  try {
    const started = performance.now()
    const app = await buildApp({
      // When the log leaves errors out (--log-level fatal or silent), nothing else would record a failure on our
      // side: one line each on stderr.
      onInternalError: logsErrors(opts.logLevel)
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
    if (opts.preload ?? true) releaseWarmUpGarbage()
    const ready = ((performance.now() - started) / 1000).toFixed(1)
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : opts.port
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host
    // The warm-up (tables, indexes, the endpoints' warm requests) runs before listening: say how long it took.
    if (opts.onListening) opts.onListening(`http://${host}:${port}`, ready)
    else opts.announce(`gaokao 接口已启动: http://${host}:${port} (准备用时 ${ready} 秒)`)
    const reason = await stop.stopped
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
    stop.dispose()
  }
}

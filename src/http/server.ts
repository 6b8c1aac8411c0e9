import type { AppOptions } from './app.js'
import { buildApp } from './app.js'

export interface ServeOptions extends AppOptions {
  port: number
  host: string
  /** Where to say that the server is up and which address it bound */
  announce: (line: string) => void
}

/**
 * Starts the HTTP API and resolves when it has stopped: on SIGINT or SIGTERM it stops accepting connections,
 * lets requests in flight finish, closes the datasets and returns.
 */
export async function serve(opts: ServeOptions): Promise<void> {
  // Signal handlers first: a signal that arrives while starting must stop the server, not kill the process
  // before the datasets are closed.
  let stopRequested: (signal: NodeJS.Signals) => void = () => {}
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    stopRequested = resolve
  })
  const onSignal = (signal: NodeJS.Signals) => stopRequested(signal)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const app = await buildApp({ ...opts, preload: opts.preload ?? true })
    await app.listen({ port: opts.port, host: opts.host })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : opts.port
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host
    opts.announce(`gaokao API listening on http://${host}:${port}`)
    const signal = await stopped
    opts.announce(`received ${signal}, shutting down`)
    await app.close()
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

import type { FastifyInstance } from 'fastify'
import { resolveDatasetsDir } from '../data/catalogue.js'
import type { ManifestCheck } from '../datasets/validate/manifest-check.js'
import { fail, ok } from '../endpoints/envelope.js'

/**
 * `GET /healthz` and `GET /readyz` for supervisors and load balancers (docs/api.md, "Operations"), beside the
 * spec's routes: the process answers at all (alive), and it is ready for traffic: its datasets are loaded (the
 * warm-up is over) and are the files their manifest.json describes, and it is not shutting down. Not ready is an
 * HTTP 503 whatever `--http-status` says, since a balancer reads the status, never the envelope. Neither route
 * looks at tokens, is kept in the answer cache or waits behind expensive work.
 */

export interface HealthOptions {
  /** The datasets against their manifest, as `serve` checked them before it started */
  checked?: ManifestCheck
  /** Without `checked`, the directory checked on the first /readyz (--datasets, else the default) */
  datasetsDir?: string
}

export function addHealthRoutes(app: FastifyInstance, opts: HealthOptions): void {
  // Registered after the warm-up (an onReady hook too, and hooks run in order): set once the tables are loaded.
  let check: Promise<ManifestCheck> | undefined
  const datasetsCheck = () =>
    (check ??= opts.checked
      ? Promise.resolve(opts.checked)
      : import('../datasets/validate/manifest-check.js').then((m) =>
          m.checkAgainstManifest(resolveDatasetsDir(opts.datasetsDir)),
        ))
  let loaded = false
  let closing = false
  app.addHook('onReady', async () => {
    loaded = true
  })
  app.addHook('preClose', async () => {
    closing = true
  })

  app.get('/healthz', async () => ok({ status: 'alive' }, 'ok'))

  app.get('/readyz', async (_req, reply) => {
    const notReady = (message: string) => reply.code(503).send(fail(503, message))
    if (closing) return notReady('服务正在关闭')
    if (!loaded) return notReady('数据尚未载入')
    const check = await datasetsCheck()
    if (!check.consistent) return notReady(`数据与 manifest.json 不一致: ${check.problems.join('; ')}`)
    return ok({ status: 'ready', manifest: check.manifest, tables: check.tables, pid: process.pid }, 'ready')
  })
}

import { ApiError, badRequest, serviceError } from '../errors.js'
import type { LogLevel } from '../http/serve-defaults.js'
import { defineRun } from './commands/define.js'
import { progressOutput, reportedProgress } from './progress.js'
import { renderJson } from './render.js'
import { type ServeOperationsFlags, serveOperations } from './serve-options.js'
import { checkServedDatasets, runWorkers, workerSide } from './serve-processes.js'

/** What `gaokao serve`, `gaokao openapi` and `gaokao call` do (their options: commands/http.ts). */

interface ServeOptions extends ServeOperationsFlags {
  port: string
  host: string
  httpStatus?: boolean
  datasets?: string
  logoBaseUrl?: string
  logLevel: LogLevel
  store?: string
  cors?: string
  cacheMb: string
}

/** Serves until Ctrl-C or SIGTERM; says on stderr when it listens and when it stops. */
export const serveRun = defineRun({
  async action(_args, opts: ServeOptions, io): Promise<void> {
    const port = Number(opts.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw badRequest(`--port 应为 0 到 65535 的整数, 收到 ${opts.port}`)
    const cacheMb = Number(opts.cacheMb)
    if (!Number.isInteger(cacheMb) || cacheMb < 0 || cacheMb > 65536)
      throw badRequest(`--cache-mb 应为 0 到 65536 的整数, 收到 ${opts.cacheMb}`)
    const operations = serveOperations(opts)
    // A store that is no directory nor postgres:// URL is a usage error (exit 2), not a server that fails to start.
    const { resolveStoreLocation } = await import('../store/location.js')
    resolveStoreLocation(opts.store, io.env)
    const { parseCorsOrigins } = await import('../http/cors-origins.js')
    const corsOrigins = opts.cors === undefined ? [] : parseCorsOrigins(opts.cors)
    if (!Array.isArray(corsOrigins)) throw badRequest(corsOrigins.error)
    // A worker of --workers: its primary has checked the datasets (serve-processes.ts).
    const worker = workerSide(io)
    // The tables are the files manifest.json names (src/data/table-files.ts): an import killed at any point left
    // the old state or the new one, and a file beside them that nothing reads; `import` and `validate` remove it.
    const { resolveDatasetsDir } = await import('../data/catalogue.js')
    const dir = resolveDatasetsDir(opts.datasets)
    // Files that are not those their manifest describes are not served (exit 2).
    const datasetsCheck = worker ? worker.datasetsCheck : await checkServedDatasets(dir, io)
    // npm sets npm_command=exec for the command it runs under `npx` / `npm exec`
    const stopWithParent = !worker && io.env.npm_command === 'exec'
    if (!worker && operations.workers > 1)
      return runWorkers(
        { workers: operations.workers, port, host: opts.host },
        datasetsCheck,
        io,
        stopWithParent,
      )
    const { serve } = await import('../http/server.js')
    // The warm-up takes seconds (tables loaded, warm requests answered): its progress on stderr, from one process
    // only (the first worker of --workers: they all warm up alike, and several bars would overwrite each other).
    // The line saying that the server listens gives the time it took.
    const { default: cluster } = await import('node:cluster')
    const shows = !worker || cluster.worker?.id === 1
    const warming = reportedProgress(shows ? progressOutput(io, false) : undefined, {
      title: '准备服务',
      unit: '步',
      doneLine: false,
    })
    try {
      await serve({
        port,
        host: opts.host,
        httpStatus: opts.httpStatus,
        datasetsDir: opts.datasets,
        storeDir: opts.store,
        logLevel: opts.logLevel,
        heavy: { limit: operations.heavyLimit, queue: operations.heavyQueue },
        writesPerMinute: operations.writesPerMinute,
        trustProxy: operations.trustProxy,
        datasetsCheck,
        onListening: worker?.onListening,
        corsOrigins,
        answerCacheMb: cacheMb,
        settings: opts.logoBaseUrl ? { logoBaseUrl: opts.logoBaseUrl } : undefined,
        announce: (line) => io.note(`${line}\n`),
        onWarmUp: warming.report,
        stopWithParent,
      })
    } catch (err) {
      warming.finish(false)
      // Whatever stopped it (a port in use, a damaged dataset at warm-up), the one line says the server did not start.
      throw serviceError(`无法启动服务: ${err instanceof Error ? err.message : String(err)}`)
    }
  },
})

export const openApiRun = defineRun({
  async action() {
    const [{ openApiDocument }, { ENDPOINTS }, { VERSION }] = await Promise.all([
      import('../http/openapi.js'),
      import('../endpoints/index.js'),
      import('../version.js'),
    ])
    return openApiDocument(ENDPOINTS, VERSION)
  },
  render: (document: unknown, _opts, io) => renderJson(document, io.isTTY),
})

interface CallOptions {
  data: string
  method: string
  datasets?: string
}

type Body = { code?: unknown; message?: unknown }

/** One request through the HTTP app, in-process: the answer is its response body, whatever its code. */
export const callRun = defineRun({
  async action([path], opts: CallOptions): Promise<Body> {
    const { buildApp } = await import('../http/app.js')
    const app = await buildApp({ datasetsDir: opts.datasets })
    try {
      const method = opts.method.toUpperCase() as 'GET' | 'POST'
      const res = await app.inject({
        method,
        url: path as string,
        payload: method === 'GET' ? undefined : opts.data,
        headers: { 'content-type': 'application/json' },
      })
      return res.json() as Body
    } finally {
      await app.close()
    }
  },
  render: (body, _opts, io) => renderJson(body, io.isTTY),
  // An error envelope is printed as the answer, then reported: exit 1 for our side (5xx), 2 for the request.
  failure: (body) =>
    typeof body.code === 'number' && body.code !== 200
      ? new ApiError(body.code, String(body.message ?? ''), { badInput: body.code < 500 })
      : undefined,
})

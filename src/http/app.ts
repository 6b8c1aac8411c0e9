import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { ManifestCheck } from '../datasets/validate/manifest-check.js'
import { type ContextOptions, createContextFactory } from '../endpoints/context.js'
import type { AnyEndpoint, Caller } from '../endpoints/define.js'
import { fail } from '../endpoints/envelope.js'
import { ENDPOINTS } from '../endpoints/index.js'
import { INTERNAL_ERROR_MESSAGE, invoke } from '../endpoints/invoke.js'
import { warmUp } from '../endpoints/warm-up.js'
import { ApiError, httpStatusOf } from '../errors.js'
import { VERSION } from '../version.js'
import { AnswerCache, JSON_TYPE, type KeptAnswer } from './answer-cache.js'
import { addAnswerHeaders } from './answer-headers.js'
import { addApiDocs } from './api-docs.js'
import { bearerCaller } from './auth.js'
import type { TrustProxy } from './client-address.js'
import { encodedFor } from './compression.js'
import { mayWrite } from './cors-origins.js'
import { addHealthRoutes } from './health.js'
import { type HeavyLimits, HeavyWork, isHeavy } from './heavy-work.js'
import { KeptAnswers } from './kept-answers.js'
import { openApiDocument } from './openapi.js'
import { REQUEST_ID_HEADER, RequestLines, requestIdOf, requestLogger } from './request-log.js'
import type { LogLevel } from './serve-defaults.js'
import { badUrlHandler, clientErrorHandler, loopbackHostOf, MAX_PARAM_LENGTH } from './transport-errors.js'
import { writeCountsFor } from './write-counts.js'
import { addWriteLimit, writeLimited } from './write-limit.js'

export interface AppOptions extends ContextOptions {
  /**
   * Mirror envelope error codes into the HTTP status. Off by default: the original service's clients read
   * `code` and treat any non-2xx status as "service unavailable", so envelope errors travel with 200.
   */
  httpStatus?: boolean
  /** Request logs, JSON lines on stderr (request-log.ts); none when absent (tests, `call`) */
  logLevel?: LogLevel
  /** Where the log goes instead of stderr (tests) */
  logStream?: NodeJS.WritableStream
  /**
   * Told of every failure on our side (an internal error, a store that cannot be written), whatever `logLevel`
   * says: `serve` prints one line on stderr for each when its log leaves them out (`--log-level fatal`).
   */
  onInternalError?: (err: unknown) => void
  /** Who the request's caller is; default: Bearer tokens of the token store */
  resolveCaller?: (req: FastifyRequest, reply: FastifyReply) => Promise<Caller | null> | Caller | null
  /** Largest accepted request body, bytes */
  bodyLimit?: number
  /**
   * Web origins whose pages may call the API from a browser (`http://localhost:5173`), or `*` for any. None by
   * default: a page of another origin cannot read the answers (docs/api.md, Decisions › "Browsers (CORS)").
   */
  corsOrigins?: readonly string[]
  /**
   * Answer only requests addressed to a loopback name (Host: localhost, 127.0.0.1, [::1]): `serve` sets it when
   * it listens on the loopback interface, against DNS rebinding (transport-errors.ts).
   */
  loopbackOnly?: boolean
  /**
   * Memory budget of the serialized answers kept for repeated requests (answer-cache.ts), MB; 0 keeps none.
   * Default 0 here (tests, `call`); `serve` keeps 128 MB unless told otherwise.
   */
  answerCacheMb?: number
  /** Hears of the warm-up's steps (warm-up.ts), for `serve`'s progress on stderr */
  onWarmUp?: (done: number, total: number, step: string) => void
  /** How many expensive requests are computed at once and wait (heavy-work.ts); default: the cores, 64 */
  heavy?: HeavyLimits
  /** Writes (feedback) one client address may send a minute (write-limit.ts); 0 or absent: no limit */
  writesPerMinute?: number
  /**
   * The reverse proxies whose X-Forwarded-For is believed (client-address.ts, `serve --trust-proxy`); absent: the
   * client is the connection's address.
   */
  trustProxy?: TrustProxy
  /**
   * The datasets against their manifest, as `serve` checked them before starting (/readyz reports it); absent,
   * /readyz checks on first ask.
   */
  datasetsCheck?: ManifestCheck
}

/** cwb-num's `bypass_cache` asks for the work to be done again: such a request is never answered from a cache. */
const asksFreshWork = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && 'bypass_cache' in input && input.bypass_cache != null

/** A request, body included, must have arrived this long after it began (408 otherwise) */
const REQUEST_TIMEOUT_MS = 30_000

/** The HTTP surface: one route per registry entry. Built without listening, so tests use `inject`. */
export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const answers = opts.answerCacheMb ? new AnswerCache(opts.answerCacheMb * 1_048_576) : undefined
  // Kept answers of anonymous requests go out below Fastify (kept-answers.ts); not with CORS, whose headers are
  // the plugin's, nor with a caller resolved otherwise than from the Authorization header.
  const kept = answers && !opts.corsOrigins?.length && !opts.resolveCaller ? new KeptAnswers() : undefined
  const app = Fastify({
    ...(kept ? { serverFactory: kept.serverFactory } : {}),
    ...(opts.logLevel ? { loggerInstance: requestLogger(opts.logLevel, opts.logStream) } : { logger: false }),
    // Every request has an id, the caller's x-request-id when it is sane, echoed in the answer (request-log.ts).
    genReqId: requestIdOf,
    // req.ip, for the write limit and the request line: the client behind a trusted proxy (client-address.ts)
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
    logController: new RequestLines(opts.logLevel),
    bodyLimit: opts.bodyLimit ?? 1_048_576,
    // The warm-up below is an onReady hook, which Fastify gives up on after pluginTimeout (10 s by default): on
    // the scale-10 synthetic datasets it takes 15-25 s, and the server refused to start.
    pluginTimeout: 0,
    // A client that announces a body and never sends it all is answered 408 and dropped, not waited for.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Given to Node's server itself too: Node derives its headers timeout (60 s) from the request timeout only
    // when created with one, and a body that stalls was answered at that 60 s plus up to one check interval
    // (30 s by default), 60-90 s. Created so, it is answered 30-32 s after the request began.
    http: { requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 2_000 },
    // A school's name or a major's code as a path parameter, %-encoded: a long one is not found by the route
    // (its 404), not refused before it (Fastify's default is 100 characters, 33 encoded Chinese characters).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: badUrlHandler((code) => (opts.httpStatus ? code : 200)),
    // A request that reaches a closing server (one pipelined or sent on a busy kept-alive connection) is answered
    // below with the envelope; Fastify's own fast path would send its own JSON body.
    return503OnClosing: false,
    clientErrorHandler,
  })
  const contexts = createContextFactory({
    // A store connection that breaks while idle fails no request: it is logged (and told) all the same.
    onStoreError: (err) => {
      app.log.error({ err }, 'store failed')
      opts.onInternalError?.(err)
    },
    ...opts,
  })
  const resolveCaller = opts.resolveCaller ?? bearerCaller(() => contexts.stores.tokens, contexts.now)
  const statusFor = (err: ApiError): number =>
    opts.httpStatus || err.forceHttpStatus ? httpStatusOf(err) : 200

  acceptJsonBodies(app)
  if (opts.corsOrigins?.length) {
    // Registered first, so that its onRequest hook also marks 404s and envelope errors as readable.
    await app.register(cors, {
      origin: opts.corsOrigins.includes('*') ? '*' : [...opts.corsOrigins],
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      // A front end must see that its token was refused (auth.ts answers WWW-Authenticate), and may quote the
      // request's id when it reports a failure (request-log.ts)
      exposedHeaders: ['WWW-Authenticate', REQUEST_ID_HEADER],
      maxAge: 600,
      // An OPTIONS without the preflight headers gets the API's own envelope (405, or 404 for an unknown path),
      // not the plugin's text 400.
      strictPreflight: false,
    })
  }
  // Operations (docs/api.md, "Operations"): request ids and logs, security headers, Retry-After on a 503, the
  // write limit; hooks on every route, the refusals below included.
  addAnswerHeaders(app)
  const closing = refuseWhileClosing(app)
  if (opts.writesPerMinute) await addWriteLimit(app, writeCountsFor(contexts.stores.sharedWriteCounts))
  const heavyWork = new HeavyWork(opts.heavy)
  if (opts.loopbackOnly)
    app.addHook('onRequest', async (req, reply) => {
      if (loopbackHostOf(req.headers.host)) return
      const err = new ApiError(
        403,
        `不回答发往 ${req.headers.host ?? '(无 Host)'} 的请求: 本机接口只接受发往 localhost / 127.0.0.1 的请求 (防 DNS 重绑定)`,
        { badInput: true },
      )
      return reply.code(statusFor(err)).send(fail(err.code, err.message))
    })

  /** Everything an answer depends on (answer-cache.ts); undefined for what is never answered from the cache */
  const year = () => contexts.now().getFullYear()
  const keyOf = (endpoint: string, caller: Caller | null, input: unknown) =>
    asksFreshWork(input) ? undefined : AnswerCache.key(endpoint, year(), caller, input)
  const inFlight = new Map<string, Promise<KeptAnswer>>()
  /** POST path → endpoint of the cacheable routes, for the kept answers sent below Fastify */
  const keptRoutes = new Map<string, string>()
  for (const def of ENDPOINTS) {
    // Not kept: what writes (feedback), and what asks for fresh work on purpose (cwb-num's bypass_cache).
    const cacheable = answers !== undefined && !def.usesStore
    if (cacheable && def.http.method === 'POST') keptRoutes.set(def.http.path, def.name)
    app.route({
      method: def.http.method,
      url: def.http.path,
      config: def.usesStore ? writeLimited(opts.writesPerMinute ?? 0) : undefined,
      handler: async (req, reply) => {
        // The one endpoint that uses the stores writes to them: a web page of another origin may not
        // (docs/api.md, Decisions › "Browsers (CORS)").
        if (def.usesStore && !mayWrite(req.headers.origin, req.headers.host, opts.corsOrigins ?? [])) {
          const err = new ApiError(
            403,
            `不允许来自 ${req.headers.origin} 的网页写入 (本机接口只接受本源网页与 gaokao serve --cors 列出的来源)`,
            { badInput: true },
          )
          return reply.code(statusFor(err)).send(fail(err.code, err.message))
        }
        const caller = await resolveCaller(req, reply)
        const ctx = contexts.forCaller(caller)
        const input = requestInput(def, req)
        const key = cacheable ? keyOf(def.name, caller, input) : undefined
        const compute = () =>
          invoke(def, input, ctx, (err) => {
            // The failure of an endpoint that writes is its store's (feedback.ts keeps the cause).
            req.log.error({ err, endpoint: def.name }, def.usesStore ? 'store failed' : 'handler failed')
            opts.onInternalError?.(err)
          })
        // Expensive work takes turns; what the cache or an identical request in flight answers never gets here.
        const run = () => (isHeavy(def, input) ? heavyWork.run(compute) : compute())
        if (key === undefined || !answers) {
          const outcome = await run()
          reply.code(outcome.error ? statusFor(outcome.error) : 200)
          return outcome.body
        }
        // Identical requests that arrive while the first is being answered wait for its answer rather than each
        // doing the work (64 clients asking the same list at once ran 64 queries).
        let answer: KeptAnswer | Promise<KeptAnswer> | undefined = answers.get(key) ?? inFlight.get(key)
        if (answer === undefined) {
          const made = run().then((outcome): KeptAnswer => {
            const kept = {
              status: outcome.error ? statusFor(outcome.error) : 200,
              body: Buffer.from(JSON.stringify(outcome.body)),
            }
            // A failure on our side is not an answer to keep.
            if (!outcome.error || outcome.error.badInput) answers.set(key, kept)
            return kept
          })
          inFlight.set(key, made)
          answer = made.finally(() => inFlight.delete(key))
        }
        const kept = await answer
        const { bytes, headers } = encodedFor(req.headers['accept-encoding'], kept.body, () =>
          answers.gzipOf(key, kept),
        )
        // added to what the CORS plugin may have said varies (Origin)
        const vary = reply.getHeader('vary')
        if (vary) headers.vary = `${vary}, ${headers.vary}`
        return reply.code(kept.status).type(JSON_TYPE).headers(headers).send(bytes)
      },
    })
  }

  if (kept && answers)
    kept.attach(app, {
      answers,
      routes: keptRoutes,
      keyOf: (endpoint, input) => keyOf(endpoint, null, input),
      year,
      loopbackOnly: opts.loopbackOnly === true,
      trustProxy: opts.trustProxy,
      closing,
      log: opts.logLevel ? app.log : undefined,
    })

  // The API described for front ends' generators (openapi.ts); outside /api/v1, which is the spec's.
  let openApi: Record<string, unknown> | undefined
  app.get('/openapi.json', async () => {
    openApi ??= openApiDocument(ENDPOINTS, VERSION)
    return openApi
  })
  // The same document as a page, from local files (api-docs.ts)
  addApiDocs(app)

  const methodsOf = routeMethods(ENDPOINTS)
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? ''
    // A known path asked with the other method (a GET of a POST endpoint) says which method it takes.
    const allowed = methodsOf(path)
    const err = allowed
      ? new ApiError(405, `接口只接受 ${allowed} 请求: ${req.method} ${path}`, { badInput: true })
      : new ApiError(404, `接口不存在: ${req.method} ${path}`, { badInput: true })
    if (allowed) reply.header('Allow', allowed)
    reply.code(statusFor(err)).send(fail(err.code, err.message))
  })

  // Errors raised before a handler runs: unparseable JSON, a body over the limit, an unsupported method.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const err = envelopeErrorOf(error)
    if (!err.badInput) {
      // An envelope error of ours that carries its cause (a token store that cannot be read): the cause is logged.
      const cause = error instanceof ApiError && error.cause !== undefined ? error.cause : error
      req.log.error({ err: cause }, 'request failed')
      opts.onInternalError?.(cause)
    }
    reply.code(statusFor(err)).send(fail(err.code, err.message))
  })

  // A server connects to its store (a database's tables created or checked) before it accepts requests, and
  // first: a wrong URL or password stops `serve` at once, not after the warm-up nor at the first feedback.
  if (opts.preload) app.addHook('onReady', () => contexts.stores.open())
  // A server loads its tables and answers its warm-up requests before it accepts requests, so that the
  // first caller does not wait for them.
  if (opts.preload)
    app.addHook('onReady', () =>
      warmUp(
        contexts.db,
        contexts.forCaller(null),
        (endpoint, message) => app.log.warn({ endpoint, message }, 'warm-up failed'),
        opts.onWarmUp,
      ),
    )
  app.addHook('onClose', async () => {
    await contexts.stores.close()
    await contexts.db.close()
  })
  // After the warm-up and store hooks: ready means they are done (health.ts).
  addHealthRoutes(app, { checked: opts.datasetsCheck, datasetsDir: opts.datasetsDir })
  return app
}

function envelopeErrorOf(error: Error & { statusCode?: number; code?: string }): ApiError {
  if (error instanceof ApiError) return error
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, '请求体过大', { badInput: true })
  if (error.statusCode !== undefined && error.statusCode < 500)
    return new ApiError(400, `请求无效: ${error.message}`, { badInput: true })
  return new ApiError(500, INTERNAL_ERROR_MESSAGE, { badInput: false })
}

/** The method a registry path takes (`:slug` matching one segment), or undefined for a path it does not have. */
function routeMethods(endpoints: readonly AnyEndpoint[]): (path: string) => string | undefined {
  const routes = endpoints.map((def) => ({
    method: def.http.method,
    // Exactly the path, as the router takes it: `/api/v1/seating/list/` is no path of ours (a 404, not a 405).
    pattern: new RegExp(`^${def.http.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
  }))
  return (path) => routes.find((r) => r.pattern.test(path))?.method
}

/** POST endpoints read the JSON body; GET endpoints read the query string and the path parameters. */
function requestInput(def: AnyEndpoint, req: FastifyRequest): unknown {
  if (def.http.method === 'GET') {
    return { ...(req.query as Record<string, unknown>), ...(req.params as Record<string, unknown>) }
  }
  return req.body ?? {}
}

/**
 * The spec's clients send `Content-Type: application/json`; some tools send other types or no body at all.
 * Every body is read as JSON, an empty body is `{}`, and text that is not JSON is a clear envelope error.
 */
function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    // A byte order mark, which some Windows tools write before JSON, is not part of the JSON (RFC 8259 8.1).
    const text = (typeof body === 'string' ? body : body.toString('utf8')).replace(/^\uFEFF/, '')
    if (text.trim() === '') return done(null, {})
    if (nestingDepth(text) > MAX_BODY_DEPTH)
      return done(
        new ApiError(400, `请求体嵌套过深 (超过 ${MAX_BODY_DEPTH} 层)`, { badInput: true }),
        undefined,
      )
    try {
      done(null, JSON.parse(text))
    } catch {
      done(new ApiError(400, '请求体不是合法的 JSON', { badInput: true }), undefined)
    }
  })
}

/**
 * No request of the spec nests deeper than a few levels; a body nested thousands deep (25 KB of `{"a":`) would
 * overflow the stack of every recursive walk after the parser (the answer cache's key among them): refused first.
 */
const MAX_BODY_DEPTH = 64

/** The deepest nesting of objects and arrays in JSON text (brackets inside strings not counted). */
export function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth)
    else if (c === 0x7d || c === 0x5d) depth--
  }
  return deepest
}

export const CLOSING_MESSAGE = '服务正在关闭, 请稍后重试'

/**
 * While `serve` shuts down, a request that still arrives (the next of a pipelined pair, or one on a connection that
 * was busy when the close began) is answered at once with the envelope and HTTP 503, `Connection: close` (Fastify
 * sets it while closing) and Retry-After (answer-headers.ts), rather than started.
 */
function refuseWhileClosing(app: FastifyInstance): () => boolean {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (_req, reply) => {
    if (closing) return reply.code(503).send(fail(503, CLOSING_MESSAGE))
  })
  return () => closing
}

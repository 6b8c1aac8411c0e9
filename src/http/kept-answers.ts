import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { FastifyBaseLogger, FastifyHttpOptions, FastifyInstance } from 'fastify'
import { type AnswerCache, JSON_TYPE, type KeptAnswer } from './answer-cache.js'
import { clientAddressOf, type TrustProxy } from './client-address.js'
import { encodedFor } from './compression.js'
import { REQUEST_ID_HEADER, type RequestLineWriter, requestIdOf, requestLineWriter } from './request-log.js'
import { SECURITY_HEADERS } from './security-headers.js'
import { loopbackHostOf } from './transport-errors.js'

/**
 * Kept answers sent below Fastify. On results day most requests repeat one another (the seating trio of a few
 * provinces, the lookups), and the answer cache (answer-cache.ts) already holds their bytes; what remained was
 * Fastify's own work around them (routing, hooks, the reply, a child logger), two thirds of a kept answer's time.
 * The server's request listener looks first: an anonymous POST to a cacheable route whose body makes the key of a
 * kept answer gets those bytes with the headers, request id and log line the route would have given (test/http/
 * kept-answers.test.ts holds the two paths to the same bytes); everything else, and every request it has the least
 * doubt about, goes to Fastify unchanged, its body handed on as it was read.
 *
 * Doubt means: a method or path of no cacheable route, an Authorization header (the caller is a token's), a body
 * that is chunked, over the key's size or not JSON, a Host a loopback server refuses, CORS configured (its headers
 * are the plugin's), a server already closing when the request arrives (it gets the closing envelope), and a key no
 * answer is kept for.
 */

/** The largest body looked at: a longer one makes no key (answer-cache.ts MAX_KEY) */
const MAX_BODY = 4_096

/**
 * Bodies remembered with the key they make, so that a body seen before is not parsed and keyed again (a tenth of a
 * kept answer's time): at most this many, of at most SHORT_BODY characters (a front end's requests are tens of
 * characters), forgotten all at once when full. Each entry is two strings of some 300 characters at most (the body
 * with the year and endpoint, and its key): about 12 MB in the worst case, 2-3 MB for requests like the seating trio's.
 */
const REMEMBERED_BODIES = 10_000
const SHORT_BODY = 256

/** What the listener needs of the app, given once Fastify has been built (the server is made before it). */
export interface KeptAnswersSetup {
  answers: AnswerCache
  /** POST path → the registry name of its endpoint, for the cacheable endpoints */
  routes: ReadonlyMap<string, string>
  /** The key of a request (app.ts keyOf), undefined when it is not to be answered from the cache */
  keyOf: (endpoint: string, input: unknown) => string | undefined
  /** The year keyOf puts in the key (defaults follow the clock) */
  year: () => number
  loopbackOnly: boolean
  /** Whose X-Forwarded-For names the client in the request line (client-address.ts), as for Fastify's req.ip */
  trustProxy: TrustProxy | undefined
  closing: () => boolean
  /** Request lines go here (at info), as RequestLines writes them (requestLineWriter); undefined when there is no log */
  log: FastifyBaseLogger | undefined
}

export class KeptAnswers {
  private setup: KeptAnswersSetup | undefined
  /** Bodies read here and handed on to Fastify (preParsing) */
  private readonly bodies = new WeakMap<IncomingMessage, Buffer>()
  /** year, endpoint and body text → the key they make */
  private readonly keys = new Map<string, string>()
  /** Writes a kept answer's request line, undefined when there is no log */
  private line: RequestLineWriter | undefined

  /** Fastify's serverFactory: the server Fastify would make, with this listener in front of Fastify's. */
  readonly serverFactory = (
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyHttpOptions<Server>,
  ): Server => {
    const server = createServer(options.http ?? {}, (req, res) => this.listen(req, res, fastify))
    // What Fastify sets on the server it makes itself (fastify/lib/server.js)
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout
    server.setTimeout(options.connectionTimeout ?? 0)
    if ((options.maxRequestsPerSocket ?? 0) > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket ?? 0
    return server
  }

  /** Starts answering, once the app is built; adds the hook that hands a read body on to Fastify. */
  attach(app: FastifyInstance, setup: KeptAnswersSetup): void {
    app.addHook('preParsing', (req, _reply, payload, done) => {
      const body = this.bodies.get(req.raw)
      if (body === undefined) return done(null, payload)
      this.bodies.delete(req.raw)
      done(null, readableOf(body))
    })
    this.line = setup.log && requestLineWriter(setup.log)
    this.setup = setup
  }

  private listen(
    req: IncomingMessage,
    res: ServerResponse,
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const setup = this.setup
    const endpoint = setup && req.method === 'POST' ? setup.routes.get(pathOf(req.url)) : undefined
    if (
      !setup ||
      endpoint === undefined ||
      req.headers.authorization !== undefined ||
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > MAX_BODY ||
      (setup.loopbackOnly && !loopbackHostOf(req.headers.host)) ||
      setup.closing()
    ) {
      fastify(req, res)
      return
    }
    const started = performance.now()
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)
      const kept = this.keptAnswer(setup, endpoint, body)
      if (kept === undefined) {
        this.bodies.set(req, body)
        fastify(req, res)
      } else send(setup, this.line, req, res, kept, started)
    })
  }

  /** The kept answer of a request's body and its key, undefined when there is none. */
  private keptAnswer(
    setup: KeptAnswersSetup,
    endpoint: string,
    body: Buffer,
  ): { key: string; answer: KeptAnswer } | undefined {
    // As app.ts's body parser reads it: a byte order mark is not JSON, an empty body is {}.
    const text = body.toString('utf8').replace(/^\uFEFF/, '')
    const seen = `${setup.year()}|${endpoint}|${text}`
    let key = this.keys.get(seen)
    if (key === undefined) {
      let input: unknown
      try {
        input = text.trim() === '' ? {} : JSON.parse(text)
      } catch {
        return undefined
      }
      key = setup.keyOf(endpoint, input)
      if (key === undefined) return undefined
      if (text.length <= SHORT_BODY) {
        if (this.keys.size >= REMEMBERED_BODIES) this.keys.clear()
        this.keys.set(seen, key)
      }
    }
    const answer = setup.answers.get(key)
    return answer && { key, answer }
  }
}

function send(
  setup: KeptAnswersSetup,
  line: RequestLineWriter | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  { key, answer }: { key: string; answer: KeptAnswer },
  started: number,
): void {
  const id = requestIdOf(req)
  const { status, body } = answer
  const { bytes, headers } = encodedFor(req.headers['accept-encoding'], body, () =>
    setup.answers.gzipOf(key, answer),
  )
  res.writeHead(status, {
    'content-type': JSON_TYPE,
    ...SECURITY_HEADERS,
    [REQUEST_ID_HEADER]: id,
    ...headers,
    'content-length': bytes.length,
    // A request whose body arrived after the close began is answered, and its connection not kept (as Fastify does)
    ...(setup.closing() ? { connection: 'close' } : {}),
  })
  res.end(bytes)
  line?.(
    id,
    'POST',
    req.url ?? '',
    status,
    performance.now() - started,
    clientAddressOf(req, setup.trustProxy),
  )
}

const pathOf = (url: string | undefined): string => {
  const u = url ?? ''
  const q = u.indexOf('?')
  return q < 0 ? u : u.slice(0, q)
}

/** A body already read, as a stream Fastify's body parser reads (bytes, not objects). */
function readableOf(body: Buffer): Readable {
  return new Readable({
    read() {
      if (body.length > 0) this.push(body)
      this.push(null)
    },
  })
}

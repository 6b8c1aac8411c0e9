import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import { pino } from 'pino'
import { LOG_LEVELS, type LogLevel } from './serve-defaults.js'

/**
 * Request logs and request ids (docs/api.md, "Operations"). `serve` logs JSON lines on stderr through Fastify's
 * logger (pino): one line per answered request, with its id, method, URL, status and time, and one per failure on
 * our side. Every answer carries its request id in `x-request-id`; a caller (a load balancer, a front end) may send
 * its own, which is kept when it looks like an id and replaced when it does not, so that a log line never carries
 * what a stranger typed into a header.
 */

export const REQUEST_ID_HEADER = 'x-request-id'

/** Ids as proxies and tracing tools make them (UUIDs, ULIDs, hex, `host-1234`); no spaces, quotes or controls. */
const SANE_ID = /^[A-Za-z0-9._:+=/@-]{1,128}$/

/** Fastify's genReqId: the caller's id when it is sane, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER]
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID()
}

/** Lines are written in blocks of this many bytes, or after FLUSH_MS, whichever comes first */
const BLOCK_BYTES = 4096
const FLUSH_MS = 500

/**
 * JSON lines on stderr (stdout stays free for what a command answers). Written asynchronously and in blocks, so
 * that a burst of requests does not wait for the terminal or the pipe: one write per line cost a cheap cached
 * answer a third of its throughput (7,800 against 12,400 requests/s with the log off). A quiet server's lines wait
 * at most FLUSH_MS; what is gathered when the process exits is written before it does.
 */
export function requestLogger(level: LogLevel, stream?: NodeJS.WritableStream): FastifyBaseLogger {
  if (stream) return pino({ level }, stream)
  // minLength 0: the blocks are made here (LineBlocks); pino flushes the destination synchronously on exit
  const destination = pino.destination({ dest: 2, sync: false })
  const blocks = new LineBlocks(destination)
  // unref: the timer never keeps a process alive that has nothing else to do
  setInterval(() => blocks.flush(), FLUSH_MS).unref()
  // First among the exit listeners: the last block reaches the destination before pino's own listeners (registered
  // when the destination was made) write out what the destination holds and close it.
  process.prependListener('beforeExit', () => blocks.flush())
  process.prependListener('exit', () => blocks.flush())
  return pino({ level }, blocks)
}

/**
 * Lines gathered into blocks before they reach the destination. The destination (sonic-boom) can gather them
 * itself (minLength), but measures the bytes of its whole pending block on every line it is given, a string of up
 * to 16 KB copied and scanned each time: at tens of thousands of lines a second that cost a kept answer a tenth of
 * its throughput (bench/serve.mjs's load on seating/option: 33,900 requests/s, 37,700 with the blocks made here,
 * 44,000 with no request lines).
 */
class LineBlocks {
  private lines: string[] = []
  private chars = 0

  constructor(private readonly destination: { write(block: string): unknown }) {}

  write(line: string): void {
    this.lines.push(line)
    this.chars += line.length
    if (this.chars >= BLOCK_BYTES) this.flush()
  }

  flush(): void {
    if (this.lines.length === 0) return
    const block = this.lines.join('')
    this.lines = []
    this.chars = 0
    // write() throws once the destination is closed (pino closes it at exit): nothing can be written any more
    try {
      this.destination.write(block)
    } catch {}
  }
}

/** Whether failures on our side (level error) reach this log: if not, `serve` says them on stderr itself. */
export const logsErrors = (level: LogLevel | undefined): boolean =>
  level !== undefined && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf('error') && level !== 'silent'

/** The fields of a request's line, in their order (RequestLines; requestLineWriter writes the same) */
const requestLine = (
  method: string | undefined,
  url: string | undefined,
  status: number,
  ms: number,
  ip: string | undefined,
) => ({ method, url, status, ms: Math.round(ms), ip })

/** Writes one request's line (kept-answers.ts); the log's own level decides whether it is written */
export type RequestLineWriter = (
  id: string,
  method: string,
  url: string,
  status: number,
  ms: number,
  ip: string | undefined,
) => void

/** Strings JSON writes as they are, between quotes: printable ASCII but `"` and `\` (request ids always are) */
const PLAIN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/
const quoted = (s: string): string => (PLAIN_JSON.test(s) ? `"${s}"` : JSON.stringify(s))

/** The parts of request lines kept for reuse (method, URL and status; addresses): at most this many of each */
const KEPT_PARTS = 1_000

/**
 * The request lines of the kept answers (kept-answers.ts), written as pino writes `log.info({ reqId,
 * ...requestLine(…) }, 'request')` (the route's line, RequestLines): the same fields in the same order, with the
 * logger's own level number, time, pid and hostname, on the logger's own destination. Built here because pino's
 * general path (each key walked, serializers looked up, each string escaped a character at a time) cost a kept
 * answer a twelfth of its throughput (35,900 against 39,100 requests/s on seating/option, bench/serve.mjs's
 * load). Most of a line repeats: its start changes once a millisecond, and a results-day server answers a few
 * dozen URLs to a few addresses, so those parts are made once and kept; only the id and the time taken are new.
 * Building each line whole cost a kept answer most of what its line costs (35,400 requests/s against 41,700 with
 * no line at all and 42,900 with a fixed line, bench/light-client.mjs's load on seating/option, 2026-11-27);
 * with the parts kept, 36,400 against 34,300 in three rounds of an A/B.
 * test/http/kept-answers.test.ts holds the two lines equal; test/http/request-log.test.ts the escaping.
 */
export function requestLineWriter(log: FastifyBaseLogger): RequestLineWriter {
  const logger = log as unknown as pino.Logger & Record<symbol, unknown>
  const destination = logger[pino.symbols.streamSym] as { write(line: string): unknown }
  // `{"level":30` and `,"pid":…,"hostname":"…"`, as pino's root logger writes them
  const level = `{"level":${logger.levels.values.info}`
  const bindings = logger[pino.symbols.chindingsSym] as string
  let stampedAt = -1
  let start = ''
  const middles = new Map<string, string>()
  const ends = new Map<string | undefined, string>()
  return (id, method, url, status, ms, ip) => {
    if (!logger.isLevelEnabled('info')) return
    const now = Date.now()
    if (now !== stampedAt) {
      stampedAt = now
      start = `${level},"time":${now}${bindings},"reqId":`
    }
    const asked = `${status} ${method} ${url}`
    let middle = middles.get(asked)
    if (middle === undefined) {
      middle = `,"method":${quoted(method)},"url":${quoted(url)},"status":${status},"ms":`
      if (middles.size >= KEPT_PARTS) middles.clear()
      middles.set(asked, middle)
    }
    let end = ends.get(ip)
    if (end === undefined) {
      end = `${ip === undefined ? '' : `,"ip":${quoted(ip)}`},"msg":"request"}\n`
      if (ends.size >= KEPT_PARTS) ends.clear()
      ends.set(ip, end)
    }
    destination.write(start + quoted(id) + middle + Math.round(ms) + end)
  }
}

/**
 * Fastify's request lines, replaced: its two lines a request (headers included) become one when the answer has
 * been sent, with what an operator needs and without the Authorization header.
 */
export class RequestLines extends LogController {
  /** Whether the log takes info lines */
  private readonly lines: boolean

  constructor(level: LogLevel | undefined) {
    super()
    this.lines =
      level !== undefined && level !== 'silent' && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf('info')
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // Nothing to build when the line would be dropped (no log at all: tests, `call`; a level above info).
    if (!error && !this.lines) return
    const line = requestLine(req.method, req.url, reply.statusCode, reply.elapsedTime, req.ip)
    // An answer that could not be sent whole (the client went away mid-body) is worth a warning, not more.
    if (error) req.log.warn({ ...line, err: error }, 'request')
    else req.log.info(line, 'request')
  }
}

/**
 * One error type for every layer and surface. It lives here, below everything else, so that the data layer can
 * throw it (a dataset not installed) without importing from the endpoints above it; each surface turns it into its
 * answer in one place (the envelope in invoke and the HTTP app, the exit code in the CLI's report-error.ts).
 * `code` goes into the envelope; `httpStatus` is what the HTTP surface sends when it does not keep every envelope
 * at 200 (docs/api.md, Decisions › "HTTP status codes").
 */
export class ApiError extends Error {
  readonly code: number
  readonly httpStatus: number | undefined
  /** True when the caller sent something wrong (CLI exit code 2), false for failures on our side. */
  readonly badInput: boolean
  /** Send `httpStatus` even when envelope errors travel with 200 (SPEC 4.18: HTTP 404 for an unknown major) */
  readonly forceHttpStatus: boolean
  /**
   * What to do about it, for the terminal only (the CLI adds it to its error line): the envelope keeps the spec's
   * message word for word.
   */
  hint?: string
  /**
   * What the terminal's line says in place of the message, where the spec fixes a message (the envelope's, kept
   * word for word) that tells less than is known: `School not found` → `找不到院校 "不存在大学"` (CLI only, like hint).
   */
  terminalMessage?: string

  constructor(
    code: number,
    message: string,
    opts: { httpStatus?: number; badInput?: boolean; forceHttpStatus?: boolean; cause?: unknown } = {},
  ) {
    // `cause`: what failed on our side, for the operator's log (invoke.ts), never for the client
    super(bounded(message), opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'ApiError'
    this.code = code
    this.httpStatus = opts.httpStatus
    this.forceHttpStatus = opts.forceHttpStatus ?? false
    this.badInput = opts.badInput ?? ((code >= 400 && code < 500) || code === 23008)
  }
}

/**
 * Messages echo the values they refuse, and a value can be 300,000 characters long: past MESSAGE_MAX characters
 * the message is cut, saying how long it was, so that an error answer stays an answer and a log line a line.
 */
export const MESSAGE_MAX = 1000
const bounded = (message: string): string =>
  message.length <= MESSAGE_MAX
    ? message
    : `${message.slice(0, MESSAGE_MAX)}… (共 ${message.length} 字, 已截断)`

/** A request that does not satisfy an endpoint's input rules. */
export const badRequest = (message: string): ApiError => new ApiError(400, message, { badInput: true })

/** A failure on our side (a dataset missing or unreadable, a store that cannot be written). */
export const serviceError = (message: string): ApiError =>
  new ApiError(500, message, { badInput: false, httpStatus: 500 })

/** The HTTP status that mirrors an envelope error, for `serve --http-status` and the forced cases. */
export function httpStatusOf(err: ApiError): number {
  if (err.httpStatus !== undefined) return err.httpStatus
  return err.code >= 400 && err.code <= 599 ? err.code : err.badInput ? 400 : 500
}

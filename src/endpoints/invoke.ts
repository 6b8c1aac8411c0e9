import { ApiError } from '../errors.js'
import { inputError } from './checks.js'
import { type AnyEndpoint, type EndpointContext, WithView } from './define.js'
import { type Envelope, fail, ok } from './envelope.js'

export interface Outcome {
  /** What goes on the wire: the envelope, or the bare payload for endpoints shown without it */
  body: unknown
  /** Set when the request failed; the body is then always the error envelope */
  error?: ApiError
  /** The handler's payload on success, for renderers */
  data?: unknown
  /** What the endpoint's view needs beside the payload (EndpointDef's V), for the CLI; never sent */
  view?: unknown
  /** The validated input on success */
  input?: unknown
}

/** The message clients see for a failure on our side; details go to the operator's log, never to clients. */
export const INTERNAL_ERROR_MESSAGE = '服务内部错误, 请稍后重试'

/**
 * Runs one endpoint for one request, whichever surface it came from: looks up the resource a path names (when
 * the endpoint has one), validates the raw input with the endpoint's schema, calls the handler, and wraps the
 * result. Never throws.
 */
export async function invoke(
  def: AnyEndpoint,
  raw: unknown,
  ctx: EndpointContext,
  onInternalError: (err: unknown) => void = () => {},
): Promise<Outcome> {
  try {
    const resource = pathValue(def, raw)
    if (resource !== undefined) await def.pathResource?.check(resource, ctx)
    const parsed = def.input.safeParse(raw ?? {})
    if (!parsed.success) throw inputError(parsed.error)
    const answer: unknown = await def.handler(parsed.data, ctx)
    const { data, view } = answer instanceof WithView ? answer : { data: answer, view: undefined }
    const body = def.envelope === false ? data : ok(data, def.successMessage)
    return { body, data, view, input: parsed.data }
  } catch (err) {
    // A failure on our side that a handler caught and answered with an envelope error (a store that cannot be
    // written) is reported too, with what caused it: the client's message says nothing of it.
    if (err instanceof ApiError && !err.badInput && err.cause !== undefined) onInternalError(err.cause)
    const error = err instanceof ApiError ? err : internal(err, onInternalError)
    return { body: fail(error.code, error.message), error }
  }
}

/** The path parameter an endpoint looks up first (EndpointDef.pathResource), when the request has one. */
function pathValue(def: AnyEndpoint, raw: unknown): string | undefined {
  if (!def.pathResource || typeof raw !== 'object' || raw === null) return undefined
  const value = (raw as Record<string, unknown>)[def.pathResource.field]
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  return String(value).trim() || undefined
}

function internal(err: unknown, log: (err: unknown) => void): ApiError {
  log(err)
  return new ApiError(500, INTERNAL_ERROR_MESSAGE, { badInput: false, httpStatus: 500 })
}

export type { Envelope }

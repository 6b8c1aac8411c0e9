import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Caller } from '../endpoints/define.js'
import { ApiError } from '../errors.js'
import type { TokenStorage } from '../store/stores.js'

/**
 * The answer when the token store cannot be read (a database down): the envelope, never an anonymous answer in
 * place of the holder's (that would silently drop `my_seating`). The cause goes to the log (app.ts).
 */
export const TOKEN_STORE_FAILED = '暂时无法校验访问令牌, 请稍后重试'

/**
 * Bearer authentication (SPEC 5). No header: anonymous. A valid token: the caller's stored province, score,
 * category and rank. A malformed, unknown, expired or revoked token: anonymous too (every endpoint accepts
 * anonymous calls), with `WWW-Authenticate: Bearer error="invalid_token"` so that a client can tell. A store
 * that fails: TOKEN_STORE_FAILED (code 500; HTTP 503 with --http-status).
 */
export function bearerCaller(tokens: () => TokenStorage, now: () => Date) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<Caller | null> => {
    const header = req.headers.authorization
    if (header === undefined) return null
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    const record = m?.[1] ? await verified(tokens, m[1], now()) : null
    if (!record) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"')
      return null
    }
    return { province: record.province, score: record.score, km: record.km, rank: record.rank }
  }
}

async function verified(tokens: () => TokenStorage, token: string, now: Date) {
  try {
    return await tokens().verify(token, now)
  } catch (err) {
    throw new ApiError(500, TOKEN_STORE_FAILED, { badInput: false, httpStatus: 503, cause: err })
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Caller } from '../endpoints/define.js'
import type { TokenStore } from '../store/tokens.js'

/**
 * Bearer authentication (SPEC 5). No header: anonymous. A valid token: the caller's stored province, score,
 * category and rank. A malformed, unknown, expired or revoked token: anonymous too (every endpoint accepts
 * anonymous calls), with `WWW-Authenticate: Bearer error="invalid_token"` so that a client can tell.
 */
export function bearerCaller(tokens: () => TokenStore, now: () => Date) {
  return (req: FastifyRequest, reply: FastifyReply): Caller | null => {
    const header = req.headers.authorization
    if (header === undefined) return null
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    const record = m?.[1] ? tokens().verify(m[1], now()) : null
    if (!record) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"')
      return null
    }
    return { province: record.province, score: record.score, km: record.km, rank: record.rank }
  }
}

import type { FastifyInstance } from 'fastify'
import { RETRY_AFTER_SECONDS } from './heavy-work.js'
import { REQUEST_ID_HEADER } from './request-log.js'
import { setSecurityHeaders } from './security-headers.js'

/**
 * What every answer a route sends carries (docs/api.md, "Operations"), 404s and error envelopes included: the
 * security headers (security-headers.ts), its request id (request-log.ts), and on a 503 (busy, see heavy-work.ts)
 * when to come back, as HTTP asks of a 503 that will pass. One hook rather than one per concern: each hook costs
 * on every request, and these are the hottest path of the server.
 */
export function addAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    setSecurityHeaders(reply)
    reply.header(REQUEST_ID_HEADER, req.id)
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(RETRY_AFTER_SECONDS))
    done(null, payload)
  })
}

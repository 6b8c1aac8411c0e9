import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, RouteShorthandOptions } from 'fastify'
import { ApiError } from '../errors.js'

/**
 * Writes are rate-limited per client address (docs/api.md, "Operations"): each endpoint that writes to the stores
 * (feedback; any later one marked `usesStore`) takes at most `perMinute` requests a minute from one address, and
 * answers the rest with the envelope and HTTP 429 (with Retry-After), so that one client cannot fill the disk or
 * the database. Reads are not limited here (expensive ones take turns instead: heavy-work.ts). The counts are kept
 * in each process: with `--workers N` an address may write up to N times the limit.
 */

/** Registers the plugin without limiting anything yet: routes opt in with `writeLimited`. */
export async function addWriteLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Thrown by the plugin and answered by the app's error handler, as every other envelope error.
    errorResponseBuilder: (_req, context) =>
      new ApiError(
        429,
        `提交过于频繁: 每个地址每分钟最多 ${context.max} 次, 请 ${Math.ceil(context.ttl / 1000)} 秒后重试`,
        {
          badInput: true,
          httpStatus: 429,
          forceHttpStatus: true,
        },
      ),
  })
}

/** The route option of a writing endpoint; none when the limit is off (0). */
export const writeLimited = (perMinute: number): RouteShorthandOptions['config'] =>
  perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : undefined

import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance, RouteShorthandOptions } from 'fastify'
import { ApiError } from '../errors.js'
import type { WriteCountStorage } from '../store/stores.js'

/**
 * Writes are rate-limited per client address (docs/api.md, "Operations"): each endpoint that writes to the stores
 * (feedback; any later one marked `usesStore`) takes at most `perMinute` requests a minute from one address, and
 * answers the rest with the envelope and HTTP 429 (with Retry-After), so that one client cannot fill the disk or
 * the database. Reads are not limited here (expensive ones take turns instead: heavy-work.ts). The counts are the
 * machine's or the shared store's (write-counts.ts), so that the limit holds whichever worker or replica answers.
 * The address is the client's as `--trust-proxy` lets it be read (client-address.ts).
 */

/** The answer when the counts cannot be read (a shared store's database down) */
export const WRITE_COUNT_FAILED = '暂时无法受理提交, 请稍后重试'

/** Registers the plugin without limiting anything yet: routes opt in with `writeLimited`. */
export async function addWriteLimit(app: FastifyInstance, counts: WriteCountStorage): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: countsStore(counts),
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

/**
 * The plugin's store (its `incr` and `child`) over our counts. Each route counts apart: the plugin hands `child`
 * its merged options, the route among them as `routeInfo` (not what its type declares).
 */
function countsStore(counts: WriteCountStorage): FastifyRateLimitStoreCtor {
  const forRoute = (route: string): FastifyRateLimitStore => ({
    incr: (key, done, windowMs) => {
      counts.hit(`${route}|${key}`, windowMs).then(
        (c) => done(null, { current: c.count, ttl: c.resetInMs }),
        // Not taken uncounted: the write is refused as the store's failure (its cause logged by app.ts).
        (err: unknown) =>
          done(new ApiError(500, WRITE_COUNT_FAILED, { badInput: false, httpStatus: 503, cause: err })),
      )
    },
    child: (options) => {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      return forRoute(`${String(route?.method ?? '')} ${String(route?.url ?? '')}`)
    },
  })
  // The plugin makes its store with `new`: a constructor that returns the object it should use.
  return function Store() {
    return forRoute('')
  } as unknown as FastifyRateLimitStoreCtor
}

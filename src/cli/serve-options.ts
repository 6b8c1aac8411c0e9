import { availableParallelism } from 'node:os'
import { badRequest } from '../errors.js'
import { parseTrustProxy, type TrustProxy } from '../http/client-address.js'
import { DEFAULT_HEAVY_QUEUE, DEFAULT_WRITES_PER_MINUTE } from '../http/serve-defaults.js'

/**
 * The operations flags of `gaokao serve` (commands/http.ts): how many processes, how much expensive work at once,
 * how many writes a minute, which proxies to believe, how much logging. Read here, so that a bad value is one usage
 * line (exit 2) before anything starts.
 */

export interface ServeOperationsFlags {
  workers?: string
  heavyLimit?: string
  heavyQueue?: string
  writeLimit?: string
  trustProxy?: string
}

export interface ServeOperations {
  /** Processes serving the port; 1: this one, no cluster */
  workers: number
  /** Expensive requests computed at once, per process */
  heavyLimit: number
  /** Expensive requests waiting, per process */
  heavyQueue: number
  /** Writes per minute and client address; 0: no limit */
  writesPerMinute: number
  /** The proxies whose X-Forwarded-For names the client; undefined: the connection's address is the client */
  trustProxy: TrustProxy | undefined
}

const MAX_WORKERS = 64

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    throw badRequest(`${flag} 应为 ${min} 到 ${max} 的整数, 收到 ${text.slice(0, 40)}`)
  return n
}

export function serveOperations(
  flags: ServeOperationsFlags,
  cores = availableParallelism(),
): ServeOperations {
  const workers = wholeNumber('--workers', flags.workers, 1, MAX_WORKERS) ?? cores
  return {
    workers,
    // The cores shared among the workers: with one worker per core, one expensive request per worker at once.
    heavyLimit:
      wholeNumber('--heavy-limit', flags.heavyLimit, 1, 1024) ?? Math.max(1, Math.floor(cores / workers)),
    heavyQueue: wholeNumber('--heavy-queue', flags.heavyQueue, 0, 100_000) ?? DEFAULT_HEAVY_QUEUE,
    writesPerMinute:
      wholeNumber('--write-limit', flags.writeLimit, 0, 1_000_000) ?? DEFAULT_WRITES_PER_MINUTE,
    trustProxy: trustedProxies(flags.trustProxy),
  }
}

function trustedProxies(text: string | undefined): TrustProxy | undefined {
  if (text === undefined) return undefined
  const parsed = parseTrustProxy(text)
  if ('error' in parsed) throw badRequest(parsed.error)
  return parsed.trust
}

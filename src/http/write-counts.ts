import cluster from 'node:cluster'
import type { WriteCount, WriteCountStorage } from '../store/stores.js'

/**
 * Where the write limit (write-limit.ts) counts, so that an address gets its limit once whatever serves it
 * (docs/api.md, "Operations"):
 *
 * - a store shared by replicas (PostgreSQL) counts in the database: every replica sees the same counts;
 * - else the processes of one machine count in one place: a single process in its memory, the workers of
 *   `--workers N` in their primary's (cluster.ts answers them over the cluster channel). Counted in each worker,
 *   an address could write N times the limit, and more so on fresh connections, which the cluster spreads over
 *   the workers in turn.
 *
 * A count is a fixed window per key: the first write opens a window of `windowMs`, the ones after it in the window
 * add to it, the first after it opens a new one (as @fastify/rate-limit's own store counts).
 */

/** Windows kept in memory at most; when more addresses write within a minute, the oldest windows are forgotten. */
const MAX_WINDOWS = 50_000

export class MemoryWriteCounts implements WriteCountStorage {
  /** key → its window; in the order the windows opened (a reopened window moves to the end) */
  private readonly windows = new Map<string, { count: number; opened: number }>()

  constructor(private readonly clock: () => number = Date.now) {}

  hit(key: string, windowMs: number): Promise<WriteCount> {
    return Promise.resolve(this.count(key, windowMs))
  }

  /** The same as hit, at once (the primary answers its workers with it) */
  count(key: string, windowMs: number): WriteCount {
    const now = this.clock()
    let window = this.windows.get(key)
    if (window === undefined || window.opened + windowMs <= now) {
      this.windows.delete(key)
      if (this.windows.size >= MAX_WINDOWS) this.forgetOldest(now, windowMs)
      window = { count: 0, opened: now }
      this.windows.set(key, window)
    }
    window.count += 1
    return { count: window.count, resetInMs: window.opened + windowMs - now }
  }

  /** How many windows are held (tests) */
  get size(): number {
    return this.windows.size
  }

  /**
   * Closed windows go first; if that is not enough, the oldest open ones (a flood of addresses), down to nine
   * tenths of the bound so that the next writes do not scan again.
   */
  private forgetOldest(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (window.opened + windowMs <= now) this.windows.delete(key)
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_WINDOWS * 0.9) return
      this.windows.delete(key)
    }
  }
}

/** A worker's question to its primary, and the answer */
interface CountAsked {
  gaokao: 'write-count'
  id: number
  key: string
  windowMs: number
}
interface CountTold {
  gaokao: 'write-counted'
  id: number
  count: number
  resetInMs: number
}

const isCountAsked = (m: unknown): m is CountAsked =>
  typeof m === 'object' &&
  m !== null &&
  (m as CountAsked).gaokao === 'write-count' &&
  typeof (m as CountAsked).key === 'string' &&
  Number.isSafeInteger((m as CountAsked).windowMs)

const isCountTold = (m: unknown): m is CountTold =>
  typeof m === 'object' && m !== null && (m as CountTold).gaokao === 'write-counted'

/** The primary's side: answers a worker's questions from the one count of the machine. */
export function answerWriteCounts(
  worker: {
    on(event: 'message', listener: (m: unknown) => void): unknown
    send(m: CountTold, done: (err: Error | null) => void): unknown
  },
  counts: MemoryWriteCounts,
): void {
  worker.on('message', (m) => {
    if (!isCountAsked(m)) return
    // A worker that died meanwhile has no one to tell: the error is its channel's, not ours.
    worker.send({ gaokao: 'write-counted', id: m.id, ...counts.count(m.key, m.windowMs) }, () => {})
  })
}

/** A worker's side: asks its primary, which holds the counts of all the workers. */
export class PrimaryWriteCounts implements WriteCountStorage {
  private next = 0
  private readonly waiting = new Map<number, (told: CountTold) => void>()

  constructor(
    private readonly channel: {
      on(event: 'message', listener: (m: unknown) => void): unknown
      send?(m: CountAsked, done: (err: Error | null) => void): unknown
    } = process,
  ) {
    channel.on('message', (m) => {
      if (!isCountTold(m)) return
      this.waiting.get(m.id)?.(m)
      this.waiting.delete(m.id)
    })
  }

  hit(key: string, windowMs: number): Promise<WriteCount> {
    const id = this.next++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (told) => resolve({ count: told.count, resetInMs: told.resetInMs }))
      // The channel lives as long as the worker (Node ends a worker whose primary is gone); a question that cannot
      // be sent fails the write (write-limit.ts), it is not taken uncounted.
      this.channel.send?.({ gaokao: 'write-count', id, key, windowMs }, (err) => {
        if (!err) return
        this.waiting.delete(id)
        reject(err)
      })
    })
  }
}

/** The counts of this process: the shared store's, else the primary's in a worker, else its own. */
export function writeCountsFor(shared: WriteCountStorage | undefined): WriteCountStorage {
  if (shared) return shared
  return cluster.isWorker ? new PrimaryWriteCounts() : new MemoryWriteCounts()
}

import { gzipOf } from './compression.js'

/**
 * Serialized answers of the HTTP API, kept while `serve` runs: the datasets do not change while it serves and every
 * read endpoint answers the same request the same way, so a repeated request is answered with the bytes of the
 * first answer, without validation, handler or serialization. The key is everything an answer can depend on: the
 * endpoint, the request's fields (keys sorted, so that field order does not matter), the caller (a token's
 * profile) and the year (defaults such as "the last five years" follow the clock). Bounded by a memory budget,
 * least recently used first out, as the clock algorithm approximates it (evict); a request or answer too large to
 * be worth keeping is not kept.
 */

/** Largest request (its key) worth caching: longer ones are fuzzing or mistakes, not a results-day workload. */
const MAX_KEY = 4_096

/**
 * An answer as it goes out: its HTTP status and its body as UTF-8 bytes. Bytes rather than the JSON text: a kept
 * answer is sent many times, and a string was encoded again each time (a 47 KB list of Chinese names, every time).
 */
export interface KeptAnswer {
  status: number
  body: Buffer
  /** The body gzip-compressed, once a client has asked for it so (AnswerCache.gzipOf, compression.ts) */
  gzip?: Buffer
}

/** The content type a kept answer goes out with: what Fastify sends an object as */
export const JSON_TYPE = 'application/json; charset=utf-8'

/** What an entry costs beyond its bytes (the Map's entry, the object, the Buffer's header) */
const ENTRY_OVERHEAD = 200

/** A kept answer, and whether it was asked for since the clock last passed it (evict) */
interface Slot {
  answer: KeptAnswer
  used: boolean
}

export class AnswerCache {
  /** Oldest first: the order the clock passes them in */
  private readonly entries = new Map<string, Slot>()
  private bytes = 0

  constructor(
    /** Memory budget, bytes (keys counted as UTF-16 code units × 2, bodies and their gzip as their bytes) */
    private readonly budget: number,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The key of a request, undefined when it is not to be cached */
  static key(endpoint: string, year: number, caller: unknown, input: unknown): string | undefined {
    const key = `${endpoint}|${year}|${stableJson(caller ?? null)}|${stableJson(input ?? {})}`
    return key.length <= MAX_KEY ? key : undefined
  }

  get(key: string): KeptAnswer | undefined {
    const slot = this.entries.get(key)
    if (slot === undefined) return undefined
    // A mark, not a move: moving the entry to the end of the Map (delete, then set) on every hit cost a cached read
    // a quarter of its throughput once the Map held a few thousand entries (after a run of smart-match lists).
    slot.used = true
    return slot.answer
  }

  set(key: string, answer: KeptAnswer): void {
    const cost = costOf(key, answer)
    if (cost > this.budget / 16 || this.entries.has(key)) return
    // unmarked: of the answers asked for once, the oldest go first; an answer asked for again outlives them
    this.entries.set(key, { answer, used: false })
    this.bytes += cost
    this.evict()
  }

  /**
   * The gzip bytes of the answer kept under `key` (or of one about to be sent that was not kept), made on the first
   * demand and kept with it, counted in the budget while it is kept; undefined for a body too small to compress.
   */
  gzipOf(key: string, answer: KeptAnswer): Buffer | undefined {
    if (answer.gzip !== undefined) return answer.gzip
    const gzip = gzipOf(answer.body)
    if (gzip === undefined) return undefined
    answer.gzip = gzip
    if (this.entries.get(key)?.answer === answer) {
      this.bytes += gzip.length
      this.evict()
    }
    return gzip
  }

  /**
   * Until the budget holds, the clock (second chance): the oldest entry goes unless it was asked for since the clock
   * last passed it; then it loses its mark and goes to the end. An entry is passed at most twice, so this ends.
   */
  private evict(): void {
    for (const [oldest, slot] of this.entries) {
      if (this.bytes <= this.budget) break
      this.entries.delete(oldest)
      if (slot.used) {
        slot.used = false
        this.entries.set(oldest, slot)
      } else this.bytes -= costOf(oldest, slot.answer)
    }
  }
}

const costOf = (key: string, answer: KeptAnswer) =>
  key.length * 2 + answer.body.length + (answer.gzip?.length ?? 0) + ENTRY_OVERHEAD

/** JSON with every object's keys sorted: two requests that differ only in field order have one key. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  )
}

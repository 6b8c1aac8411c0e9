/**
 * Seeded pseudo-random numbers for the synthesizers (employment, content counters). No Math.random, no clock:
 * the same seed and key always give the same stream, on every platform.
 *
 * - `hash32(text)`: FNV-1a over the UTF-16 code units, finished with an avalanche mix, so that similar keys
 *   ("080901|2024", "080901|2025") give unrelated seeds.
 * - `mulberry32(seed)`: a 32-bit generator with a 2^32 period; plenty for a few thousand draws per key.
 * - `Rng.for(seed, ...key)`: one independent stream per (seed, key). Each major draws from its own streams, so
 *   adding or removing a major never changes the numbers of the others.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units, then a final avalanche (xor-shift-multiply) mix. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** mulberry32: returns a function giving uniform floats in [0, 1) with 32 bits of resolution. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296
  }
}

export class Rng {
  private readonly next: () => number

  constructor(seed: number) {
    this.next = mulberry32(seed)
  }

  /** An independent stream for (seed, key parts), e.g. `Rng.for(SEED, 'rate', '080901')`. */
  static for(seed: number, ...key: (string | number)[]): Rng {
    return new Rng(hash32(`${seed}|${key.join('|')}`))
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next()
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next()
  }

  /** Integer uniform in [lo, hi] (both included). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  /** Normal(mean, sd) by Box-Muller (one value per call; the second is discarded to keep streams simple). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next() // (0, 1]: log(u) is finite
    const v = this.next()
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  /** exp(Normal(0, sd)): a multiplicative factor with median 1. */
  logNormalFactor(sd: number): number {
    return Math.exp(this.normal(0, sd))
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** A copy in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = out[i] as T
      out[i] = out[j] as T
      out[j] = tmp
    }
    return out
  }
}

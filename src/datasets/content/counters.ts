import { Rng } from '../employment/prng.js'

/**
 * The synthetic parts of a content row (README.md "Provenance"): view count, sort value and creation time.
 * No source has them. Each item draws from its own stream (seed, item id), so editing one item never changes
 * the others' counters.
 */

export const COUNTERS_NAME = 'content-counters/1'
export const COUNTERS_SEED = 20260611
/** Views accumulate up to this date (the dataset's reference date; no clock is read). */
export const REFERENCE_DATE = '2026-06-30 00:00:00'

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/u

/** 'YYYY-MM-DD HH:mm:ss' (read as UTC, no time zone involved) → epoch ms, or NaN when malformed or invalid. */
export function parseTimestamp(text: string): number {
  const m = PATTERN.exec(text)
  if (!m) return Number.NaN
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[]
  const ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s)
  return formatTimestamp(ms) === text ? ms : Number.NaN
}

export function formatTimestamp(ms: number): string {
  const d = new Date(ms)
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  return (
    `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
  )
}

export interface Counters {
  sort: number
  look_num: number
  created_at: string
}

/** News: median 800 views, growing with age; questions: median 2500, growing more slowly. */
export function counters(id: number, publishAt: string, isNews: boolean): Counters {
  const rng = Rng.for(COUNTERS_SEED, 'content', id)
  const published = parseTimestamp(publishAt)
  const ageDays = Math.max(0, (parseTimestamp(REFERENCE_DATE) - published) / 86_400_000)
  const views = isNews
    ? Math.exp(rng.normal(Math.log(800), 0.7)) * (1 + ageDays / 30)
    : Math.exp(rng.normal(Math.log(2500), 0.8)) * (1 + ageDays / 60)
  const sort = rng.int(1, 99)
  const draftMinutes = rng.int(15, 720)
  return {
    sort,
    look_num: Math.round(views),
    created_at: formatTimestamp(published - draftMinutes * 60_000),
  }
}

import type { RankRow } from './types.js'

/**
 * The top-band rule. When the first row's cumulative total is larger than its own count (the table
 * starts mid-way: the source withholds the top ranks) the first row becomes the band
 * '<low>-<fullScore>' holding everyone above it: num = total. A band the source stated itself
 * (scoreHigh > scoreLow on the first row, e.g. LG scoreRange, LU '666-750') keeps its stated upper
 * end. Returns a new array; the input is not changed.
 */
export function applyTopBand(rows: readonly RankRow[], fullScore: number): RankRow[] {
  const out = rows.map((r) => ({ ...r }))
  const first = out[0]
  if (!first) return out
  if (first.total > first.num) {
    const stated = first.scoreHigh > first.scoreLow
    first.scoreHigh = stated ? first.scoreHigh : Math.max(fullScore, first.scoreLow)
    first.num = first.total
  }
  return out
}

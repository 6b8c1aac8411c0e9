/**
 * Ranks for lines published with a score only. Some sources give a line's lowest score without its rank (江苏's
 * 2024 group lines, for instance), and a province's 一分一段 table of that year may be missing from the datasets.
 * The same year's lines that do carry both, in the same province and category, trace that year's score → rank
 * curve point by point: thousands of points in a large province. A score between two traced points gets the
 * rank interpolated between them on a log scale; a score outside the traced range, or in a gap wider than
 * MAX_GAP points, gets none.
 */

export interface ScoreRankPair {
  score: number
  rank: number
}

/** Fewer traced scores than this: no curve */
export const MIN_POINTS = 20
/** Widest score gap interpolated across */
export const MAX_GAP = 5
/**
 * A line whose rank is more than OUTLIER_FACTOR times better than the nearest traced scores above it, or worse
 * than those below (up to three on each side, at least two in all), is a source's error, not the curve: one college's line published as 474 points at rank 474 (its score copied into the rank) gave every
 * score-only line at 474 that rank, and those colleges then came out as 稳 for a rank-300 candidate. The curve
 * is steep only at the very top (STEEP_TOP), which is not judged.
 */
export const OUTLIER_FACTOR = 4
/** Ranks better than this (on both sides of the comparison) are the steep top of the curve, not judged */
export const STEEP_TOP = 1000

/** The curve of one year and category, or undefined when too few pairs trace it. */
export function rankCurve(
  pairs: readonly ScoreRankPair[],
): ((score: number) => number | undefined) | undefined {
  const valid = pairs.filter((p) => p.rank > 0 && Number.isFinite(p.score))
  const traced = tracedBy(valid)
  if (traced.length < MIN_POINTS) return undefined
  // Each line against the nearest traced scores (up to three on each side, other scores than its own): a lower
  // score cannot have a much better rank than the scores above it, nor a much worse one than those below. The
  // bounds depend on the score only: computed once per traced score.
  const bounds = new Map(
    traced.map((t, i) => {
      const above = traced.slice(Math.max(0, i - 3), i).map((q) => q.rank)
      const below = traced.slice(i + 1, i + 4).map((q) => q.rank)
      if (above.length + below.length < 2) return [t.score, undefined] as const
      return [t.score, { a: above.length ? median(above) : 0, b: below.length ? median(below) : 0 }] as const
    }),
  )
  const consistent = (p: ScoreRankPair): boolean => {
    const bound = bounds.get(p.score)
    if (!bound) return true
    const { a, b } = bound
    // The top ranks move by large factors within a few points: not judged there.
    if (Math.max(p.rank, a, b) < STEEP_TOP) return true
    return p.rank * OUTLIER_FACTOR >= a && (b === 0 || p.rank <= b * OUTLIER_FACTOR)
  }
  const points = tracedBy(valid.filter(consistent))
  if (points.length < MIN_POINTS) return undefined
  return (score: number) => {
    // The first point at or below the score (binary search over descending scores).
    let lo = 0
    let hi = points.length - 1
    if (score > (points[0] as ScoreRankPair).score || score < (points[hi] as ScoreRankPair).score)
      return undefined
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((points[mid] as ScoreRankPair).score <= score) hi = mid
      else lo = mid + 1
    }
    const below = points[lo] as ScoreRankPair
    if (below.score === score) return below.rank
    const above = points[lo - 1] as ScoreRankPair
    if (above.score - below.score > MAX_GAP) return undefined
    const t = (above.score - score) / (above.score - below.score)
    return Math.round(Math.exp(Math.log(above.rank) + t * (Math.log(below.rank) - Math.log(above.rank))))
  }
}

/** One rank per score, the median of the lines at that score; scores descending. */
function tracedBy(pairs: readonly ScoreRankPair[]): ScoreRankPair[] {
  const byScore = new Map<number, number[]>()
  for (const p of pairs) {
    const ranks = byScore.get(p.score)
    if (ranks) ranks.push(p.rank)
    else byScore.set(p.score, [p.rank])
  }
  return [...byScore]
    .map(([score, ranks]) => ({ score, rank: median(ranks) }))
    .sort((a, b) => b.score - a.score)
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] as number
}

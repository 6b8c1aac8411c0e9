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

/** The curve of one year and category, or undefined when too few pairs trace it. */
export function rankCurve(
  pairs: readonly ScoreRankPair[],
): ((score: number) => number | undefined) | undefined {
  const byScore = new Map<number, number[]>()
  for (const p of pairs) {
    if (!(p.rank > 0) || !Number.isFinite(p.score)) continue
    const list = byScore.get(p.score) ?? []
    list.push(p.rank)
    byScore.set(p.score, list)
  }
  if (byScore.size < MIN_POINTS) return undefined
  // One rank per score, the median of the lines at that score; scores descending.
  const points = [...byScore]
    .map(([score, ranks]) => {
      const sorted = ranks.sort((a, b) => a - b)
      return { score, rank: sorted[Math.floor((sorted.length - 1) / 2)] as number }
    })
    .sort((a, b) => b.score - a.score)
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

import type { MergedRow } from './merge.js'
import { isOrdinarySubject } from './normalize.js'
import type { RankLookup, RankTable } from './ranks.js'

/**
 * Ranks agree with their own tables: a rank stored on a row (published or derived, whichever source gave it) lies in
 * the band that the row's province, year and category 一分一段 table gives its score, give or take
 * RANK_BAND_TOLERANCE points of score. Run on the merged rows, so it holds for the final table whatever source the
 * rank came from; `gaokao datasets validate` checks the same rule (rules.ts `rank_band`).
 *
 * Measured on the shipped plans (2026-11, 535,637 ranked rows of ordinary categories with a table; bands by
 * RankTable.bandOf): 532,965 fit exactly; of the 1,788 that do not, the score whose band holds the rank is 1
 * point away for 1,274 (32 tables: 湖南 2024 and 广西 2024 ranks 50-300 places behind their score's band, the rank
 * of the score one lower, i.e. a 1-point 加分 or the table's tie convention; 广东 2023-2025 ranks 1-5 places past
 * the band's end), and then the count falls to a thin tail with no second peak: 16 rows at 2 points, 11 at 3, 9 at
 * 4 ... up to 357 points (河南 2025 历史类 600 carrying 物理类's rank 45887, 70 points off). A tolerance in
 * places would not fit both ends of a table (one point is 1-2 places at the top and 1,800 in the middle), so it is
 * in points: the ranks of the scores s - 1 .. s + 1 are accepted. A rank of another category, year or a typo lands
 * thousands of places (≥ 2 points) away and is caught.
 */
export const RANK_BAND_TOLERANCE = 1

/** Rows the check changed, by the source id that gave the rank (MergedRow.rankSource). */
export interface RankBandStats {
  /** points of score either side of the row's own score whose ranks are accepted */
  tolerance: number
  /** rank replaced by the rank of the score in the row's own table (rank_derived = true) */
  fixed: Record<string, number>
  /** rank dropped: its table gives no rank for the score (outside the table) */
  cleared: Record<string, number>
}

/** True when `rank` lies in the ranks `table` gives the scores score - tolerance .. score + tolerance. */
export function rankFitsBand(
  table: RankTable,
  score: number,
  rank: number,
  tolerance = RANK_BAND_TOLERANCE,
): boolean {
  const upper = table.bandOf(score + tolerance)
  const lower = table.bandOf(score - tolerance)
  return upper !== null && lower !== null && rank >= upper.lo && rank <= lower.hi
}

/**
 * Checks every merged row with a score and a rank in an ordinary category whose year has a 一分一段 table: the rank
 * must fit (rankFitsBand) one of the year's own tables for the row — the ordinary one, the 专科 one for a 专科 row
 * and the 区外 one for a school outside the province (as isOutcomeOfYearBefore). A row that fits none is fixed from
 * the table the builder derives ranks from (the rank of its score, rank_derived) or, when that table gives its
 * score no rank (above the top or below the last row), loses its rank. Rows are changed in place.
 */
export function enforceRankBands(
  rows: readonly MergedRow[],
  lookup: RankLookup,
  schoolProvince: (sid: number) => string | undefined,
): RankBandStats {
  const stats: RankBandStats = { tolerance: RANK_BAND_TOLERANCE, fixed: {}, cleared: {} }
  for (const m of rows) {
    if (m.min === null || m.minSection === null || !isOrdinarySubject(m.subjectType)) continue
    const outside = schoolProvince(m.sid) !== m.province
    const own = lookup(m.province, m.year, m.subjectType, m.level, outside)
    const tables = [
      own,
      lookup(m.province, m.year, m.subjectType, m.level),
      lookup(m.province, m.year, m.subjectType, '本科'),
    ].filter((t): t is RankTable => t !== null)
    if (tables.length === 0) continue
    const { min, minSection } = m
    if (tables.some((t) => rankFitsBand(t, min, minSection))) continue
    const source = m.rankSource ?? '?'
    const rank = (own ?? (tables[0] as RankTable)).rankOf(min)
    if (rank !== null) {
      m.minSection = rank
      m.rankDerived = true
      stats.fixed[source] = (stats.fixed[source] ?? 0) + 1
    } else {
      m.minSection = null
      m.rankDerived = false
      stats.cleared[source] = (stats.cleared[source] ?? 0) + 1
    }
  }
  return stats
}

/** The build summary's line. */
export function rankBandsLine(s: RankBandStats): string {
  const list = (r: Record<string, number>) => {
    const total = Object.values(r).reduce((a, b) => a + b, 0)
    const parts = Object.entries(r)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k} ${v}`)
    return parts.length ? `${total} (${parts.join(', ')})` : '0'
  }
  return `plans ranks outside their own 一分一段 band (±${s.tolerance} 分): fixed from the table ${list(s.fixed)}, cleared ${list(s.cleared)}`
}

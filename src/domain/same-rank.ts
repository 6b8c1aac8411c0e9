import type { ScoreRankRow } from './rank.js'

/**
 * 同位分: the score that held the same rank in another year's 一分一段 table. Counsellors compare a candidate's
 * score with earlier years' lines through it: a rank is comparable across years, a score is not (the papers
 * differ). Pure.
 */

export type SameRank =
  /** The row where the rank falls: a score, or a band (657-750) when the table groups its top */
  | { found: true; score: string; scoreLow: number; scoreHigh: number; total: number }
  /** The table stops before that rank (江苏 publishes down to the 本科 line only) */
  | { found: false; lastScore: string; lastTotal: number }

/**
 * The row of a table (highest score first) at which the cumulative count first reaches `rank`: the lowest score
 * a candidate of that rank had that year. Undefined for an empty table.
 */
export function scoreAtRank(
  rows: readonly (ScoreRankRow & { score: string })[],
  rank: number,
): SameRank | undefined {
  const last = rows[rows.length - 1]
  if (!last) return undefined
  const row = rows.find((r) => r.total >= rank)
  if (!row) return { found: false, lastScore: last.score, lastTotal: last.total }
  return { found: true, score: row.score, scoreLow: row.scoreLow, scoreHigh: row.scoreHigh, total: row.total }
}

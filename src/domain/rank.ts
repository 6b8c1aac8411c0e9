/** One row of a 一分一段 table: the candidates scoring within [scoreLow, scoreHigh] and the cumulative rank. */
export interface ScoreRankRow {
  scoreLow: number
  scoreHigh: number
  num: number
  total: number
}

/** SPEC 2.4 `my_seating`: how many share the score, and the rank interval of those candidates. */
export interface Seating {
  evenNum: number
  rankFrom: number
  rankTo: number
}

/**
 * Where a score stands in a table ordered from the highest score down.
 *
 * - Inside a row (or a band such as 695-750): the row's candidates, ranks total-num+1 .. total.
 * - Between two rows, or above the first row: nobody had that score; the candidate would be ranked right after
 *   everyone above, so even_num is 0 and the interval is one rank.
 * - Below the last row: the table does not say, and undefined is returned rather than a guess.
 */
export function seatingOf(rows: readonly ScoreRankRow[], score: number): Seating | undefined {
  let above = 0
  for (const row of rows) {
    if (score > row.scoreHigh) return { evenNum: 0, rankFrom: above + 1, rankTo: above + 1 }
    if (score >= row.scoreLow) {
      const rankFrom = row.total - row.num + 1
      return { evenNum: row.num, rankFrom, rankTo: Math.max(row.total, rankFrom) }
    }
    above = row.total
  }
  return undefined
}

/** `<from>~<to>`, the spec's rank-interval notation. */
export const formatSeatingSec = (s: Seating): string => `${s.rankFrom}~${s.rankTo}`

/** Parses a score cell: `612` or a band `695-750`. */
export function parseScoreCell(cell: string): { low: number; high: number } | undefined {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(cell)
  if (!m) return undefined
  const low = Number(m[1])
  const high = m[2] === undefined ? low : Number(m[2])
  return high >= low ? { low, high } : undefined
}

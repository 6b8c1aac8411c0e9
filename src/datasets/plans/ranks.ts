import type { RankRow } from '../types.js'

/**
 * Rank of a lowest admitted score from that year's 一分一段 table (score_ranks), for records that publish a score
 * but no rank:
 * - the score's row (a single score, or a band that contains it) gives its cumulative total: the rank of the last
 *   candidate with that score = the number of candidates at or above it;
 * - a score between two rows (no candidate had it) gives the total of the row above (candidates above it);
 * - a score above the table's top or below its last row gives no rank (the table does not say).
 */
export interface RankTableSlice {
  province: string
  year: number
  km: string
  level: string
  rows: readonly RankRow[]
}

export type RankLookup = (
  province: string,
  year: number,
  km: string,
  level: '本科' | '专科',
  /** the school is outside the province (广西 2025 publishes a 区外 table for those schools) */
  outside?: boolean,
) => RankTable | null

export class RankTable {
  /** rows by descending score_low */
  private readonly rows: readonly RankRow[]

  constructor(rows: readonly RankRow[]) {
    this.rows = [...rows].sort((a, b) => b.scoreLow - a.scoreLow)
  }

  rankOf(score: number): number | null {
    const at = this.rowIndex(score)
    if (at === null) return null
    const row = this.rows[at] as RankRow
    if (score <= row.scoreHigh) return row.total
    // in a gap below the row above: candidates at or above the score are those of the rows above
    const above = this.rows[at - 1]
    return above ? above.total : null
  }

  /** The first row (highest score first) whose score_low <= score; null above the top or below the last row. */
  private rowIndex(score: number): number | null {
    const rows = this.rows
    const top = rows[0]
    const last = rows[rows.length - 1]
    if (!top || !last) return null
    if (score > top.scoreHigh || score < last.scoreLow) return null
    let lo = 0
    let hi = rows.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((rows[mid] as RankRow).scoreLow <= score) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  /**
   * The ranks this table gives a score, [lo, hi]: the candidates of the score's row (a row of nobody, num 0, its
   * total); in a gap between rows (nobody had the score) the total of the row above; above the top row the top
   * row's (1..its total: tables open with a "X 及以上" row written as X); below the last row the last row's first
   * candidate and everyone after it (hi Infinity). Null for an empty table. As the score falls, lo and hi never
   * fall, so the ranks of the scores s - d .. s + d are [bandOf(s + d).lo, bandOf(s - d).hi].
   */
  bandOf(score: number): { lo: number; hi: number } | null {
    const rows = this.rows
    const top = rows[0]
    const last = rows[rows.length - 1]
    if (!top || !last) return null
    const first = (row: RankRow) => (row.num > 0 ? row.total - row.num + 1 : row.total)
    if (score > top.scoreHigh) return { lo: 1, hi: top.total }
    if (score < last.scoreLow) return { lo: first(last), hi: Number.POSITIVE_INFINITY }
    const at = this.rowIndex(score) as number
    const row = this.rows[at] as RankRow
    if (score <= row.scoreHigh) return { lo: first(row), hi: row.total }
    const above = this.rows[at - 1] as RankRow
    return { lo: above.total, hi: above.total }
  }

  /**
   * True when a published (score, rank) pair is one this table could give: the score is in a row and the rank is
   * one of that row's candidates (after the rows above it, at most its cumulative total).
   */
  fits(score: number, rank: number): boolean {
    const at = this.rowIndex(score)
    const row = at === null ? undefined : (this.rows[at] as RankRow)
    return row !== undefined && score <= row.scoreHigh && rank > row.total - row.num && rank <= row.total
  }
}

/**
 * A lookup over score_ranks tables: (province, year, category) → table; for 专科 records the province's separate
 * 专科 table (广东's level '专科') when there is one; for a school outside the province its 区外 table (广西 2025:
 * scores without the regional bonus) when there is one; else the ordinary table.
 */
export function rankLookup(slices: readonly RankTableSlice[]): RankLookup {
  const byKey = new Map<string, RankTable>()
  for (const s of slices) byKey.set(`${s.province}|${s.year}|${s.km}|${s.level}`, new RankTable(s.rows))
  return (province, year, km, level, outside = false) => {
    const base = `${province}|${year}|${km}|`
    if (level === '专科') {
      const voc = byKey.get(`${base}专科`)
      if (voc) return voc
    }
    if (outside) {
      const out = byKey.get(`${base}区外`)
      if (out) return out
    }
    return byKey.get(base) ?? null
  }
}

import type { RankRow, Violation } from '../types.js'

/** A row as checked: the table's rows in order, optionally with the seq column they will carry. */
export type CheckedRow = RankRow & { seq?: number }

/**
 * Checks one score-to-rank table (rows in table order, highest score first) and returns every
 * violation found; an empty list means the table passes. Pure: no I/O, no mutation.
 *
 * Rules:
 * - rows: the table has at least one row.
 * - seq: when rows carry seq, it runs 1..n.
 * - integer: every number is an integer.
 * - range: 0 <= score_low <= score_high <= fullScore.
 * - num: num >= 0.
 * - descending: score_low strictly below the row above's score_low.
 * - overlap: score_high strictly below the row above's score_low (bands do not overlap).
 * - cumulative: total = total of the row above + num; the first row has total = num.
 */
export function checkScoreRanks(rows: readonly CheckedRow[], fullScore: number): Violation[] {
  const out: Violation[] = []
  if (rows.length === 0) {
    out.push({ rule: 'rows', seq: 0, message: 'table has no rows' })
    return out
  }
  let prev: CheckedRow | undefined
  rows.forEach((row, i) => {
    const seq = i + 1
    if (row.seq !== undefined && row.seq !== seq) {
      out.push({ rule: 'seq', seq, message: `seq is ${row.seq}, expected ${seq}` })
    }
    const nums = [row.scoreLow, row.scoreHigh, row.num, row.total]
    if (!nums.every((n) => Number.isInteger(n))) {
      out.push({ rule: 'integer', seq, message: `non-integer value in ${JSON.stringify(nums)}` })
    }
    if (!(row.scoreLow >= 0 && row.scoreLow <= row.scoreHigh && row.scoreHigh <= fullScore)) {
      out.push({
        rule: 'range',
        seq,
        message: `score ${row.scoreLow}-${row.scoreHigh} outside 0..${fullScore} or inverted`,
      })
    }
    if (!(row.num >= 0)) out.push({ rule: 'num', seq, message: `num ${row.num} is negative` })
    if (prev === undefined) {
      if (row.total !== row.num) {
        out.push({ rule: 'cumulative', seq, message: `first row total ${row.total} != num ${row.num}` })
      }
    } else {
      if (!(row.scoreLow < prev.scoreLow)) {
        out.push({
          rule: 'descending',
          seq,
          message: `score ${row.scoreLow} not below the row above (${prev.scoreLow})`,
        })
      } else if (!(row.scoreHigh < prev.scoreLow)) {
        out.push({
          rule: 'overlap',
          seq,
          message: `band ${row.scoreLow}-${row.scoreHigh} overlaps the row above (from ${prev.scoreLow})`,
        })
      }
      if (row.total !== prev.total + row.num) {
        out.push({
          rule: 'cumulative',
          seq,
          message: `total ${row.total} != ${prev.total} + ${row.num} at score ${row.scoreLow}`,
        })
      }
    }
    prev = row
  })
  return out
}

/** One-line summary of violations for reports: rule counts and the first message. */
export function summarizeViolations(v: readonly Violation[]): string {
  if (v.length === 0) return 'ok'
  const counts = new Map<string, number>()
  for (const x of v) counts.set(x.rule, (counts.get(x.rule) ?? 0) + 1)
  const parts = [...counts].map(([rule, n]) => `${rule} x${n}`)
  return `${parts.join(', ')}; first: row ${v[0]?.seq}: ${v[0]?.message}`
}

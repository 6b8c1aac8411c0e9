import { checkScoreRanks, summarizeViolations } from './checks/score-ranks.js'
import { PRIORITY } from './sources/index.js'
import { applyTopBand } from './top-band.js'
import type { CandidateTable, RankRow, SliceKey, SourceId, Violation } from './types.js'

/** A candidate after the top-band rule, with the checks' verdict. */
export interface PreparedTable extends CandidateTable {
  violations: Violation[]
}

/** Minimum number of common scores for two tables to count as agreeing "on every common score". */
export const MIN_COMMON = 10

export function sliceKey(k: SliceKey): string {
  return `${k.province}|${k.year}|${k.km}|${k.level}`
}

/** Applies the top-band rule (noting it as a repair when it changes the first row) and runs the checks. */
export function prepare(c: CandidateTable, fullScore: number): PreparedTable {
  const rows = applyTopBand(c.rows, fullScore)
  const repairs = [...c.repairs]
  const a = c.rows[0]
  const b = rows[0]
  if (a && b && (a.scoreHigh !== b.scoreHigh || a.num !== b.num)) {
    repairs.push(
      `top band: first row starts mid-table (total ${b.total} > count ${a.num}) → ${b.scoreLow}-${b.scoreHigh}`,
    )
  }
  return { ...c, rows, repairs, violations: checkScoreRanks(rows, fullScore) }
}

/** total at each row's score_low: the number of candidates with a score >= that score. */
export function totalsByScore(rows: readonly RankRow[]): Map<number, number> {
  const m = new Map<number, number>()
  for (const r of rows) if (!m.has(r.scoreLow)) m.set(r.scoreLow, r.total)
  return m
}

export interface Comparison {
  common: number
  agree: number
}

export function compareTotals(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): Comparison {
  let common = 0
  let agree = 0
  for (const [score, total] of a) {
    const other = b.get(score)
    if (other === undefined) continue
    common++
    if (other === total) agree++
  }
  return { common, agree }
}

export function fullyAgree(c: Comparison): boolean {
  return c.common >= MIN_COMMON && c.agree === c.common
}

export type ResolutionRule = 'single' | 'agreement' | 'majority' | 'priority'

export interface Alternative {
  source: SourceId
  sourceFile: string
  rows: number
  /** common scores with the shipped table, and how many of them carry the same total */
  commonScores: number
  agreeing: number
  /** set when the candidate failed the checks */
  rejected?: string
}

export interface Resolution extends SliceKey {
  chosen: PreparedTable
  rule: ResolutionRule
  /** human-readable reason for the choice */
  reason: string
  alternatives: Alternative[]
}

/** Rows that hold at least one candidate: the completeness measure among agreeing tables. */
export function informativeRows(t: { rows: readonly RankRow[] }): number {
  return t.rows.filter((r) => r.num > 0).length
}

function priorityOf(s: SourceId): number {
  const i = PRIORITY.indexOf(s)
  return i < 0 ? PRIORITY.length : i
}

/**
 * Chooses the table to ship among the candidates of one slice (all with the same key).
 * Returns null when no candidate passes the checks.
 */
export function resolveSlice(cands: readonly PreparedTable[]): Resolution | null {
  const passing = cands.filter((c) => c.violations.length === 0)
  if (passing.length === 0) return null
  const totals = new Map(cands.map((c) => [c, totalsByScore(c.rows)]))
  const cmp = (a: PreparedTable, b: PreparedTable) =>
    compareTotals(totals.get(a) as Map<number, number>, totals.get(b) as Map<number, number>)
  const byPriority = (a: PreparedTable, b: PreparedTable) => priorityOf(a.source) - priorityOf(b.source)

  let chosen: PreparedTable
  let rule: ResolutionRule
  let reason: string
  if (passing.length === 1) {
    chosen = passing[0] as PreparedTable
    rule = 'single'
    reason = 'only candidate passing the checks'
  } else {
    const agreeing = new Map(passing.map((c) => [c, passing.filter((o) => o !== c && fullyAgree(cmp(c, o)))]))
    const best = Math.max(...[...agreeing.values()].map((v) => v.length))
    if (best >= 1) {
      // Among the members of the largest agreeing group: the most complete table (most rows holding
      // candidates; zero-count rows carry no information), then priority.
      const top = passing
        .filter((c) => (agreeing.get(c) as PreparedTable[]).length === best)
        .sort((a, b) => informativeRows(b) - informativeRows(a) || byPriority(a, b))
      chosen = top[0] as PreparedTable
      rule = 'agreement'
      const group = [chosen, ...(agreeing.get(chosen) as PreparedTable[])].map((c) => c.source)
      reason = `${group.join('=')} agree on every common score; ${chosen.source} is the most complete (then priority)`
    } else {
      const score = new Map(
        passing.map((c) => [c, passing.filter((o) => o !== c).reduce((s, o) => s + cmp(c, o).agree, 0)]),
      )
      const max = Math.max(...score.values())
      const top = passing.filter((c) => score.get(c) === max).sort(byPriority)
      chosen = top[0] as PreparedTable
      rule = top.length > 1 ? 'priority' : 'majority'
      reason =
        top.length > 1
          ? `no agreement; tie at ${max} agreeing scores, broken by priority`
          : `no full agreement; agrees with the others at the most common scores (${max})`
    }
  }
  const alternatives: Alternative[] = cands
    .filter((c) => c !== chosen)
    .sort(byPriority)
    .map((c) => {
      const k = cmp(chosen, c)
      const alt: Alternative = {
        source: c.source,
        sourceFile: c.sourceFile,
        rows: c.rows.length,
        commonScores: k.common,
        agreeing: k.agree,
      }
      if (c.violations.length > 0) alt.rejected = summarizeViolations(c.violations)
      return alt
    })
  return {
    province: chosen.province,
    year: chosen.year,
    km: chosen.km,
    level: chosen.level,
    chosen,
    rule,
    reason,
    alternatives,
  }
}

/**
 * The agreement bar: wherever two candidates agree with each other at a score, the shipped table must
 * carry the same total there (where it has that score). Returns the scores that break it.
 */
export function agreementBreaks(
  shipped: readonly RankRow[],
  cands: readonly { source: string; rows: readonly RankRow[] }[],
): { score: number; sources: string; theirs: number; shipped: number }[] {
  const ship = totalsByScore(shipped)
  const maps = cands.map((c) => ({ source: c.source, m: totalsByScore(c.rows) }))
  const out: { score: number; sources: string; theirs: number; shipped: number }[] = []
  for (let i = 0; i < maps.length; i++) {
    for (let j = i + 1; j < maps.length; j++) {
      const a = maps[i] as (typeof maps)[number]
      const b = maps[j] as (typeof maps)[number]
      for (const [score, total] of a.m) {
        if (b.m.get(score) !== total) continue
        const s = ship.get(score)
        if (s !== undefined && s !== total)
          out.push({ score, sources: `${a.source}=${b.source}`, theirs: total, shipped: s })
      }
    }
  }
  return out
}

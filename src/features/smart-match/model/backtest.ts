import type { ListItem, TieredList } from './assemble.js'
import type { Option } from './options.js'
import { TIERS, type TierName } from './strategies.js'

/**
 * Scoring a generated list against what the year actually admitted: an item "would have admitted" the candidate
 * when the candidate's rank is at or better than the option's actual lowest admitted rank of that year.
 */

/** What the year admitted, by menu row: the rows of the year with an outcome. */
export interface ActualRow {
  id: number
  sid: number
  group: string
  name: string
  rank: number
  level: 'major' | 'group' | 'school'
}

export interface ActualIndex {
  byId: Map<number, ActualRow>
  groups: Map<string, number>
  schools: Map<number, number>
  /** highest lowest rank of any row of a school */
  schoolMax: Map<number, number>
}

export function indexActual(rows: readonly ActualRow[]): ActualIndex {
  const index: ActualIndex = { byId: new Map(), groups: new Map(), schools: new Map(), schoolMax: new Map() }
  const max = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, Math.max(m.get(k) ?? 0, v))
  for (const r of rows) {
    index.byId.set(r.id, r)
    if (r.level === 'group') max(index.groups, `${r.sid}|${r.group}`, r.rank)
    if (r.level === 'school') max(index.schools, r.sid, r.rank)
    else max(index.schoolMax, r.sid, r.rank)
  }
  return index
}

/**
 * The option's actual lowest rank: a major's own row; a group's own row, else the highest of its majors'; a
 * school's own row, else the highest of all its rows. Undefined when the year published nothing for it.
 */
export function actualLowestRank(option: Option, actual: ActualIndex): number | undefined {
  if (option.granularity === 'major') {
    const row = option.majors[0] && actual.byId.get(option.majors[0].row.id)
    return row?.level === 'major' ? row.rank : undefined
  }
  if (option.granularity === 'group') {
    const own = actual.groups.get(`${option.sid}|${option.group}`)
    if (own !== undefined) return own
    const ranks = option.majors
      .map((m) => actual.byId.get(m.row.id))
      .filter((r): r is ActualRow => r?.level === 'major')
      .map((r) => r.rank)
    if (ranks.length) return Math.max(...ranks)
    // A school without named groups is one unnamed group: its line is the school's.
    return option.group === ''
      ? (actual.schools.get(option.sid) ?? actual.schoolMax.get(option.sid))
      : undefined
  }
  return actual.schools.get(option.sid) ?? actual.schoolMax.get(option.sid)
}

export interface TierScore {
  /** Items listed */
  items: number
  /** Items with an actual outcome to compare with */
  compared: number
  /** Of those, items whose actual lowest rank would have admitted the candidate */
  admitted: number
  /** candidate rank / actual lowest rank, per compared item */
  ratios: number[]
}

export type BacktestScore = Record<TierName, TierScore>

export const emptyScore = (): BacktestScore => ({
  chong: { items: 0, compared: 0, admitted: 0, ratios: [] },
  wen: { items: 0, compared: 0, admitted: 0, ratios: [] },
  bao: { items: 0, compared: 0, admitted: 0, ratios: [] },
})

export function scoreList(list: TieredList, rank: number, actual: ActualIndex, into: BacktestScore): void {
  for (const tier of TIERS) {
    for (const item of list[tier] as ListItem[]) {
      const s = into[tier]
      s.items++
      const lowest = actualLowestRank(item.classified.option, actual)
      if (lowest === undefined) continue
      s.compared++
      if (rank <= lowest) s.admitted++
      s.ratios.push(rank / lowest)
    }
  }
}

export function mergeScores(a: BacktestScore, b: BacktestScore): BacktestScore {
  const out = emptyScore()
  for (const t of TIERS) {
    out[t] = {
      items: a[t].items + b[t].items,
      compared: a[t].compared + b[t].compared,
      admitted: a[t].admitted + b[t].admitted,
      ratios: [...a[t].ratios, ...b[t].ratios],
    }
  }
  return out
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined
  const s = [...values].sort((x, y) => x - y)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** `n` candidate ranks evenly spread over [from, to] (the midpoints of n equal slices): deterministic. */
export function sampleRanks(from: number, to: number, n: number): number[] {
  if (n <= 0 || to < from) return []
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push(Math.max(1, Math.round(from + ((i + 0.5) * (to - from)) / n)))
  return [...new Set(out)]
}

/** The bar of the brief: 保 ≥ 93 %, 稳 in [50 %, 90 %], 冲 in [10 %, 50 %], 保's median overshoot > 0.5. */
export interface BarCheck {
  pass: boolean
  failures: string[]
}

export function checkBar(score: BacktestScore): BarCheck {
  const rate = (t: TierName) => (score[t].compared ? score[t].admitted / score[t].compared : Number.NaN)
  const failures: string[] = []
  const bao = rate('bao')
  const wen = rate('wen')
  const chong = rate('chong')
  if (!(bao >= 0.93)) failures.push(`保 ${fmtPct(bao)} < 93%`)
  if (!(wen >= 0.5 && wen <= 0.9)) failures.push(`稳 ${fmtPct(wen)} 不在 50%-90%`)
  if (!(chong >= 0.1 && chong <= 0.5)) failures.push(`冲 ${fmtPct(chong)} 不在 10%-50%`)
  const over = median(score.bao.ratios)
  if (!(over !== undefined && over > 0.5)) failures.push(`保 中位比值 ${over?.toFixed(2) ?? '-'} ≤ 0.5`)
  return { pass: failures.length === 0, failures }
}

export const fmtPct = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`)

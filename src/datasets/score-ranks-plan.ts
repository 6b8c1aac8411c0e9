import { PROVINCES } from '../domain/provinces.js'
import { checkScoreRanks, summarizeViolations } from './checks/score-ranks.js'
import { kmOrder, provinceOf, scoreLabel } from './normalize.js'
import { type PreparedTable, prepare, type Resolution, resolveSlice, sliceKey } from './resolve.js'
import { pushTo } from './sources/files.js'
import { ADAPTERS } from './sources/index.js'
import type { Exclusion, SliceKey, SourceId } from './types.js'

/** The score_ranks build, step by step: load candidates from every adapter, resolve each slice, check. */

export interface ProgressEvent {
  table: string
  step: string
  done: number
  total: number
  /** in a build of several tables: this table's place in the order (from 0), and how many there are */
  index?: number
  of?: number
}

export interface SliceSummary extends SliceKey {
  rows: number
  source: SourceId
}

export interface SliceRejection extends SliceKey {
  source: SourceId
  sourceFile: string
  /** 'excluded': a documented exclusion in an adapter; 'failed-checks': the table broke a check */
  kind: 'excluded' | 'failed-checks'
  reason: string
  /** the source shipped for this slice instead, or null when the slice has no table */
  fallback: SourceId | null
}

export interface ConflictSummary extends SliceKey {
  chosen: SourceId
  rule: Resolution['rule']
  reason: string
  others: { source: SourceId; commonScores: number; agreeing: number; rejected?: string }[]
}

const provinceIndex = new Map(PROVINCES.map((p, i) => [p.name, i]))

/** Deterministic slice order: province (PROVINCES order), year, km (ordinary first), level ('' first). */
export function compareSlices(a: SliceKey, b: SliceKey): number {
  return (
    (provinceIndex.get(a.province) ?? 99) - (provinceIndex.get(b.province) ?? 99) ||
    a.year - b.year ||
    kmOrder(a.km, b.km) ||
    (a.level < b.level ? -1 : a.level > b.level ? 1 : 0)
  )
}

export interface LoadedCandidates {
  candidates: PreparedTable[]
  excluded: Exclusion[]
}

/**
 * Runs every adapter over `from` and prepares its tables (top-band rule, checks). Candidates that
 * fail the checks are returned too, with their violations.
 */
export async function loadCandidates(
  from: string,
  onProgress?: (e: ProgressEvent) => void,
  sources?: readonly SourceId[],
): Promise<LoadedCandidates> {
  const adapters = ADAPTERS.filter((a) => !sources || sources.includes(a.id))
  const candidates: PreparedTable[] = []
  const excluded: Exclusion[] = []
  let done = 0
  for (const adapter of adapters) {
    onProgress?.({ table: 'score_ranks', step: `load ${adapter.id}`, done, total: adapters.length })
    const r = await adapter.load(from)
    for (const c of r.candidates) candidates.push(prepare(c, provinceOf(c.province).fullScore))
    excluded.push(...r.excluded)
    done++
  }
  onProgress?.({ table: 'score_ranks', step: 'loaded', done, total: adapters.length })
  return { candidates, excluded }
}

export interface ScoreRanksPlan {
  resolutions: Resolution[]
  rejected: SliceRejection[]
  conflicts: ConflictSummary[]
}

/** Groups candidates by slice and resolves each; pure apart from the inputs. */
export function planScoreRanks(loaded: LoadedCandidates): ScoreRanksPlan {
  const bySlice = new Map<string, PreparedTable[]>()
  for (const c of loaded.candidates) {
    const k = sliceKey(c)
    pushTo(bySlice, k, c)
  }
  const resolutions: Resolution[] = []
  const chosenBySlice = new Map<string, SourceId>()
  for (const list of bySlice.values()) {
    const r = resolveSlice(list)
    if (r) {
      resolutions.push(r)
      chosenBySlice.set(sliceKey(r), r.chosen.source)
    }
  }
  resolutions.sort(compareSlices)
  const rejected: SliceRejection[] = []
  for (const c of loaded.candidates) {
    if (c.violations.length === 0) continue
    rejected.push({
      province: c.province,
      year: c.year,
      km: c.km,
      level: c.level,
      source: c.source,
      sourceFile: c.sourceFile,
      kind: 'failed-checks',
      reason: summarizeViolations(c.violations),
      fallback: chosenBySlice.get(sliceKey(c)) ?? null,
    })
  }
  for (const e of loaded.excluded) {
    rejected.push({
      province: e.province,
      year: e.year,
      km: e.km,
      level: e.level,
      source: e.source,
      sourceFile: e.sourceFile,
      kind: 'excluded',
      reason: e.reason,
      fallback: chosenBySlice.get(sliceKey(e)) ?? null,
    })
  }
  rejected.sort(
    (a, b) =>
      compareSlices(a, b) ||
      (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) ||
      (a.sourceFile < b.sourceFile ? -1 : a.sourceFile > b.sourceFile ? 1 : 0),
  )
  const conflicts: ConflictSummary[] = resolutions
    .filter((r) => r.alternatives.some((a) => a.rejected || a.agreeing !== a.commonScores))
    .map((r) => ({
      province: r.province,
      year: r.year,
      km: r.km,
      level: r.level,
      chosen: r.chosen.source,
      rule: r.rule,
      reason: r.reason,
      others: r.alternatives.map((a) => {
        const o: ConflictSummary['others'][number] = {
          source: a.source,
          commonScores: a.commonScores,
          agreeing: a.agreeing,
        }
        if (a.rejected) o.rejected = a.rejected
        return o
      }),
    }))
  return { resolutions, rejected, conflicts }
}

/** The rows of score_ranks.parquet, in file order. */
export function scoreRankCells(resolutions: readonly Resolution[]): (string | number)[][] {
  const out: (string | number)[][] = []
  for (const r of resolutions) {
    r.chosen.rows.forEach((row, i) => {
      out.push([
        r.province,
        r.year,
        r.km,
        r.level,
        i + 1,
        scoreLabel(row),
        row.scoreLow,
        row.scoreHigh,
        row.num,
        row.total,
        'real',
        r.chosen.source,
      ])
    })
  }
  return out
}

/** Final whole-table checks before writing score_ranks: every slice passes, keys are unique. */
export function checkPlan(resolutions: readonly Resolution[]): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const r of resolutions) {
    const k = sliceKey(r)
    if (seen.has(k)) problems.push(`duplicate table ${k}`)
    seen.add(k)
    const prov = provinceOf(r.province)
    const v = checkScoreRanks(
      r.chosen.rows.map((row, i) => ({ ...row, seq: i + 1 })),
      prov.fullScore,
    )
    if (v.length > 0) problems.push(`${k}: ${summarizeViolations(v)}`)
  }
  return problems
}

/** Coverage lines: tables and provinces per year. */
export function coverageSummary(resolutions: readonly Resolution[]): string[] {
  const byYear = new Map<number, { tables: number; provinces: Set<string>; rows: number }>()
  for (const r of resolutions) {
    const y = byYear.get(r.year) ?? { tables: 0, provinces: new Set<string>(), rows: 0 }
    byYear.set(r.year, y)
    y.tables++
    y.provinces.add(r.province)
    y.rows += r.chosen.rows.length
  }
  return [...byYear]
    .sort((a, b) => a[0] - b[0])
    .map(([year, y]) => {
      const names = PROVINCES.filter((p) => y.provinces.has(p.name)).map((p) => p.name)
      const list = names.length > 12 ? `${names.length} provinces` : names.join(' ')
      return `${year}: ${y.tables} tables, ${y.rows} rows, ${y.provinces.size} provinces (${list})`
    })
}

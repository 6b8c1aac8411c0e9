import { groupKey, majorKey } from './normalize.js'
import type { OutcomeLevel, PlanRecord, PlanSourceId } from './types.js'

/** A record with its school resolved (sid, the schools table's name) and its major matched. */
export interface ResolvedRecord extends PlanRecord {
  sid: number
  /** the school's name in the schools table */
  schoolLabel: string
  majorId: number | null
}

/** One output row while records are merged into it: a record's fields, its kind and where its values came from. */
export interface MergedRow
  extends Pick<
    ResolvedRecord,
    | 'province'
    | 'year'
    | 'sid'
    | 'schoolLabel'
    | 'subjectType'
    | 'batchName'
    | 'localBatchName'
    | 'planType'
    | 'level'
    | 'spname'
    | 'spcode'
    | 'localSchoolCode'
    | 'localSpcode'
    | 'majorId'
    | 'sgCode'
    | 'sgInfos'
    | 'num'
    | 'numUnverified'
    | 'tuition'
    | 'length'
    | 'min'
    | 'minSection'
    | 'rankDerived'
    | 'average'
    | 'max'
  > {
  kind: 'major' | 'group' | 'school'
  /** sources that contributed a value: bit i = sourceOrder[i] */
  sources: number
  /** the source whose record gave min_section (null without one): the rank-bands check counts by it */
  rankSource: PlanSourceId | null
  /** (source, tier) of every record merged in: bit tier * 8 + source index (a double, exact below 2^53) */
  contributors: number
}

const bit = (k: number) => 2 ** k
const hasBit = (mask: number, k: number) => Math.floor(mask / bit(k)) % 2 === 1
/** The source ids whose bit is set in a row's `sources`, in `order`. */
export function sourcesOf(row: MergedRow, order: readonly PlanSourceId[]): PlanSourceId[] {
  return order.filter((_, i) => hasBit(row.sources, i))
}

export interface MergeStats {
  /** records folded into a row of their own source with the same key (duplicates, sub-rows) */
  collapsed: number
  /** records of a lower-priority source merged into a row */
  merged: number
  /** lower-priority records dropped because two or more rows could take them */
  ambiguous: number
  /** lower-priority records whose score, or plan number, differs from the row's (the row's is kept) */
  conflicts: Record<string, number>
}

const kindOf = (r: PlanRecord): MergedRow['kind'] =>
  r.spname !== '' ? 'major' : r.sgCode ? 'group' : 'school'

/** Key across sources: a major by its name (not its group, which some sources omit), a group by its code. */
export function coarseKey(r: PlanRecord & { sid: number }): string {
  const kind = kindOf(r)
  const tail =
    kind === 'major' ? `M|${majorKey(r.spname)}` : kind === 'group' ? `G|${groupKey(r.sgCode)}` : 'S'
  return `${r.province}|${r.year}|${r.sid}|${r.subjectType}|${r.batchName}|${r.planType}|${tail}`
}

/** The key a row is unique on: the coarse key plus the local batch and (for a major) its group. */
export function fullKey(r: PlanRecord & { sid: number }): string {
  return `${coarseKey(r)}|${r.localBatchName}|${kindOf(r) === 'major' ? groupKey(r.sgCode) : ''}`
}

function newRow(r: ResolvedRecord, src: number, who: number): MergedRow {
  return {
    province: r.province,
    year: r.year,
    sid: r.sid,
    schoolLabel: r.schoolLabel,
    subjectType: r.subjectType,
    batchName: r.batchName,
    localBatchName: r.localBatchName,
    planType: r.planType,
    level: r.level,
    kind: kindOf(r),
    spname: r.spname,
    spcode: r.spcode,
    localSchoolCode: r.localSchoolCode ?? null,
    localSpcode: r.localSpcode ?? null,
    majorId: r.majorId,
    sgCode: r.sgCode,
    sgInfos: r.sgInfos,
    num: r.num,
    numUnverified: r.num !== null && r.numUnverified === true,
    tuition: r.tuition,
    length: r.length,
    min: r.min,
    minSection: r.minSection,
    rankDerived: r.minSection !== null && r.rankDerived,
    average: r.average,
    max: r.max,
    sources: bit(src),
    rankSource: r.minSection !== null ? r.source : null,
    contributors: bit(who),
  }
}

/** Plan fields the row lacks, from `r`. True when a value was taken. */
function fillPlan(row: MergedRow, r: ResolvedRecord): boolean {
  let took = false
  if (row.num === null && r.num !== null) {
    row.num = r.num
    row.numUnverified = r.numUnverified === true
    took = true
  }
  if (row.tuition === null && r.tuition !== null) {
    row.tuition = r.tuition
    took = true
  }
  if (row.length === null && r.length !== null) {
    row.length = r.length
    took = true
  }
  if (row.sgInfos === null && r.sgInfos !== null) {
    row.sgInfos = r.sgInfos
    took = true
  }
  if (row.spcode === null && r.spcode !== null) row.spcode = r.spcode
  if (!row.localSchoolCode && r.localSchoolCode) row.localSchoolCode = r.localSchoolCode
  if (!row.localSpcode && r.localSpcode) row.localSpcode = r.localSpcode
  if (row.majorId === null && r.majorId !== null) row.majorId = r.majorId
  if (row.sgCode === null && r.sgCode !== null && row.kind === 'major') row.sgCode = r.sgCode
  return took
}

/** Outcome fields from `r`: all of them when the row has no score; the rank, average and max on an equal score. */
function fillOutcome(row: MergedRow, r: ResolvedRecord): 'took' | 'same' | 'conflict' | 'none' {
  if (r.min === null) return 'none'
  if (row.min === null) {
    row.min = r.min
    row.minSection = r.minSection
    row.rankDerived = r.minSection !== null && r.rankDerived
    row.rankSource = r.minSection !== null ? r.source : null
    row.average = r.average
    row.max = r.max
    return 'took'
  }
  if (row.min !== r.min) return 'conflict'
  let took = false
  if (r.minSection !== null && (row.minSection === null || (row.rankDerived && !r.rankDerived))) {
    row.minSection = r.minSection
    row.rankDerived = r.rankDerived
    row.rankSource = r.source
    took = true
  }
  if (row.average === null && r.average !== null) {
    row.average = r.average
    took = true
  }
  if (row.max === null && r.max !== null) {
    row.max = r.max
    took = true
  }
  return took ? 'took' : 'same'
}

/** Folds a record into a row of its own source and key: the lower score wins the outcome; plan gaps are filled. */
function collapse(row: MergedRow, r: ResolvedRecord): void {
  if (r.min !== null && (row.min === null || r.min < row.min)) {
    row.min = r.min
    row.minSection = r.minSection
    row.rankDerived = r.minSection !== null && r.rankDerived
    row.rankSource = r.minSection !== null ? r.source : null
    row.average = r.average
    row.max = r.max
  } else if (r.min !== null && r.min === row.min) fillOutcome(row, r)
  fillPlan(row, r)
}

/**
 * Merges records into rows. Records are taken best first (tier, then the adapters' order, then their own order);
 * the first source of a key makes the rows, and:
 * - another record of the same source and tier with the same full key is folded in (collapse);
 * - a record of another source or tier goes into the one row of its coarse key whose group agrees (or is
 *   unknown on either side): it fills the plan fields the row lacks, and the outcome when the row has none;
 *   on an equal score it adds a published rank (over a derived one), the average and the max; a different
 *   score or plan number is a conflict and the row's value stays. With two or more candidate rows the record
 *   is dropped (ambiguous), and a record never adds a second row next to another source's rows of its key,
 *   so nothing is counted twice.
 */
export function mergeRecords(
  records: readonly ResolvedRecord[],
  sourceOrder: readonly PlanSourceId[],
): { rows: MergedRow[]; stats: MergeStats } {
  const rank = new Map(sourceOrder.map((s, i) => [s, i]))
  const order = records.map((_, i) => i)
  order.sort((a, b) => {
    const ra = records[a] as ResolvedRecord
    const rb = records[b] as ResolvedRecord
    return ra.tier - rb.tier || (rank.get(ra.source) ?? 99) - (rank.get(rb.source) ?? 99) || a - b
  })
  const byCoarse = new Map<string, MergedRow[]>()
  const byFull = new Map<string, MergedRow>()
  /** the row a record of another source went into, by its source and full key: where its repeats go */
  const mergedTo = new Map<string, MergedRow>()
  const rows: MergedRow[] = []
  const stats: MergeStats = { collapsed: 0, merged: 0, ambiguous: 0, conflicts: {} }
  const conflict = (row: MergedRow, r: ResolvedRecord, what: string) => {
    const first = sourceOrder.find((_, i) => hasBit(row.sources, i)) ?? '?'
    const k = `${what}: ${r.source} vs ${first}`
    stats.conflicts[k] = (stats.conflicts[k] ?? 0) + 1
  }
  for (const i of order) {
    const r = records[i] as ResolvedRecord
    const src = rank.get(r.source) ?? 7
    const who = r.tier * 8 + src
    const ck = coarseKey(r)
    const fk = `${ck}|${r.localBatchName}|${r.spname !== '' ? groupKey(r.sgCode) : ''}`
    const same = byFull.get(fk)
    const list = byCoarse.get(ck) ?? []
    const others = list.filter((row) => !hasBit(row.contributors, who))
    const gk = groupKey(r.sgCode)
    const fits = others.filter((row) => gk === '' || row.sgCode === null || groupKey(row.sgCode) === gk)
    const firstSource = list.every((row) => row.contributors === bit(who))
    const otherGroup = fits.length === 0 && gk !== '' && others.every((row) => row.sgCode !== null)
    // a second copy of a record its source repeats (GP lists some groups twice) goes where the first copy went,
    // into another source's row: not into a row of its own beside it, a phantom copy of the major
    const repeated = mergedTo.get(`${who}|${fk}`)
    if (!same && repeated) {
      mergeInto(repeated, r, src)
      continue
    }
    if (firstSource || otherGroup) {
      // the first source of this key (or a sibling row: another group, another local batch), or a group that
      // the rows of the key do not have
      if (same) {
        if (same.contributors === bit(who)) {
          collapse(same, r)
          stats.collapsed++
        } else stats.ambiguous++
        continue
      }
      const row = newRow(r, src, who)
      rows.push(row)
      byFull.set(fk, row)
      list.push(row)
      byCoarse.set(ck, list)
      continue
    }
    if (fits.length !== 1) {
      stats.ambiguous++
      continue
    }
    const row = fits[0] as MergedRow
    row.contributors += bit(who)
    mergedTo.set(`${who}|${fk}`, row)
    mergeInto(row, r, src)
  }
  return { rows, stats }

  function mergeInto(row: MergedRow, r: ResolvedRecord, src: number): void {
    const plan = r.num !== null && row.num !== null && r.num !== row.num
    if (plan) conflict(row, r, 'plan number')
    const hadGroup = row.sgCode
    const tookPlan = fillPlan(row, r)
    if (hadGroup === null && row.sgCode !== null && row.kind === 'major')
      byFull.set(`${coarseKey(r)}|${row.localBatchName}|${groupKey(row.sgCode)}`, row)
    const out = fillOutcome(row, r)
    if (out === 'conflict') conflict(row, r, 'score')
    if ((tookPlan || out === 'took') && !hasBit(row.sources, src)) row.sources += bit(src)
    stats.merged++
  }
}

/** outcome_level of a merged row: its kind when it has a score, else '' (a plan without an outcome). */
export function outcomeLevel(row: MergedRow): OutcomeLevel {
  return row.min === null ? '' : row.kind
}

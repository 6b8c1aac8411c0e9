import { findProvince } from '../../domain/provinces.js'
import { BATCH_NAMES, PLAN_TYPES, type PlanRow } from './types.js'

export const MIN_YEAR = 2014
export const MAX_YEAR = 2026

export interface PlanViolation {
  rule: 'key' | 'order' | 'num' | 'sid' | 'major' | 'year' | 'province' | 'rank' | 'score' | 'label' | 'id'
  /** 1-based row number (0 for table-level violations) */
  row: number
  message: string
}

/** The columns a plans row is unique on. */
export function planRowKey(r: PlanRow): string {
  return [
    r.province,
    r.year,
    r.sid,
    r.subject_type,
    r.batch_name,
    r.plan_type,
    r.local_batch_name,
    r.sg_name ?? '',
    r.spname,
  ].join('|')
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

/**
 * Checks the plans rows before they are written; an empty list means the table passes. Pure.
 *
 * - key: (province, year, sid, subject_type, batch_name, plan_type, local_batch_name, sg_name, spname) is unique;
 *   id is unique.
 * - order: min <= average <= max where present.
 * - num: a whole number >= -1.
 * - sid: every sid is a school of the schools table; major: every major_id (when set) is a major of the majors table.
 * - year: 2014..2026. province: a known province. rank: min_section > 0 when set.
 * - score: min, average and max are positive whole numbers, at most the province's full score; a rank needs a score;
 *   rank_derived needs a rank.
 * - label: batch_name, plan_type, outcome_level and provenance take their listed values; outcome_level is '' exactly
 *   when there is no score; spname is '' for group and school rows and set for major rows.
 */
export function checkPlans(
  rows: readonly PlanRow[],
  sids: ReadonlySet<number>,
  majorIds: ReadonlySet<number>,
): PlanViolation[] {
  const out: PlanViolation[] = []
  const keys = new Map<string, number>()
  const ids = new Set<number>()
  rows.forEach((r, i) => {
    const row = i + 1
    const v = (rule: PlanViolation['rule'], message: string) => out.push({ rule, row, message })
    const key = planRowKey(r)
    const seen = keys.get(key)
    if (seen !== undefined) v('key', `duplicate key ${key} (row ${seen})`)
    else keys.set(key, row)
    if (ids.has(r.id)) v('id', `duplicate id ${r.id}`)
    ids.add(r.id)
    if (!isInt(r.num) || r.num < -1) v('num', `num ${r.num} is not a whole number >= -1`)
    if (!sids.has(r.sid)) v('sid', `sid ${r.sid} (${r.school_name}) is not in schools`)
    if (r.major_id !== null && !majorIds.has(r.major_id))
      v('major', `major_id ${r.major_id} is not in majors`)
    if (!isInt(r.year) || r.year < MIN_YEAR || r.year > MAX_YEAR)
      v('year', `year ${r.year} outside ${MIN_YEAR}..${MAX_YEAR}`)
    const prov = findProvince(r.province)
    if (prov?.name !== r.province) v('province', `unknown province ${r.province}`)
    if (r.min_section !== null && (!isInt(r.min_section) || r.min_section <= 0))
      v('rank', `min_section ${r.min_section} is not a positive whole number`)
    for (const [name, value] of [
      ['min', r.min],
      ['average', r.average],
      ['max', r.max],
    ] as const) {
      if (value !== null && (!isInt(value) || value <= 0))
        v('score', `${name} ${value} is not a positive whole number`)
      else if (value !== null && prov && value > prov.fullScore)
        v('score', `${name} ${value} above the full score ${prov.fullScore} of ${prov.name}`)
    }
    if (r.min !== null && r.average !== null && r.min > r.average)
      v('order', `min ${r.min} > average ${r.average}`)
    if (r.average !== null && r.max !== null && r.average > r.max)
      v('order', `average ${r.average} > max ${r.max}`)
    if (r.min !== null && r.max !== null && r.min > r.max) v('order', `min ${r.min} > max ${r.max}`)
    if (r.min_section !== null && r.min === null) v('score', 'a rank without a score')
    if (r.rank_derived && r.min_section === null) v('score', 'rank_derived without a rank')
    if (r.num_unverified && r.num < 0) v('score', 'num_unverified without a planned number')
    if (!(BATCH_NAMES as readonly string[]).includes(r.batch_name)) v('label', `batch_name ${r.batch_name}`)
    if (!PLAN_TYPES.includes(r.plan_type)) v('label', `plan_type ${r.plan_type}`)
    if (!['real', 'derived', 'synthetic'].includes(r.provenance)) v('label', `provenance ${r.provenance}`)
    const kind = r.spname !== '' ? 'major' : r.sg_name ? 'group' : 'school'
    if (r.min === null ? r.outcome_level !== '' : r.outcome_level !== kind)
      v(
        'label',
        `outcome_level '${r.outcome_level}' for a ${kind} row ${r.min === null ? 'without' : 'with'} a score`,
      )
  })
  return out
}

/** One line per rule: count and first example. */
export function summarizePlanViolations(v: readonly PlanViolation[]): string[] {
  const byRule = new Map<string, PlanViolation[]>()
  for (const x of v) {
    const list = byRule.get(x.rule) ?? []
    list.push(x)
    byRule.set(x.rule, list)
  }
  return [...byRule].map(([rule, list]) => {
    const first = list[0] as PlanViolation
    return `${rule}: ${list.length} violation(s), first at row ${first.row}: ${first.message}`
  })
}

import { examModeIn } from '../../../domain/provinces.js'
import { provinceOf } from '../../normalize.js'
import type { Drops } from '../drops.js'
import type { PlanRecord } from '../types.js'

/**
 * Provinces that fill 专业(类)+院校 choices (volunteer mode 3, ../shared/data/RULES.md): no 院校专业组, so a
 * group label there is a major number or a batch, never a group.
 */
const MAJOR_PLUS_SCHOOL = new Set(['浙江', '山东', '河北', '辽宁', '重庆', '贵州', '青海'])

/** True when the province admitted by 院校专业组 that year (not in 文理 years, not in 专业+院校 provinces). */
export function acceptsGroups(province: string, year: number): boolean {
  if (MAJOR_PLUS_SCHOOL.has(province)) return false
  return examModeIn(provinceOf(province), year) !== '文理'
}

/** The outcome fields of a plan-only record (a plan book's row: no lowest score, rank, average or max). */
export const PLAN_ONLY = {
  min: null,
  minSection: null,
  rankDerived: false,
  rankBlocked: false,
  average: null,
  max: null,
  outcomeLevel: '',
} as const satisfies Pick<
  PlanRecord,
  'min' | 'minSection' | 'rankDerived' | 'rankBlocked' | 'average' | 'max' | 'outcomeLevel'
>

/**
 * The fields of a published line without a plan (a school's, group's or major's lowest score, and rank where the
 * source gives one): no planned number, tuition, length, average or max. The reverse of PLAN_ONLY.
 */
export function lineOnly(
  min: number,
  minSection: number | null,
  outcomeLevel: 'school' | 'group' | 'major',
  rankDerived = false,
): Pick<
  PlanRecord,
  | 'num'
  | 'tuition'
  | 'length'
  | 'min'
  | 'minSection'
  | 'rankDerived'
  | 'rankBlocked'
  | 'average'
  | 'max'
  | 'outcomeLevel'
> {
  return {
    num: null,
    tuition: null,
    length: null,
    min,
    minSection,
    rankDerived,
    rankBlocked: false,
    average: null,
    max: null,
    outcomeLevel,
  }
}

export interface OutcomeNumbers {
  min: number | null
  average: number | null
  max: number | null
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(String(v).trim())
  return Number.isFinite(n) && n > 0 ? n : null
}

/**
 * The outcome numbers of a record: min and max must be whole (a fractional lowest score is a composite or
 * computed score, not a gaokao total: 'fractional'); the average is rounded to a whole number.
 */
export function outcomeNumbers(min: unknown, average: unknown, max: unknown): OutcomeNumbers | 'fractional' {
  const lo = num(min)
  if (lo !== null && !Number.isInteger(lo)) return 'fractional'
  const hi = num(max)
  const avg = num(average)
  return {
    min: lo,
    average: avg === null ? null : Math.round(avg),
    max: hi !== null && Number.isInteger(hi) ? hi : null,
  }
}

/** Maps a source file's rows: a row becomes a record, or a string, the reason it is dropped (counted). */
export function collectRecords<T>(
  rows: Iterable<T>,
  map: (row: T) => PlanRecord | string,
  into: PlanRecord[],
  drops: Drops,
): void {
  for (const row of rows) {
    const rec = map(row)
    if (typeof rec === 'string') drops.add(rec)
    else into.push(rec)
  }
}

/** A code of the province's 志愿表 (院校代号, 专业代号) as published, when it has the form's shape; else unknown */
export const localCode = (code: string, shape: RegExp): string | null => (shape.test(code) ? code : null)

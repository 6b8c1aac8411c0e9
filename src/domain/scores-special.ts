/**
 * SPEC 4.4 special plans: the filter rule, stated once in code. The endpoint applies it in SQL
 * (endpoints/special-plan.ts); the tests hold the SQL to this function row by row.
 */

/** The national special plan: the only type the keyword applies to (SPEC 4.4). */
export const NATIONAL_SPECIAL = '国家专项'

/** A record of SPEC 2.6, in the spec's field order. */
export type SpecialPlan = {
  sid: number
  major_id: number | null
  year: number
  province: string
  school_name: string
  /** The major name, or LINE_NAME (domain/plan-rows.ts) for a school's or group's line */
  spname: string
  /** null when unknown */
  num: number | null
  min: number | null
  min_section: number | null
  local_batch_name: string
}

export type SpecialPlanRow = SpecialPlan & { plan_type: string }

export interface SpecialFilter {
  year?: number
  province?: string
  /** Plan types searched (plans.plan_type values) */
  types: readonly string[]
  /** Substring of school_name or spname; restricts only the 国家专项 rows */
  keyword?: string
}

/**
 * The rule, literally: a row of a searched type, year and province; the keyword (a substring of the school
 * name or the major name) restricts only national special plans, so rows of the other types pass whatever the
 * keyword says.
 */
export function matchesSpecial(row: SpecialPlanRow, f: SpecialFilter): boolean {
  if (f.year !== undefined && row.year !== f.year) return false
  if (f.province !== undefined && row.province !== f.province) return false
  if (!f.types.includes(row.plan_type)) return false
  if (f.keyword !== undefined && row.plan_type === NATIONAL_SPECIAL)
    return row.school_name.includes(f.keyword) || row.spname.includes(f.keyword)
  return true
}

/**
 * SPEC 4.4 special plans: the filter rule, and an in-memory index that answers any filter and page by one pass
 * over compact columns. Pure: the rows come from the caller, already in answer order.
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
  spname: string
  num: number
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

const NULL = Number.NaN
const num = (v: number | null): number => (v === null ? NULL : v)
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v)

/**
 * The special-plan rows as columns: numbers in typed arrays, text as codes into one string dictionary. About 40
 * bytes a row, against several hundred for plain objects; a search is one pass with integer comparisons, and
 * the keyword is tested once per distinct string instead of once per row.
 */
export class SpecialPlanIndex {
  readonly size: number
  private readonly dict: string[] = []
  private readonly codes = new Map<string, number>()
  private readonly sid: Int32Array
  private readonly majorId: Float64Array
  private readonly year: Int32Array
  private readonly num: Int32Array
  private readonly min: Float64Array
  private readonly minSection: Float64Array
  private readonly province: Uint32Array
  private readonly school: Uint32Array
  private readonly spname: Uint32Array
  private readonly local: Uint32Array
  private readonly type: Uint32Array

  /** `rows` in answer order (min ascending, nulls last, then a stable tie-break). */
  constructor(rows: readonly SpecialPlanRow[]) {
    const n = rows.length
    this.size = n
    this.sid = new Int32Array(n)
    this.majorId = new Float64Array(n)
    this.year = new Int32Array(n)
    this.num = new Int32Array(n)
    this.min = new Float64Array(n)
    this.minSection = new Float64Array(n)
    this.province = new Uint32Array(n)
    this.school = new Uint32Array(n)
    this.spname = new Uint32Array(n)
    this.local = new Uint32Array(n)
    this.type = new Uint32Array(n)
    rows.forEach((r, i) => {
      this.sid[i] = r.sid
      this.majorId[i] = num(r.major_id)
      this.year[i] = r.year
      this.num[i] = r.num
      this.min[i] = num(r.min)
      this.minSection[i] = num(r.min_section)
      this.province[i] = this.code(r.province)
      this.school[i] = this.code(r.school_name)
      this.spname[i] = this.code(r.spname)
      this.local[i] = this.code(r.local_batch_name)
      this.type[i] = this.code(r.plan_type)
    })
  }

  private code(s: string): number {
    let c = this.codes.get(s)
    if (c === undefined) {
      c = this.dict.length
      this.dict.push(s)
      this.codes.set(s, c)
    }
    return c
  }

  /** The rows matching `f` (matchesSpecial), counted, and the `limit` of them after `offset`. */
  search(f: SpecialFilter, offset: number, limit: number): { total: number; list: SpecialPlan[] } {
    const absent = -1
    const year = f.year ?? absent
    const province = f.province === undefined ? absent : (this.codes.get(f.province) ?? -2)
    const types = new Uint8Array(this.dict.length)
    for (const t of f.types) {
      const c = this.codes.get(t)
      if (c !== undefined) types[c] = 1
    }
    const national = this.codes.get(NATIONAL_SPECIAL) ?? -2
    const keyword = f.keyword
    const hits =
      keyword === undefined ? undefined : Uint8Array.from(this.dict, (s) => (s.includes(keyword) ? 1 : 0))
    const picked: number[] = []
    let total = 0
    for (let i = 0; i < this.size; i++) {
      if (year !== absent && this.year[i] !== year) continue
      if (province !== absent && this.province[i] !== province) continue
      const type = this.type[i] as number
      if (types[type] !== 1) continue
      if (hits && type === national && !hits[this.school[i] as number] && !hits[this.spname[i] as number])
        continue
      if (total >= offset && picked.length < limit) picked.push(i)
      total++
    }
    return { total, list: picked.map((i) => this.row(i)) }
  }

  private row(i: number): SpecialPlan {
    const text = (codes: Uint32Array) => this.dict[codes[i] as number] as string
    return {
      sid: this.sid[i] as number,
      major_id: orNull(this.majorId[i] as number),
      year: this.year[i] as number,
      province: text(this.province),
      school_name: text(this.school),
      spname: text(this.spname),
      num: this.num[i] as number,
      min: orNull(this.min[i] as number),
      min_section: orNull(this.minSection[i] as number),
      local_batch_name: text(this.local),
    }
  }
}

import type { ScoreBlock } from './scores-history.js'

/**
 * SPEC 4.7 in memory, for a server: every plan row with an admission score as integer columns, grouped by
 * (year, school) and sorted by major name inside, and one pass per filter that counts the distinct major names of each (year, school)
 * block, the summary a page is placed by. DuckDB needs 0.1-1 s for that count on ten million rows (a DISTINCT
 * per group, and a hundred thousand result rows to convert); over sorted codes it is a run count, a few
 * milliseconds for one province. Pure: the columns come from the caller.
 */

/**
 * The rows, one entry per row in each array; text columns are codes. The rows of one (year, sid) block are
 * adjacent and sorted by spname code; blocks come in any order, which `blocks()` keeps.
 */
export interface ScoreRowColumns {
  year: Int32Array
  sid: Int32Array
  /** The school's hot (schools.hot), -1 when unknown */
  hot: Int32Array
  spname: Int32Array
  school: Int32Array
  province: Int32Array
  batch: Int32Array
  subject: Int32Array
  /** plans.major_id, -1 when unknown */
  major: Int32Array
}

/** The values behind the codes: `dict.spname[code]` is the major name of code `code`. */
export interface ScoreRowDictionaries {
  spname: readonly (string | null)[]
  school: readonly (string | null)[]
  province: readonly (string | null)[]
  batch: readonly (string | null)[]
  subject: readonly (string | null)[]
}

/** The filter of SPEC 4.7 (endpoints/historical-scores-list.ts states it in SQL too). */
export interface ScoreRowFilter {
  yearFrom?: number
  yearTo?: number
  batches?: readonly string[]
  province?: string
  subjects?: readonly string[]
  /** Exact school name */
  schoolName?: string
  /** Substring of the major name and of the school name, both */
  keyword?: string
  /** Rows of these majors are left out (art admissions under an ordinary category: domain/art-admission.ts) */
  excludeMajors?: readonly number[]
}

/** For each code of a dictionary, 1 when its value passes `test`. */
function mask(values: readonly (string | null)[], test: (v: string) => boolean): Uint8Array {
  const out = new Uint8Array(values.length)
  values.forEach((v, i) => {
    if (v !== null && test(v)) out[i] = 1
  })
  return out
}

export class ScoreRows {
  readonly size: number
  /** Row ids of each province code, ascending (so in row order) */
  private readonly byProvince: Int32Array[]

  constructor(
    private readonly rows: ScoreRowColumns,
    private readonly dict: ScoreRowDictionaries,
  ) {
    this.size = rows.year.length
    const counts = new Int32Array(dict.province.length)
    for (let i = 0; i < this.size; i++) {
      const p = rows.province[i] as number
      counts[p] = (counts[p] as number) + 1
    }
    this.byProvince = Array.from(counts, (n) => new Int32Array(n))
    const filled = new Int32Array(dict.province.length)
    for (let i = 0; i < this.size; i++) {
      const p = rows.province[i] as number
      const at = filled[p] as number
      ;(this.byProvince[p] as Int32Array)[at] = i
      filled[p] = at + 1
    }
  }

  /** The (year, school) blocks under `f` with their number of distinct major names. */
  blocks(f: ScoreRowFilter): ScoreBlock[] {
    const { year, sid, hot, spname, school, batch, subject, major } = this.rows
    const excluded = f.excludeMajors?.length ? new Set(f.excludeMajors) : undefined
    const batchOk = f.batches && mask(this.dict.batch, (v) => f.batches?.includes(v) ?? false)
    const subjectOk = f.subjects && mask(this.dict.subject, (v) => f.subjects?.includes(v) ?? false)
    const { schoolName, keyword } = f
    const schoolOk =
      schoolName !== undefined || keyword !== undefined
        ? mask(
            this.dict.school,
            (v) =>
              (schoolName === undefined || v === schoolName) &&
              (keyword === undefined || v.includes(keyword)),
          )
        : undefined
    const spnameOk = keyword === undefined ? undefined : mask(this.dict.spname, (v) => v.includes(keyword))
    const yearFrom = f.yearFrom ?? Number.NEGATIVE_INFINITY
    const yearTo = f.yearTo ?? Number.POSITIVE_INFINITY

    let ids: Int32Array | undefined
    if (f.province !== undefined) {
      const code = this.dict.province.indexOf(f.province)
      if (code < 0) return []
      ids = this.byProvince[code]
    }
    const n = ids ? ids.length : this.size
    const out: ScoreBlock[] = []
    let current: ScoreBlock | undefined
    let lastSpname = -1
    for (let k = 0; k < n; k++) {
      const i = ids ? (ids[k] as number) : k
      const y = year[i] as number
      if (y < yearFrom || y > yearTo) continue
      if (batchOk && !batchOk[batch[i] as number]) continue
      if (subjectOk && !subjectOk[subject[i] as number]) continue
      if (excluded?.has(major[i] as number)) continue
      if (schoolOk && !schoolOk[school[i] as number]) continue
      const sp = spname[i] as number
      if (spnameOk && !spnameOk[sp]) continue
      const s = sid[i] as number
      if (current === undefined || current.year !== y || current.sid !== s) {
        const h = hot[i] as number
        current = { year: y, sid: s, hot: h < 0 ? null : h, n: 1 }
        out.push(current)
      } else if (sp !== lastSpname) current.n++
      lastSpname = sp
    }
    return out
  }
}

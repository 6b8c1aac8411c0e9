import type { MajorRow } from './types.js'

export interface MajorViolation {
  rule: string
  major_id: number
  message: string
}

const LEVELS = new Set(['本科', '本科(职业教育)', '专科'])
const CODE = /^\d{6,7}[TK]{0,2}$/u

/**
 * The checks that refuse the majors table: unique (level, code), unique major_id, unique (level, name) (the
 * matcher must never be ambiguous), a known level, a catalogue-shaped code, names and classes set, rating in
 * 1..5, salaries positive, provenance and source set.
 */
export function checkMajors(rows: readonly MajorRow[]): MajorViolation[] {
  const out: MajorViolation[] = []
  const v = (rule: string, id: number, message: string) => out.push({ rule, major_id: id, message })
  const ids = new Set<number>()
  const keys = new Set<string>()
  const names = new Set<string>()
  for (const r of rows) {
    if (!Number.isInteger(r.major_id) || r.major_id <= 0)
      v('major_id', r.major_id, `bad major_id ${r.major_id}`)
    if (ids.has(r.major_id)) v('unique-major_id', r.major_id, `major_id ${r.major_id} repeats (${r.name})`)
    ids.add(r.major_id)
    const key = `${r.level}|${r.code}`
    if (keys.has(key)) v('unique-code', r.major_id, `(${r.level}, ${r.code}) repeats`)
    keys.add(key)
    const nk = `${r.level}|${r.name}`
    if (names.has(nk)) v('unique-name', r.major_id, `(${r.level}, ${r.name}) repeats`)
    names.add(nk)
    if (!LEVELS.has(r.level)) v('level', r.major_id, `level '${r.level}' (${r.name})`)
    if (!CODE.test(r.code)) v('code', r.major_id, `code '${r.code}' is not a catalogue code (${r.name})`)
    if (!r.name || !r.category || !r.class_name)
      v('labels', r.major_id, `empty name, category or class_name (${r.code})`)
    if (r.rating !== null && !(r.rating >= 1 && r.rating <= 5)) v('rating', r.major_id, `rating ${r.rating}`)
    for (const f of ['salary', 'salary_5y', 'hot_num', 'ranking'] as const) {
      const x = r[f]
      if (x !== null && !(Number.isInteger(x) && x > 0)) v(f, r.major_id, `${f} ${x} (${r.name})`)
    }
    if (!['real', 'derived', 'synthetic'].includes(r.provenance))
      v('provenance', r.major_id, `provenance '${r.provenance}'`)
    if (!r.source) v('source', r.major_id, `empty source (${r.name})`)
  }
  return out
}

import { YEARS } from './calibration.js'
import type { DirectionRow, EmploymentRow } from './synth.js'

/**
 * Checks of the employment tables. Each returns violations; the builder refuses the table when there is any.
 * Pure functions (rows in, violations out), tested with hand-made violations.
 */

export interface Violation {
  rule: string
  key: string
  message: string
}

const PROVENANCE = new Set(['real', 'derived', 'synthetic'])
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

export function checkEmployment(
  rows: readonly EmploymentRow[],
  expectedMajorIds?: readonly number[],
): Violation[] {
  const out: Violation[] = []
  const seen = new Set<string>()
  const years = new Map<number, Set<number>>()
  for (const r of rows) {
    const key = `${r.major_id}|${r.year}`
    const v = (rule: string, message: string) => out.push({ rule, key, message })
    if (seen.has(key)) v('unique', 'duplicate (major_id, year)')
    seen.add(key)
    const ys = years.get(r.major_id) ?? new Set<number>()
    ys.add(r.year)
    years.set(r.major_id, ys)
    if (!isInt(r.major_id)) v('major_id', 'major_id is not an integer')
    if (!r.major_name) v('major_name', 'empty major name')
    if (r.degree !== '本科' && r.degree !== '专科') v('degree', `degree ${r.degree}`)
    if ((r.level === '专科') !== (r.degree === '专科'))
      v('degree', `level ${r.level} with degree ${r.degree}`)
    if (!(YEARS as readonly number[]).includes(r.year))
      v('year', `year ${r.year} outside ${YEARS[0]}-${YEARS.at(-1)}`)
    if (!(r.employment_rate >= 0 && r.employment_rate <= 100))
      v('rate', `employment_rate ${r.employment_rate}`)
    if (!(r.satisfaction >= 0 && r.satisfaction <= 100)) v('satisfaction', `satisfaction ${r.satisfaction}`)
    if (r.rating !== null && !(r.rating >= 1 && r.rating <= 5)) v('rating', `rating ${r.rating}`)
    for (const [value, min, max, name] of [
      [r.avg_salary, r.avg_salary_min, r.avg_salary_max, 'avg_salary'],
      [r.salary_3y, r.salary_3y_min, r.salary_3y_max, 'salary_3y'],
      [r.salary_5y, r.salary_5y_min, r.salary_5y_max, 'salary_5y'],
    ] as const) {
      if (!isInt(value) || value <= 0) v('salary', `${name} ${value} is not a positive integer`)
      else if (!(isInt(min) && isInt(max) && min > 0 && min <= value && value <= max))
        v('salary', `${name} range ${min}-${max} does not hold ${value}`)
    }
    for (const p of [r.provenance, r.salary_5y_provenance, r.satisfaction_provenance])
      if (!PROVENANCE.has(p)) v('provenance', `provenance ${p}`)
    if (!r.source) v('source', 'empty source')
  }
  for (const [id, ys] of years)
    if (ys.size !== YEARS.length)
      out.push({ rule: 'years', key: String(id), message: `${ys.size} of ${YEARS.length} years` })
  if (expectedMajorIds)
    for (const id of expectedMajorIds)
      if (!years.has(id))
        out.push({ rule: 'coverage', key: String(id), message: 'major without employment rows' })
  return out
}

/** Percentages of one (major, kind) must sum to 100 within this tolerance. */
export const SUM_TOLERANCE = 0.5

export function checkDirections(
  rows: readonly DirectionRow[],
  expectedMajorIds?: readonly number[],
): Violation[] {
  const out: Violation[] = []
  const seen = new Set<string>()
  const names = new Set<string>()
  const sums = new Map<string, { sum: number; n: number; seqs: number[] }>()
  for (const r of rows) {
    const key = `${r.major_id}|${r.kind}|${r.seq}`
    const v = (rule: string, message: string) => out.push({ rule, key, message })
    if (seen.has(key)) v('unique', 'duplicate (major_id, kind, seq)')
    seen.add(key)
    const nameKey = `${r.major_id}|${r.kind}|${r.name}`
    if (names.has(nameKey)) v('unique', `duplicate name ${r.name}`)
    names.add(nameKey)
    if (r.kind !== 'industry' && r.kind !== 'position') v('kind', `kind ${r.kind}`)
    if (!r.name) v('name', 'empty name')
    if (!(r.percentage > 0 && r.percentage <= 100)) v('percentage', `percentage ${r.percentage}`)
    if (!isInt(r.avg_salary) || r.avg_salary <= 0) v('salary', `avg_salary ${r.avg_salary}`)
    if (!PROVENANCE.has(r.provenance)) v('provenance', `provenance ${r.provenance}`)
    if (!r.source) v('source', 'empty source')
    const g = `${r.major_id}|${r.kind}`
    const s = sums.get(g) ?? { sum: 0, n: 0, seqs: [] }
    s.sum += r.percentage
    s.n++
    s.seqs.push(r.seq)
    sums.set(g, s)
  }
  for (const [g, s] of sums) {
    if (Math.abs(s.sum - 100) > SUM_TOLERANCE)
      out.push({ rule: 'sum', key: g, message: `percentages sum to ${Math.round(s.sum * 10) / 10}` })
    const sorted = [...s.seqs].sort((a, b) => a - b)
    if (sorted.some((q, i) => q !== i + 1)) out.push({ rule: 'seq', key: g, message: 'seq is not 1..n' })
  }
  if (expectedMajorIds)
    for (const id of expectedMajorIds)
      for (const kind of ['industry', 'position'])
        if (!sums.has(`${id}|${kind}`))
          out.push({ rule: 'coverage', key: `${id}|${kind}`, message: `major without ${kind} distribution` })
  return out
}

/** One line naming the first violations, for the build report. */
export function summarize(table: string, violations: readonly Violation[]): string {
  const head = violations
    .slice(0, 5)
    .map((v) => `${v.rule} [${v.key}]: ${v.message}`)
    .join('; ')
  return `${table}: ${violations.length} violation(s): ${head}`
}

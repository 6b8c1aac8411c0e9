import { SCHEMA } from '../data/schema.js'
import { PROVINCES } from '../domain/provinces.js'
import type { CellValue } from './parquet.js'
import type { Violation } from './types.js'

export const PROVINCE_SOURCE_NOTE =
  '../shared/data/RULES.md: "Exam-mode years" (3+3 / 3+1+2 from 2021, 2024, 2025 / 文理) and "Full-score notes" (750; 上海 660; 海南 900)'

export interface ProvinceRow {
  name: string
  full_name: string
  code: string
  slug: string
  sort: number
  exam_mode: string
  reform_year: number | null
  full_score: number
  source: string
}

export function provinceRows(): ProvinceRow[] {
  return PROVINCES.map((p, i) => ({
    name: p.name,
    full_name: p.fullName,
    code: p.code,
    slug: p.slug,
    sort: i + 1,
    exam_mode: p.examMode,
    reform_year: p.reformYear,
    full_score: p.fullScore,
    source: PROVINCE_SOURCE_NOTE,
  }))
}

export function provinceCells(rows: readonly ProvinceRow[]): CellValue[][] {
  return rows.map((r) => SCHEMA.provinces.map((c) => r[c.name as keyof ProvinceRow] as CellValue))
}

/** Checks of the provinces table: 31 rows, sort 1..31, unique name/code/slug, consistent mode and scores. */
export function checkProvinces(rows: readonly ProvinceRow[]): Violation[] {
  const out: Violation[] = []
  if (rows.length !== 31) out.push({ rule: 'rows', seq: 0, message: `${rows.length} rows, expected 31` })
  const seen = { name: new Set<string>(), code: new Set<string>(), slug: new Set<string>() }
  rows.forEach((r, i) => {
    const seq = i + 1
    if (r.sort !== seq) out.push({ rule: 'seq', seq, message: `sort ${r.sort}, expected ${seq}` })
    for (const k of ['name', 'code', 'slug'] as const) {
      if (seen[k].has(r[k])) out.push({ rule: 'rows', seq, message: `duplicate ${k} ${r[k]}` })
      seen[k].add(r[k])
    }
    if (!/^\d{2}$/.test(r.code)) out.push({ rule: 'range', seq, message: `code ${r.code} is not two digits` })
    if (!['3+3', '3+1+2', '文理'].includes(r.exam_mode)) {
      out.push({ rule: 'range', seq, message: `exam_mode ${r.exam_mode}` })
    }
    if ((r.exam_mode === '文理') !== (r.reform_year === null)) {
      out.push({ rule: 'range', seq, message: 'reform_year must be null exactly when exam_mode is 文理' })
    }
    if (!(r.full_score > 0)) out.push({ rule: 'range', seq, message: `full_score ${r.full_score}` })
  })
  return out
}

import { findProvince } from '../../domain/provinces.js'
import { BASE_KM } from '../normalize.js'

/**
 * Checks of the score_lines rows before writing (a table with a violation is refused): unique ids and keys,
 * years 2014..2026, known provinces, categories of the documented vocabulary, scores within the province's full
 * score, is_use 0/1, provenance and source set.
 */

export const MIN_YEAR = 2014
export const MAX_YEAR = 2026

export interface LineViolation {
  rule: 'unique' | 'year' | 'province' | 'type' | 'name' | 'score' | 'is_use' | 'provenance'
  row: number
  message: string
}

/** The shape of a score_lines row as written (schema column names). */
export interface ScoreLineRecord {
  id: number
  year: number
  province: string
  type_name: string
  name: string
  score: number
  major_score: number | null
  is_use: number
  provenance: string
  source: string
}

const ORDINARY = new Set<string>(BASE_KM)
const QUALIFIED = /^(艺术类|体育类|艺术体育类)(\((物理|历史|理|文|蒙授|汉授)(,(蒙授|汉授))?\))?$/u
const LANG_KM = /^(蒙授|汉授)(物理类|历史类|理科|文科|综合)$/u
const SOURCES = new Set(['LG', 'GA', 'LU', 'GP', 'IM'])

/** type_name vocabulary: the five ordinary categories, 蒙授/汉授 ones, 艺术类 / 体育类 with a tag. */
export const isLineType = (t: string): boolean => ORDINARY.has(t) || QUALIFIED.test(t) || LANG_KM.test(t)

/** isLineType as one regular expression, for the validate rule that runs it in SQL (RE2 takes this syntax). */
export const LINE_TYPE_PATTERN = [`^(${[...ORDINARY].join('|')})$`, QUALIFIED.source, LANG_KM.source].join(
  '|',
)

export function checkScoreLines(rows: readonly ScoreLineRecord[]): LineViolation[] {
  const out: LineViolation[] = []
  const ids = new Set<number>()
  const keys = new Set<string>()
  rows.forEach((r, i) => {
    const row = i + 1
    const v = (rule: LineViolation['rule'], message: string) => out.push({ rule, row, message })
    if (!Number.isInteger(r.id) || r.id <= 0 || r.id > 0x7fffffff)
      v('unique', `id ${r.id} is not a positive int32`)
    if (ids.has(r.id)) v('unique', `duplicate id ${r.id}`)
    ids.add(r.id)
    const key = `${r.province}|${r.year}|${r.type_name}|${r.name}`
    if (keys.has(key)) v('unique', `duplicate line ${key}`)
    keys.add(key)
    if (!Number.isInteger(r.year) || r.year < MIN_YEAR || r.year > MAX_YEAR) {
      v('year', `year ${r.year} outside ${MIN_YEAR}..${MAX_YEAR}`)
    }
    const prov = findProvince(r.province)
    if (!prov || prov.name !== r.province) v('province', `unknown province '${r.province}'`)
    if (!isLineType(r.type_name)) v('type', `type_name '${r.type_name}' outside the vocabulary`)
    if (r.name.trim() === '' || r.name !== r.name.trim()) v('name', `bad name '${r.name}'`)
    const full = prov?.fullScore ?? 750
    if (!Number.isInteger(r.score) || r.score <= 0 || r.score > full) {
      v('score', `score ${r.score} outside 1..${full}`)
    }
    if (
      r.major_score !== null &&
      (!Number.isInteger(r.major_score) || r.major_score <= 0 || r.major_score > full)
    ) {
      v('score', `major_score ${r.major_score} outside 1..${full}`)
    }
    if (r.is_use !== 0 && r.is_use !== 1) v('is_use', `is_use ${r.is_use} not 0/1`)
    if (r.provenance !== 'real') v('provenance', `provenance '${r.provenance}', expected 'real'`)
    if (!SOURCES.has(r.source)) v('provenance', `unknown source '${r.source}'`)
  })
  return out
}

export function summarizeLineViolations(v: readonly LineViolation[], max = 5): string {
  const head = v
    .slice(0, max)
    .map((x) => `row ${x.row}: ${x.message}`)
    .join('; ')
  return v.length > max ? `${head}; ... (${v.length} violations)` : head
}

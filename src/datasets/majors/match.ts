import { lastAnnotation } from '../normalize.js'
import { bareCode } from './merge.js'
import type { MajorLevel, MajorRow } from './types.js'

export type { MajorLevel, MajorRow } from './types.js'

/** NFKC (full-width brackets become ASCII), 【】 and [] as (), no whitespace. */
export function normalizeMajorName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\s\u200b\ufeff]+/gu, '')
    .replace(/[【[]/gu, '(')
    .replace(/[】\]]/gu, ')')
}

/** The name without its trailing bracketed annotation (方向, 班, 中外合作办学, 5+3一体化 ...); null without one. */
const stripAnnotation = (n: string): string | null => lastAnnotation(n)?.[0] ?? null

/** Levels searched for a plan level: 本科 plans may list 职业本科 majors. */
const SEARCH: Record<'本科' | '专科' | 'any', readonly MajorLevel[]> = {
  本科: ['本科', '本科(职业教育)'],
  专科: ['专科'],
  any: ['本科', '本科(职业教育)', '专科'],
}

const CATALOGUE_CODE = /^\d{6,7}[TK]{0,2}$/u

/**
 * major_id for a major as published in a plan or admission source; undefined when unknown.
 *
 * 1. By catalogue code (020109T, 020109, 0809 codes with or without the T/K suffix; former codes of renumbered
 *    majors too), at the plan's level (本科 also searches 本科(职业教育)); a code that is not catalogue-shaped
 *    (a province's own 专业代号) is ignored.
 * 2. By exact name (NFKC, no spaces, brackets unified).
 * 3. By the name without its trailing bracketed annotations, one at a time: 软件工程(嵌入式方向) → 软件工程,
 *    临床医学(5+3一体化)(中外合作办学) → 临床医学; then without a leading one ((中外合作)会计学) and without a
 *    trailing 专业.
 */
export function createMajorMatcher(
  rows: readonly MajorRow[],
): (name: string, level: '本科' | '专科' | undefined, code?: string) => number | undefined {
  const byCode = new Map<string, number>()
  const byName = new Map<string, number>()
  const put = (map: Map<string, number>, key: string, id: number) => {
    if (!map.has(key)) map.set(key, id)
  }
  for (const r of rows) {
    put(byCode, `${r.level}|${bareCode(r.code)}`, r.major_id)
    put(byName, `${r.level}|${normalizeMajorName(r.name)}`, r.major_id)
  }
  for (const r of rows)
    for (const c of r.former_codes ?? []) put(byCode, `${r.level}|${bareCode(c)}`, r.major_id)

  const find = (map: Map<string, number>, key: string, levels: readonly MajorLevel[]) => {
    for (const l of levels) {
      const hit = map.get(`${l}|${key}`)
      if (hit !== undefined) return hit
    }
    return undefined
  }
  return (name, level, code) => {
    const levels = SEARCH[level ?? 'any']
    const c = code?.normalize('NFKC').trim().toUpperCase() ?? ''
    if (CATALOGUE_CODE.test(c)) {
      const hit = find(byCode, bareCode(c), levels)
      if (hit !== undefined) return hit
    }
    let n: string | null = normalizeMajorName(name)
    const tried: string[] = []
    while (n) {
      tried.push(n)
      const hit = find(byName, n, levels)
      if (hit !== undefined) return hit
      n = stripAnnotation(n)
    }
    for (const t of tried) {
      const lead = /^\([^()]*\)(.+)$/u.exec(t)?.[1]
      const plain = t.endsWith('专业') ? t.slice(0, -2) : undefined
      for (const k of [lead, plain]) {
        const hit = k ? find(byName, k, levels) : undefined
        if (hit !== undefined) return hit
      }
    }
    return undefined
  }
}

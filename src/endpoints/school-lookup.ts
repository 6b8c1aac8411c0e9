import type { z } from 'zod'
import type { Db } from '../data/db.js'
import { ApiError, badRequest } from '../errors.js'
import { describeIssue } from './schema.js'

/** Shared by the school and major endpoints of SPEC 4.14-4.18: lookups by slug and the school fields of 2.17/2.18. */

/** A stored school row, as the endpoints read it. */
export interface SchoolRow {
  sid: number
  code: string
  name: string
  province: string
  city: string | null
  level_name: string
  type_name: string | null
  nature_name: string | null
  f985: number
  f211: number
  dual_class: number
  logo: string
  hot: number
  zybw: number
  qjjh: number
  sgjh: number
}

/** The columns of SchoolRow, for `SELECT ${SCHOOL_COLUMNS} FROM schools` (a constant, never request text). */
export const SCHOOL_COLUMNS =
  'sid, code, name, province, city, level_name, type_name, nature_name, f985, f211, dual_class, logo, hot, zybw, qjjh, sgjh'

/** SPEC 2.20 logo prefix: one implementation, in plans-common.ts. */
export { logoUrl } from './plans-common.js'

/** SPEC 2.17 / 2.18 flags: `'985'` / `'211'` / `'双一流'` when the school is one, else null. */
export const f985Of = (s: Pick<SchoolRow, 'f985'>): '985' | null => (s.f985 === 985 ? '985' : null)
export const f211Of = (s: Pick<SchoolRow, 'f211'>): '211' | null => (s.f211 === 211 ? '211' : null)
export const dualClassNameOf = (s: Pick<SchoolRow, 'dual_class'>): '双一流' | null =>
  s.dual_class === 1 ? '双一流' : null

/** A whole number written in digits only (an id), as a number; anything else is null. */
export function idOf(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : null
}

/**
 * SPEC 4.17 `slug`: the numeric school id first, then the short code (`10284`, `gk1234`), then the exact school
 * name (a convenience of the CLI: `gaokao major-groups 南京大学`). The builder guarantees that no code reads as
 * another school's sid, so the order only matters for odd input.
 */
export async function findSchool(db: Db, slug: string): Promise<SchoolRow | undefined> {
  const id = idOf(slug)
  const [row] = await db.all<SchoolRow>(
    `SELECT ${SCHOOL_COLUMNS} FROM schools WHERE sid = ? OR code = ? OR name = ?
     ORDER BY CASE WHEN sid = ? THEN 0 WHEN code = ? THEN 1 ELSE 2 END, sid LIMIT 1`,
    [id, slug, slug, id, slug],
  )
  return row
}

export interface MajorRef {
  major_id: number
  name: string
}

/**
 * SPEC 4.18 `id`: the major id first, then the catalogue code (`080901`, `020109T`, any letter case), then the
 * exact major name. A name shared by several levels (临床医学 is both 本科 and 专科) resolves to the `preferred`
 * level, then 本科, 本科(职业教育), 专科, then the smallest id.
 */
export async function findMajor(db: Db, slug: string, preferred = '本科'): Promise<MajorRef | undefined> {
  const id = idOf(slug)
  const code = slug.toUpperCase()
  const [row] = await db.all<MajorRef>(
    `SELECT major_id, name FROM majors WHERE major_id = ? OR code = ? OR name = ?
     ORDER BY CASE WHEN major_id = ? THEN 0 WHEN code = ? THEN 1 ELSE 2 END,
              CASE level WHEN ? THEN 0 WHEN '本科' THEN 1 WHEN '本科(职业教育)' THEN 2 ELSE 3 END, major_id LIMIT 1`,
    [id, code, slug, id, code, preferred],
  )
  return row
}

/** SPEC 7: the one error both open-majors endpoints name, for a missing school_id or province. */
export const openMajorsMissing = (): ApiError =>
  new ApiError(23008, '开放专业参数不能为空', { badInput: true })

/** A value the spec counts as "missing": absent, null, or blank text. */
export const isMissing = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/**
 * Validates a request after the checks the spec orders first (the 23008 of the open-majors endpoints): the input
 * schema lets every field through, and this applies the real field rules, with the usual `参数 <name> 无效` text.
 */
export function validated<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw badRequest(describeIssue(parsed.error))
  return parsed.data
}

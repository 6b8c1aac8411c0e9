import type { Db } from '../../data/db.js'
import { memoized } from '../caches.js'

/** The schools and majors as the endpoints look them up (SPEC 4.4-4.20): by slug, by id, the whole directory. */

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

/** A school's name by sid. */
export async function schoolNameOf(db: Db, sid: number): Promise<string | undefined> {
  const [school] = await db.all<{ name: string }>('SELECT name FROM schools WHERE sid = ?', [sid])
  return school?.name
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

export interface SchoolInfo {
  name: string
  hot: number | null
  logo: string
  nature_name: string | null
  f985: number
  f211: number
  type_name: string | null
  level_name: string
  city: string | null
}

/** The schools table as a map by sid, read once per open dataset (a few thousand rows). */
export function schoolDirectory(db: Db): Promise<ReadonlyMap<number, SchoolInfo>> {
  return memoized(db, 'schools', 'all', async () => {
    const rows = await db.all<SchoolInfo & { sid: number }>(
      'SELECT sid, name, hot, logo, nature_name, f985, f211, type_name, level_name, city FROM schools',
    )
    return new Map(rows.map(({ sid, ...s }) => [sid, { ...s, logo: s.logo ?? '' }]))
  })
}

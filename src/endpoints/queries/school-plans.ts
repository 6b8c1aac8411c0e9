import type { Db } from '../../data/db.js'
import { batchNames, type SchoolType, schoolTypeFilter } from '../../domain/mappings.js'
import { memoized } from '../caches.js'
import type { SchoolPlan } from '../get-school-plan.js'
import type { Page } from '../paging.js'
import type { SchoolInfo } from './schools.js'
import { Where } from './sql.js'

/** The queries of SPEC 4.9 over `plans`: one page of the plan rows under a filter, year by year. */

export type PlanYears = { kind: 'window'; from: number } | { kind: 'year'; year: number }

export interface PlanFilter {
  years: PlanYears
  province: string | undefined
  batch: string | undefined
  type: SchoolType | undefined
}

/** A plan row as 4.9 reads it: the columns of its record (SPEC 2.10) that plans holds. */
export type PlanRow = Pick<
  SchoolPlan,
  | 'id'
  | 'sid'
  | 'year'
  | 'province'
  | 'spname'
  | 'batch_name'
  | 'local_batch_name'
  | 'average'
  | 'min'
  | 'min_section'
  | 'sg_infos'
  | 'spcode'
  | 'num'
  | 'length'
  | 'tuition'
  | 'school_name'
  | 'sg_name'
  | 'major_id'
  | 'max'
> & { subject_type: string }

/** Above this many schools, a school_type filter is a semi-join on schools instead of a list of ids. */
const MAX_SID_LIST = 1000

function whereOf(
  years: PlanYears,
  province: string | undefined,
  batch: string | undefined,
  type: SchoolType | undefined,
  schools: ReadonlyMap<number, SchoolInfo>,
) {
  const where = new Where()
  if (years.kind === 'year') where.add('year = ?', years.year)
  else where.add('year >= ?', years.from)
  if (province !== undefined) where.add('province = ?', province)
  const batches = batchNames(batch)
  if (batches) where.in('batch_name', batches)
  if (type !== undefined) {
    const f = schoolTypeFilter(type)
    const sids: number[] = []
    for (const [sid, s] of schools)
      if (
        (f.f985 === undefined || s.f985 === f.f985) &&
        (f.f211 === undefined || s.f211 === f.f211) &&
        (f.levelName === undefined || s.level_name === f.levelName)
      )
        sids.push(sid)
    if (sids.length <= MAX_SID_LIST) where.in('sid', sids)
    else {
      const conditions = new Where()
      if (f.f985 !== undefined) conditions.add('f985 = ?', f.f985)
      if (f.f211 !== undefined) conditions.add('f211 = ?', f.f211)
      if (f.levelName !== undefined) conditions.add('level_name = ?', f.levelName)
      where.add(`sid IN (SELECT sid FROM schools WHERE ${conditions})`, ...conditions.params)
    }
  }
  return where
}

const PLAN_COLUMNS = `id, sid, year, province, subject_type, spname, batch_name, local_batch_name, average, min,
  min_section, sg_infos, spcode, num, length, tuition, school_name, sg_name, major_id, max`

/**
 * The rows of one year segment of the page. Without a school filter the top-N carries the columns along; with
 * one (a join or a list of ids, which DuckDB applies after reading every column of every row of the year), it
 * sorts ids only and looks the rows up afterwards.
 */
async function segmentRows(
  db: Db,
  where: Where,
  bySchool: boolean,
  year: number,
  offset: number,
  limit: number,
): Promise<PlanRow[]> {
  const page = `FROM plans WHERE ${where} AND year = ? ORDER BY min ASC NULLS LAST, id LIMIT ? OFFSET ?`
  const params = [...where.params, year, limit, offset]
  if (!bySchool) return db.all<PlanRow>(`SELECT ${PLAN_COLUMNS} ${page}`, params)
  const ids = await db.all<{ id: number }>(`SELECT id ${page}`, params)
  return rowsByIds(
    db,
    ids.map((r) => r.id),
  )
}

/**
 * The full rows of a page, one equality lookup per id: each is a filter DuckDB pushes into the scan (plans is
 * stored in id order, so it reads one row group), where an IN list or a join would read every column of
 * every row group in range.
 */
async function rowsByIds(db: Db, ids: readonly number[]): Promise<PlanRow[]> {
  if (ids.length === 0) return []
  const rows = await db.all<PlanRow>(
    ids.map(() => `SELECT ${PLAN_COLUMNS} FROM plans WHERE id = ?`).join(' UNION ALL '),
    ids,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The rows of a page and the total under the filter. A specific year is ordered by the lowest score ascending, a
 * window by year descending first; rows without a score come last within their year, ties by plan row id.
 */
export async function schoolPlanPage(
  db: Db,
  f: PlanFilter,
  schools: ReadonlyMap<number, SchoolInfo>,
  page: Page,
): Promise<{ total: number; rows: PlanRow[] }> {
  const where = whereOf(f.years, f.province, f.batch, f.type, schools)
  const bySchool = f.type !== undefined
  // Rows per year under the filter (memoized: paging through one filter counts once).
  const counts = await memoized(db, 'get-school-plan', `${where}|${JSON.stringify(where.params)}`, () =>
    db.all<{ year: number; n: number }>(
      `SELECT year, count(*)::INTEGER AS n FROM plans WHERE ${where} GROUP BY year ORDER BY year DESC`,
      where.params,
    ),
  )
  const total = counts.reduce((s, c) => s + c.n, 0)
  // The page, year segment by year segment (one segment unless it straddles two years).
  const parts: Promise<PlanRow[]>[] = []
  let start = 0
  for (const { year, n } of counts) {
    const from = Math.max(page.offset, start)
    const to = Math.min(page.offset + page.size, start + n)
    if (from < to) parts.push(segmentRows(db, where, bySchool, year, from - start, to - from))
    start += n
  }
  return { total, rows: (await Promise.all(parts)).flat() }
}

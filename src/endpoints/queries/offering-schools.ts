import type { Db } from '../../data/db.js'
import type { Page } from '../paging.js'
import { SCHOOL_COLUMNS, type SchoolRow } from './schools.js'
import { Where } from './sql.js'

/** The query of SPEC 4.18 over `plans` and `schools`. */

export interface OfferingFilter {
  majorId: number
  /** The year of the plan records that associate a school with the major */
  year: number
  /** Enrolment province */
  province: string | undefined
  /** The school's own province, type and level (as stored), and flags */
  located: string | undefined
  typeName: string | undefined
  levelName: string | undefined
  only985: boolean
  only211: boolean
  onlyDualClass: boolean
}

/**
 * The schools with a plan record of the major in the year (in the enrolment province when given) that meet every
 * given condition of their own, by popularity (hot ascending) then sid: their number, and one page of them.
 */
export async function offeringSchools(
  db: Db,
  f: OfferingFilter,
  page: Page,
): Promise<{ total: number; schools: SchoolRow[] }> {
  const plans = new Where().add('major_id = ?', f.majorId).add('year = ?', f.year)
  if (f.province !== undefined) plans.add('province = ?', f.province)
  const schools = new Where().add(`sid IN (SELECT sid FROM plans WHERE ${plans})`, ...plans.params)
  if (f.located !== undefined) schools.add('province = ?', f.located)
  if (f.typeName !== undefined) schools.add('type_name = ?', f.typeName)
  if (f.levelName !== undefined) schools.add('level_name = ?', f.levelName)
  if (f.only985) schools.add('f985 = 985')
  if (f.only211) schools.add('f211 = 211')
  if (f.onlyDualClass) schools.add('dual_class = 1')
  const rows = await db.all<SchoolRow & { total: number }>(
    `WITH matched AS (SELECT ${SCHOOL_COLUMNS} FROM schools WHERE ${schools}),
       pg AS (SELECT * FROM matched ORDER BY hot, sid LIMIT ? OFFSET ?)
     SELECT t.total, pg.* FROM (SELECT count(*)::INTEGER AS total FROM matched) t LEFT JOIN pg ON TRUE
     ORDER BY pg.hot, pg.sid`,
    [...schools.params, page.size, page.offset],
  )
  // The LEFT JOIN gives one row without a school when the page is empty.
  return { total: rows[0]?.total ?? 0, schools: rows.filter((r) => r.sid !== null) }
}

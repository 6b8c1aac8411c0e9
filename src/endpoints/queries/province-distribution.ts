import type { Db } from '../../data/db.js'
import { memoized } from '../caches.js'

/** The query of SPEC 4.6 over `plans`. */

/** Planned enrolment per enrolment province and year, each plan counted once; an unknown number adds nothing. */
export type Matrix = ReadonlyMap<string, ReadonlyMap<number, number>>

/**
 * One aggregate over the whole plans table per open dataset: the province x year sums. Every request (any year,
 * any window) is then a sum over at most a few dozen numbers.
 */
export function provinceYearMatrix(db: Db): Promise<Matrix> {
  return memoized(db, 'province-distribution', 'matrix', async () => {
    // A plan is counted once: a group's or a school's line carries the number of the majors under it, so it counts
    // only where none of its majors (for a school: none of its majors or groups) carries a number of its own.
    const unit = 'province, year, sid, subject_type, batch_name, plan_type'
    const same = unit
      .split(', ')
      .map((c) => `u.${c} = p.${c}`)
      .join(' AND ')
    const rows = await db.all<{ province: string; year: number; num: number | null }>(
      `WITH p AS (SELECT ${unit}, coalesce(sg_name, '') AS g, spname, num FROM plans WHERE num > 0),
         majors AS (SELECT DISTINCT ${unit}, g FROM p WHERE spname <> ''),
         finer AS (SELECT DISTINCT ${unit} FROM p WHERE spname <> '' OR g <> '')
       SELECT province, year, sum(num)::BIGINT AS num FROM p
       WHERE spname <> ''
          OR (g <> '' AND NOT EXISTS (SELECT 1 FROM majors u WHERE ${same} AND u.g = p.g))
          OR (g = '' AND NOT EXISTS (SELECT 1 FROM finer u WHERE ${same}))
       GROUP BY province, year`,
    )
    const matrix = new Map<string, Map<number, number>>()
    for (const r of rows) {
      const years = matrix.get(r.province) ?? new Map<number, number>()
      years.set(r.year, r.num ?? 0)
      matrix.set(r.province, years)
    }
    return matrix
  })
}

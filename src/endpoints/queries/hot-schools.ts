import type { Db } from '../../data/db.js'
import { memoized } from '../caches.js'
import { placeholders } from './sql.js'

/** The queries of SPEC 4.20 over `schools` and `plans`. */

/** Of `categories`, those with an ordinary plan with a score in the province and year (read once per pair). */
export function scoredCategories(
  db: Db,
  year: number,
  province: string,
  categories: readonly string[],
): Promise<string[]> {
  return memoized(db, 'hot-school-categories', `${year}|${province}`, async () => {
    const rows = await db.all<{ subject_type: string }>(
      `SELECT DISTINCT subject_type FROM plans WHERE year = ? AND province = ? AND plan_type = '普通'
         AND subject_type IN (${placeholders(categories)}) AND min IS NOT NULL`,
      [year, province, ...categories],
    )
    return rows.map((r) => r.subject_type)
  })
}

/** The `limit` hottest schools with a plan in the year (offering the major unless majorId is 0), in any province. */
export function hottestSchools(db: Db, year: number, majorId: number, limit: number) {
  const offered = majorId === 0 ? 'year = ?' : 'year = ? AND major_id = ?'
  return db.all<{ sid: number; name: string; logo: string | null; hot: number | null }>(
    `SELECT sid, name, logo, hot FROM schools WHERE sid IN (SELECT sid FROM plans WHERE ${offered})
     ORDER BY hot ASC NULLS LAST, sid LIMIT ?`,
    majorId === 0 ? [year, limit] : [year, majorId, limit],
  )
}

/**
 * The schools' lowest ordinary admission score in one province, year and category, with the lowest-placed rank
 * at that score.
 */
export function lowestScores(
  db: Db,
  sids: readonly number[],
  year: number,
  province: string,
  category: string,
) {
  return db.all<{ sid: number; min_score: number; min_rank: number | null }>(
    `SELECT sid, min AS min_score, max(min_section) AS min_rank FROM (
       SELECT sid, min, min_section, min(min) OVER (PARTITION BY sid) AS lowest FROM plans
       WHERE sid IN (${placeholders(sids)}) AND year = ? AND province = ? AND plan_type = '普通'
         AND subject_type = ? AND min IS NOT NULL
     ) WHERE min = lowest GROUP BY sid, min`,
    [...sids, year, province, category],
  )
}

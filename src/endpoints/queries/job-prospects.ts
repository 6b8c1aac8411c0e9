import type { Db } from '../../data/db.js'

/** The query of SPEC 4.19 over `employment`. */

export interface YearRate {
  major_id: number
  major_name: string
  year: number
  rate: number
}

/**
 * The yearly employment rates of the `count` majors with the best average rate over the years (ties: the better
 * latest rate, then the smaller major id).
 */
export const bestMajorRates = (db: Db, count: number): Promise<YearRate[]> =>
  db.all<YearRate>(
    `WITH per_major AS (
       SELECT major_id, avg(employment_rate) AS avg_rate, arg_max(employment_rate, year) AS current_rate
       FROM employment GROUP BY major_id
     ), top AS (
       SELECT major_id FROM per_major ORDER BY avg_rate DESC, current_rate DESC, major_id LIMIT ?
     )
     SELECT e.major_id, e.major_name, e.year, e.employment_rate AS rate
     FROM employment e JOIN top USING (major_id)`,
    [count],
  )

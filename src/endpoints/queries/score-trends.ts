import type { Db } from '../../data/db.js'
import type { ScoreRowFilter } from '../../domain/scores-history-rows.js'
import { whereOf } from './historical-scores.js'
import type { SchoolInfo } from './schools.js'

/** A school's lowest ordinary admission score of one year, province and category. */
export interface TrendPoint {
  province: string
  sid: number
  school_name: string
  subject_type: string
  year: number
  lo: number
}

/**
 * For `scores --chart`: under SPEC 4.7's filter, each school's lowest score per year, province and category,
 * ordinary plans only (a 国家专项 line is lower by design and would read as the school's). Rows with a score only.
 */
export function scoreTrend(
  db: Db,
  f: ScoreRowFilter,
  schools: ReadonlyMap<number, SchoolInfo>,
): Promise<TrendPoint[]> {
  const where = whereOf(f, schools)
  return db.all<TrendPoint>(
    `SELECT province, sid, min(school_name) AS school_name, subject_type, year, min(min)::INTEGER AS lo
     FROM plans WHERE ${where} AND plan_type = '普通'
     GROUP BY province, sid, subject_type, year ORDER BY sid, province, subject_type, year`,
    where.params,
  )
}

import type { Db } from '../../data/db.js'
import { placeholders } from './sql.js'

export interface StatRow {
  title: string
  total_applicants: number | null
  undergrad_admitted: number | null
  college_admitted: number | null
}

/** SPEC 4.10: the statistics of a province and year for the stored categories `types`, by category. */
export function categoryStats(
  db: Db,
  province: string,
  year: number,
  types: readonly string[],
): Promise<StatRow[]> {
  return db.all<StatRow>(
    `SELECT title, total_applicants, undergrad_admitted, college_admitted FROM category_stats
     WHERE province = ? AND year = ? AND subject_type IN (${placeholders(types)}) ORDER BY subject_type`,
    [province, year, ...types],
  )
}

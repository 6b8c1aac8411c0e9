import type { Db } from '../../data/db.js'
import { examModeIn, findProvince, subjectsTypeOf } from '../../domain/provinces.js'

/** Defaults of the counts endpoint (SPEC 4.13 sends neither a year nor, always, a batch). */

/** The latest year, not after `currentYear`, of the province's 一分一段 tables (else the current year). */
export async function defaultRankYear(db: Db, province: string, currentYear: number): Promise<number> {
  const [row] = await db.all<{ y: number | null }>(
    `SELECT max(year) AS y FROM score_ranks WHERE province = ? AND year <= ?`,
    [province, currentYear],
  )
  return row?.y ?? currentYear
}

/**
 * The province's ordinary undergraduate batch in the rule nearest to `year` of that year's exam mode (河南 2024,
 * a 文理 year: 本科一批, not 2025's 本科批): 本科批, 普通类一段, 本科一批, ...
 */
export async function defaultBatch(db: Db, province: string, year: number): Promise<string | undefined> {
  const known = findProvince(province)
  const mode = known ? subjectsTypeOf(examModeIn(known, year)) : null
  const [row] = await db.all<{ batch_name: string }>(
    `SELECT batch_name FROM volunteer_rules WHERE province = ? AND (?::INTEGER IS NULL OR subjects_type = ?)
     ORDER BY CASE batch_name WHEN '本科批' THEN 0 WHEN '普通类一段' THEN 1 WHEN '本科一批' THEN 2 ELSE 3 END,
              abs(year - ?), batch_name
     LIMIT 1`,
    [province, mode, mode, year],
  )
  return row?.batch_name
}

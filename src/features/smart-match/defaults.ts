import type { Db } from '../../data/db.js'
import { examModeIn, findProvince, subjectsTypeOf } from '../../domain/provinces.js'
import { latestRankYear, ordinaryBatch } from './queries.js'

/** Defaults of the counts endpoint (SPEC 4.13 sends neither a year nor, always, a batch). */

/** The latest year, not after `currentYear`, of the province's 一分一段 tables (else the current year). */
export async function defaultRankYear(db: Db, province: string, currentYear: number): Promise<number> {
  return (await latestRankYear(db, province, currentYear)) ?? currentYear
}

/**
 * The province's ordinary undergraduate batch in the rule nearest to `year` of that year's exam mode (河南 2024,
 * a 文理 year: 本科一批, not 2025's 本科批): 本科批, 普通类一段, 本科一批, ...
 */
export async function defaultBatch(db: Db, province: string, year: number): Promise<string | undefined> {
  const known = findProvince(province)
  const mode = known ? subjectsTypeOf(examModeIn(known, year)) : null
  return ordinaryBatch(db, province, year, mode)
}

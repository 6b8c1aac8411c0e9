import type { Db } from './db.js'

/** Lookups over `volunteer_rules` (a province's filing rule per year and batch). */

/** The provinces that have a filing rule: the ones a 志愿表 can be made for. */
export async function ruleProvinces(db: Db): Promise<string[]> {
  const rows = await db.all<{ province: string }>(`SELECT DISTINCT province FROM volunteer_rules`)
  return rows.map((r) => r.province)
}

/**
 * The batches a province has a rule for, those of the rule nearest to `year` first, then the ordinary
 * undergraduate batch (本科批, 普通类一段, 本科一批) before the others.
 */
export async function ruleBatches(db: Db, province: string, year: number): Promise<string[]> {
  const rows = await db.all<{ batch_name: string }>(
    `SELECT batch_name, min(abs(year - ?)) AS d FROM volunteer_rules WHERE province = ?
     GROUP BY batch_name
     ORDER BY d, CASE batch_name WHEN '本科批' THEN 0 WHEN '普通类一段' THEN 1 WHEN '本科一批' THEN 2 ELSE 3 END,
              batch_name`,
    [year, province],
  )
  return rows.map((r) => r.batch_name)
}

/** Every batch name with a filing rule in any province (shell completion without a province). */
export async function ruleBatchNames(db: Db): Promise<string[]> {
  const rows = await db.all<{ batch_name: string }>(
    `SELECT DISTINCT batch_name FROM volunteer_rules ORDER BY batch_name`,
  )
  return rows.map((r) => r.batch_name)
}

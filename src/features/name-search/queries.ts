import type { Db } from '../../data/db.js'
import type { SchoolRow as SchoolTableRow } from '../../datasets/schools/types.js'

/** What finding a school or a major reads: the whole directory (3,000 schools, 1,800 majors), and vocabularies. */

/** The columns of the schools table that finding a school reads (hot null where a school has none) */
export type SchoolRow = Pick<SchoolTableRow, 'sid' | 'code' | 'moe_code' | 'name' | 'province' | 'city'> & {
  level_name: string
  hot: number | null
}

export const schoolRows = (db: Db): Promise<SchoolRow[]> =>
  db.all<SchoolRow>('SELECT sid, code, moe_code, name, province, city, level_name, hot FROM schools')

export interface MajorRow {
  major_id: number
  code: string
  name: string
  level: string
  category: string
  class_name: string
  hot_num: number | null
}

export const majorRows = (db: Db): Promise<MajorRow[]> =>
  db.all<MajorRow>('SELECT major_id, code, name, level, category, class_name, hot_num FROM majors')

/** Every category name the data use: 一分一段 tables, plans and batch lines (物理类, 理科, 美术与设计类 ...). */
export async function categoryNames(db: Db): Promise<string[]> {
  const parts = [
    db.has('score_ranks') && 'SELECT DISTINCT km AS v FROM score_ranks',
    db.has('plans') && 'SELECT DISTINCT subject_type AS v FROM plans',
    db.has('score_lines') && 'SELECT DISTINCT type_name AS v FROM score_lines',
  ].filter((p): p is string => typeof p === 'string')
  if (parts.length === 0) return []
  const rows = await db.all<{ v: string }>(
    `SELECT DISTINCT v FROM (${parts.join(' UNION ')}) WHERE v <> '' ORDER BY v`,
  )
  return rows.map((r) => r.v)
}

/** Every batch name the data use: the plans' batches and the provinces' own, the filing rules', the lines'. */
export async function batchNames(db: Db): Promise<string[]> {
  const parts = [
    db.has('plans') && 'SELECT DISTINCT batch_name AS v FROM plans',
    db.has('plans') && 'SELECT DISTINCT local_batch_name AS v FROM plans',
    db.has('volunteer_rules') && 'SELECT DISTINCT batch_name AS v FROM volunteer_rules',
    db.has('score_lines') && 'SELECT DISTINCT name AS v FROM score_lines',
  ].filter((p): p is string => typeof p === 'string')
  if (parts.length === 0) return []
  const rows = await db.all<{ v: string }>(
    `SELECT DISTINCT v FROM (${parts.join(' UNION ')}) WHERE v <> '' ORDER BY v`,
  )
  return rows.map((r) => r.v)
}

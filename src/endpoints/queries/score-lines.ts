import type { Db } from '../../data/db.js'
import { expandKm } from '../../domain/km.js'
import type { Page } from '../paging.js'
import { containsPattern, placeholders } from './sql.js'

/** The queries of SPEC 4.5 over `score_lines`. */

export interface LineRow {
  id: number
  year: number
  province: string
  type_name: string
  name: string
  score: number
  major_score: number | null
  is_use: number
}

/** Every field optional (null: no condition). */
export interface LineFilter {
  province: string | null
  year: number | null
  /** A category; a short form (物理, 历史, as SPEC 4.2 allows for the tables) stands for its stored names */
  typeName: string | null
  /** A batch name, exactly */
  name: string | null
  /** A fragment of the batch name */
  keyword: string | null
  isUse: number | null
}

/**
 * The lines under the filter, ordered by year descending, then province, category and batch ascending
 * (code-point order of the names): their number, and one page.
 */
export async function scoreLines(
  db: Db,
  f: LineFilter,
  page: Page,
): Promise<{ total: number; rows: LineRow[] }> {
  const keyword = f.keyword === null ? null : containsPattern(f.keyword)
  const types = f.typeName === null ? [null] : [...expandKm(f.typeName)]
  const where = `(? IS NULL OR province = ?) AND (? IS NULL OR year = ?)
      AND (? IS NULL OR type_name IN (${placeholders(types)}))
      AND (? IS NULL OR name = ?) AND (? IS NULL OR name LIKE ? ESCAPE '\\') AND (? IS NULL OR is_use = ?)`
  const params = [
    ...[f.province, f.province, f.year, f.year, f.typeName, ...types],
    ...[f.name, f.name, keyword, keyword, f.isUse, f.isUse],
  ]
  const [count] = await db.all<{ total: number }>(
    `SELECT count(*)::INTEGER AS total FROM score_lines WHERE ${where}`,
    params,
  )
  const rows = await db.all<LineRow>(
    `SELECT id, year, province, type_name, name, score, major_score, is_use FROM score_lines WHERE ${where}
     ORDER BY year DESC, province, type_name, name, id LIMIT ? OFFSET ?`,
    [...params, page.size, page.offset],
  )
  return { total: count?.total ?? 0, rows }
}

/** The years a province has lines for, latest first. */
export async function lineYears(db: Db, province: string): Promise<number[]> {
  const rows = await db.all<{ y: number }>(
    'SELECT DISTINCT year AS y FROM score_lines WHERE province = ? ORDER BY y DESC',
    [province],
  )
  return rows.map((r) => r.y)
}

import type { Db } from '../../data/db.js'
import { containsPattern } from './sql.js'

/** The queries of SPEC 4.11 over `content_items` (news and common questions). */

/** A stored item. */
export interface ContentRow {
  id: number
  title: string
  school_name: string
  content: string
  answer: string
  description: string
  sort: number
  look_num: number
  publish_at: string
  created_at: string
  category_enum: number
}

/** sort_type: 1 publish time, 2 sort value, 3 view count, all descending; 0 (default): sort value, then time. */
const ORDER_BY = {
  0: 'sort DESC, publish_at DESC, id',
  1: 'publish_at DESC, id',
  2: 'sort DESC, id',
  3: 'look_num DESC, id',
} as const
export const SORT_TYPES = [0, 1, 2, 3] as const
export type SortType = (typeof SORT_TYPES)[number]

/** The items of a module and sub-module. */
export const contentItems = (db: Db, module: number, sub: number, sort: SortType): Promise<ContentRow[]> =>
  db.all<ContentRow>(
    `SELECT * FROM content_items WHERE module_type = ? AND sub_module_type = ? ORDER BY ${ORDER_BY[sort]}`,
    [module, sub],
  )

/** The news list (4, 4) under a title keyword ('' for none) and a category (0 for all). */
export interface NewsFilter {
  keyword: string
  category: number
  sort: SortType
}

const NEWS = `module_type = 4 AND sub_module_type = 4
    AND (? = '' OR title LIKE ? ESCAPE '\\') AND (? = 0 OR category_enum = ?)`
const newsParams = (f: NewsFilter) => [f.keyword, containsPattern(f.keyword), f.category, f.category]

export const allNews = (db: Db, f: NewsFilter): Promise<ContentRow[]> =>
  db.all<ContentRow>(`SELECT * FROM content_items WHERE ${NEWS} ORDER BY ${ORDER_BY[f.sort]}`, newsParams(f))

export async function newsCount(db: Db, f: NewsFilter): Promise<number> {
  const [count] = await db.all<{ total: number }>(
    `SELECT count(*)::INTEGER AS total FROM content_items WHERE ${NEWS}`,
    newsParams(f),
  )
  return count?.total ?? 0
}

export const newsPage = (db: Db, f: NewsFilter, limit: number, offset: number): Promise<ContentRow[]> =>
  db.all<ContentRow>(
    `SELECT * FROM content_items WHERE ${NEWS} ORDER BY ${ORDER_BY[f.sort]} LIMIT ? OFFSET ?`,
    [...newsParams(f), limit, offset],
  )

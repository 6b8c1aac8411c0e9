import type { DuckDBConnection } from '@duckdb/node-api'
import { KM_COLUMN } from '../validate/rules.js'
import type { Session } from '../validate/session.js'
import { ident, query } from '../validate/sql.js'
import type { Converted } from './convert.js'

/** What an import's report says of its slices beyond their counts (the rows it takes away, what goes stale). */

/** `a.province = b.province AND a.year = b.year ...` over the slice columns of an import. */
export const sliceMatch = (c: Converted, a: string, b: string): string =>
  c.sliceColumns.map((s) => `${a}.${ident(s)} = ${b}.${ident(s)}`).join(' AND ')

/**
 * The column of each table whose values one slice may span: the category (KM_COLUMN, unless --km makes it part of
 * the slice), and a province's batches for volunteer_rules.
 */
const SPANNED: Readonly<Record<string, { column: string; hint: string }>> = {
  ...Object.fromEntries(
    Object.entries(KM_COLUMN).map(([table, column]) => [table, { column, hint: '只替换一个科类请用 --km' }]),
  ),
  volunteer_rules: { column: 'batch_name', hint: '要保留它们, 文件须列出该省该年的全部批次' },
}

/**
 * A slice is a whole province and year unless --km narrows it: the categories (or batches) its old rows have and
 * the file has not are deleted with it. That is the documented rule, and easy to trip over (a file of 物理类 lines
 * only takes the 历史类 lines away; category_stats and volunteer_rules said nothing), so the report says which
 * rows go.
 */
export async function droppedCategories(conn: DuckDBConnection, c: Converted): Promise<string[]> {
  const spanned = SPANNED[c.table]
  const column = spanned?.column
  if (!spanned || !column || c.sliceColumns.includes(column)) return []
  const col = ident(column)
  const gone = await query<{ category: string; n: number }>(
    conn,
    `SELECT o.${col} AS category, count(*)::INTEGER AS n FROM __old o
     WHERE EXISTS (SELECT 1 FROM __slices s WHERE ${sliceMatch(c, 's', 'o')})
       AND NOT EXISTS (SELECT 1 FROM __staged n WHERE ${sliceMatch(c, 'n', 'o')} AND n.${col} IS NOT DISTINCT FROM o.${col})
     GROUP BY ALL ORDER BY category`,
  )
  return gone.map(
    (g) => `文件中没有 ${g.category} 的行: 切片中原有的 ${g.n} 行 ${g.category} 将被删除 (${spanned.hint})`,
  )
}

/**
 * A new 一分一段 table leaves what was computed from the old one as it was: the plans ranks derived from scores and
 * the category statistics. The import touches one table only (one file replaced atomically); the report says what
 * stays stale, so that nobody takes it for updated.
 */
export async function staleDerived(session: Session, c: Converted): Promise<string[]> {
  if (c.table !== 'score_ranks') return []
  const notes: string[] = []
  const counted = async (table: string, extra: string) => {
    if (!session.present.has(table)) return 0
    const [row] = await query<{ n: number }>(
      session.conn,
      `SELECT count(*)::INTEGER AS n FROM ${ident(table)} t
       WHERE EXISTS (SELECT 1 FROM __slices s WHERE s.province = t.province AND s.year = t.year
                       AND s.km = t.subject_type) ${extra}`,
    )
    return row?.n ?? 0
  }
  const ranks = await counted('plans', 'AND t.rank_derived')
  if (ranks > 0) notes.push(`plans 中 ${ranks} 行的位次由旧的一分一段表推算, 不随本次导入更新`)
  const stats = await counted('category_stats', '')
  if (stats > 0) notes.push(`category_stats 中 ${stats} 行统计来自旧的一分一段表, 不随本次导入更新`)
  return notes
}

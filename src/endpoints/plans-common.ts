import type { Db } from '../data/db.js'
import { badRequest } from '../errors.js'
import { memoized } from './caches.js'

/**
 * Helpers shared by the plan and score endpoints (SPEC 4.4, 4.6, 4.7, 4.9, 4.20): logo URLs, literal LIKE
 * patterns, WHERE clauses built from constant fragments, and the school directory.
 */

/**
 * SPEC 2.20: a stored logo that does not start with `http` is prefixed with the logo base URL. A school without a
 * logo (stored '') answers '' rather than the bare base URL, which is not an image.
 */
export function logoUrl(stored: string | null | undefined, base: string): string {
  if (!stored) return ''
  return stored.startsWith('http') ? stored : `${base}${stored}`
}

/** `%text%` for `LIKE ? ESCAPE '\'`: the user's text matches literally (its `%` and `_` are no wildcards). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A conjunction of constant SQL fragments with their bound values. Only the conditions a request uses are
 * written, so DuckDB sees plain column filters it can push into the scan. Fragments are constants of the
 * endpoint files, never request text.
 */
export class Where {
  private readonly parts: string[] = []
  readonly params: unknown[] = []

  add(fragment: string, ...values: unknown[]): this {
    this.parts.push(fragment)
    this.params.push(...values)
    return this
  }

  /** `column IN (?, ?)`; an empty list matches nothing. */
  in(column: string, values: readonly unknown[]): this {
    if (values.length === 0) return this.add('FALSE')
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values)
  }

  toString(): string {
    return this.parts.length === 0 ? 'TRUE' : this.parts.join(' AND ')
  }
}

export interface SchoolInfo {
  name: string
  hot: number | null
  logo: string
  nature_name: string | null
  f985: number
  f211: number
  type_name: string | null
  level_name: string
  city: string | null
}

/** The schools table as a map by sid, read once per open dataset (a few thousand rows). */
export function schoolDirectory(db: Db): Promise<ReadonlyMap<number, SchoolInfo>> {
  return memoized(db, 'schools', 'all', async () => {
    const rows = await db.all<SchoolInfo & { sid: number }>(
      'SELECT sid, name, hot, logo, nature_name, f985, f211, type_name, level_name, city FROM schools',
    )
    return new Map(rows.map(({ sid, ...s }) => [sid, { ...s, logo: s.logo ?? '' }]))
  })
}

/** Order of schools by popularity: `hot` ascending (smaller is hotter), unknown last, then sid. */
export function byHot(
  a: { hot: number | null; sid: number },
  b: { hot: number | null; sid: number },
): number {
  if (a.hot !== b.hot) {
    if (a.hot === null) return 1
    if (b.hot === null) return -1
    return a.hot - b.hot
  }
  return a.sid - b.sid
}

/** A four-digit year of a request, or a window word (`近五年`, `近三年`); anything else is a 400 naming the field. */
export function parseYearWord(
  field: string,
  value: string | undefined,
  word: string,
): { kind: 'none' } | { kind: 'window' } | { kind: 'year'; year: number } {
  if (value === undefined) return { kind: 'none' }
  if (value === word) return { kind: 'window' }
  if (/^\d{4}$/.test(value)) return { kind: 'year', year: Number(value) }
  throw badRequest(`参数 ${field} 无效: 应为四位数年份 (如 2025) 或 ${word}, 收到 ${JSON.stringify(value)}`)
}

/** The paging block of a list answer. */
export interface Paging {
  page: number
  limit: number
  offset: number
}

export const pagingOf = (page: number | undefined, limit: number | undefined, defaultLimit = 10): Paging => {
  const p = page ?? 1
  const l = limit ?? defaultLimit
  return { page: p, limit: l, offset: (p - 1) * l }
}

/** `第 2/7 页, 共 63 条` */
export const pageFooter = (p: Paging, total: number): string =>
  `第 ${p.page}/${Math.max(1, Math.ceil(total / p.limit))} 页, 每页 ${p.limit} 条, 共 ${total} 条`

/** One column of a terminal table. */
export interface TableColumn<T> {
  head: string
  cell: (row: T) => string | number | null | undefined
  /** Right-aligned */
  numeric?: boolean
}

/** The head, rows and numeric columns of a TableView; `false` entries (columns not wanted) are skipped. */
export function tableOf<T>(columns: readonly (TableColumn<T> | false)[], rows: readonly T[]) {
  const used = columns.filter((c): c is TableColumn<T> => c !== false)
  return {
    head: used.map((c) => c.head),
    rows: rows.map((r) => used.map((c) => c.cell(r))),
    numeric: used.flatMap((c, i) => (c.numeric ? [i] : [])),
  }
}

import type { TableName } from '../../data/catalogue.js'
import type { Db } from '../../data/db.js'
import { byPinyin } from '../../domain/km.js'
import { lookupTable } from '../../domain/lookup.js'
import { memoized } from '../caches.js'

/**
 * SPEC 4.0: the lookups name a `source`; each source is one dataset table and the columns that hold its
 * subject and batch values. Column names here are constants, never request text.
 */
export interface LookupSource {
  table: TableName
  subject: string
  batch: string | null
  year: string
  province: string
}

/** The source of a request that names none: the 一分一段 tables. */
export const DEFAULT_SOURCE: LookupSource = {
  table: 'score_ranks',
  subject: 'km',
  batch: 'level',
  year: 'year',
  province: 'province',
}

export const LOOKUP_SOURCES: Readonly<Record<string, LookupSource>> = lookupTable({
  yifenyiduan: DEFAULT_SOURCE,
  picixian: { table: 'score_lines', subject: 'type_name', batch: 'name', year: 'year', province: 'province' },
  plans: { table: 'plans', subject: 'subject_type', batch: 'batch_name', year: 'year', province: 'province' },
  category_stats: {
    table: 'category_stats',
    subject: 'subject_type',
    batch: null,
    year: 'year',
    province: 'province',
  },
})
export const SOURCE_NAMES = Object.keys(LOOKUP_SOURCES)

/**
 * Distinct non-empty values of one column under optional province and year filters, in pinyin order. The
 * datasets are read-only while a process runs, so each answer is computed once (a scan of ten million plan
 * rows costs over 100 ms).
 */
export function distinctValues(
  db: Db,
  source: LookupSource,
  column: string,
  filter: { province?: string; year?: number },
): Promise<string[]> {
  const key = `${source.table}|${column}|${filter.province ?? ''}|${filter.year ?? ''}`
  return memoized(db, 'meta-lookups', key, () => scanDistinct(db, source, column, filter), 256)
}

async function scanDistinct(
  db: Db,
  source: LookupSource,
  column: string,
  filter: { province?: string; year?: number },
): Promise<string[]> {
  const { province = null, year = null } = filter
  const rows = await db.all<{ v: string }>(
    `SELECT DISTINCT CAST(${column} AS VARCHAR) AS v FROM ${source.table}
     WHERE (? IS NULL OR ${source.province} = ?) AND (? IS NULL OR ${source.year} = ?)
       AND ${column} IS NOT NULL AND CAST(${column} AS VARCHAR) <> ''`,
    [province, province, year, year],
  )
  return rows.map((r) => r.v).sort(byPinyin)
}

import type { Db } from '../../data/db.js'
import {
  type ScoreRowColumns,
  type ScoreRowDictionaries,
  ScoreRows,
} from '../../domain/scores-history-rows.js'
import { memoized } from '../caches.js'

/** The text columns kept as codes, by their name in ScoreRowColumns. Constants, never request text. */
const CODED = {
  spname: 'spname',
  school: 'school_name',
  province: 'province',
  batch: 'batch_name',
  subject: 'subject_type',
} as const
type Coded = keyof typeof CODED

const SCORED = 'SELECT * FROM plans WHERE min IS NOT NULL'
/** The distinct values of a column, in code order (the code of a value is its place in this list). */
const dictionarySql = (column: string) =>
  `SELECT DISTINCT ${column} AS v FROM (${SCORED}) ORDER BY v NULLS FIRST`

/**
 * Every scored plan row as integer columns for the in-memory summary (domain/scores-history-rows.ts), built once
 * per open dataset. Each text column becomes the row number of its value in that column's sorted distinct
 * values, computed in DuckDB by joining against the dictionary (NULL joins NULL: `IS NOT DISTINCT FROM`).
 * Rows come in the answer order of their blocks (year descending, the school's hot ascending, sid), so the
 * blocks of a summary are already in page order.
 */
export function scoreRows(db: Db): Promise<ScoreRows> {
  return memoized(db, 'historical-scores-rows', 'all', async () => {
    const names = Object.keys(CODED) as Coded[]
    const dict = {} as Record<Coded, (string | null)[]>
    for (const name of names)
      dict[name] = (await db.all<{ v: string | null }>(dictionarySql(CODED[name]))).map((r) => r.v)
    const ctes = names.map(
      (name) =>
        `d_${name} AS (SELECT v, (row_number() OVER (ORDER BY v NULLS FIRST) - 1)::INTEGER AS code
         FROM (SELECT DISTINCT ${CODED[name]} AS v FROM scored))`,
    )
    const joins = names.map((name) => `JOIN d_${name} ON s.${CODED[name]} IS NOT DISTINCT FROM d_${name}.v`)
    const [year, sid, hot, major, ...codes] = await db.intColumns(
      `WITH scored AS (${SCORED}), ${ctes.join(', ')}
       SELECT s.year::INTEGER, s.sid::INTEGER, coalesce(h.hot, -1)::INTEGER, coalesce(s.major_id, -1)::INTEGER,
         ${names.map((n) => `d_${n}.code`).join(', ')}
       FROM scored s ${joins.join(' ')} LEFT JOIN schools h ON h.sid = s.sid
       ORDER BY s.year DESC, h.hot ASC NULLS LAST, s.sid, d_spname.code`,
    )
    const columns = { year, sid, hot, major } as Record<string, Int32Array>
    names.forEach((name, i) => {
      columns[name] = codes[i] as Int32Array
    })
    return new ScoreRows(columns as unknown as ScoreRowColumns, dict as ScoreRowDictionaries)
  })
}

import type { Db } from './db.js'

/**
 * Reads tens of thousands of rows without paying for a JS value per cell. DuckDB's Node API decodes every text
 * cell with its own call, which costs more than the query itself for a province's plan history (96,000 rows on
 * the synthetic set: ~450 ms as row objects, ~130 ms for the two reads here). Integer columns come through
 * `Db.intColumns` (copied vectors); the text columns come back as one string, fields joined with U+001D and rows
 * with U+001F (NULL as U+001E), split in JS. Both reads list the rows in the same unique order.
 */

export interface BulkQuery {
  /** A leading `WITH …` clause, if any (its parameters first in `params`) */
  with?: string
  /** `FROM … WHERE …`: the rows */
  from: string
  params: readonly unknown[]
  /** Column name → SQL expression of an INTEGER value (NULL allowed) */
  ints: Readonly<Record<string, string>>
  /** Column name → SQL expression of a VARCHAR value (NULL allowed) */
  texts: Readonly<Record<string, string>>
  /** A unique row order, e.g. `p.id` */
  order: string
}

/** The rows as columns: the value of column `name` in row `i` (null where NULL). */
export interface BulkColumns {
  size: number
  int(name: string, i: number): number | null
  text(name: string, i: number): string | null
}

const ROW = '\u001f'
const FIELD = '\u001d'
const NULL_TEXT = '\u001e'
/** INTEGER NULL travels as the smallest INTEGER, which no id, year, rank or score of ours is. */
const NULL_INT = -2147483648

export async function readColumns(db: Db, q: BulkQuery): Promise<BulkColumns> {
  const head = q.with ? `${q.with} ` : ''
  const intNames = Object.keys(q.ints)
  const textNames = Object.keys(q.texts)
  const ints = intNames.length
    ? await db.intColumns(
        `${head}SELECT ${intNames.map((n) => `coalesce((${q.ints[n]})::INTEGER, ${NULL_INT})`).join(', ')}
         ${q.from} ORDER BY ${q.order}`,
        q.params,
      )
    : []
  const texts = textNames.map((n) => `coalesce(CAST(${q.texts[n]} AS VARCHAR), chr(30))`)
  // A text holding a separator cannot be split back: `unsafe` says so, and the rows are read the ordinary way.
  const unsafe = texts.map(
    (t) =>
      `contains(${t}, chr(29)) OR contains(${t}, chr(31)) OR (contains(${t}, chr(30)) AND ${t} <> chr(30))`,
  )
  const [joined] = await db.all<{ n: number; t: string | null; unsafe: boolean | null }>(
    `${head}SELECT count(*) AS n,
       ${texts.length ? `string_agg(${texts.join(' || chr(29) || ')}, chr(31) ORDER BY ${q.order})` : "''"} AS t,
       ${texts.length ? `bool_or(${unsafe.join(' OR ')})` : 'FALSE'} AS unsafe
     ${q.from}`,
    q.params,
  )
  const size = Number(joined?.n ?? 0)
  const records = size === 0 || textNames.length === 0 ? [] : String(joined?.t ?? '').split(ROW)
  if (
    joined?.unsafe ||
    (textNames.length > 0 && records.length !== size) ||
    ints.some((c) => c.length !== size)
  )
    return slowColumns(db, q, head)
  const intIndex = new Map(intNames.map((n, c) => [n, ints[c] as Int32Array]))
  const textIndex = new Map(textNames.map((n, c) => [n, c]))
  // Callers read a row's fields together: keep the last row split.
  let splitRow = -1
  let fields: string[] = []
  return {
    size,
    int(name, i) {
      const v = (intIndex.get(name) as Int32Array)[i] as number
      return v === NULL_INT ? null : v
    },
    text(name, i) {
      if (i !== splitRow) {
        fields = (records[i] as string).split(FIELD)
        splitRow = i
      }
      const v = fields[textIndex.get(name) as number] as string
      return v === NULL_TEXT ? null : v
    },
  }
}

/** The same columns read as ordinary rows (when a text holds a separator). */
async function slowColumns(db: Db, q: BulkQuery, head: string): Promise<BulkColumns> {
  const columns = [
    ...Object.entries(q.ints).map(([n, e]) => `(${e})::INTEGER AS "${n}"`),
    ...Object.entries(q.texts).map(([n, e]) => `CAST(${e} AS VARCHAR) AS "${n}"`),
  ]
  const rows = await db.all<Record<string, number | string | null>>(
    `${head}SELECT ${columns.join(', ')} ${q.from} ORDER BY ${q.order}`,
    q.params,
  )
  return {
    size: rows.length,
    int: (name, i) => (rows[i]?.[name] as number | null) ?? null,
    text: (name, i) => (rows[i]?.[name] as string | null) ?? null,
  }
}

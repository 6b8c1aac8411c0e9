import { createHash } from 'node:crypto'
import { readFile, rename, rm } from 'node:fs/promises'
import { DuckDBInstance } from '@duckdb/node-api'

export type ColumnType = 'VARCHAR' | 'INTEGER' | 'DOUBLE' | 'BOOLEAN'

export interface ColumnSpec {
  name: string
  type: ColumnType
  nullable?: boolean
}

export type CellValue = string | number | boolean | null

const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`

/**
 * Writes rows (already in their final order) to `<path>` as zstd Parquet, deterministically:
 * one DuckDB thread, an appender that keeps insertion order, an explicit ORDER BY on a hidden
 * ordinal, and a temporary `<path>.tmp` renamed into place only after the COPY succeeded.
 */
export async function writeParquet(
  path: string,
  columns: readonly ColumnSpec[],
  rows: readonly (readonly CellValue[])[],
): Promise<void> {
  const tmp = `${path}.tmp`
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' })
  const conn = await instance.connect()
  try {
    await conn.run('SET threads=1')
    await conn.run('SET preserve_insertion_order=true')
    const ddl = columns.map((c) => `"${c.name}" ${c.type}${c.nullable ? '' : ' NOT NULL'}`).join(', ')
    await conn.run(`CREATE TABLE t (__ord INTEGER NOT NULL, ${ddl})`)
    const app = await conn.createAppender('t')
    rows.forEach((row, i) => {
      app.appendInteger(i)
      columns.forEach((c, j) => {
        const v = row[j]
        if (v === null || v === undefined) {
          if (!c.nullable) throw new Error(`null in non-null column ${c.name} (row ${i})`)
          app.appendNull()
        } else if (c.type === 'INTEGER') {
          if (typeof v !== 'number' || !Number.isInteger(v))
            throw new Error(`bad integer in ${c.name} (row ${i})`)
          app.appendInteger(v)
        } else if (c.type === 'DOUBLE') {
          if (typeof v !== 'number' || !Number.isFinite(v))
            throw new Error(`bad number in ${c.name} (row ${i})`)
          app.appendDouble(v)
        } else if (c.type === 'BOOLEAN') {
          if (typeof v !== 'boolean') throw new Error(`bad boolean in ${c.name} (row ${i})`)
          app.appendBoolean(v)
        } else app.appendVarchar(String(v))
      })
      app.endRow()
    })
    app.closeSync()
    const cols = columns.map((c) => `"${c.name}"`).join(', ')
    await rm(tmp, { force: true })
    await conn.run(
      `COPY (SELECT ${cols} FROM t ORDER BY __ord) TO ${sqlString(tmp)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
    )
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
  await rename(tmp, path)
}

export async function sha256File(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex')
}

/** Reads a Parquet file back as plain objects (bigint → number), for checks and tests. */
export async function readParquet(path: string, orderBy?: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    const order = orderBy ? ` ORDER BY ${orderBy}` : ''
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet(${sqlString(path)})${order}`)
    return reader
      .getRowObjectsJS()
      .map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
      )
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

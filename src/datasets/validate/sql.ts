import type { DuckDBConnection } from '@duckdb/node-api'
import type { Column } from '../../data/schema.js'

/**
 * SQL helpers shared by validate, info, import and synth. Identifiers come only from the schema constants and
 * the catalogue (never from user input); values travel as bound parameters. Paths are our own configuration,
 * quoted as string literals because DuckDB's table functions take no parameters.
 */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`
export const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`

/** `"name" TYPE [NOT NULL]` for a CREATE TABLE, from the schema. */
export function columnDdl(columns: readonly Column[], notNull: boolean): string {
  return columns
    .map((c) => `${ident(c.name)} ${c.type}${notNull && !c.nullable ? ' NOT NULL' : ''}`)
    .join(', ')
}

/** Query to plain objects: bigint → number (every count and id we handle fits a double). */
export async function query<T = Record<string, unknown>>(
  conn: DuckDBConnection,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, params.length ? (params as never) : undefined)
  return reader.getRowObjectsJS().map((row) => {
    for (const k of Object.keys(row)) {
      const v = row[k]
      if (typeof v === 'bigint') row[k] = Number(v)
    }
    return row
  }) as T[]
}

/** Rows as arrays (bigint → number), for wide or positional results. */
export async function queryRows(
  conn: DuckDBConnection,
  sql: string,
  params: readonly unknown[] = [],
): Promise<unknown[][]> {
  const reader = await conn.runAndReadAll(sql, params.length ? (params as never) : undefined)
  return reader.getRowsJS().map((row) => row.map(plain))
}

const plain = (v: unknown): unknown => {
  if (typeof v === 'bigint') return Number(v)
  if (Array.isArray(v)) return v.map(plain)
  return v
}

/** Integer with thousands separators, for the terminal. */
export const fmtInt = (n: number): string => n.toLocaleString('en-US')

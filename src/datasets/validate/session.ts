import { join } from 'node:path'
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { TABLES } from '../../data/catalogue.js'
import { parquetInError, readFailure } from '../../data/read-failure.js'
import { type Column, SCHEMA } from '../../data/schema.js'
import { liveTableFile, plainFileName, tableFiles } from '../../data/table-files.js'
import { PROVINCES } from '../../domain/provinces.js'
import { ident, sqlString } from './sql.js'

/** Every table name we know: the catalogue's order, then any table the schema adds. */
export function knownTables(): string[] {
  return [...new Set<string>([...TABLES, ...Object.keys(SCHEMA)])]
}

/** The column contract of a table, or undefined for a catalogue table that has none yet. */
export function schemaOf(table: string): readonly Column[] | undefined {
  return (SCHEMA as Record<string, readonly Column[]>)[table]
}

/**
 * The file that holds `table` in `dir`: `<table>.parquet`, or the version manifest.json names after an import
 * (src/data/table-files.ts). What build, synth and an import write to is builtTableFile.
 */
export const tableFile = (dir: string, table: string): string => liveTableFile(dir, table)

/** The file `build` and `synth` write a table to (and an import reads as the table when nothing names another). */
export const builtTableFile = (dir: string, table: string): string => join(dir, plainFileName(table))

// Why a file cannot be read is worded in the query layer, which needs it too.
export { readFailure }

/** The table whose file an error names (`.../plans.parquet`, `.../plans.<version>.parquet`), if any. */
export function tableInError(err: unknown): string | undefined {
  const file = parquetInError(err)
  return file !== undefined && knownTables().includes(file) ? file : undefined
}

/**
 * One DuckDB instance over a datasets directory: a view per table file present (named after the table), and
 * `_known_provinces (name, full_score)` from src/domain/provinces.ts. A file that cannot be opened as Parquet
 * has no view; why is kept in `unreadable`, in one line without the file's name (see readFailure).
 */
export interface Session {
  readonly instance: DuckDBInstance
  readonly conn: DuckDBConnection
  readonly dir: string
  /** tables that have a view */
  readonly present: Set<string>
  /** tables whose file exists but cannot be read, and why (e.g. `已损坏或不是 Parquet 文件`) */
  readonly unreadable: Map<string, string>
  /** Drops the view of a table found damaged after the session opened (a page that does not decode). */
  markUnreadable(table: string, why: string): Promise<void>
  /** Replaces (or adds) the view of `table` with a query, e.g. the table with one slice replaced. */
  defineView(table: string, select: string): Promise<void>
  /** Closes the connection and the instance (again: nothing). */
  close(): void
  /** whether close() has run */
  readonly closed: boolean
}

export async function openSession(dir: string, opts: { threads?: number } = {}): Promise<Session> {
  const { DuckDBInstance } = await import('@duckdb/node-api')
  const instance = await DuckDBInstance.create(
    ':memory:',
    opts.threads ? { threads: String(opts.threads) } : {},
  )
  const conn = await instance.connect()
  const present = new Set<string>()
  const unreadable = new Map<string, string>()
  let closed = false
  await conn.run('CREATE TABLE _known_provinces (name VARCHAR NOT NULL, full_score INTEGER NOT NULL)')
  const app = await conn.createAppender('_known_provinces')
  for (const p of PROVINCES) {
    app.appendVarchar(p.name)
    app.appendInteger(p.fullScore)
    app.endRow()
  }
  app.closeSync()
  const { live } = tableFiles(dir, knownTables())
  for (const table of knownTables()) {
    const name = live.get(table)
    if (name === undefined) continue
    const file = join(dir, name)
    try {
      await conn.run(`CREATE VIEW ${ident(table)} AS SELECT * FROM read_parquet(${sqlString(file)})`)
      // Binding reads the footer only; a scan of one row catches a file cut short.
      await conn.run(`SELECT count(*) FROM ${ident(table)}`)
      present.add(table)
    } catch (err) {
      await conn.run(`DROP VIEW IF EXISTS ${ident(table)}`)
      unreadable.set(table, readFailure(err) ?? '已损坏或不是 Parquet 文件')
    }
  }
  return {
    instance,
    conn,
    dir,
    present,
    unreadable,
    async markUnreadable(table, why) {
      await conn.run(`DROP VIEW IF EXISTS ${ident(table)}`)
      present.delete(table)
      unreadable.set(table, why)
    },
    async defineView(table, select) {
      await conn.run(`CREATE OR REPLACE VIEW ${ident(table)} AS ${select}`)
      present.add(table)
      unreadable.delete(table)
    },
    get closed() {
      return closed
    },
    close() {
      if (closed) return
      closed = true
      conn.closeSync()
      instance.closeSync()
    },
  }
}

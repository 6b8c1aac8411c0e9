import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { serviceError } from '../errors.js'
import {
  DERIVED_TABLES,
  PRELOAD_ORDER,
  presentTables,
  resolveDatasetsDir,
  type TableName,
} from './catalogue.js'
import { parquetInError, readFailure } from './read-failure.js'

export type Row = Record<string, unknown>
export type Params = readonly unknown[]

/** What handlers see of the data: bound-parameter queries over the dataset tables. Nothing else. */
export interface Db {
  all<T = Row>(sql: string, params?: Params): Promise<T[]>
  /** True when the dataset file of `table` is installed. */
  has(table: TableName): boolean
  /**
   * True when the tables are loaded into memory (`preload`, a server): a process that will answer many
   * requests, where an in-memory index built once pays off. One-shot commands answer from SQL alone.
   */
  readonly resident: boolean
  /** The directory the tables are read from, whose manifest.json names their sources (absent in test doubles) */
  readonly dir?: string
  /**
   * The INTEGER columns of a result as typed arrays, copied chunk by chunk without making a JS value per cell:
   * for in-memory indexes of millions of rows (a row object costs microseconds, a copied column nanoseconds).
   * A NULL cell's value is unspecified: select only columns that cannot be NULL (coalesce in the SQL).
   */
  intColumns(sql: string, params?: Params): Promise<Int32Array[]>
  /**
   * Opens the datasets now instead of at the first query (a server loads its tables before listening);
   * `onTable` hears of each table as it is loaded (done of total), for a server's progress.
   */
  open(onTable?: (done: number, total: number, table: string) => void): Promise<void>
  close(): Promise<void>
}

export interface DbOptions {
  datasetsDir?: string
  /**
   * Load every table into DuckDB's memory at the first query (for `serve`): later queries skip Parquet
   * decoding. One-shot CLI commands keep plain views so that start-up stays fast.
   */
  preload?: boolean
  /** Number of connections a server may use at once; DuckDB runs one statement per connection. */
  connections?: number
}

/** The attached compressed in-memory database a server's tables live in */
const RESIDENT = 'resident'

const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`

/**
 * Opens the datasets lazily: @duckdb/node-api is imported on the first query only, so `gaokao --help` and
 * commands that never query do not pay for loading the native module.
 */
export function openDb(opts: DbOptions = {}): Db {
  const dir = resolveDatasetsDir(opts.datasetsDir)
  const files = presentTables(dir)
  const tables = new Set(files.keys())
  let ready: Promise<{ instance: DuckDBInstance; pool: ConnectionPool }> | undefined

  const init = async (onTable?: (done: number, total: number, table: string) => void) => {
    const { DuckDBInstance } = await import('@duckdb/node-api')
    // A server's loading (Parquet decoding, the preload's sorts) frees several hundred MB that jemalloc keeps
    // mapped unless its background threads purge it: at rest 457 MB with them off, 263 MB with them on.
    const instance = await DuckDBInstance.create(
      ':memory:',
      opts.preload ? { allocator_background_threads: 'true' } : {},
    )
    const setup = await instance.connect()
    const derived = DERIVED_TABLES.filter((d) => tables.has(d.from))
    const total = tables.size + derived.length
    // A server keeps its tables in a compressed in-memory database (DuckDB's default in-memory tables are not
    // compressed: the shipped tables took 440 MB there, 44 MB compressed, and a process at rest 1 GB), and the
    // tables of the default database are views of them, which every connection of the pool sees.
    if (opts.preload) await setup.run(`ATTACH ':memory:' AS ${RESIDENT} (COMPRESS)`)
    const install = async (name: string, select: string) => {
      if (!opts.preload) return setup.run(`CREATE VIEW ${name} AS ${select}`)
      await setup.run(`CREATE TABLE ${RESIDENT}.${name} AS ${select}`)
      return setup.run(`CREATE VIEW ${name} AS SELECT * FROM ${RESIDENT}.${name}`)
    }
    let done = 0
    for (const table of tables) {
      onTable?.(done++, total, table)
      // Paths come from our own configuration, never from a request; quoting still guards odd directories.
      const source = `read_parquet(${sqlString(files.get(table) as string)})`
      const order = opts.preload ? PRELOAD_ORDER[table] : undefined
      // A file that cannot be read fails here, when its view is made: named in one line, not DuckDB's text.
      await install(table, `SELECT * FROM ${source}${order ? ` ORDER BY ${order}` : ''}`).catch(
        (err: unknown) => {
          throw translateError(err)
        },
      )
    }
    for (const d of derived) {
      onTable?.(done++, total, d.name)
      await install(d.name, d.sql)
    }
    onTable?.(done, total, '')
    setup.closeSync()
    return { instance, pool: new ConnectionPool(instance, opts.connections ?? 4) }
  }

  return {
    has: (table) => tables.has(table),
    resident: opts.preload === true,
    dir,
    async open(onTable) {
      ready ??= init(onTable)
      await ready
    },
    async all<T>(sql: string, params: Params = []): Promise<T[]> {
      ready ??= init()
      const { pool } = await ready
      const conn = await pool.acquire()
      try {
        const reader = await conn.runAndReadAll(sql, params as never)
        return reader.getRowObjectsJS().map(plainRow) as T[]
      } catch (err) {
        throw translateError(err)
      } finally {
        pool.release(conn)
      }
    },
    async intColumns(sql: string, params: Params = []): Promise<Int32Array[]> {
      ready ??= init()
      const { pool } = await ready
      const conn = await pool.acquire()
      try {
        const result = await conn.run(sql, params as never)
        const parts: Int32Array[][] = Array.from({ length: result.columnCount }, () => [])
        for await (const chunk of result) {
          for (let c = 0; c < parts.length; c++) {
            const items = (chunk.getColumnVector(c) as { items?: unknown }).items
            if (!(items instanceof Int32Array)) throw new Error(`intColumns: column ${c} is not INTEGER`)
            // The vector is a view of memory DuckDB owns: copy it.
            const column = parts[c] as Int32Array[]
            column.push(items.slice())
          }
        }
        return parts.map(concat)
      } catch (err) {
        throw translateError(err)
      } finally {
        pool.release(conn)
      }
    },
    async close() {
      if (!ready) return
      const { instance, pool } = await ready
      pool.closeAll()
      instance.closeSync()
      ready = undefined
    },
  }
}

function concat(parts: Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Counts come back as bigint; every count we serve fits a double, and JSON cannot carry bigint. */
function plainRow(row: Record<string, unknown>): Row {
  for (const key of Object.keys(row)) {
    const v = row[key]
    if (typeof v === 'bigint') row[key] = Number(v)
  }
  return row
}

function translateError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err)
  const missing = /Table with name (\w+) does not exist/.exec(message)
  if (missing) {
    // A derived table is missing because the dataset it is computed from is.
    const table = DERIVED_TABLES.find((d) => d.name === missing[1])?.from ?? missing[1]
    return serviceError(`数据集 ${table} 未安装: 请运行 gaokao datasets build, 或用 --datasets 指向数据目录`)
  }
  const file = parquetInError(err)
  const why = readFailure(err)
  if (file && why)
    return serviceError(
      `数据集文件 ${file}.parquet ${why}: 请重新安装 datasets/, 或运行 gaokao datasets build`,
    )
  return err instanceof Error ? err : new Error(message)
}

/** A fixed set of connections handed out one statement at a time, so concurrent requests run in parallel. */
class ConnectionPool {
  private readonly idle: DuckDBConnection[] = []
  private readonly waiting: ((c: DuckDBConnection) => void)[] = []
  private created = 0

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly size: number,
  ) {}

  async acquire(): Promise<DuckDBConnection> {
    const conn = this.idle.pop()
    if (conn) return conn
    if (this.created < this.size) {
      this.created++
      return this.instance.connect()
    }
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  release(conn: DuckDBConnection): void {
    const next = this.waiting.shift()
    if (next) next(conn)
    else this.idle.push(conn)
  }

  closeAll(): void {
    for (const conn of this.idle.splice(0)) conn.closeSync()
  }
}

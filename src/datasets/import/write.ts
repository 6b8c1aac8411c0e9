import { rename, rm } from 'node:fs/promises'
import type { DuckDBConnection } from '@duckdb/node-api'
import { query, sqlString } from '../validate/sql.js'

/**
 * COPY of a query to a zstd Parquet file with the settings of writeParquet (src/datasets/parquet.ts): one
 * thread for the write, insertion order kept, row groups of 122,880 rows, so the same rows give the same bytes.
 * The query must order its rows. The file at `path` is replaced; on failure it is removed.
 */
export async function copyToParquet(
  conn: DuckDBConnection,
  select: string,
  path: string,
  opts: { threads?: number } = {},
): Promise<void> {
  const [before] = await query<{ t: number }>(conn, `SELECT current_setting('threads') AS t`)
  await rm(path, { force: true })
  try {
    await conn.run(`SET threads = ${Math.max(1, Math.floor(opts.threads ?? 1))}`)
    await conn.run('SET preserve_insertion_order = true')
    await conn.run(
      `COPY (${select}) TO ${sqlString(path)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
    )
  } catch (err) {
    await rm(path, { force: true })
    throw err
  } finally {
    await conn.run(`SET threads = ${Number(before?.t ?? 1)}`)
  }
}

/** copyToParquet to `<path>.tmp`, then renamed to `path`: a reader never sees half a file. */
export async function writeParquetFromQuery(
  conn: DuckDBConnection,
  select: string,
  path: string,
  opts: { threads?: number } = {},
): Promise<void> {
  const tmp = `${path}.tmp`
  await copyToParquet(conn, select, tmp, opts)
  await rename(tmp, path)
}

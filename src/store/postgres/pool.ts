import type { Pool, PoolClient } from 'pg'

/**
 * The connection pool of one process. Small on purpose: a replica runs one process per core (serve --workers),
 * each with its own pool, and the database's max_connections (100 by default) is shared by every replica
 * (docs/deploy.md, "数据库"). Feedback writes are rare and a token check is one indexed read.
 */
export const POOL_SETTINGS = {
  max: 5,
  /** A database that does not answer is a failure within seconds, not a request that hangs */
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  /** Server-side bound of one statement, and the client's own in case the server never answers */
  statementTimeoutMs: 10_000,
  queryTimeoutMs: 15_000,
} as const

/**
 * A pool for `url`. `pg` is imported here, when a PostgreSQL store is first used, so that the CLI's other
 * commands never load it. `onIdleError` hears of connections that break while idle (a database restarted):
 * without a listener, pg's pool would throw that error out of the process.
 */
export async function createPool(url: string, onIdleError: (err: Error) => void): Promise<Pool> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SETTINGS.max,
    connectionTimeoutMillis: POOL_SETTINGS.connectionTimeoutMillis,
    idleTimeoutMillis: POOL_SETTINGS.idleTimeoutMillis,
    statement_timeout: POOL_SETTINGS.statementTimeoutMs,
    query_timeout: POOL_SETTINGS.queryTimeoutMs,
    application_name: 'gaokao',
    keepAlive: true,
  })
  pool.on('error', onIdleError)
  return pool
}

/**
 * Runs `work` on one connection inside BEGIN ... COMMIT and resolves only after COMMIT has returned; on any error
 * the transaction is rolled back (or the connection dropped, when it is the connection that failed) and the
 * error rethrown. A connection checked out of the pool has no error listener of the pool's: one is held here,
 * so that a connection breaking between two statements fails the transaction instead of the process.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (err: Error) => {
    broken = err
  }
  client.on('error', onError)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (err) {
    broken ??= await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackErr: Error) => rollbackErr,
    )
    throw err
  } finally {
    client.off('error', onError)
    // A connection that failed is closed rather than given to the next request.
    client.release(broken)
  }
}

import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { beforeAll, describe, inject } from 'vitest'

/**
 * The database of the PostgreSQL store's tests: GAOKAO_TEST_PG, or the cluster the slow tier's global setup started
 * (test/global/postgres.ts). A database that does not answer fails the tests: they are never skipped.
 */
export const TEST_PG = inject('gaokaoTestPg')

/** A describe block that needs the test database, which must answer. */
export function describePostgres(name: string, body: () => void): void {
  describe(name, () => {
    beforeAll(async () => {
      await checkReachable(TEST_PG)
    })
    body()
  })
}

async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (err) {
    throw new Error(`GAOKAO_TEST_PG does not answer: ${(err as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** One SQL statement on the test database, outside the store (to look at what the store wrote, or to set up). */
export async function sql<R extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text, params)).rows
  } finally {
    await client.end()
  }
}

/**
 * A new, empty schema of the test database and the URL that makes it the store's (search_path through the
 * connection's `options`), so that each test file starts from no tables and runs of the suite never meet.
 */
export async function freshSchema(url: string): Promise<{ schema: string; url: string }> {
  const schema = `gaokao_test_${randomBytes(6).toString('hex')}`
  await sql(url, `CREATE SCHEMA ${schema}`)
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return { schema, url: u.href }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  await sql(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`)
}

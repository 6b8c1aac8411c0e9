import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { beforeAll, describe } from 'vitest'

/**
 * The database of the PostgreSQL store's tests: GAOKAO_TEST_PG, a URL (`.ci/postgres.sh start` prints one and
 * `.ci/run` exports it). Without it the tests are skipped, saying why, on a developer's machine; under CI=true,
 * or whenever the variable is set, a database that does not answer fails them, so that CI cannot pass by skipping.
 */
export const TEST_PG = process.env.GAOKAO_TEST_PG || undefined

const REQUIRED = TEST_PG !== undefined || process.env.CI === 'true'
const SKIP_REASON =
  'skipped: GAOKAO_TEST_PG is not set (`.ci/postgres.sh start` starts a database and prints its URL)'

/** A describe block that needs the test database: skipped with the reason, or failed when it is unreachable. */
export function describePostgres(name: string, body: () => void): void {
  if (!REQUIRED) {
    describe.skip(`${name} (${SKIP_REASON})`, body)
    return
  }
  describe(name, () => {
    beforeAll(async () => {
      if (!TEST_PG) throw new Error(`CI=true and GAOKAO_TEST_PG is not set: the PostgreSQL tests cannot run`)
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

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StoreFailure } from '../../src/store/failure.js'
import { parseStoreLocation } from '../../src/store/location.js'
import { SCHEMA_SQL } from '../../src/store/postgres/queries.js'
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/store/postgres/schema.js'
import { openStores, type Stores, type WriteCountStorage } from '../../src/store/stores.js'
import { describePostgres, dropSchema, freshSchema, sql, TEST_PG } from '../helpers/postgres.js'
import { storeContract } from './contract.js'

/** The store of a URL, as `--store <url>` opens it */
const storesAt = (url: string) => openStores(parseStoreLocation(url))
/** The write limit's counts of a PostgreSQL store (always there: it is shared) */
const countsOf = (stores: Stores): WriteCountStorage => {
  if (!stores.sharedWriteCounts) throw new Error('a PostgreSQL store without shared write counts')
  return stores.sharedWriteCounts
}

describePostgres('the PostgreSQL store (GAOKAO_TEST_PG)', () => {
  const schemas: string[] = []
  let url = ''
  const fresh = async () => {
    const made = await freshSchema(TEST_PG)
    schemas.push(made.schema)
    return made
  }
  beforeAll(async () => {
    url = (await fresh()).url
  })
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(TEST_PG, schema)
  })

  describe('the store interface', () => storeContract(async () => storesAt(url)))

  it('creates its tables on first use, once, however many processes start together', async () => {
    const { schema, url: empty } = await fresh()
    const replicas = Array.from({ length: 4 }, () => storesAt(empty))
    await Promise.all(replicas.map((s) => s.open()))
    await storesAt(empty).open()
    const versions = await sql(
      TEST_PG,
      `SELECT version FROM ${schema}.gaokao_schema_version ORDER BY version`,
    )
    expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version })))
    expect(versions.at(-1)).toEqual({ version: SCHEMA_VERSION })
    const tables = await sql(
      TEST_PG,
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    )
    expect(tables.map((t) => t.table_name)).toEqual([
      'gaokao_feedback',
      'gaokao_schema_version',
      'gaokao_tokens',
      'gaokao_write_counts',
    ])
    await Promise.all(replicas.map((s) => s.close()))
  })

  it('refuses a database whose tables are more than one version newer than it knows', async () => {
    const { schema, url: newer } = await fresh()
    await storesAt(newer).open()
    await sql(TEST_PG, `INSERT INTO ${schema}.gaokao_schema_version (version, description) VALUES ($1, $2)`, [
      SCHEMA_VERSION + 2,
      'from the future',
    ])
    const stores = storesAt(newer)
    const refused = await stores.open().catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(StoreFailure)
    expect((refused as StoreFailure).kind).toBe('schema')
    expect((refused as Error).message).toContain(`版本为 ${SCHEMA_VERSION + 2}`)
    await stores.close()
  })

  it('upgrades a database of the first version, keeping what it holds', async () => {
    const { schema, url: older } = await fresh()
    // The first version's tables, as a replica of the previous release made them (the URL's search_path is the schema)
    await sql(older, SCHEMA_SQL.createVersions)
    for (const statement of MIGRATIONS[0]?.statements ?? []) await sql(older, statement)
    await sql(older, SCHEMA_SQL.recordVersion, [1, MIGRATIONS[0]?.description])
    await sql(
      older,
      "INSERT INTO gaokao_feedback VALUES (gen_random_uuid(), 1, '升级前', 'a@b.cn', '', now())",
    )
    const stores = storesAt(older)
    expect((await countsOf(stores).hit('k', 60_000)).count).toBe(1)
    await stores.feedback.submit({ feedback_type: 1, content: '升级后', contact: 'a@b.cn', page_title: '' })
    expect((await stores.feedback.read()).records.map((r) => r.content)).toEqual(['升级前', '升级后'])
    const versions = await sql(
      TEST_PG,
      `SELECT version FROM ${schema}.gaokao_schema_version ORDER BY version`,
    )
    expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version })))
    await stores.close()
  })

  it('counts writes in the database, one count for every replica, in fixed windows', async () => {
    const [a, b] = [storesAt(url), storesAt(url)]
    const key = `POST /feedback|${randomBytes(4).toString('hex')}`
    const seen = []
    for (let i = 0; i < 3; i++) {
      seen.push(await countsOf(a).hit(key, 60_000))
      seen.push(await countsOf(b).hit(key, 60_000))
    }
    expect(seen.map((c) => c.count)).toEqual([1, 2, 3, 4, 5, 6])
    for (const c of seen) expect(c.resetInMs).toBeGreaterThan(50_000)
    for (const c of seen) expect(c.resetInMs).toBeLessThanOrEqual(60_000)
    // at once from both: no write is lost between them
    const together = await Promise.all(
      Array.from({ length: 20 }, (_, i) => countsOf(i % 2 ? a : b).hit(`${key} together`, 60_000)),
    )
    expect(together.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
    // a window that has closed opens again at 1
    await countsOf(a).hit(`${key} short`, 200)
    await new Promise((r) => setTimeout(r, 400))
    expect((await countsOf(b).hit(`${key} short`, 200)).count).toBe(1)
    await Promise.all([a.close(), b.close()])
  })

  it('acknowledges feedback only once another connection can read it (after COMMIT)', async () => {
    const stores = storesAt(url)
    const marker = randomBytes(8).toString('hex')
    const record = await stores.feedback.submit({
      feedback_type: 1,
      content: marker,
      contact: 'a@b.cn',
      page_title: '',
    })
    const schema = new URL(url).searchParams.get('options')?.split('=')[1]
    const rows = await sql(TEST_PG, `SELECT id FROM ${schema}.gaokao_feedback WHERE content = $1`, [marker])
    expect(rows).toEqual([{ id: record.id }])
    await stores.close()
  })

  it('tries again after a failed start instead of failing for the life of the process', async () => {
    // A search_path naming a schema that does not exist yet: the tables cannot be created, until it does.
    const schema = `gaokao_test_${randomBytes(6).toString('hex')}`
    const u = new URL(TEST_PG)
    u.searchParams.set('options', `-c search_path=${schema}`)
    const stores = storesAt(u.href)
    await expect(stores.feedback.read()).rejects.toBeInstanceOf(StoreFailure)
    await sql(TEST_PG, `CREATE SCHEMA ${schema}`)
    schemas.push(schema)
    expect(await stores.feedback.read()).toEqual({ records: [], unreadable: 0 })
    await stores.close()
  })

  it('names the database without its password when it refuses the login', async () => {
    const wrong = new URL(TEST_PG)
    wrong.password = 'Wrong-Secret-8519'
    const stores = storesAt(wrong.href)
    const err = await Promise.resolve(stores.tokens.list()).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(StoreFailure)
    expect((err as StoreFailure).kind).toBe('login')
    expect((err as Error).message).toContain(`${wrong.username}:***@`)
    expect((err as Error).message).not.toContain('Wrong-Secret-8519')
    await stores.close()
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StoreFailure } from '../../src/store/failure.js'
import { parseStoreLocation } from '../../src/store/location.js'
import { SCHEMA_VERSION } from '../../src/store/postgres/schema.js'
import { openStores } from '../../src/store/stores.js'
import { describePostgres, dropSchema, freshSchema, sql, TEST_PG } from '../helpers/postgres.js'
import { storeContract } from './contract.js'

/** The store of a URL, as `--store <url>` opens it */
const storesAt = (url: string) => openStores(parseStoreLocation(url))

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
    const versions = await sql(TEST_PG, `SELECT version FROM ${schema}.gaokao_schema_version`)
    expect(versions).toEqual([{ version: SCHEMA_VERSION }])
    const tables = await sql(
      TEST_PG,
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    )
    expect(tables.map((t) => t.table_name)).toEqual([
      'gaokao_feedback',
      'gaokao_schema_version',
      'gaokao_tokens',
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

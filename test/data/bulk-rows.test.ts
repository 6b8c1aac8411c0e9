import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BulkColumns, type BulkQuery, readColumns } from '../../src/data/bulk-rows.js'
import { type Db, openDb } from '../../src/data/db.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let db: Db
beforeAll(async () => {
  db = openDb({ datasetsDir: await buildFixtureDatasets(['plans']) })
})
afterAll(() => db.close())

const rowsOf = (c: BulkColumns, q: BulkQuery) =>
  Array.from({ length: c.size }, (_, i) => ({
    ...Object.fromEntries(Object.keys(q.ints).map((n) => [n, c.int(n, i)])),
    ...Object.fromEntries(Object.keys(q.texts).map((n) => [n, c.text(n, i)])),
  }))

describe('readColumns (bulk rows without a JS value per cell)', () => {
  const query: BulkQuery = {
    from: 'FROM plans WHERE year >= ?',
    params: [2020],
    ints: { id: 'id', sid: 'sid', majorId: 'major_id', rank: 'min_section' },
    texts: { name: 'spname', group: 'sg_name', infos: 'sg_infos', empty: "''" },
    order: 'id',
  }
  it('reads the same rows as an ordinary query, NULLs and empty texts included', async () => {
    const c = await readColumns(db, query)
    const expected = await db.all(
      `SELECT id, sid, major_id AS "majorId", min_section AS rank, spname AS name, sg_name AS "group",
         sg_infos AS infos, '' AS empty FROM plans WHERE year >= 2020 ORDER BY id`,
    )
    expect(c.size).toBeGreaterThan(20)
    expect(rowsOf(c, query)).toEqual(expected)
    // The fixture has both: NULL and non-NULL in the nullable columns.
    expect(expected.some((r) => r.majorId === null) && expected.some((r) => r.group === null)).toBe(true)
  })
  it('falls back to ordinary rows when a text holds a separator, and reads nothing as nothing', async () => {
    const odd: BulkQuery = {
      ...query,
      texts: { name: "spname || chr(31) || 'x'", group: 'sg_name || chr(29)' },
    }
    const c = await readColumns(db, odd)
    const names = Array.from({ length: c.size }, (_, i) => c.text('name', i))
    expect(names.filter((n) => n !== null).every((n) => n?.endsWith('\u001fx'))).toBe(true)
    expect(names.some((n) => n !== null)).toBe(true)
    const none = await readColumns(db, { ...query, params: [3000] })
    expect(none.size).toBe(0)
  })
  it('reads integer columns as typed arrays and refuses any other type', async () => {
    const [ids, years] = await db.intColumns('SELECT id::INTEGER, year::INTEGER FROM plans ORDER BY id')
    expect(ids).toBeInstanceOf(Int32Array)
    const expected = await db.all<{ id: number; year: number }>('SELECT id, year FROM plans ORDER BY id')
    expect(Array.from(ids as Int32Array)).toEqual(expected.map((r) => r.id))
    expect(Array.from(years as Int32Array)).toEqual(expected.map((r) => r.year))
    await expect(db.intColumns("SELECT 'x' AS text")).rejects.toThrow(/not INTEGER/)
  })
})

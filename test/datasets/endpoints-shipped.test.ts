import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { AnyEndpoint, EndpointContext } from '../../src/endpoints/define.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { invoke } from '../../src/endpoints/invoke.js'
import { LOOKUP_SOURCES, SOURCE_NAMES } from '../../src/endpoints/queries/lookups.js'
import { tempStore } from '../helpers/datasets.js'
import { SHIPPED } from './helpers.js'

/**
 * The bar on real data: every query endpoint answers for every province that has data, with rows
 * wherever the dataset has rows for the request. The expectations come from the datasets themselves (SQL
 * counts), so the check follows the data when it is rebuilt. Runs as a server does (tables resident), so the
 * in-memory paths are the ones checked.
 */

let ctx: EndpointContext
const byName = new Map(ENDPOINTS.map((d) => [d.name, d]))
const endpoint = (name: string): AnyEndpoint => byName.get(name) as AnyEndpoint

beforeAll(async () => {
  ctx = createContextFactory({
    db: openDb({ datasetsDir: SHIPPED, preload: true }),
    storeDir: tempStore(),
  }).forCaller(null)
})
afterAll(() => ctx.db.close())

/** The number of rows of the endpoint's main list (its CSV records), failing on any error. */
async function rowsOf(name: string, request: Record<string, unknown>): Promise<number> {
  const def = endpoint(name)
  const outcome = await invoke(def, request, ctx)
  expect(outcome.error?.message, `${name} ${JSON.stringify(request)}`).toBeUndefined()
  const body = outcome.body as { data?: unknown }
  const data = def.envelope === false ? body : body.data
  return def.records ? def.records(data as never).length : Array.isArray(data) ? data.length : 1
}

const sql = <T>(text: string, params: unknown[] = []) => ctx.db.all<T>(text, params)

/** Provinces of a table, with how many rows each has. */
async function provincesOf(table: string, where = 'TRUE'): Promise<string[]> {
  const rows = await sql<{ province: string }>(
    `SELECT DISTINCT province FROM ${table} WHERE ${where} ORDER BY province`,
  )
  return rows.map((r) => r.province)
}

/** Collects the requests that found no rows although the data has some, to report them all at once. */
function misses() {
  const list: string[] = []
  return {
    async expectRows(name: string, request: Record<string, unknown>) {
      if ((await rowsOf(name, request)) === 0) list.push(`${name} ${JSON.stringify(request)}`)
    },
    list,
  }
}

describe('every endpoint answers for every province that has data (shipped datasets)', () => {
  it('score-rank tables: seating list, option and lookups for every table', async () => {
    const tables = await sql<{ province: string; year: number; km: string }>(
      'SELECT DISTINCT province, year, km FROM score_ranks ORDER BY province, year, km',
    )
    expect(tables.length).toBeGreaterThan(250)
    const m = misses()
    for (const t of tables) {
      await m.expectRows('seating-list', { province: t.province, year: String(t.year), km: t.km })
    }
    for (const province of await provincesOf('score_ranks')) {
      await m.expectRows('seating-option', { province })
      await m.expectRows('seating-seating', { province })
    }
    // Every category the option list offers (trailing 类 dropped, SPEC 2.5) fetches its table back, as
    // itself: 广东's 书法 is 书法类.
    for (const t of tables) {
      const short = t.km.endsWith('类') ? t.km.slice(0, -1) : t.km
      const def = endpoint('seating-list')
      const request = { province: t.province, year: String(t.year), km: short }
      const body = (await invoke(def, request, ctx)).body as { data: { current: { km: string }; list: [] } }
      if (body.data.list.length === 0 || body.data.current.km !== t.km) m.list.push(JSON.stringify(request))
    }
    expect(m.list).toEqual([])
  })

  it('reads 本科 as the ordinary table beside a 专科 one (广东 2026: help said "如 本科, 专科", 本科 found nothing)', async () => {
    const list = (level?: string) =>
      invoke(endpoint('seating-list'), { province: '广东', year: '2026', km: '物理', level }, ctx).then(
        (r) => (r.body as { data: { list: { total: number }[] } }).data.list,
      )
    const ordinary = await list()
    expect(ordinary.length).toBeGreaterThan(100)
    expect(await list('本科')).toEqual(ordinary)
    const vocational = await list('专科')
    expect(vocational.length).toBeGreaterThan(100)
    expect(vocational).not.toEqual(ordinary)
  })

  it('keeps a km short form within SPEC 4.2 (吉林 2025 体育 answered 体育类(历史) and hid 体育类(物理))', async () => {
    const seating = (km: string) =>
      invoke(endpoint('seating-seating'), { province: '吉林', year: '2025', km }, ctx).then((r) => r.body)
    // 体育 stands for 体育文, 体育理 and 体育类; 吉林 has none of them: no data, the spec's empty array
    expect(await seating('体育')).toEqual({ code: 200, message: 'success', data: [] })
    const list = (await invoke(endpoint('seating-list'), { province: '吉林', year: '2025', km: '体育' }, ctx))
      .body as { data: { list: unknown[]; options: { km_list: string[] }; current: { km: string } } }
    expect(list.data.list).toEqual([])
    expect(list.data.current.km).toBe('体育')
    expect(list.data.options.km_list).toEqual(expect.arrayContaining(['体育类(历史)', '体育类(物理)']))
    // each of 吉林's sport tables, asked in full, is itself
    for (const km of ['体育类(历史)', '体育类(物理)']) {
      const body = (await seating(km)) as { data: { arr: unknown[] } }
      expect(body.data.arr.length, km).toBeGreaterThan(10)
    }
    expect(await seating('体育类(历史)')).not.toEqual(await seating('体育类(物理)'))
    // a province whose table 4.2 names still answers the short form (广东's 体育类)
    const gd = (await invoke(endpoint('seating-list'), { province: '广东', year: '2025', km: '体育' }, ctx))
      .body as { data: { list: unknown[]; current: { km: string } } }
    expect(gd.data.current.km).toBe('体育类')
    expect(gd.data.list.length).toBeGreaterThan(10)
  })

  it('lookups of every source, for every province of that source', async () => {
    const m = misses()
    for (const source of SOURCE_NAMES) {
      const { table, subject, batch } = LOOKUP_SOURCES[source] as (typeof LOOKUP_SOURCES)[string]
      const provinces = await provincesOf(table)
      expect(provinces.length, source).toBeGreaterThan(20)
      for (const province of provinces) {
        await m.expectRows('meta-subjects', { source, province })
        // Batches only where the table has batch values for the province (rank tables of most provinces
        // have no level; category_stats has no batch column): then exactly as many as it has.
        const [want] = batch
          ? await sql<{ n: number }>(
              `SELECT count(DISTINCT ${batch})::INTEGER AS n FROM ${table} WHERE province = ? AND ${batch} <> ''`,
              [province],
            )
          : [{ n: 0 }]
        expect(await rowsOf('meta-batches', { source, province }), `${source} ${province}`).toBe(want?.n)
      }
      expect(subject).toBeTruthy()
    }
    expect(m.list).toEqual([])
  })

  it('score lines, category statistics and province distribution', async () => {
    const m = misses()
    for (const province of await provincesOf('score_lines'))
      await m.expectRows('province-score-lines', { province })
    const stats = await sql<{ province: string; year: number; subject_type: string }>(
      'SELECT DISTINCT province, year, subject_type FROM category_stats ORDER BY ALL',
    )
    expect(stats.length).toBeGreaterThan(50)
    for (const s of stats) await m.expectRows('category-stats', s)
    expect(await rowsOf('province-distribution', {})).toBeGreaterThan(0)
    expect(m.list).toEqual([])
  })

  it('plans, scores and special plans for every province of the plans', async () => {
    const m = misses()
    const planProvinces = await provincesOf('plans')
    expect(planProvinces.length).toBeGreaterThanOrEqual(31)
    for (const province of planProvinces) await m.expectRows('get-school-plan', { province })
    for (const province of await provincesOf('plans', 'min IS NOT NULL'))
      await m.expectRows('historical-scores-list', { province })
    for (const province of await provincesOf('special_plans'))
      await m.expectRows('special-plan', { province })
    expect(m.list).toEqual([])
  })

  it("a school's open majors and major groups, and a major's schools, in every province", async () => {
    // Per province, the school with the most major-level plan rows (the three list majors, not school-level
    // lines) in the province's latest year, and the major with the most 2022 rows (offering-schools reads the
    // 2022 plans, SPEC 4.18).
    const schools = await sql<{ province: string; year: number; sid: number }>(
      `WITH majors AS (SELECT * FROM plans WHERE trim(spname) <> ''),
         latest AS (SELECT province, max(year) AS year FROM majors GROUP BY province)
       SELECT province, year, (SELECT sid FROM majors r WHERE r.province = l.province AND r.year = l.year
         GROUP BY sid ORDER BY count(*) DESC, sid LIMIT 1) AS sid
       FROM latest l ORDER BY province`,
    )
    // 浙江's admissions carry school-level lines only (INVENTORY: its major shards are missing).
    expect(schools.length).toBeGreaterThanOrEqual(30)
    const majors = await sql<{ province: string; major_id: number }>(
      `SELECT province, arg_min(major_id, (-n, major_id)) AS major_id FROM (
         SELECT province, major_id, count(*) AS n FROM plans WHERE year = 2022 AND major_id IS NOT NULL
         GROUP BY ALL) GROUP BY province ORDER BY province`,
    )
    // 29: 浙江 and 山东 have no major-level rows of 2022.
    expect(majors.length).toBeGreaterThanOrEqual(29)
    const m = misses()
    for (const p of schools) {
      await m.expectRows('school-open-majors', { school_id: p.sid, province: p.province })
      await m.expectRows('schools-open-majors', { school_id: p.sid, province: p.province, year: p.year })
      await m.expectRows('major-groups', { slug: String(p.sid), province: p.province, year: String(p.year) })
    }
    for (const p of majors)
      await m.expectRows('offering-schools', { id: String(p.major_id), province: p.province })
    expect(m.list).toEqual([])
  })

  it('the lists without a province: hot schools, employment, job prospects, news', async () => {
    for (const name of ['hot-school-list', 'employment', 'job-prospect-ranking'])
      expect(await rowsOf(name, {}), name).toBeGreaterThan(0)
    expect(
      await rowsOf('common-question-list', { module_type: 4, sub_module_type: 4, page: 1, limit: 10 }),
    ).toBeGreaterThan(0)
  })
})

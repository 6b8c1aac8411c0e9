import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { specialPlanTypes } from '../../src/domain/mappings.js'
import { matchesSpecial, type SpecialFilter, type SpecialPlanRow } from '../../src/domain/scores-special.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { Caller, EndpointContext } from '../../src/endpoints/define.js'
import { searchSpecial } from '../../src/endpoints/queries/special-plans.js'
import specialPlan, { planTypeOf } from '../../src/endpoints/special-plan.js'
import { call } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
let ctx: EndpointContext
const contexts: EndpointContext[] = []
const contextFor = (caller: Caller | null = null, preload = false): EndpointContext => {
  const made = createContextFactory({
    db: openDb({ datasetsDir: dir, preload }),
    storeDir: tempStore(),
  }).forCaller(caller)
  contexts.push(made)
  return made
}
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = contextFor()
})
afterAll(async () => {
  for (const c of contexts) await c.db.close()
})

const special = async (body: Record<string, unknown>, on = ctx) => (await call(specialPlan, body, on)) as any
const ids = (res: any) => res.list.map((r: any) => `${r.school_name} ${r.spname} ${r.min}`)

describe('special plans (SPEC 4.4, 2.6)', () => {
  it('answers { total, list } without the envelope, with exactly the fields of 2.6', async () => {
    const res = await special({ province: '青海', year: 2025, plan_type: 2 })
    expect(Object.keys(res)).toEqual(['total', 'list'])
    // the table's title names what was asked (it was always the three types, without province or year)
    const view = specialPlan.table?.(res, { province: '青海', year: '2025', plan_type: 2 } as never) as {
      title: string
    }
    expect(view.title).toBe('专项计划 (地方专项) · 青海 · 2025')
    expect(res.total).toBe(2)
    expect(res.list[0]).toEqual({
      sid: 1002,
      major_id: 1003,
      year: 2025,
      province: '青海',
      school_name: '青岚理工大学',
      spname: '机械工程',
      num: 4,
      min: 520,
      min_section: 6000,
      local_batch_name: '本科提前批地方专项',
    })
  })
  it('orders by min ascending, rows without a score last, equal scores by plan row id', async () => {
    const res = await special({ province: '青海', year: '2025' })
    expect(res.total).toBe(6)
    expect(ids(res)).toEqual([
      '青岚理工大学 机械工程 520',
      '青岚理工大学 软件工程 540',
      '青岚医学院 口腔医学 540',
      '青岚大学 软件工程 560',
      '青岚大学 口腔医学 null',
      '青岚师范学院 汉语国际教育 null',
    ])
  })
  it('searches the three types only: 强基计划 and ordinary plans never appear', async () => {
    const res = await special({ province: '青海', limit: 100 })
    expect(res.total).toBe(7)
    expect(res.list.map((r: any) => r.local_batch_name)).not.toContain('强基计划')
    expect(res.list.some((r: any) => r.min === 600 || r.min === 610)).toBe(false)
  })
  it('maps plan_type 1, 2, 3 to 国家专项, 地方专项, 高校专项; missing or invalid searches all three', async () => {
    expect((await special({ province: '青海', plan_type: 1 })).total).toBe(4)
    expect((await special({ province: '青海', plan_type: '2' })).total).toBe(2)
    expect(ids(await special({ province: '青海', plan_type: 3 }))).toEqual(['青岚理工大学 软件工程 540'])
    for (const invalid of [0, 4, 'abc', '', null, 1.5, true, [1], { a: 1 }])
      expect((await special({ province: '青海', plan_type: invalid })).total, JSON.stringify(invalid)).toBe(7)
    expect(planTypeOf(' 1 ')).toBe(1)
    expect(specialPlanTypes(planTypeOf('x'))).toEqual(['国家专项', '地方专项', '高校专项'])
  })
  it('applies the keyword (school name or major name) to national special plans only', async () => {
    // 国家专项 rows must match; 地方专项 and 高校专项 rows stay whatever the keyword.
    expect(ids(await special({ province: '青海', year: 2025, keyword: '医学' }))).toEqual([
      '青岚理工大学 机械工程 520',
      '青岚理工大学 软件工程 540',
      '青岚医学院 口腔医学 540',
      '青岚大学 口腔医学 null',
      '青岚师范学院 汉语国际教育 null',
    ])
    expect(ids(await special({ province: '青海', year: 2025, plan_type: 1, keyword: '医学' }))).toEqual([
      '青岚医学院 口腔医学 540',
      '青岚大学 口腔医学 null',
    ])
    // By school name alone
    expect(ids(await special({ province: '青海', plan_type: 1, keyword: '青岚医' }))).toEqual([
      '青岚医学院 口腔医学 540',
    ])
    // No effect on the other types
    expect((await special({ province: '青海', plan_type: 2, keyword: '医学' })).total).toBe(2)
    // Matched literally: % and _ are no wildcards
    expect((await special({ province: '青海', plan_type: 1, keyword: '%' })).total).toBe(0)
  })
  it('filters by year and province; an unknown province is a 400 envelope', async () => {
    expect(ids(await special({ province: '青海', year: 2024 }))).toEqual(['青岚大学 软件工程 555'])
    expect((await special({ province: '青海省', year: 2024 })).total).toBe(1)
    const bad = await special({ province: '火星' })
    expect(bad).toEqual({ code: 400, message: '未知省份: 火星', data: {} })
    expect((await special({ year: '20x5' })).message).toBe('参数 year 无效: 应为四位数年份, 如 2025')
    // "0999" is four digits but no year: it was echoed as 999
    expect((await special({ year: '0999' })).message).toBe('参数 year 无效: 应为四位数年份, 如 2025')
  })
  it("uses the caller's province when logged in and province is absent", async () => {
    const gansu = contextFor({ province: '甘肃' })
    expect(ids(await special({}, gansu))).toEqual(['青岚大学 软件工程 500'])
    expect((await special({ province: '青海' }, gansu)).total).toBe(7)
  })
  it('defaults to page 1 and limit 10; rejects a bad page or limit with a 400 envelope', async () => {
    const all = await special({})
    expect(all.list.length).toBeLessThanOrEqual(10)
    expect((await special({ page: 0 })).message).toBe('参数 page 无效: 应为不小于 1 的整数, 收到 0')
    expect((await special({ page: 1e20 })).message).toBe(
      '参数 page 无效: 数值过大, 收到 100000000000000000000',
    )
    expect((await special({ limit: 101 })).message).toBe('参数 limit 无效: 应在 1 到 100 之间, 收到 101')
    expect((await special({ limit: 'x' })).code).toBe(400)
    expect((await special({ province: '青海', page: 5 })).list).toEqual([])
  })
  it('pages without duplicates or gaps', async () => {
    const walk = async (limit: number) => {
      const seen: unknown[] = []
      let total = 0
      for (let page = 1; page === 1 || page <= Math.ceil(total / limit) + 1; page++) {
        const res = await special({ page, limit })
        total = res.total
        seen.push(...res.list)
      }
      expect(seen).toHaveLength(total)
      return seen
    }
    const whole = await walk(100)
    for (const limit of [1, 3, 7]) expect(await walk(limit)).toEqual(whole)
  })
  it('names a group line as a line in spname and answers an unknown num as null, never -1', async () => {
    // 福建 (plans.lines.csv): a 2025 国家专项 group line (505) and a 2024 major without a score, both numbers unknown
    const res = await special({ province: '福建', limit: 100 })
    expect(res.list.map((r: any) => [r.year, r.spname, r.min, r.num])).toEqual([
      [2025, '(院校/专业组)', 505, null],
      [2024, '测试土木工程', null, null],
    ])
    const view = specialPlan.table?.(res, { province: '福建' } as never) as { rows: unknown[][] }
    // 院校, 专业, 年份, 最低分, 最低位次, 计划数: an unknown number is an empty cell, as any null
    expect(view.rows[0]?.slice(0, 6)).toEqual(['楚天测试大学', '(院校/专业组)', 2025, 505, 29000, null])
    const all = await special({ limit: 100 })
    expect(all.total).toBeLessThanOrEqual(100)
    for (const r of all.list) {
      expect(r.spname, JSON.stringify(r)).not.toBe('')
      expect(r.num === null || r.num >= 0, JSON.stringify(r)).toBe(true)
    }
  })
  it('answers every filter and page as the rule applied row by row, from views and from preloaded tables', async () => {
    const oneShot = contextFor()
    const server = contextFor(null, true)
    // Every plan row, in answer order; the rule (domain/scores-special.ts) picks the expected ones.
    const all = await oneShot.db.all<SpecialPlanRow & { id: number }>(
      `SELECT sid, major_id, year, province, school_name, spname, num, min, min_section, local_batch_name,
         plan_type FROM plans ORDER BY min ASC NULLS LAST, id`,
    )
    const filters: SpecialFilter[] = []
    for (const types of [specialPlanTypes(undefined), ['国家专项'], ['地方专项'], ['高校专项']])
      for (const year of [undefined, 2024, 2025])
        for (const province of [undefined, '青海', '甘肃', '西藏'])
          for (const keyword of [undefined, '医学', '青岚', '软件'])
            filters.push({
              types,
              ...(year === undefined ? {} : { year }),
              ...(province === undefined ? {} : { province }),
              ...(keyword === undefined ? {} : { keyword }),
            })
    let nonEmpty = 0
    for (const f of filters) {
      // the rule filters stored rows; a line names itself and an unknown number (-1) is null in the answer
      const expected = all
        .filter((r) => matchesSpecial(r, f))
        .map(({ plan_type: _, ...r }) => ({
          ...r,
          spname: r.spname === '' ? '(院校/专业组)' : r.spname,
          num: r.num === -1 ? null : r.num,
        }))
      if (expected.length > 0) nonEmpty++
      for (const [offset, limit] of [
        [0, 100],
        [1, 2],
        [expected.length, 5],
      ] as const) {
        const want = { total: expected.length, list: expected.slice(offset, offset + limit) }
        expect(await searchSpecial(oneShot.db, f, offset, limit), JSON.stringify(f)).toEqual(want)
        expect(await searchSpecial(server.db, f, offset, limit), JSON.stringify(f)).toEqual(want)
      }
    }
    // The filters are not all empty: the comparison above compared rows.
    expect(nonEmpty).toBeGreaterThan(20)
  })
})

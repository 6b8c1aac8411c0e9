import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory, DEFAULT_SETTINGS } from '../../src/endpoints/context.js'
import type { Caller, EndpointContext, Settings } from '../../src/endpoints/define.js'
import hotSchoolList from '../../src/endpoints/hot-school-list.js'
import { call, callWithView } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

const NOW = new Date('2026-06-15T10:00:00+08:00')
let dir: string
const contexts: EndpointContext[] = []
const contextFor = (caller: Caller | null = null, settings: Partial<Settings> = {}): EndpointContext => {
  const made = createContextFactory({
    db: openDb({ datasetsDir: dir }),
    storeDir: tempStore(),
    now: () => NOW,
    settings,
  }).forCaller(caller)
  contexts.push(made)
  return made
}
let anonymous: EndpointContext
let ningxia: EndpointContext
let ningxiaHistory: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  anonymous = contextFor()
  ningxia = contextFor({ province: '宁夏' })
  ningxiaHistory = contextFor({ province: '宁夏', km: '历史' })
})
afterAll(async () => {
  for (const c of contexts) await c.db.close()
})

const hot = async (body: Record<string, unknown>, ctx = anonymous) =>
  (await call(hotSchoolList, body, ctx)) as any

describe('hot schools (SPEC 4.20, 2.20)', () => {
  it('lists the schools offering a major, hottest first, with the fields of 2.20 and prefixed logos', async () => {
    const res = await hot({ major_id: 1001, year: 2025 }, ningxia)
    expect(res.code).toBe(200)
    expect(res.data).toEqual([
      {
        sid: 1001,
        logo: `${DEFAULT_SETTINGS.logoBaseUrl}1001.jpg`,
        school_name: '青岚大学',
        min_score: 600,
        min_rank: 2000,
        hot_value: 2,
      },
      {
        sid: 1002,
        logo: 'https://cdn.example.com/qlut.png',
        school_name: '青岚理工大学',
        // 物理类, 宁夏's first ordinary category (its 历史类 lines, 530 and up, are on another scale)
        min_score: 550,
        min_rank: 5000,
        hot_value: 10,
      },
    ])
  })
  it("takes the minima in the caller's own category, never the lowest score over two categories", async () => {
    const [, qlut] = (await hot({ major_id: 1001, year: 2025 }, ningxiaHistory)).data
    // 历史类 工商管理 530 (rank 4000) and 机械工程 530 (rank 4200): the lowest-placed rank at that score
    expect(qlut).toMatchObject({ sid: 1002, min_score: 530, min_rank: 4200 })
    // 物理 in full, and a category the province has no plans in falls back to the default one
    const { res: physics, view: minimaOf } = await callWithView(
      hotSchoolList,
      { major_id: 1001, year: 2025 },
      contextFor({ province: '宁夏', km: '物理类' }),
    )
    expect(physics.data[1]).toMatchObject({ min_score: 550, min_rank: 5000 })
    // the table's title says what the minima are of (it said 热门院校 alone when the year was defaulted)
    const view = hotSchoolList.table?.(physics.data, {} as never, minimaOf) as { title: string }
    expect(view.title).toBe('热门院校 (2025 宁夏物理类)')
    // a 文理 name stored before the reform is read as 4.2's short form: 文科 is 历史类 (it fell back to 物理类)
    const arts = await hot({ major_id: 1001, year: 2025 }, contextFor({ province: '宁夏', km: '文科' }))
    expect(arts.data[1]).toMatchObject({ sid: 1002, min_score: 530, min_rank: 4200 })
    const none = await hot({ major_id: 1001, year: 2025 }, contextFor({ province: '宁夏', km: '蒙授' }))
    expect(none.data).toEqual(physics.data)
    // A name that is no category at all is a typing error, not the default
    expect(await hot({ year: 2025 }, contextFor({ province: '宁夏', km: '历吏' }))).toEqual({
      code: 400,
      message: '参数 km 无效: 未知科类 历吏 (可用 物理, 历史, 综合, 理科, 文科 等)',
      data: {},
    })
  })
  it("takes the minima among ordinary plans of the caller's province, else of the default province 江苏", async () => {
    // 青岚大学 has no plan in 江苏: no minima for an anonymous caller.
    expect((await hot({ major_id: 1001, year: 2025 })).data.map((s: any) => s.min_score)).toEqual([
      null,
      null,
    ])
    const viaSettings = contextFor(null, { defaultProvince: '宁夏' })
    expect((await hot({ major_id: 1001, year: 2025 }, viaSettings)).data[0]).toMatchObject({
      min_score: 600,
      min_rank: 2000,
    })
    // Special plans (国家专项 570 in 宁夏) and art or sport categories do not count; the minima are the school's,
    // whatever the major that selected it.
    const only = async (major_id: number) => (await hot({ major_id, year: 2025 }, ningxia)).data
    expect(await only(1009)).toEqual([
      { sid: 1003, logo: '', school_name: '青岚师范学院', min_score: null, min_rank: null, hot_value: 45 },
    ])
    expect(await only(1007)).toMatchObject([{ sid: 1005, min_score: 590, min_rank: 2600 }])
    expect((await hot({ major_id: 1007, year: 2025 }, ningxiaHistory)).data).toMatchObject([
      { sid: 1005, min_score: 500, min_rank: 9000 },
    ])
  })
  it('caps the list at 20 schools, ordered by hot_value ascending', async () => {
    const res = await hot({ major_id: 1011, year: 2021 }, contextFor({ province: '西藏' }))
    expect(res.data).toHaveLength(20)
    expect(res.data.map((s: any) => s.sid)).toEqual(Array.from({ length: 20 }, (_, i) => 1101 + i))
    expect(res.data[0]).toMatchObject({
      school_name: '青岚第1学院',
      min_score: 401,
      min_rank: 1010,
      hot_value: 101,
    })
    const all = await hot({ year: 2025 }, ningxia)
    const values: (number | null)[] = all.data.map((s: any) => s.hot_value)
    expect(all.data.length).toBeLessThanOrEqual(20)
    values.forEach((v, i) => {
      const before = values[i - 1]
      if (i > 0 && v !== null) expect(before !== null && before !== undefined && before <= v).toBe(true)
    })
  })
  it('defaults to last year and major_id 0 (all schools)', async () => {
    expect((await hot({}, ningxia)).data).toEqual((await hot({ year: 2025, major_id: 0 }, ningxia)).data)
    expect((await hot({ year: '2025', major_id: '1001' }, ningxia)).data).toHaveLength(2)
  })
  it('answers an empty list for a major nobody offers that year', async () => {
    expect((await hot({ major_id: 1001, year: 2021 })).data).toEqual([])
    expect((await hot({ major_id: 999999 })).data).toEqual([])
  })
  it('rejects a year outside 2021 to the current year, and a bad major_id, with a 400 envelope', async () => {
    expect(await hot({ year: 2020 })).toEqual({
      code: 400,
      message: '参数 year 无效: 应在 2021 到 2026 之间, 收到 2020',
      data: {},
    })
    expect((await hot({ year: 2027 })).message).toBe('参数 year 无效: 应在 2021 到 2026 之间, 收到 2027')
    expect((await hot({ year: 'last' })).message).toBe('参数 year 无效: 应为整数, 收到 "last"')
    expect((await hot({ major_id: -1 })).message).toBe('参数 major_id 无效: 应为不小于 0 的整数, 收到 -1')
    expect((await hot({}, contextFor({ province: '火星' }))).message).toBe('未知省份: 火星')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory, DEFAULT_SETTINGS } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import getSchoolPlan from '../../src/endpoints/get-school-plan.js'
import { call } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

const NOW = new Date('2026-06-15T10:00:00+08:00')
let ctx: EndpointContext
beforeAll(async () => {
  const dir = await buildFixtureDatasets()
  ctx = createContextFactory({
    db: openDb({ datasetsDir: dir }),
    storeDir: tempStore(),
    now: () => NOW,
  }).forCaller(null)
})
afterAll(() => ctx.db.close())

const plans = async (body: Record<string, unknown>) => (await call(getSchoolPlan, body, ctx)) as any
const ids = (res: any) => res.data.list.map((r: any) => r.id)
const NINGXIA_2025 = [1029, 1033, 1031, 1028, 1026, 1036, 1025, 1034, 1027, 1020, 1021, 1023, 1030]

describe('school plans (SPEC 4.9, 2.10)', () => {
  it('answers every field of 2.10, with school columns, a prefixed logo and null where we have no data', async () => {
    const res = await plans({ year: 2025, province: '宁夏', limit: 100 })
    expect(res.code).toBe(200)
    expect(Object.keys(res.data)).toEqual(['list', 'total', 'page', 'limit'])
    const r = res.data.list.find((x: any) => x.id === 1020)
    expect(r).toEqual({
      id: 1020,
      sid: 1001,
      year: 2025,
      province: '宁夏',
      kemu: '物理类',
      spname: '软件工程',
      batch_name: '本科批',
      local_batch_name: '本科批',
      average: 605,
      min: 600,
      min_section: 2000,
      sg_infos: '首选物理,再选化学',
      spcode: '080902',
      num: 10,
      length: '四年',
      tuition: 5200,
      nature_name: '公办',
      f985: 985,
      f211: 211,
      school_name: '青岚大学',
      type_name: '综合类',
      logo: `${DEFAULT_SETTINGS.logoBaseUrl}1001.jpg`,
      level_name: '普通本科',
      city: '西宁',
      local_name: null,
      sg_name: null,
      tb_sn_code: null,
      tb_sg_code: null,
      major_id: 1001,
      spdetail: null,
      sg_options: null,
      job_id: null,
      created_at: null,
      updated_at: null,
      average_section: null,
      max: 620,
      max_section: null,
    })
    const logos = new Map(res.data.list.map((x: any) => [x.school_name, x.logo]))
    expect(logos.get('青岚理工大学')).toBe('https://cdn.example.com/qlut.png')
    expect(logos.get('青岚师范学院')).toBe('')
  })
  it('orders a year by min ascending, rows without a score last, ties by id', async () => {
    const res = await plans({ year: '2025', province: '宁夏', limit: 100 })
    expect(res.data.total).toBe(13)
    expect(ids(res)).toEqual(NINGXIA_2025)
  })
  it('defaults to 2024; 近五年 is year >= current year - 5, by year descending then min', async () => {
    expect(ids(await plans({ province: '宁夏' }))).toEqual([1024])
    const five = await plans({ year: '近五年', province: '宁夏', limit: 100 })
    // 2025, then 2024 and 2022; 2020 and 2018 are before 2021.
    expect(ids(five)).toEqual([...NINGXIA_2025, 1024, 1032])
    expect(ids(await plans({ year: 2020, province: '宁夏' }))).toEqual([1035])
    expect((await plans({ year: 2017 })).data).toMatchObject({ total: 0, list: [] })
  })
  it('rejects years outside 近五年 and 2017 to the current year', async () => {
    for (const year of ['2016', '2027', '近三年', 'abc'])
      expect((await plans({ year })).message, year).toBe(
        `参数 year 无效: 应为 近五年 或 2017 到 2026 之间的年份, 收到 "${year}"`,
      )
  })
  it('province: all and absent do not filter, cur is the default province 江苏, a name filters', async () => {
    const all = await plans({ year: 2025, province: 'all', limit: 100 })
    expect(all.data.total).toBe((await plans({ year: 2025, limit: 100 })).data.total)
    expect(new Set(all.data.list.map((r: any) => r.province)).size).toBeGreaterThan(2)
    const cur = await plans({ year: 2025, province: 'cur', limit: 100 })
    expect(cur.data.total).toBeGreaterThan(0)
    expect(cur.data).toEqual((await plans({ year: 2025, province: '江苏', limit: 100 })).data)
    expect((await plans({ province: '火星' })).message).toBe('未知省份: 火星')
  })
  it('filters school_type; 双一流 is f985 = 985 AND f211 = 211, as the spec writes it', async () => {
    const of = async (school_type: string) =>
      ids(await plans({ year: 2025, province: '宁夏', school_type, limit: 100 })).sort()
    expect(await of('985')).toEqual([1020, 1021, 1023, 1027, 1028, 1034])
    expect(await of('211')).toEqual([1020, 1021, 1023, 1025, 1026, 1034, 1036])
    expect(await of('双一流')).toEqual([1020, 1021, 1023, 1034])
    expect(await of('专科(高职)')).toEqual([1029])
    expect((await of('普通本科')).length).toBe(12)
    expect((await plans({ school_type: '民办' })).code).toBe(400)
  })
  it('filters batch; all does not filter, 特殊类型招生 covers the four special batches', async () => {
    const of = async (batch: string) => ids(await plans({ year: 2025, province: '宁夏', batch, limit: 100 }))
    expect((await of('all')).length).toBe(13)
    expect((await of('本科批')).length).toBe(10)
    expect(await of('特殊类型招生')).toEqual([1034])
    expect(await of('专科批')).toEqual([1029])
  })
  it('also accepts a stored batch_name (lookup 4.0, source plans), matched exactly', async () => {
    const of = async (batch: string) => (await plans({ year: 2025, batch, limit: 100 })).data.list
    const national = await of('国家专项')
    expect(national.length).toBeGreaterThan(0)
    expect(new Set(national.map((r: any) => r.batch_name))).toEqual(new Set(['国家专项']))
    const special = await of('特殊类型招生')
    expect(special.length).toBeGreaterThan(national.length)
    expect(ids(await plans({ year: 2025, province: '宁夏', batch: '国家专项' }))).toEqual([1034])
    // 所有批次 is a word of 4.7, not of 4.9, and no stored batch; values are compared, never become SQL.
    for (const batch of ['本科一批', '所有批次', "国家专项' OR '1'='1"])
      expect(await plans({ batch }), batch).toEqual({
        code: 400,
        message: '参数 batch 无效: 可选值: all, 本科批, 本科提前批, 专科批, 专科提前批, 特殊类型招生',
        data: {},
      })
  })
  it('pages without duplicates or gaps, also across the years of 近五年', async () => {
    const walk = async (filter: Record<string, unknown>, limit: number) => {
      const first = await plans({ ...filter, limit })
      const seen: number[] = ids(first)
      for (let page = 2; page <= Math.ceil(first.data.total / limit) + 1; page++) {
        const res = await plans({ ...filter, page, limit })
        expect(res.data).toMatchObject({ total: first.data.total, page, limit })
        seen.push(...ids(res))
      }
      expect(seen).toHaveLength(first.data.total)
      return seen
    }
    for (const filter of [{ year: '近五年', province: '宁夏' }, { year: '近五年' }, { year: 2025 }]) {
      const whole = await walk(filter, 100)
      expect(new Set(whole).size).toBe(whole.length)
      for (const limit of [1, 4, 6])
        expect(await walk(filter, limit), JSON.stringify({ filter, limit })).toEqual(whole)
    }
  })
  it('rejects a bad page or limit', async () => {
    expect((await plans({ page: 'one' })).message).toBe('参数 page 无效: 应为整数, 收到 "one"')
    expect((await plans({ limit: 101 })).message).toBe('参数 limit 无效: 应在 1 到 100 之间, 收到 101')
  })
})

describe('school and group lines in the plans (SPEC 2.10)', () => {
  // 福建 2025 of 楚天测试大学 (plans.lines.csv): a school line (500), a 国家专项 group line (505), a group line (510),
  // and two majors of that group (515, 520); only 测试机械工程 has a published number (6).
  it('names a line as one in spname, sg_name naming the group; num keeps the -1 that 2.10 gives an unknown number', async () => {
    const res = await plans({ year: 2025, province: '福建', limit: 100 })
    expect(res.data.list.map((r: any) => [r.id, r.spname, r.sg_name, r.num])).toEqual([
      [9101, '(院校/专业组)', null, -1],
      [9105, '(院校/专业组)', '专业组（03）', -1],
      [9102, '(院校/专业组)', '专业组（02）', -1],
      [9103, '测试土木工程', '专业组（02）', -1],
      [9104, '测试机械工程', '专业组（02）', 6],
    ])
  })
  it('exports an unknown number as null (an empty CSV cell), never -1', async () => {
    const res = await plans({ year: 2025, province: '福建', limit: 100 })
    const records = getSchoolPlan.records?.(res.data) ?? []
    expect(records.map((r) => r.num)).toEqual([null, null, null, null, 6])
    // every record of every year: a name, and in the exports a known number or null
    const first = await plans({ year: '近五年', limit: 100 })
    for (let page = 1; page <= Math.ceil(first.data.total / 100); page++)
      for (const r of getSchoolPlan.records?.((await plans({ year: '近五年', limit: 100, page })).data) ??
        []) {
        expect(r.spname, JSON.stringify(r)).not.toBe('')
        expect(r.num === null || (r.num as number) >= 0, JSON.stringify(r)).toBe(true)
      }
  })
  it('tells two groups of a school apart in the table and shows an unknown number as an empty cell', async () => {
    const res = await plans({ year: 2025, province: '福建', limit: 100 })
    const view = getSchoolPlan.table?.(res.data, { year: '2025', province: '福建' } as never)
    const rows = (Array.isArray(view) ? view[0] : view)?.rows ?? []
    // 专业 and 计划数
    expect(rows.map((r) => [r[1], r[5]])).toEqual([
      ['(院校/专业组)', null],
      ['(院校/专业组) 专业组（03）', null],
      ['(院校/专业组) 专业组（02）', null],
      ['测试土木工程', null],
      ['测试机械工程', 6],
    ])
  })
})

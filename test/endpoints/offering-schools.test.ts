import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../src/endpoints/define.js'
import { invoke } from '../../src/endpoints/invoke.js'
import offeringSchools from '../../src/endpoints/offering-schools.js'
import { runGaokao } from '../helpers/cli.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

// Fixture rows: fixtures/datasets/{plans,schools,majors}.groups.csv. Major 2001 测试软件工程 has 2022 plan records at
// schools 2001 (twice), 2002, 2003, 2004, 2005, 2007, and a 2023 record at school 2006.
let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(() => ctx.db.close())

const offering = (body: Record<string, unknown>) => call(offeringSchools, body, ctx)
const sids = async (body: Record<string, unknown>) =>
  (await offering({ id: '2001', page_size: 100, ...body })).data.items.map((s: any) => s.sid)

describe('offering schools (SPEC 4.18, 2.18)', () => {
  it('answers the paged container with items, the same array as data, and pagination', async () => {
    const res = await offering({ id: '2001' })
    expect(res.code).toBe(200)
    expect(Object.keys(res.data)).toEqual([
      'items',
      'data',
      'total',
      'page',
      'pageSize',
      'totalPages',
      'pagination',
    ])
    expect(res.data).toMatchObject({ total: 6, page: 1, pageSize: 10, totalPages: 1 })
    expect(res.data.pagination).toEqual({ page: 1, pageSize: 10, total: 6, totalPages: 1 })
    expect(res.data.data).toEqual(res.data.items)
    expect(res.data.items[0]).toEqual({
      sid: 2001,
      hot: 3,
      name: '测试大学',
      province: '江苏',
      city: '南京',
      f985: '985',
      f211: '211',
      dual_class_name: '双一流',
      type_name: '综合类',
      level_name: '普通本科',
      logo: 'https://static-data.gaokao.cn/upload/logo/2001.jpg',
      zybw: 1,
      qjjh: 1,
      sgjh: 0,
      nature_name: '公办',
    })
    const byId = Object.fromEntries(res.data.items.map((s: any) => [s.sid, s]))
    expect(byId[2002]).toMatchObject({ f985: null, f211: '211', logo: 'https://cdn.example.com/2002.png' })
    expect(byId[2003]).toMatchObject({ f211: null, dual_class_name: '双一流', logo: '' })
    expect(byId[2007]).toMatchObject({ f211: '211', dual_class_name: null })
    expect(byId[2004]).toMatchObject({ level_name: '专科(高职)', sgjh: 1, dual_class_name: null })
  })
  it('orders by hot ascending, then sid (2002 and 2007 share hot 20)', async () => {
    const res = await offering({ id: '2001' })
    expect(res.data.items.map((s: any) => [s.hot, s.sid])).toEqual([
      [3, 2001],
      [20, 2002],
      [20, 2007],
      [40, 2003],
      [300, 2005],
      [900, 2004],
    ])
  })
  it('associates schools through 2022 plan records only, each school once', async () => {
    // 2006 has the major in 2023 only; 2001 has two 2022 records (本科批, 国家专项) and appears once.
    expect(await sids({})).not.toContain(2006)
    expect((await sids({})).filter((s: number) => s === 2001)).toHaveLength(1)
  })
  it('answers no school for a major whose records are all of other years (the literal 2022 rule)', async () => {
    // 测试考古学 (2007) is planned in 2024 by two schools, but has no 2022 record.
    for (const id of ['2007', '测试考古学', '069907']) {
      expect(await offering({ id })).toEqual({
        code: 200,
        message: 'success',
        data: {
          items: [],
          data: [],
          total: 0,
          page: 1,
          pageSize: 10,
          totalPages: 0,
          pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 },
        },
      })
    }
    expect((await offering({ id: '2008' })).data.total).toBe(0) // a major without any plan
  })
  it('filters by the enrolment province and by the school province', async () => {
    expect(await sids({ province: '江苏' })).toEqual([2001, 2002, 2007])
    expect(await sids({ province: '浙江省' })).toEqual([2005])
    expect(await sids({ province_school: '江苏' })).toEqual([2001, 2002])
    expect(await sids({ province: '江苏', province_school: 'shanghai' })).toEqual([2007])
  })
  it('filters by school type and level (本科 = 普通本科, 专科 = 专科(高职))', async () => {
    expect(await sids({ type_name: '理工类' })).toEqual([2002, 2004])
    expect(await sids({ level_name: '本科' })).toEqual([2001, 2002, 2007, 2003, 2005])
    expect(await sids({ level_name: '专科' })).toEqual([2004])
  })
  it('keeps only 985 / 211 / 双一流 schools for a flag of 1, all given flags holding at once', async () => {
    expect(await sids({ is_985: 1 })).toEqual([2001])
    expect(await sids({ is_211: '1' })).toEqual([2001, 2002, 2007])
    expect(await sids({ is_dual_class: 1 })).toEqual([2001, 2002, 2003])
    expect(await sids({ is_211: 1, is_dual_class: 1 })).toEqual([2001, 2002])
    expect(await sids({ is_985: 1, is_211: 1, is_dual_class: 1 })).toEqual([2001])
    expect(await sids({ is_985: 0, is_211: 0, is_dual_class: 0 })).toHaveLength(6) // 0: no restriction
    expect(await sids({ is_211: 1, level_name: '专科' })).toEqual([])
  })
  it('finds the major by id, catalogue code (any case) or name; a shared name prefers 本科', async () => {
    const byId = (await offering({ id: 2001 })).data
    expect((await offering({ id: '089901' })).data).toEqual(byId)
    // 2006 is 测试软件工程 at 本科(职业教育) level and has no plans: the name resolves to the 本科 major 2001.
    expect((await offering({ id: '测试软件工程' })).data).toEqual(byId)
    expect(await sids({ id: '089902t' })).toEqual([2001]) // 测试人工智能, planned in 2022 by 2001 only
  })
  it('resolves a name shared by 本科 and 专科 majors to the level asked for', async () => {
    // 测试护理学 is 2004 (本科, no 2022 record) and 2009 (专科, planned in 2022 by the 专科 school 2004).
    expect(await sids({ id: '测试护理学' })).toEqual([])
    expect(await sids({ id: '测试护理学', level_name: '专科' })).toEqual([2004])
    expect(await sids({ id: '测试护理学', level_name: '本科' })).toEqual([])
    // No 专科 测试软件工程: the name stays the 本科 major 2001, which the 专科 school 2004 planned in 2022.
    expect(await sids({ id: '测试软件工程', level_name: '专科' })).toEqual([2004])
  })
  it('answers HTTP 404 with the envelope `Major not found` for an unknown major', async () => {
    for (const id of ['999999', '火星学', '000000']) {
      const out = await invoke(offeringSchools, { id }, ctx)
      expect(out.body, id).toEqual({ code: 404, message: 'Major not found', data: {} })
      expect(out.error?.httpStatus).toBe(404)
      expect(out.error?.forceHttpStatus).toBe(true)
      expect(out.error?.badInput).toBe(true)
    }
  })
  it('pages without duplicates or gaps', async () => {
    const all = await sids({})
    const seen: number[] = []
    for (let page = 1; page <= 3; page++) {
      const res = await offering({ id: '2001', page, page_size: 2 })
      expect(res.data).toMatchObject({ total: 6, page, pageSize: 2, totalPages: 3 })
      seen.push(...res.data.items.map((s: any) => s.sid))
    }
    expect(seen).toEqual(all)
    const past = await offering({ id: '2001', page: 4, page_size: 2 })
    expect(past.data).toMatchObject({ items: [], data: [], total: 6, page: 4, totalPages: 3 })
  })
  it('answers a clear 400 for bad paging, levels, flags and provinces', async () => {
    const msg = async (body: Record<string, unknown>) => {
      const res = await offering({ id: '2001', ...body })
      expect(res.code, JSON.stringify(body)).toBe(400)
      expect(res.data).toEqual({})
      return res.message
    }
    expect(await msg({ page: 0 })).toBe('参数 page 无效: 应为不小于 1 的整数, 收到 0')
    expect(await msg({ page_size: 101 })).toBe('参数 page_size 无效: 应在 1 到 100 之间, 收到 101')
    expect(await msg({ page_size: 'ten' })).toBe('参数 page_size 无效: 应为整数, 收到 "ten"')
    expect(await msg({ level_name: '高职' })).toBe('参数 level_name 无效: 可选值: 本科, 专科')
    expect(await msg({ is_985: 2 })).toBe('参数 is_985 无效: 应在 0 到 1 之间, 收到 2')
    expect(await msg({ province: '火星' })).toBe('未知省份: 火星')
    expect(await msg({ province_school: '火星' })).toBe('未知省份: 火星')
    expect((await offering({})).message).toBe('参数 id 无效: 不能为空')
  })
})

describe('offering-schools on the CLI', () => {
  const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
  it('takes the major as a positional argument and prints a table with a paging footer', async () => {
    const run = await gaokao('offering-schools', '测试软件工程', '--province', '江苏')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('热度序')
    expect(run.stdout).toMatch(/│\s+3 │ 测试大学\s+│ 江苏/)
    expect(run.stdout).toContain('第 1/1 页, 每页 10 条, 共 3 所 (以 2022 年招生计划为准)')
    const json = await gaokao('offering-schools', '2001', '--is-211', '1', '--json')
    expect(JSON.parse(json.stdout)).toEqual(await offering({ id: '2001', is_211: 1 }))
  })
  it('prints one line when no school matches, and exits 2 with a clear line for an unknown major', async () => {
    const none = await gaokao('offering-schools', '测试考古学')
    expect(none.stdout).toBe('没有符合条件的学校在 2022 年招收该专业 (测试考古学)\n')
    const unknown = await gaokao('offering-schools', '火星学')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe('错误: 找不到专业 "火星学"\n')
    const json = await gaokao('offering-schools', '火星学', '--json')
    expect(JSON.parse(json.stdout)).toEqual({ code: 404, message: 'Major not found', data: {} })
  })
})

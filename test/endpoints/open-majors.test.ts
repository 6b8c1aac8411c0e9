import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../src/endpoints/define.js'
import schoolOpenMajors from '../../src/endpoints/school-open-majors.js'
import schoolsOpenMajors from '../../src/endpoints/schools-open-majors.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { call, callWithView, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Fixture rows: fixtures/datasets/{plans,schools,majors}.groups.csv (school 2001 测试大学, 2002 测试理工大学).
let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(() => ctx.db.close())

const shapeA = (body: Record<string, unknown>) => call(schoolOpenMajors, body, ctx)
const shapeB = (body: Record<string, unknown>) => call(schoolsOpenMajors, body, ctx)
const names = (items: { spname: string }[]) => items.map((i) => i.spname)

const MISSING = { code: 23008, message: '开放专业参数不能为空', data: {} }

describe('school open majors (SPEC 4.14, 2.15 shape A)', () => {
  it('answers one item per major name with every field of shape A', async () => {
    const { res, view: school } = await callWithView(
      schoolOpenMajors,
      { school_id: 2001, province: '江苏' },
      ctx,
    )
    expect(res.code).toBe(200)
    expect(res.data).toHaveLength(5)
    // the table names the school (it showed 学校 2001); the answer itself stays the spec's array
    const view = schoolOpenMajors.table?.(
      res.data,
      { school_id: 2001, province: '江苏' } as never,
      school,
    ) as {
      title: string
    }
    expect(view.title).toBe('测试大学 在 江苏 的开放专业 (共 5 个)')
    // The group row without a major name (plan 2009) is not a major; 北京 rows are another province.
    const software = res.data.find((m: any) => m.spname === '测试软件工程')
    expect(software).toEqual({
      spname: '测试软件工程',
      major_id: 2001,
      level_name: '普通本科',
      type_name: '综合类',
      nature_name: '公办',
      major_name: '计算机类',
      // 2025 is the latest year with a score; its lowest score is the 国家专项 record (630), not 本科批 (645).
      spcode: '089901',
      local_batch_name: '国家专项',
      kemu: '物理类',
      min: 630,
      min_section: 12000,
      // 2024 本科批, 2025 本科批, 2025 国家专项, 2022 本科批, 2022 国家专项: every year, category and batch
      plan_count: 5,
      ranking: 5,
      hot_num: 800,
    })
    expect(Object.keys(software)).toEqual([
      'spname',
      'major_id',
      'level_name',
      'type_name',
      'nature_name',
      'major_name',
      'spcode',
      'local_batch_name',
      'kemu',
      'min',
      'min_section',
      'plan_count',
      'ranking',
      'hot_num',
    ])
  })
  it('takes min from the latest year that has a score, skipping a plan-only later year', async () => {
    const res = await shapeA({ school_id: 2001, province: '江苏' })
    const nursing = res.data.find((m: any) => m.spname === '测试护理学')
    // 2026 is plan-only (no min): the 2025 record gives the figures; both count as plan entries.
    expect(nursing).toMatchObject({ min: 600, min_section: 20000, plan_count: 2, ranking: 0, hot_num: 0 })
  })
  it('answers 0 for ranking and hot_num without data, and null for a major that matched no catalogue entry', async () => {
    const res = await shapeA({ school_id: 2001, province: '江苏' })
    expect(res.data.find((m: any) => m.spname === '测试汉语言(师范)')).toMatchObject({
      major_id: null,
      major_name: '',
      spcode: null,
      ranking: 0,
      hot_num: 0,
      min: 610,
    })
  })
  it('orders by ranking ascending with 0 last, the unranked by min descending (rule 1)', async () => {
    const res = await shapeA({ school_id: 2001, province: '江苏' })
    expect(names(res.data)).toEqual([
      '测试人工智能',
      '测试软件工程',
      '测试数据科学',
      '测试汉语言(师范)',
      '测试护理学',
    ])
    expect((await shapeA({ school_id: 2001, province: '江苏', sort_field: 'ranking' })).data).toEqual(
      res.data,
    )
  })
  it('orders by min descending when every ranking is 0, a major without any score last (rule 1)', async () => {
    const res = await shapeA({ school_id: 2002, province: '河南' })
    expect(res.data.map((m: any) => [m.spname, m.ranking, m.min])).toEqual([
      ['测试护理学', 0, 620],
      ['测试数据科学', 0, 600],
      ['测试考古学', 0, null],
    ])
  })
  it('orders by hot_num descending, ties by min descending (rule 2)', async () => {
    const res = await shapeA({ school_id: 2001, province: '江苏', sort_field: 'hot' })
    expect(res.data.map((m: any) => [m.spname, m.hot_num, m.min])).toEqual([
      ['测试人工智能', 950, 650],
      ['测试数据科学', 800, 642],
      ['测试软件工程', 800, 630],
      ['测试汉语言(师范)', 0, 610],
      ['测试护理学', 0, 600],
    ])
  })
  it('reverses the whole order with sort_order asc (rule 3); desc is the default', async () => {
    for (const sort_field of ['ranking', 'hot']) {
      const desc = await shapeA({ school_id: 2001, province: '江苏', sort_field })
      const explicit = await shapeA({ school_id: 2001, province: '江苏', sort_field, sort_order: 'desc' })
      const asc = await shapeA({ school_id: 2001, province: '江苏', sort_field, sort_order: 'asc' })
      expect(explicit.data).toEqual(desc.data)
      expect(asc.data).toEqual([...desc.data].reverse())
    }
  })
  it('answers 23008 when school_id or province is missing, before any other check', async () => {
    expect(await shapeA({ province: '江苏' })).toEqual(MISSING)
    expect(await shapeA({ school_id: 2001 })).toEqual(MISSING)
    expect(await shapeA({ school_id: '', province: '江苏' })).toEqual(MISSING)
    expect(await shapeA({ school_id: 2001, province: '  ' })).toEqual(MISSING)
    expect(await shapeA({ school_id: null, province: '江苏' })).toEqual(MISSING)
    expect(await shapeA({})).toEqual(MISSING)
    expect(await shapeA({ province: '江苏', sort_field: 'bogus' })).toEqual(MISSING)
  })
  it('answers a clear 400 for an invalid school_id, province, sort_field or sort_order', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await shapeA(body)
      expect(res.code, JSON.stringify(body)).toBe(400)
      expect(res.data).toEqual({})
      return res.message
    }
    expect(await bad({ school_id: 'abc', province: '江苏' })).toBe(
      '参数 school_id 无效: 应为整数, 收到 "abc"',
    )
    expect(await bad({ school_id: 0, province: '江苏' })).toMatch(/^参数 school_id 无效: 应为不小于 1 的整数/)
    expect(await bad({ school_id: 2001, province: '火星' })).toBe('未知省份: 火星')
    expect(await bad({ school_id: 2001, province: '江苏', sort_field: 'min' })).toBe(
      '参数 sort_field 无效: 可选值: ranking, hot',
    )
    expect(await bad({ school_id: 2001, province: '江苏', sort_order: 'up' })).toBe(
      '参数 sort_order 无效: 可选值: desc, asc',
    )
  })
  it('accepts numbers as strings and province aliases', async () => {
    const a = await shapeA({ school_id: '2001', province: '江苏省' })
    const b = await shapeA({ school_id: 2001, province: 'jiangsu' })
    expect(a.data).toEqual(b.data)
    expect(a.data).toHaveLength(5)
  })
  it('answers an empty array for a school without plans in the province, or an unknown school', async () => {
    expect((await shapeA({ school_id: 2008, province: '江苏' })).data).toEqual([])
    expect((await shapeA({ school_id: 2001, province: '西藏' })).data).toEqual([])
    expect(await shapeA({ school_id: 999999, province: '江苏' })).toEqual({
      code: 200,
      message: 'success',
      data: [],
    })
  })
})

describe('schools open majors, paged (SPEC 4.15, 2.15 shape B)', () => {
  it('answers the container of shape B, one item per plan record, plan_count 1 and major_name = spname', async () => {
    const res = await shapeB({ school_id: 2001, province: '江苏' })
    expect(res.code).toBe(200)
    expect(Object.keys(res.data)).toEqual(['list', 'total', 'page', 'limit', 'pages'])
    // 11 records of 测试大学 in 江苏 with a major name (the group row 2009 is left out)
    expect(res.data).toMatchObject({ total: 11, page: 1, limit: 10, pages: 2 })
    expect(res.data.list).toHaveLength(10)
    expect(res.data.list[0]).toEqual({
      spname: '测试护理学',
      spcode: '109904K',
      local_batch_name: '本科批',
      kemu: '历史类',
      min: null,
      min_section: null,
      major_id: 2004,
      province: '江苏',
      hot_num: 0,
      sg_name: '',
      ranking: 0,
      level_name: '普通本科',
      type_name: '综合类',
      nature_name: '公办',
      major_name: '测试护理学',
      plan_count: 1,
    })
    for (const item of res.data.list) {
      expect(item.plan_count).toBe(1)
      expect(item.major_name).toBe(item.spname)
    }
  })
  it('orders by year descending, then ranking (0 last), then min descending', async () => {
    const res = await shapeB({ school_id: 2001, province: '江苏', limit: 100 })
    expect(res.data.list.map((i: any) => `${i.spname} ${i.min}`)).toEqual([
      '测试护理学 null', // 2026
      '测试人工智能 650', // 2025: ranked majors first
      '测试软件工程 645',
      '测试软件工程 630',
      '测试数据科学 642',
      '测试汉语言(师范) 610',
      '测试护理学 600',
      '测试软件工程 640', // 2024
      '测试人工智能 630', // 2022
      '测试软件工程 625',
      '测试软件工程 615',
    ])
    expect(res.data.list[1]).toMatchObject({ sg_name: '测试大学01组（物理+化学）', ranking: 2, hot_num: 950 })
  })
  it('pages without duplicates or gaps, and answers an empty list past the last page', async () => {
    const all = (await shapeB({ school_id: 2001, province: '江苏', limit: 100 })).data.list
    const paged: unknown[] = []
    for (let page = 1; page <= 4; page++) {
      const res = await shapeB({ school_id: 2001, province: '江苏', page, limit: 3 })
      expect(res.data).toMatchObject({ total: 11, page, limit: 3, pages: 4 })
      paged.push(...res.data.list)
    }
    expect(paged).toEqual(all)
    const past = await shapeB({ school_id: 2001, province: '江苏', page: 5, limit: 3 })
    expect(past.data).toEqual({ list: [], total: 11, page: 5, limit: 3, pages: 4 })
  })
  it('filters by year when asked (an addition: all years by default)', async () => {
    const res = await shapeB({ school_id: 2001, province: '江苏', year: '2022' })
    expect(res.data.total).toBe(3)
    expect(res.data.list.every((i: any) => ['测试人工智能', '测试软件工程'].includes(i.spname))).toBe(true)
  })
  it('answers 23008 for a missing school_id or province, before paging checks', async () => {
    expect(await shapeB({ province: '江苏' })).toEqual(MISSING)
    expect(await shapeB({ school_id: 2001 })).toEqual(MISSING)
    expect(await shapeB({ school_id: 2001, page: 0 })).toEqual(MISSING)
  })
  it('answers a clear 400 for a page or limit that is not a positive integer, or a limit over 100', async () => {
    const msg = async (body: Record<string, unknown>) =>
      (await shapeB({ school_id: 2001, province: '江苏', ...body })).message
    expect(await msg({ page: 0 })).toBe('参数 page 无效: 应为不小于 1 的整数, 收到 0')
    expect(await msg({ page: 'x' })).toBe('参数 page 无效: 应为整数, 收到 "x"')
    expect(await msg({ limit: 101 })).toBe('参数 limit 无效: 应在 1 到 100 之间, 收到 101')
    expect(await msg({ limit: 1.5 })).toBe('参数 limit 无效: 应为整数, 收到 1.5')
    expect(await msg({ year: '22' })).toBe('参数 year 无效: 应为四位数年份, 如 2025')
  })
  it('answers an empty page for a school without plans in the province', async () => {
    expect((await shapeB({ school_id: 2008, province: '江苏' })).data).toEqual({
      list: [],
      total: 0,
      page: 1,
      limit: 10,
      pages: 0,
    })
  })
})

describe('open-majors on the CLI', () => {
  const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
  it('`open-majors` and `open-majors list` each reach their own endpoint, --json equal to the HTTP body', async () => {
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    try {
      const cases: [string[], string, Record<string, unknown>][] = [
        [
          ['open-majors', '--school-id', '2001', '--province', '江苏', '--sort-field', 'hot'],
          '/api/v1/school/open-majors',
          { school_id: 2001, province: '江苏', sort_field: 'hot' },
        ],
        [
          ['open-majors', 'list', '--school-id', '2001', '--province', '江苏', '--page', '2', '--limit', '4'],
          '/api/v1/schools/open-majors',
          { school_id: 2001, province: '江苏', page: 2, limit: 4 },
        ],
      ]
      for (const [args, url, payload] of cases) {
        const run = await gaokao(...args, '--json')
        expect(run.code, run.stderr).toBe(0)
        const http = await app.inject({ method: 'POST', url, payload })
        expect(run.stdout).toBe(`${http.body}\n`)
      }
    } finally {
      await app.close()
    }
  })
  it('prints tables with Chinese headings and right-aligned numbers, CSV, and one line when nothing matches', async () => {
    const table = await gaokao('open-majors', '--school-id', '2001', '--province', '江苏')
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('专业')
    expect(table.stdout).toMatch(/│\s+650 │\s+7000 │\s+2 │\s+2 │\s+950 │/)
    const list = await gaokao(
      'open-majors',
      'list',
      '--school-id',
      '2001',
      '--province',
      '江苏',
      '--limit',
      '3',
    )
    expect(list.stdout).toContain('第 1/4 页, 每页 3 条, 共 11 条')
    const csv = await gaokao(
      'open-majors',
      'list',
      '--school-id',
      '2001',
      '--province',
      '江苏',
      '--format',
      'csv',
    )
    expect(csv.stdout.split('\r\n')[0]).toBe(
      '\uFEFFspname,spcode,local_batch_name,kemu,min,min_section,major_id,province,hot_num,sg_name,ranking,level_name,type_name,nature_name,major_name,plan_count',
    )
    const none = await gaokao('open-majors', '--school-id', '2008', '--province', '江苏')
    expect(none.stdout).toBe('学校 2008 在 江苏 没有招生计划记录\n')
  })
  it('exits 2 with the 23008 message when a required flag is missing', async () => {
    // --json: the envelope the HTTP API answers; the terminal's line names the flag (src/cli/missing-values.ts)
    const json = await gaokao('open-majors', 'list', '--province', '江苏', '--json')
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toEqual({ code: 23008, message: '开放专业参数不能为空', data: {} })
    const run = await gaokao('open-majors', 'list', '--province', '江苏')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      '错误: 缺少 --school-id (不在终端中运行, 无法逐项询问; 见 gaokao open-majors list --help)\n',
    )
  })
})

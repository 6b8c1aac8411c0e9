import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import majorGroups from '../../src/endpoints/major-groups.js'
import { runGaokao } from '../helpers/cli.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Fixture rows: fixtures/datasets/{plans,schools,majors}.groups.csv. A CSV cell cannot hold an empty string in a
// nullable column (it reads as NULL), so plan 2007 gets its sg_name '' here: rule 5 needs both null and ''.
let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  const plans = join(dir, 'plans.parquet')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  await conn.run(
    `COPY (SELECT * REPLACE (CASE WHEN id = 2007 THEN '' ELSE sg_name END AS sg_name) FROM read_parquet('${plans}'))
     TO '${plans}.new' (FORMAT parquet)`,
  )
  conn.closeSync()
  instance.closeSync()
  renameSync(`${plans}.new`, plans)
  ctx = fixtureContext(dir)
})
afterAll(() => ctx.db.close())

const groups = (body: Record<string, unknown>) => call(majorGroups, body, ctx)

const item = (over: Record<string, unknown>) => ({
  spname: '',
  spcode: null,
  num: 0,
  length: '四年',
  tuition: 5200,
  min: null,
  min_section: null,
  year: 2025,
  local_batch_name: '本科批',
  kemu: '物理类',
  sg_infos: '首选物理,再选化学',
  sg_name: '测试大学01组（物理+化学）',
  is_dual_class: '',
  ...over,
})

describe('major groups (SPEC 4.17, 2.17)', () => {
  it('answers the school and its groups for one province and year, exactly as 2.17', async () => {
    const res = await groups({ slug: '2001', province: '江苏', year: '2025' })
    expect(res.code).toBe(200)
    expect(res.message).toBe('success')
    const { zy_groups, ...school } = res.data
    expect(school).toEqual({
      sid: 2001,
      name: '测试大学',
      logo: 'https://static-data.gaokao.cn/upload/logo/2001.jpg',
      level_name: '普通本科',
      type_name: '综合类',
      province: '江苏',
      city: '南京',
      f985: '985',
      f211: '211',
      min: 650, // the highest of the lowest scores
      min_section: 20000, // the highest of the lowest ranks, as the spec writes it
      z_num: 74, // 32 + 2 + 20 + 15 + 5; the unknown number of 测试护理学 adds nothing
    })
    expect(Object.keys(res.data)).toEqual([
      'sid',
      'name',
      'logo',
      'level_name',
      'type_name',
      'province',
      'city',
      'f985',
      'f211',
      'min',
      'min_section',
      'z_num',
      'zy_groups',
    ])
    expect(zy_groups).toEqual([
      {
        sg_name: '(物理+化学)',
        sg_infos: '首选物理,再选化学',
        zy_count: 2, // the group row without a major name (plan 2009) is dropped (rule 1)
        zy_list: [
          item({
            spname: '测试人工智能',
            spcode: '089902T',
            num: 20,
            min: 650,
            min_section: 7000,
            is_dual_class: '1',
          }),
          item({
            spname: '测试软件工程',
            spcode: '089901',
            num: 32,
            min: 645,
            min_section: 8500,
            is_dual_class: '1',
          }),
        ],
      },
      {
        sg_name: '(物理)',
        sg_infos: '首选物理,再选不限',
        zy_count: 1,
        zy_list: [
          item({
            spname: '测试数据科学',
            spcode: '089903T',
            num: 15,
            min: 642,
            min_section: 8800,
            sg_infos: '首选物理,再选不限',
            sg_name: '测试大学02组（物理）',
          }),
        ],
      },
      {
        sg_name: '(历史)',
        sg_infos: '首选历史,再选不限',
        zy_count: 1,
        zy_list: [
          item({
            spname: '测试汉语言(师范)',
            num: 5,
            length: null,
            min: 610,
            min_section: 15000,
            kemu: '历史类',
            sg_infos: '首选历史,再选不限',
            sg_name: '测试大学03组（历史）',
          }),
        ],
      },
      {
        // 05组 formats to the same display name as 01组, but it is another group (grouped by the raw name)
        sg_name: '(物理+化学)',
        sg_infos: '首选物理,再选化学',
        zy_count: 1,
        zy_list: [
          item({
            spname: '测试软件工程',
            spcode: '089901',
            num: 2,
            min: 630,
            min_section: 12000,
            local_batch_name: '国家专项',
            sg_name: '测试大学05组（物理+化学）',
            is_dual_class: '1',
          }),
        ],
      },
      {
        sg_name: '',
        sg_infos: '首选历史,再选不限',
        zy_count: 1,
        zy_list: [
          item({
            spname: '测试护理学',
            spcode: '109904K',
            num: null, // stored -1: unknown
            tuition: 6000,
            min: 600,
            min_section: 20000,
            kemu: '历史类',
            sg_infos: '首选历史,再选不限',
            sg_name: '',
          }),
        ],
      },
    ])
  })
  it('puts records with a null and an empty sg_name into the one group named "" (rule 5)', async () => {
    const res = await groups({ slug: '2001', province: '江苏' })
    const unnamed = res.data.zy_groups.filter((g: any) => g.sg_name === '')
    expect(unnamed).toHaveLength(1)
    // plan 2007 (2026, sg_name '') and plan 2006 (2025, sg_name null)
    expect(unnamed[0].zy_list.map((m: any) => [m.spname, m.year, m.sg_name])).toEqual([
      ['测试护理学', 2026, ''],
      ['测试护理学', 2025, ''],
    ])
    expect(unnamed[0].zy_count).toBe(2)
    // The latest year's record comes first, so the 2026 group comes first.
    expect(res.data.zy_groups[0]).toBe(unnamed[0])
  })
  it('groups every year of the province by sg_name when no year is given', async () => {
    const res = await groups({ slug: '2001', province: '江苏' })
    const g01 = res.data.zy_groups.find((g: any) => g.zy_list[0].sg_name === '测试大学01组（物理+化学）')
    expect(g01.zy_list.map((m: any) => `${m.year} ${m.spname}`)).toEqual([
      '2025 测试人工智能',
      '2025 测试软件工程',
      '2024 测试软件工程',
      '2022 测试人工智能',
      '2022 测试软件工程',
    ])
    expect(g01.zy_count).toBe(5)
    const total = res.data.zy_groups.reduce((n: number, g: any) => n + g.zy_count, 0)
    expect(total).toBe(11)
  })
  it('takes every province of the school without a province', async () => {
    const res = await groups({ slug: '2001' })
    const years = res.data.zy_groups.flatMap((g: any) => g.zy_list)
    expect(years).toHaveLength(12)
    expect(years.some((m: any) => m.kemu === '综合' && m.min === 660)).toBe(true) // 北京 2025
    expect(res.data.min).toBe(660)
    expect(res.data.z_num).toBe(165)
    expect(res.data.province).toBe('江苏') // the school's own province, not a filter
  })
  it('filters by year alone', async () => {
    const res = await groups({ slug: '2001', year: 2022 })
    expect(res.data.zy_groups.flatMap((g: any) => g.zy_list.map((m: any) => m.year))).toEqual([
      2022, 2022, 2022,
    ])
    expect(res.data.z_num).toBe(48)
  })
  it('finds the school by id, short code or exact name', async () => {
    const byId = await groups({ slug: '2001', province: '江苏' })
    for (const slug of [2001, '19001', '测试大学']) {
      expect((await groups({ slug, province: '江苏' })).data, String(slug)).toEqual(byId.data)
    }
  })
  it('answers code 404 `School not found` with data {} for an unknown school', async () => {
    for (const slug of ['99999', 'nowhere', '0']) {
      expect(await groups({ slug }), slug).toEqual({ code: 404, message: 'School not found', data: {} })
    }
  })
  it('answers a school without plans with empty groups, null minimums and z_num null', async () => {
    const res = await groups({ slug: '2008' })
    expect(res.data).toMatchObject({ sid: 2008, min: null, min_section: null, z_num: null, zy_groups: [] })
    const none = await groups({ slug: '2001', province: '西藏' })
    expect(none.data.zy_groups).toEqual([])
  })
  it('answers an unknown number as null, never -1, and z_num as the known numbers summed or null', async () => {
    // 楚天测试大学 in 福建 (plans.lines.csv): the school and group lines are dropped (rule 1); 2025 has 测试土木工程
    // (unknown) and 测试机械工程 (6), 2024 only a 国家专项 测试土木工程 of unknown number.
    const y2025 = await groups({ slug: '3001', province: '福建', year: 2025 })
    const majors = y2025.data.zy_groups.flatMap((g: any) => g.zy_list)
    expect(majors.map((m: any) => [m.spname, m.num])).toEqual([
      ['测试机械工程', 6],
      ['测试土木工程', null],
    ])
    expect(y2025.data.z_num).toBe(6)
    const y2024 = await groups({ slug: '3001', province: '福建', year: 2024 })
    expect(y2024.data.zy_groups.flatMap((g: any) => g.zy_list.map((m: any) => m.num))).toEqual([null])
    expect(y2024.data.z_num).toBeNull()
    const views = majorGroups.table?.(y2024.data, {} as never) as { rows: unknown[][]; footer?: string }[]
    expect(views[0]?.footer).toContain('计划总数 -,')
    expect(views[1]?.rows[0]?.[5]).toBeNull() // 计划数: an empty cell, as any null
    for (const slug of ['2001', '3001'])
      for (const m of (await groups({ slug })).data.zy_groups.flatMap((g: any) => g.zy_list))
        expect(m.num === null || m.num >= 0, JSON.stringify(m)).toBe(true)
  })
  it('prefixes stored logos (not absolute URLs), keeps absolute ones, and answers 985/211 as strings or null', async () => {
    expect((await groups({ slug: '2002' })).data).toMatchObject({
      logo: 'https://cdn.example.com/2002.png',
      f985: null,
      f211: '211',
    })
    expect((await groups({ slug: '2003' })).data).toMatchObject({ logo: '', f985: null, f211: null })
    const custom = createContextFactory({
      db: openDb({ datasetsDir: dir }),
      storeDir: tempStore(),
      settings: { logoBaseUrl: 'http://logo.local/' },
    }).forCaller(null)
    expect((await call(majorGroups, { slug: '2001' }, custom)).data.logo).toBe('http://logo.local/2001.jpg')
    await custom.db.close()
  })
  it('answers a clear 400 for a missing slug, an unknown province or a bad year', async () => {
    expect(await groups({})).toEqual({ code: 400, message: '参数 slug 无效: 不能为空', data: {} })
    expect(await groups({ slug: '2001', province: '火星' })).toEqual({
      code: 400,
      message: '未知省份: 火星',
      data: {},
    })
    expect((await groups({ slug: '2001', year: '25' })).message).toBe(
      '参数 year 无效: 应为四位数年份, 如 2025',
    )
  })
})

describe('major-groups on the CLI', () => {
  const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
  it('takes the school as a positional argument: id, code or name', async () => {
    const json = await gaokao('major-groups', '19001', '--province', '江苏', '--year', '2025', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(await groups({ slug: '2001', province: '江苏', year: '2025' }))
    const table = await gaokao('major-groups', '测试大学', '--province', '江苏', '--year', '2025')
    expect(table.stdout).toContain('测试大学 (2001) 江苏 南京 普通本科 综合类 985 211')
    expect(table.stdout).toContain('最高的最低分 650, 最高的最低位次 20000, 计划总数 74, 5 个专业组')
    expect(table.stdout).toContain('专业组 (物理+化学)  选科: 首选物理,再选化学  (2 条)')
    expect(table.stdout).toContain('专业组 (未分组)')
    expect(table.stdout).toMatch(/│\s+2025 │ 物理类 │ 本科批 │\s+20 │/)
  })
  it('writes one CSV row per major with its group', async () => {
    const csv = await gaokao(
      'major-groups',
      '2001',
      '--province',
      '江苏',
      '--year',
      '2025',
      '--format',
      'csv',
    )
    const lines = csv.stdout.replace(/\r\n$/, '').split('\r\n')
    expect(lines[0]).toBe(
      '\uFEFFgroup,spname,spcode,num,length,tuition,min,min_section,year,local_batch_name,kemu,sg_infos,sg_name,is_dual_class',
    )
    expect(lines).toHaveLength(7)
  })
  it('prints one line when the school has no plans, exits 2 for an unknown school or a missing argument', async () => {
    expect((await gaokao('major-groups', '2008')).stdout).toBe('测试空白学院 暂无招生计划记录\n')
    const unknown = await gaokao('major-groups', '99999')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe('错误: 找不到院校 "99999"\n')
    const missing = await gaokao('major-groups')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe('错误: 缺少参数 <school> (用 --help 查看用法)\n')
  })
})

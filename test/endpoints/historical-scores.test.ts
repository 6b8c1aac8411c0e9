import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import historicalScores from '../../src/endpoints/historical-scores-list.js'
import { call, callWithView } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

const NOW = new Date('2026-06-15T10:00:00+08:00')
let dir: string
let ctx: EndpointContext
const contexts: Record<string, EndpointContext> = {}
/** Over the fixture plus rows stored as 艺术类 / 体育类 (see withArtAndSportRows). */
const artContexts: Record<string, EndpointContext> = {}

/**
 * The fixture datasets plus two 宁夏 2024 plan rows of 青岚师范学院 stored under the generic categories our
 * sources use: 音乐学 as 艺术类 (min 470), 运动训练 as 体育类 (min 440).
 */
async function withArtAndSportRows(): Promise<string> {
  const out = await buildFixtureDatasets()
  const plans = join(out, 'plans.parquet')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  const extra = (id: number, from: number, spname: string, subject: string, min: number) =>
    `SELECT * REPLACE (${id} AS id, '${spname}' AS spname, 2024 AS year, '${subject}' AS subject_type,
       ${min} AS min) FROM read_parquet('${plans}') WHERE id = ${from}`
  await conn.run(
    `COPY (SELECT * FROM read_parquet('${plans}') UNION ALL ${extra(9001, 1031, '音乐学', '艺术类', 470)}
       UNION ALL ${extra(9002, 1033, '运动训练', '体育类', 440)}) TO '${plans}.new' (FORMAT parquet)`,
  )
  conn.closeSync()
  instance.closeSync()
  renameSync(`${plans}.new`, plans)
  return out
}

beforeAll(async () => {
  dir = await buildFixtureDatasets()
  const artDir = await withArtAndSportRows()
  // A one-shot command counts from SQL; a server (tables resident) from its in-memory rows. Both must agree
  // with every rule below, so every test runs on both.
  for (const [mode, preload] of [
    ['one-shot', false],
    ['server', true],
  ] as const) {
    contexts[mode] = createContextFactory({
      db: openDb({ datasetsDir: dir, preload }),
      storeDir: tempStore(),
      now: () => NOW,
    }).forCaller(null)
    artContexts[mode] = createContextFactory({
      db: openDb({ datasetsDir: artDir, preload }),
      storeDir: tempStore(),
      now: () => NOW,
    }).forCaller(null)
  }
})
afterAll(async () => {
  for (const c of [...Object.values(contexts), ...Object.values(artContexts)]) await c.db.close()
})

const scores = async (body: Record<string, unknown>) => (await call(historicalScores, body, ctx)) as any
const keys = (res: any) => res.data.list.map((r: any) => `${r.year} ${r.school_name} ${r.spname} ${r.min}`)

const NINGXIA = [
  '2025 青岚大学 软件工程 600',
  '2025 青岚大学 口腔医学 620',
  '2025 青岚理工大学 工商管理 530',
  '2025 青岚理工大学 机械工程 550',
  '2025 青岚医学院 护理学 500',
  '2025 青岚医学院 口腔医学 590',
  '2025 青岚师范学院 体育教育 450',
  '2025 青岚师范学院 美术学 480',
  '2025 青岚职业技术学院 软件技术 300',
  '2024 青岚大学 软件工程 595',
  '2022 青岚大学 软件工程 590',
  '2020 青岚大学 软件工程 585',
]

describe.each(['one-shot', 'server'])('historical scores (SPEC 4.7, 2.9), %s', (mode) => {
  beforeAll(() => {
    ctx = contexts[mode] as EndpointContext
  })
  it('answers the container of 2.9 with the fields of a record', async () => {
    const res = await scores({ province: '宁夏', limit: 1 })
    expect(res.code).toBe(200)
    expect(Object.keys(res.data)).toEqual(['total', 'page', 'limit', 'list', 'school_names'])
    expect(res.data).toMatchObject({ total: 12, page: 1, limit: 1 })
    expect(res.data.list).toEqual([
      {
        sid: 1001,
        spname: '软件工程',
        year: 2025,
        // the ordinary 本科批 row, not the lower 国家专项 one (570): special plans have their own batch filter
        min: 600,
        min_section: 2000,
        average: 605,
        batch: '本科批',
        sg_infos: '首选物理,再选化学',
        plan_num: 10,
        subject_type: '物理类',
        school_name: '青岚大学',
        hot: 2,
      },
    ])
  })
  it('orders by year descending, hot ascending, min ascending (equal scores by major name)', async () => {
    expect(keys(await scores({ province: '宁夏', limit: 100 }))).toEqual(NINGXIA)
  })
  it('de-duplicates on (sid, spname, year): an ordinary plan of the main category, then the lowest score, represents', async () => {
    // 软件工程 of 青岚大学 in 2025: 本科批 600, 本科提前批 610, 国家专项 570 in 宁夏; 580 and 国家专项 500 in 甘肃,
    // 560 and 610 in 青海.
    const all = await scores({ school_name: '青岚大学', year: 2025 })
    expect(all.data.total).toBe(3)
    expect(keys(all)).toEqual([
      '2025 青岚大学 软件工程 580',
      '2025 青岚大学 物理学 600',
      '2025 青岚大学 口腔医学 620',
    ])
    // 甘肃's ordinary 580, not its 国家专项 500 (a special plan has its own batch filter)
    expect(all.data.list[0]).toMatchObject({ batch: '本科批', plan_num: 3, min_section: 2500 })
    const special = await scores({ school_name: '青岚大学', year: 2025, batch: '特殊类型招生' })
    expect(keys(special)[0]).toBe('2025 青岚大学 软件工程 500')
    const ordinary = await scores({ province: '宁夏', year: 2025, batch: '本科批', school_name: '青岚大学' })
    expect(ordinary.data.list[0]).toMatchObject({
      spname: '软件工程',
      min: 600,
      batch: '本科批',
      average: 605,
    })
  })
  it('lists only rows with an admission score', async () => {
    const res = await scores({ school_name: '青岚师范学院', limit: 100 })
    expect(res.data.list.map((r: any) => r.spname)).toEqual(['体育教育', '美术学'])
  })
  it('filters by year and 近三年 (the current year and the two before it)', async () => {
    expect((await scores({ province: '宁夏', year: '近三年' })).data.total).toBe(10)
    expect(keys(await scores({ province: '宁夏', year: 2024 }))).toEqual(['2024 青岚大学 软件工程 595'])
    expect((await scores({ province: '宁夏', year: '去年' })).message).toBe(
      '参数 year 无效: 应为四位数年份 (如 2025) 或 近三年, 收到 "去年"',
    )
  })
  it('filters by batch: 所有批次 (default) does not filter, 特殊类型招生 covers the four special batches', async () => {
    expect((await scores({ province: '宁夏', batch: '所有批次' })).data.total).toBe(12)
    expect((await scores({ province: '宁夏', batch: '本科批' })).data.total).toBe(11)
    expect(keys(await scores({ province: '宁夏', batch: '特殊类型招生' }))).toEqual([
      '2025 青岚大学 软件工程 570',
    ])
    expect(keys(await scores({ province: '宁夏', batch: '专科批' }))).toEqual([
      '2025 青岚职业技术学院 软件技术 300',
    ])
    expect((await scores({ province: '宁夏', batch: '本科一批' })).message).toBe(
      '参数 batch 无效: 可选值: 所有批次, 本科批, 本科提前批, 专科批, 专科提前批, 特殊类型招生',
    )
  })
  it('also accepts a stored batch_name (lookup 4.0, source plans), matched exactly', async () => {
    // 国家专项 is one of the four special batches that 特殊类型招生 stands for: alone it selects its own rows only.
    const national = await scores({ batch: '国家专项', limit: 100 })
    expect(national.code).toBe(200)
    expect(national.data.total).toBeGreaterThan(0)
    expect(new Set(national.data.list.map((r: any) => r.batch))).toEqual(new Set(['国家专项']))
    const special = await scores({ batch: '特殊类型招生', limit: 100 })
    expect(new Set(special.data.list.map((r: any) => r.batch))).toEqual(
      new Set(['国家专项', '地方专项', '强基计划', '高校专项']),
    )
    expect(keys(await scores({ province: '宁夏', batch: '国家专项' }))).toEqual([
      '2025 青岚大学 软件工程 570',
    ])
    // all is a word of 4.9, not of 4.7, and no stored batch; values are compared, never become SQL.
    for (const batch of ['all', '国家', "国家专项' OR '1'='1"])
      expect(await scores({ batch }), batch).toEqual({
        code: 400,
        message: '参数 batch 无效: 可选值: 所有批次, 本科批, 本科提前批, 专科批, 专科提前批, 特殊类型招生',
        data: {},
      })
  })
  it('maps subject_type to the stored categories of the spec table', async () => {
    const physics = await scores({ province: '宁夏', subject_type: '物理', limit: 100 })
    expect(physics.data.total).toBe(8)
    expect(new Set(physics.data.list.map((r: any) => r.subject_type))).toEqual(new Set(['物理类', '理科']))
    // 机械工程 has 物理类 550 and 历史类 530: each category keeps its own lowest score.
    expect(physics.data.list.find((r: any) => r.spname === '机械工程').min).toBe(550)
    expect(keys(await scores({ province: '宁夏', subject_type: '历史' }))).toEqual([
      '2025 青岚理工大学 工商管理 530',
      '2025 青岚理工大学 机械工程 530',
      '2025 青岚医学院 护理学 500',
    ])
    expect(keys(await scores({ province: '宁夏', subject_type: '艺术' }))).toEqual([
      '2025 青岚师范学院 美术学 480',
    ])
    expect(keys(await scores({ province: '宁夏', subject_type: '体育' }))).toEqual([
      '2025 青岚师范学院 体育教育 450',
    ])
    expect((await scores({ province: '宁夏', subject_type: '综合' })).data.total).toBe(0)
  })
  it('also accepts a stored subject_type (lookup 4.0, source plans), matched exactly', async () => {
    const science = await scores({ province: '宁夏', subject_type: '理科', limit: 100 })
    expect(keys(science)).toEqual([
      '2024 青岚大学 软件工程 595',
      '2022 青岚大学 软件工程 590',
      '2020 青岚大学 软件工程 585',
    ])
    expect(new Set(science.data.list.map((r: any) => r.subject_type))).toEqual(new Set(['理科']))
    expect(keys(await scores({ province: '宁夏', subject_type: '美术与设计类' }))).toEqual([
      '2025 青岚师范学院 美术学 480',
    ])
    // 体育类 is no stored value of this fixture (it is of the one below).
    for (const subject_type of ['理', '体育类', 'physics'])
      expect(await scores({ subject_type }), subject_type).toEqual({
        code: 400,
        message: '参数 subject_type 无效: 可选值: 物理, 历史, 综合, 艺术, 体育',
        data: {},
      })
  })
  it('艺术 / 体育 also find rows stored as 艺术类 / 体育类; those stored values filter exactly', async () => {
    const over = async (body: Record<string, unknown>) =>
      (await call(
        historicalScores,
        { province: '宁夏', ...body },
        artContexts[mode] as EndpointContext,
      )) as any
    expect(keys(await over({ subject_type: '艺术' }))).toEqual([
      '2025 青岚师范学院 美术学 480',
      '2024 青岚师范学院 音乐学 470',
    ])
    expect(keys(await over({ subject_type: '体育' }))).toEqual([
      '2025 青岚师范学院 体育教育 450',
      '2024 青岚师范学院 运动训练 440',
    ])
    const sport = await over({ subject_type: '体育类' })
    expect(keys(sport)).toEqual(['2024 青岚师范学院 运动训练 440'])
    expect(sport.data.list[0].subject_type).toBe('体育类')
    expect(keys(await over({ subject_type: '艺术类' }))).toEqual(['2024 青岚师范学院 音乐学 470'])
  })
  it('matches the keyword against the major name AND the school name', async () => {
    // Only 口腔医学 of 青岚医学院 has 医学 in both; its ordinary row (宁夏 590) represents it, not the 青海 国家专项
    // row (540).
    const res = await scores({ keyword: '医学' })
    expect(keys(res)).toEqual(['2025 青岚医学院 口腔医学 590'])
    expect(keys(await scores({ keyword: '医学', province: '宁夏' }))).toEqual([
      '2025 青岚医学院 口腔医学 590',
    ])
    expect((await scores({ keyword: '软件' })).data.total).toBe(0)
    expect((await scores({ keyword: '青岚' })).data.total).toBe(0)
  })
  it('matches school_name exactly', async () => {
    expect(keys(await scores({ school_name: '青岚医学院' }))).toEqual([
      '2025 青岚医学院 护理学 500',
      '2025 青岚医学院 口腔医学 590',
    ])
    expect((await scores({ school_name: '青岚' })).data).toMatchObject({
      total: 0,
      list: [],
      school_names: [],
    })
  })
  it('lists every school name under the filter, hottest first', async () => {
    const res = await scores({ province: '宁夏', limit: 1 })
    expect(res.data.school_names).toEqual([
      '青岚大学',
      '青岚理工大学',
      '青岚医学院',
      '青岚师范学院',
      '青岚职业技术学院',
    ])
    expect((await scores({ province: '宁夏', subject_type: '历史' })).data.school_names).toEqual([
      '青岚理工大学',
      '青岚医学院',
    ])
  })
  it('pages over the de-duplicated records without duplicates or gaps', async () => {
    const walk = async (filter: Record<string, unknown>, limit: number) => {
      const first = await scores({ ...filter, limit })
      const seen: unknown[] = [...first.data.list]
      for (let page = 2; page <= Math.ceil(first.data.total / limit) + 1; page++) {
        const res = await scores({ ...filter, page, limit })
        expect(res.data.total).toBe(first.data.total)
        seen.push(...res.data.list)
      }
      expect(seen).toHaveLength(first.data.total)
      return seen
    }
    for (const filter of [{ province: '宁夏' }, {}, { year: 2025 }]) {
      const whole = await walk(filter, 100)
      // Pages of one record (a query per record) on the one-province filter only, where they are few.
      for (const limit of 'province' in filter ? [1, 3, 7] : [3, 7])
        expect(await walk(filter, limit), JSON.stringify({ filter, limit })).toEqual(whole)
      const unique = new Set(whole.map((r: any) => `${r.sid}|${r.spname}|${r.year}`))
      expect(unique.size).toBe(whole.length)
    }
    expect(keys(await scores({ province: '宁夏', page: 4, limit: 4 }))).toEqual([])
  })
  it('agrees with the rules applied by hand to every plan row (an independent oracle)', async () => {
    const rows = await ctx.db.all<any>('SELECT p.*, s.hot FROM plans p LEFT JOIN schools s USING (sid)')
    const cases: [Record<string, unknown>, (r: any) => boolean][] = [
      [{}, () => true],
      [{ year: 2025 }, (r) => r.year === 2025],
      [{ province: '宁夏' }, (r) => r.province === '宁夏'],
      [{ batch: '本科批' }, (r) => r.batch_name === '本科批'],
      [{ subject_type: '物理' }, (r) => ['物理', '物理类', '理工', '理科'].includes(r.subject_type)],
      [{ batch: '国家专项' }, (r) => r.batch_name === '国家专项'],
      [{ subject_type: '理科' }, (r) => r.subject_type === '理科'],
    ]
    for (const [filter, test] of cases) {
      const best = new Map<string, any>()
      for (const r of rows.filter((r) => r.min !== null && test(r))) {
        const key = `${r.sid}|${r.spname}|${r.year}`
        const seen = best.get(key)
        // ordinary plans first, then 物理类 / 理科 / 综合, then 历史类 / 文科, then the rest; then the lowest score
        const rank = (x: any) => [
          x.plan_type === '普通' ? 0 : 1,
          ['物理类', '理科', '综合'].includes(x.subject_type)
            ? 0
            : ['历史类', '文科'].includes(x.subject_type)
              ? 1
              : 2,
          x.min,
          x.id,
        ]
        const before = (a: number[], b: number[]) => {
          const i = a.findIndex((v, k) => v !== b[k])
          return i >= 0 && (a[i] as number) < (b[i] as number)
        }
        if (!seen || before(rank(r), rank(seen))) best.set(key, r)
      }
      const hot = (r: any) => (r.hot === null ? Number.POSITIVE_INFINITY : r.hot)
      const expected = [...best.values()].sort(
        (a, b) =>
          b.year - a.year ||
          hot(a) - hot(b) ||
          a.sid - b.sid ||
          a.min - b.min ||
          (a.spname < b.spname ? -1 : 1),
      )
      const res = await scores({ ...filter, limit: 100 })
      expect(res.data.total, JSON.stringify(filter)).toBe(expected.length)
      // a school's or group's line (no major name) says so; an unknown number (stored -1) is null
      expect(res.data.list.map((r: any) => [r.sid, r.spname, r.year, r.min, r.batch, r.plan_num])).toEqual(
        expected
          .slice(0, 100)
          .map((r) => [
            r.sid,
            r.spname === '' ? '(院校/专业组)' : r.spname,
            r.year,
            r.min,
            r.batch_name,
            r.num === -1 ? null : r.num,
          ]),
      )
    }
  })
  it('names a school or group line as a line in spname and answers an unknown plan_num as null, never -1', async () => {
    // 福建 2025 of 楚天测试大学 (plans.lines.csv): a school line (500), a group line (510) and a 国家专项 group line
    // (505) share the empty name and are one record (the ordinary school line); two majors, one with a number.
    const res = await scores({ province: '福建', limit: 100 })
    expect(res.data.list.map((r: any) => [r.spname, r.min, r.plan_num])).toEqual([
      ['(院校/专业组)', 500, null],
      ['测试土木工程', 515, null],
      ['测试机械工程', 520, 6],
    ])
    const view = historicalScores.table?.(res.data, { province: '福建' } as never) as { rows: unknown[][] }
    // 院校, 专业, 年份, 最低分, 最低位次, 平均分, 计划数: an unknown number is an empty cell, as any null
    expect(view.rows[0]?.slice(1, 7)).toEqual(['(院校/专业组)', 2025, 500, 30000, null, null])
    // every record of every page: a name, and a known number or null
    const first = await scores({ limit: 100 })
    for (let page = 1; page <= Math.ceil(first.data.total / 100); page++)
      for (const r of (await scores({ limit: 100, page })).data.list) {
        expect(r.spname, JSON.stringify(r)).not.toBe('')
        expect(r.plan_num === null || r.plan_num >= 0, JSON.stringify(r)).toBe(true)
      }
  })
  it("names the group whose line a school's line record is, in the table and the spreadsheet, not in the spec's record", async () => {
    // 福建 2025 国家专项 of 楚天测试大学: its one line is 专业组（03）'s (505); in the ordinary batch the school's own
    // line (500, no group) represents the lines
    const special = await callWithView(historicalScores, { province: '福建', batch: '国家专项' }, ctx)
    const line = special.res.data.list[0]
    expect([line.spname, line.min]).toEqual(['(院校/专业组)', 505])
    expect(Object.keys(line)).not.toContain('sg_name')
    const table = historicalScores.table?.(special.res.data, { province: '福建' } as never, special.view) as {
      rows: unknown[][]
    }
    expect(table.rows[0]?.slice(1, 4)).toEqual(['(院校/专业组) 专业组（03）', 2025, 505])
    const records = historicalScores.records?.(special.res.data, special.view) as Record<string, unknown>[]
    expect(records[0]).toMatchObject({ spname: '(院校/专业组)', sg_name: '专业组（03）', min: 505 })
    const ordinary = await callWithView(historicalScores, { province: '福建', batch: '本科批' }, ctx)
    const plain = historicalScores.table?.(
      ordinary.res.data,
      { province: '福建' } as never,
      ordinary.view,
    ) as {
      rows: unknown[][]
    }
    expect(plain.rows[0]?.slice(1, 4)).toEqual(['(院校/专业组)', 2025, 500])
    // a major's row keeps its name: its group is in the spreadsheet only
    expect(plain.rows[1]?.[1]).toBe('测试土木工程')
  })
  it('rejects a bad page, limit or province with a 400 envelope', async () => {
    expect((await scores({ page: -1 })).message).toBe('参数 page 无效: 应为不小于 1 的整数, 收到 -1')
    expect((await scores({ limit: 0 })).code).toBe(400)
    expect((await scores({ limit: 500 })).message).toBe('参数 limit 无效: 应在 1 到 100 之间, 收到 500')
    expect(await scores({ province: '火星' })).toEqual({ code: 400, message: '未知省份: 火星', data: {} })
  })
})

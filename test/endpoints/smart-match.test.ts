import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import cwbNum from '../../src/features/smart-match/cwb-num.js'
import { schoolCounts } from '../../src/features/smart-match/model/classify.js'
import { strategyOf } from '../../src/features/smart-match/model/strategies.js'
import { matchCandidate } from '../../src/features/smart-match/run.js'
import smartMatch from '../../src/features/smart-match/smart-match.js'
import { buildApp } from '../../src/http/app.js'
import { call, callWithView, countingDb, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'
import { HUBEI_REQUEST, listItems } from '../helpers/smart-match.js'

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const HUBEI = HUBEI_REQUEST
const CHONGQING = {
  province: '重庆',
  batch: '本科批',
  rank_year: '2025',
  rank: 9000,
  subject: '物理',
  xuanke: '物理,化学',
}
const HENAN = { province: '河南', batch: '本科一批', rank_year: 2024, rank: 30000, subject: '理科' }

const items = listItems

describe('smart-match errors (SPEC 4.8), in the spec order', () => {
  const error = async (body: unknown, message: string) => {
    const res = await call(smartMatch, body, ctx)
    expect(res, JSON.stringify(body)).toEqual({ code: 400, message, data: {} })
  }
  it('missing province, batch or rank_year', async () => {
    await error({}, '缺少必要参数:province、batch、rank_year')
    await error({ province: '湖北', batch: '本科批' }, '缺少必要参数:province、batch、rank_year')
    await error({ province: '湖北', rank_year: 2025, batch: '  ' }, '缺少必要参数:province、batch、rank_year')
    await error({ batch: '本科批', rank_year: 2025, type: 9 }, '缺少必要参数:province、batch、rank_year')
  })
  it('type not in 1-4', async () => {
    for (const type of [0, 5, '5', 'abc', 1.5, true, [3], '0x2', '2e0'])
      await error({ ...HUBEI, type }, '志愿类型不存在')
  })
  it('no rule for the province and batch, echoing the request values', async () => {
    await error({ ...HUBEI, province: '江苏', batch: '专科提前批' }, '江苏省暂无<专科提前批>的志愿填报规则')
    await error({ ...HUBEI, province: '火星' }, '火星省暂无<本科批>的志愿填报规则')
  })
  it('nothing can be generated', async () => {
    await error(
      { province: '江苏', batch: '本科批', rank_year: 2025, subject: '物理', xuanke: '物理,化学' },
      '江苏省2025年暂无<物理、物理,化学>数据',
    )
    await error(
      { ...HUBEI, subject: '历史', xuanke: '历史,政治,地理' },
      '湖北省2025年暂无<历史、历史,政治,地理>数据',
    )
    await error(
      { province: '湖北', batch: '本科批', rank_year: 2025, score: 600 },
      '湖北省2025年暂无<综合、综合>数据',
    )
    // a score below the year's table
    await error({ ...HUBEI, score: 100 }, '湖北省2025年暂无<物理、物理,化学,生物>数据')
  })
  it('malformed numbers after the spec checks', async () => {
    for (const rank_year of ['25', '0000', '2025.0'])
      expect((await call(smartMatch, { ...HUBEI, rank_year }, ctx)).message).toBe(
        '参数 rank_year 无效: 应为四位数年份, 如 2025',
      )
    expect((await call(smartMatch, { ...HUBEI, rank: -3 }, ctx)).message).toMatch(/^参数 rank 无效/)
    for (const score of ['6e2', '0x258', true])
      expect((await call(smartMatch, { ...HUBEI, score }, ctx)).message).toMatch(/^参数 score 无效/)
    // Above the full score: a typing error, not the best candidate of the province.
    expect((await call(smartMatch, { ...HUBEI, score: 9999 }, ctx)).message).toBe(
      '参数 score 无效: 应在 0 到 750 之间, 收到 9999',
    )
    // Subjects nobody can read are an error, not "not stated"; 综合 and 不限 state nothing on purpose.
    for (const xuanke of ['火星', 'physics'])
      expect((await call(smartMatch, { ...HUBEI, xuanke }, ctx)).message).toBe(
        `参数 xuanke 无效: 未识别出科目, 收到 "${xuanke}" (如 物理,化学,生物)`,
      )
    expect((await call(smartMatch, { ...HUBEI, xuanke: '不限' }, ctx)).code).toBe(200)
    expect(
      (await call(cwbNum, { user_info: { province: '湖北', score: 600, xuanke: '火星' } }, ctx)).message,
    ).toBe('参数 user_info.xuanke 无效: 未识别出科目, 收到 "火星" (如 物理,化学,生物)')
    // An object where text belongs is a 400 naming the field, never "[object Object]省暂无...".
    for (const field of ['province', 'batch', 'subject'])
      expect((await call(smartMatch, { ...HUBEI, [field]: { a: 1 } }, ctx)).message, field).toBe(
        `参数 ${field} 无效: 应为文本或数字`,
      )
    expect((await call(cwbNum, { user_info: { province: ['湖北'], score: 600 } }, ctx)).message).toBe(
      '参数 province 无效: 应为文本或数字',
    )
  })
  it('a first choice the xuanke contradicts (3+1+2: 历史 with 物理,化学,生物)', async () => {
    const message =
      '参数 xuanke 无效: 首选科目为 历史 (subject), 选科应含 历史 而不是 物理, 收到 物理,化学,生物'
    expect(await call(smartMatch, { ...HUBEI, subject: '历史' }, ctx)).toEqual({
      code: 400,
      message,
      data: {},
    })
    expect((await call(cwbNum, { user_info: { ...HUBEI, subject: '历史类' } }, ctx)).message).toBe(message)
    // a xuanke without any first choice is no contradiction; one with both first choices is, in a 3+1+2 year
    expect((await call(smartMatch, { ...HUBEI, xuanke: '化学,生物' }, ctx)).code).toBe(200)
    expect(
      (await call(smartMatch, { ...HUBEI, subject: '物理', xuanke: '物理,历史,化学' }, ctx)).message,
    ).toBe('参数 xuanke 无效: 物理和历史只能首选其一, 收到 物理,历史,化学')
  })
  it('a xuanke with a piece that names no subject, a subject twice or more than three (was read leniently)', async () => {
    const cases: [string, string][] = [
      ['物理,化学,xyz', '未识别的科目 "xyz"'],
      ['物理,物理,物理', '科目 物理 重复'],
      ['物理,化学,生物,政治', '选考科目应为三门, 收到 4 门 (物理,化学,生物,政治)'],
    ]
    for (const [xuanke, problem] of cases) {
      const res = await call(smartMatch, { ...HUBEI, xuanke }, ctx)
      expect(res.message).toBe(
        `参数 xuanke 无效: ${problem}, 收到 ${JSON.stringify(xuanke)} (如 物理,化学,生物)`,
      )
      expect((await call(cwbNum, { user_info: { ...HUBEI, xuanke } }, ctx)).code).toBe(400)
    }
    // the spellings a counsellor types are read: 物化生, full-width commas, 、, spaces, 首选/再选
    for (const xuanke of [
      '物化生',
      '物理，化学，生物',
      '物理、化学、生物',
      '物理 化学 生物',
      '首选物理,再选化学,生物',
      '首选物理,再选化学生物',
    ])
      expect((await call(smartMatch, { ...HUBEI, xuanke }, ctx)).code, xuanke).toBe(200)
  })
})

describe('smart-match success (SPEC 2.12)', () => {
  it('answers 获取成功 with the strategies, the list and the rule', async () => {
    const res = await call(smartMatch, { ...HUBEI, token: 'abc' }, ctx)
    expect(res.code).toBe(200)
    expect(res.message).toBe('获取成功')
    const { zyb_type, zyb_data, zyb_rule } = res.data
    expect(zyb_type).toEqual([
      { name: '冲稳保', type: 1, is_default: 1, rule: { chong: 14, wen: 17, bao: 14 } },
      { name: '合理保守', type: 2, is_default: 0, rule: { chong: 9, wen: 22, bao: 14 } },
      { name: '标准均衡', type: 3, is_default: 0, rule: { chong: 15, wen: 15, bao: 15 } },
      { name: '激进冲刺', type: 4, is_default: 0, rule: { chong: 14, wen: 13, bao: 18 } },
    ])
    expect(zyb_data.cache_zyb).toBe('cacheZyb:abc')
    expect(zyb_data.zyb_type).toBe(1)
    expect(zyb_data.zyb_id).toBe(0)
    expect(zyb_rule).toEqual({
      subjectsType: 2,
      batchName: '本科批',
      scoreMax: 750,
      volunteerType: 2,
      volunteerNumMax: 45,
      majorNumMax: 6,
    })
  })
  it('gives every field of an item and of a major, with consistent indexes and differences', async () => {
    const res = await call(smartMatch, HUBEI, ctx)
    const list = items(res.data)
    expect(list.length).toBeGreaterThan(4)
    const rank = res.data.candidate.rank
    list.forEach((item, i) => {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining([
          'sid',
          'schoolName',
          'schoolCode',
          'index',
          'source',
          'sg_name',
          'f985',
          'f211',
          'nature_name',
          'dual_class_name',
          'level_name',
          'zyList',
          'min_diff',
        ]),
      )
      expect(item.index).toBe(i + 1)
      expect(['chong', 'wen', 'bao']).toContain(item.source)
      // where the majors come from; none named, none said
      expect(['plan', 'plan_prev_year', 'admitted_prev_year']).toContain(item.composition ?? 'plan')
      expect(item.composition === null).toBe(item.zyList.length === 0)
      const diffs: number[] = []
      item.zyList.forEach((z: any, j: number) => {
        expect(Object.keys(z)).toEqual(
          expect.arrayContaining([
            'zyId',
            'zyName',
            'index',
            'source',
            'sg_name',
            'sp_code',
            'luqu_rate',
            'min',
            'min_section',
            'num',
            'length',
            'rating',
            'ranking',
            'diff',
          ]),
        )
        expect(z.index).toBe(j + 1)
        expect(z.source).toBe(item.source)
        expect(z.sg_name).toBe(item.sg_name)
        // a planned number is known (positive) or null, never the stand-in -1
        expect(z.num === null || z.num > 0).toBe(true)
        expect(z.luqu_rate).toBe('80%')
        if (z.min_section !== null) {
          expect(z.diff).toBe(z.min_section - rank)
          diffs.push(z.diff)
        }
      })
      if (diffs.length) expect(item.min_diff).toBe(Math.min(...diffs))
    })
    const first = list.find((i) => i.sid === 3001)
    if (first)
      expect(first).toMatchObject({
        schoolName: '楚天测试大学',
        schoolCode: 'T3001',
        f985: 985,
        dual_class_name: '双一流',
      })
  })
  it('answers ranking 0, the spec\'s "no data" (2.15), never null, for a major the catalogue does not rank', async () => {
    // The shipped catalogue ranks no major (majors.shipped.test.ts): the fixture's, read as if it ranked none.
    const fixture = fixtureContext(dir).db
    const unranked: Db = {
      resident: fixture.resident,
      has: fixture.has.bind(fixture),
      intColumns: fixture.intColumns.bind(fixture),
      open: fixture.open.bind(fixture),
      close: fixture.close.bind(fixture),
      all: async <T>(sql: string, params?: readonly unknown[]) => {
        const rows = await fixture.all<T>(sql, params)
        return /\bFROM majors\b/.test(sql) ? rows.map((r) => ({ ...r, ranking: null })) : rows
      },
    }
    const majors = items((await call(smartMatch, HUBEI, { ...ctx, db: unranked })).data).flatMap(
      (i) => i.zyList,
    )
    expect(majors.length).toBeGreaterThan(0)
    for (const z of majors) expect(z.ranking, JSON.stringify(z)).toBe(0)
    // a ranked major keeps its ranking
    const ranked = items((await call(smartMatch, HUBEI, ctx)).data).flatMap((i) => i.zyList)
    expect(ranked.some((z: any) => z.ranking > 0)).toBe(true)
    await fixture.close()
  })
  it('orders 冲 then 稳 then 保, each from the most selective option down', async () => {
    const res = await call(smartMatch, HUBEI, ctx)
    const { chong, wen, bao } = res.data.zyb_data.zybData
    for (const tier of [chong, wen, bao]) {
      const lines = tier.map((i: any) => i.min_section)
      expect(lines).toEqual([...lines].sort((a: number, b: number) => a - b))
    }
    const chances = (t: any[]) => t.map((i) => i.chance)
    if (chong.length && bao.length)
      expect(Math.max(...chances(chong))).toBeLessThan(Math.min(...chances(bao)))
  })
  it('takes the rank of a score from the rank year table (the last rank of that score)', async () => {
    const res = await call(smartMatch, HUBEI, ctx)
    const [row] = await ctx.db.all<{ total: number }>(
      `SELECT total FROM score_ranks WHERE province = '湖北' AND year = 2025 AND km = '物理类' AND score_low <= 600 AND score_high >= 600`,
    )
    expect(res.data.candidate).toMatchObject({
      rank: row?.total,
      category: '物理类',
      rank_year: 2025,
      plan_year: 2025,
    })
    const byRank = await call(smartMatch, { ...HUBEI, score: 0, rank: row?.total }, ctx)
    expect(byRank.data.zyb_data).toEqual(res.data.zyb_data)
  })
  it('marks the requested strategy as the default', async () => {
    const res = await call(smartMatch, { ...HUBEI, type: '4' }, ctx)
    expect(res.data.zyb_type.map((t: any) => t.is_default)).toEqual([0, 0, 0, 1])
    expect(res.data.zyb_data.zyb_type).toBe(4)
  })
})

describe('smart-match structure by volunteerType', () => {
  it('2: a school and one major group with at most majorNumMax majors of that group', async () => {
    const list = items((await call(smartMatch, HUBEI, ctx)).data)
    const keys = list.map((i) => `${i.sid}|${i.sg_name}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const item of list) {
      expect(item.sg_name).not.toBe('')
      expect(item.zyList.length).toBeGreaterThan(0)
      expect(item.zyList.length).toBeLessThanOrEqual(6)
    }
  })
  it('3: one major at one school per item, at most volunteerNumMax items', async () => {
    const res = await call(smartMatch, CHONGQING, ctx)
    expect(res.data.zyb_rule).toMatchObject({ volunteerType: 3, volunteerNumMax: 96, majorNumMax: 1 })
    const list = items(res.data)
    expect(list.length).toBeGreaterThan(3)
    expect(list.length).toBeLessThanOrEqual(96)
    for (const item of list) expect(item.zyList).toHaveLength(1)
  })
  it('1: a school with several majors, cut to volunteerNumMax schools and majorNumMax majors', async () => {
    const res = await call(smartMatch, HENAN, ctx)
    expect(res.data.zyb_rule).toMatchObject({
      subjectsType: 1,
      volunteerType: 1,
      volunteerNumMax: 6,
      majorNumMax: 5,
    })
    const list = items(res.data)
    // More schools qualify than the rule allows (cwb-num counts them before the cut): the list is cut to 6, or
    // shorter when a tier has too few options (a 保 beyond 2.2x the candidate's rank is never listed).
    const counted = await call(
      cwbNum,
      {
        user_info: { province: '河南', score: '500', rank: '30000', subject: '理科' },
        batch: '本科一批',
        rank_year: '2024',
      },
      ctx,
    )
    expect(counted.code).toBe(200)
    const counts = counted.data
    expect(counts.chongci + counts.wentuo + counts.baodi).toBeGreaterThan(6)
    expect(list.length).toBeGreaterThanOrEqual(5)
    expect(list.length).toBeLessThanOrEqual(6)
    expect(new Set(list.map((i) => i.sid)).size).toBe(list.length)
    for (const item of list) {
      expect(item.sg_name).toBe('')
      expect(item.zyList.length).toBeLessThanOrEqual(5)
    }
    expect(list.some((i) => i.zyList.length === 5)).toBe(true)
    // the 2024 candidates are 理科 (文理 before the 2025 reform); the 2023 outcomes have no table: flagged
    expect(res.data.candidate.category).toBe('理科')
  })
})

describe('smart-match subject requirements', () => {
  it('excludes groups whose requirement the candidate does not meet', async () => {
    const noChem = items((await call(smartMatch, { ...HUBEI, xuanke: '物理,生物,地理' }, ctx)).data)
    const withChem = items((await call(smartMatch, HUBEI, ctx)).data)
    const groups = (l: any[]) => l.map((i) => i.sg_name)
    expect(groups(noChem).some((g) => g.includes('化学）'))).toBe(false)
    expect(groups(noChem).some((g) => g.includes('物理+化学+生物'))).toBe(false)
    expect(groups(withChem).some((g) => g.includes('物理+化学'))).toBe(true)
    // 化学或生物 is met by 生物
    const all = groups(noChem).join()
    expect(all.includes('云梦测试学院') || !groups(withChem).join().includes('云梦测试学院')).toBe(true)
  })
})

describe('smart-match is deterministic and honest about time', () => {
  it('gives the same response to the same request', async () => {
    const a = await call(smartMatch, HUBEI, ctx)
    const b = await call(smartMatch, { ...HUBEI }, fixtureContext(dir))
    expect(b).toEqual(a)
  })
  it('a server (tables resident) gives the same lists, and a new candidate of a known province runs no query', async () => {
    // A server keeps the rules, schools and majors it looks up in memory (queries.ts): a query per list was
    // 8 of its 14 ms. The same answers as the one-shot path's SQL, for every kind of province.
    const resident = countingDb(openDb({ datasetsDir: dir, preload: true }))
    const server = createContextFactory({ db: resident, storeDir: tempStore() }).forCaller(null)
    try {
      for (const body of [HUBEI, CHONGQING, HENAN])
        expect(await call(smartMatch, body, server), body.province).toEqual(await call(smartMatch, body, ctx))
      const before = resident.queries
      for (const rank of [3000, 12000, 41000])
        expect((await call(smartMatch, { ...CHONGQING, rank }, server)).code).toBe(200)
      expect(resident.queries).toBe(before)
    } finally {
      await resident.close()
    }
  })
  it('uses no outcome of the rank year itself', async () => {
    const res = await call(smartMatch, HUBEI, ctx)
    for (const item of items(res.data)) {
      for (const h of item.history) expect(h.year).toBeLessThan(2025)
      for (const z of item.zyList) for (const h of z.history) expect(h.year).toBeLessThan(2025)
    }
    // Rewrite every 2025 outcome: the list for 2025 must not change.
    const altered = mkdtempSync(join(tmpdir(), 'gaokao-altered-'))
    for (const f of readdirSync(dir)) copyFileSync(join(dir, f), join(altered, f))
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    await conn.run(
      `COPY (SELECT * REPLACE (CASE WHEN year = 2025 THEN min_section * 7 + 1 ELSE min_section END AS min_section,
                               CASE WHEN year = 2025 THEN 300 ELSE min END AS min)
             FROM read_parquet('${join(dir, 'plans.parquet')}'))
       TO '${join(altered, 'plans.parquet')}' (FORMAT parquet)`,
    )
    conn.closeSync()
    instance.closeSync()
    const other = fixtureContext(altered)
    expect((await call(smartMatch, HUBEI, other)).data).toEqual(res.data)
    await other.db.close()
  })
})

describe('cwb-num (SPEC 4.13)', () => {
  const body = { user_info: { province: '湖北', score: '600', subject: '物理', xuanke: '物理,化学,生物' } }
  it('counts schools per tier with the smart-match classifier, before the list is cut', async () => {
    const res = await call(cwbNum, body, ctx)
    expect(res.code).toBe(200)
    const outcome = await matchCandidate(
      ctx.db,
      {
        province: '湖北',
        batch: '本科批',
        rankYear: 2025,
        rank: 0,
        score: 600,
        subject: '物理',
        xuanke: '物理,化学,生物',
      },
      strategyOf(1)!,
    )
    const n = schoolCounts(outcome.classified)
    expect(res.data).toEqual({ chongci: n.chong, wentuo: n.wen, baodi: n.bao })
    expect(n.chong + n.wen + n.bao).toBeGreaterThan(0)
  })
  it('accepts subject_type for subject and the CLI top-level fields', async () => {
    const alias = await call(
      cwbNum,
      { user_info: { ...body.user_info, subject: undefined, subject_type: '物理' } },
      ctx,
    )
    const flat = await call(cwbNum, { ...body.user_info }, ctx)
    const res = await call(cwbNum, body, ctx)
    expect(alias.data).toEqual(res.data)
    expect(flat.data).toEqual(res.data)
  })
  it('answers a clear 400 when province or score is missing', async () => {
    expect(await call(cwbNum, {}, ctx)).toEqual({
      code: 400,
      message: '缺少必要参数:user_info.province、user_info.score',
      data: {},
    })
    expect((await call(cwbNum, { user_info: { province: '湖北' } }, ctx)).message).toBe(
      '缺少必要参数:user_info.score',
    )
    expect((await call(cwbNum, { ...body, type: 7 }, ctx)).message).toBe('参数 type 无效: 可选值: 1, 2, 3, 4')
  })
  it('reads numbers as smart-match does: a string or a number, blank for the default, else a clear 400', async () => {
    const info = body.user_info
    expect((await call(cwbNum, { user_info: { ...info, score: -3 } }, ctx)).message).toBe(
      '参数 user_info.score 无效: 应为非负整数, 收到 -3',
    )
    expect((await call(cwbNum, { user_info: { ...info, rank: 'abc' } }, ctx)).message).toBe(
      '参数 user_info.rank 无效: 应为非负整数, 收到 "abc"',
    )
    expect((await call(cwbNum, { user_info: { ...info, rank_year: '25' } }, ctx)).message).toBe(
      '参数 rank_year 无效: 应为四位数年份, 如 2025',
    )
    // The field is named where the request put it, whichever check refuses it.
    expect((await call(cwbNum, { user_info: { ...info, score: 9999 } }, ctx)).message).toMatch(
      /^参数 user_info\.score 无效: 应在 0 到 \d+ 之间, 收到 9999$/,
    )
    const { score: _score, ...noScore } = info
    expect((await call(cwbNum, { user_info: noScore, score: -3 }, ctx)).message).toBe(
      '参数 score 无效: 应为非负整数, 收到 -3',
    )
    const blank = await call(cwbNum, { user_info: { ...info, rank: '', rank_year: ' ' } }, ctx)
    expect(blank).toEqual(await call(cwbNum, body, ctx))
  })
  it('caches counts by the normalized request; bypass_cache skips the cache', async () => {
    const db = countingDb(fixtureContext(dir).db)
    const c = { ...ctx, db }
    const first = await call(cwbNum, body, c)
    const afterFirst = db.queries
    expect(await call(cwbNum, { user_info: { ...body.user_info, xuanke: '生物,化学,物理' } }, c)).toEqual(
      first,
    )
    expect(db.queries).toBe(afterFirst)
    for (const bypass of [1, '1', true, 'true']) {
      const before = db.queries
      expect(await call(cwbNum, { ...body, bypass_cache: bypass }, c)).toEqual(first)
      // The data cache is skipped too: the option set is read again, as on the first (cold) call.
      expect(db.queries - before).toBe(afterFirst)
    }
    for (const keep of [0, '0', false, 'false', '', null]) {
      const before = db.queries
      expect(await call(cwbNum, { ...body, bypass_cache: keep }, c)).toEqual(first)
      expect(db.queries).toBe(before)
    }
    // A cached answer still says, for the CLI's title, what it counted
    const titleOf = ({ res, view: of }: Awaited<ReturnType<typeof callWithView>>) => {
      const view = cwbNum.table?.(res.data as never, {} as never, of)
      return (Array.isArray(view) ? view[0] : view)?.title
    }
    const cached = await callWithView(cwbNum, body, c)
    expect(titleOf(cached)).toMatch(/^湖北 2025 本科批 物理类 位次 \d+ · 未限定选科$/)
    expect(titleOf(cached)).toBe(titleOf(await callWithView(cwbNum, { ...body, bypass_cache: 1 }, c)))
    expect(await call(cwbNum, { ...body, bypass_cache: 'maybe' }, c)).toEqual({
      code: 400,
      message: '参数 bypass_cache 无效: 应为 1、0、true 或 false, 收到 "maybe"',
      data: {},
    })
    await db.close()
  })
})

describe('HTTP routes', () => {
  it('serves both endpoints with the same bodies as a direct call', async () => {
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    const http = await app.inject({ method: 'POST', url: '/api/v1/volunteer/smart-match', payload: HUBEI })
    expect(http.json()).toEqual(await call(smartMatch, HUBEI, ctx))
    const counts = await app.inject({
      method: 'POST',
      url: '/api/v1/school/cwb-num',
      payload: { user_info: { province: '湖北', score: 600 } },
    })
    expect(counts.json().code).toBe(200)
    await app.close()
  })
})

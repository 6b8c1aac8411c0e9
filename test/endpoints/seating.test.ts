import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Caller, EndpointContext } from '../../src/endpoints/define.js'
import { invoke } from '../../src/endpoints/invoke.js'
import seatingList from '../../src/endpoints/seating-list.js'
import seatingOption from '../../src/endpoints/seating-option.js'
import seatingSeating from '../../src/endpoints/seating-seating.js'
import { call, callWithView, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

describe('seating list (SPEC 4.1, 2.3)', () => {
  it('returns the whole table, highest score first, with rows shaped as 2.2', async () => {
    const res = await call(seatingList, { province: '江苏', year: '2025', km: '物理类' }, ctx)
    expect(res.code).toBe(200)
    expect(res.message).toBe('success')
    expect(res.data.list).toHaveLength(12)
    expect(res.data.list[0]).toEqual({ score: '701-750', num: '10', total: 10 })
    expect(res.data.list[1]).toEqual({ score: '700', num: '1', total: 11 })
    const totals = res.data.list.map((r: { total: number }) => r.total)
    expect(totals).toEqual([...totals].sort((a, b) => a - b))
    expect(res.data.current).toEqual({ year: '2025', km: '物理类', province: '江苏' })
    expect(res.data.options).toEqual({ year_list: ['2025', '2024'], km_list: ['物理类', '历史类'] })
  })
  it('empty year means the latest year of the province', async () => {
    const res = await call(seatingList, { province: '江苏', km: '物理类' }, ctx)
    expect(res.data.current.year).toBe('2025')
  })
  it('empty km means the first category of the selected year', async () => {
    expect((await call(seatingList, { province: '江苏', year: 2024 }, ctx)).data.current.km).toBe('物理类')
    expect((await call(seatingList, { province: '新疆' }, ctx)).data.current.km).toBe('理科')
    expect((await call(seatingList, { province: '北京', km: '' }, ctx)).data.current.km).toBe('综合')
  })
  it('accepts a year sent as a number and a full province name', async () => {
    const res = await call(seatingList, { province: '江苏省', year: 2025, km: '历史类' }, ctx)
    expect(res.data.current).toEqual({ year: '2025', km: '历史类', province: '江苏' })
    expect(res.data.list).toHaveLength(6)
  })
  it('answers an empty list, not an error, for a province or year without data', async () => {
    const tibet = await call(seatingList, { province: '西藏' }, ctx)
    expect(tibet.code).toBe(200)
    expect(tibet.data).toEqual({
      list: [],
      options: { year_list: [], km_list: [] },
      current: { year: '', km: '', province: '西藏' },
    })
    const old = await call(seatingList, { province: '江苏', year: '2019' }, ctx)
    expect(old.data.list).toEqual([])
    expect(old.data.current.year).toBe('2019')
  })
  it('picks a separate table by level', async () => {
    const { res, view: sel } = await callWithView(
      seatingList,
      { province: '广东', year: '2026', km: '物理类', level: '专科' },
      ctx,
    )
    expect(res.data.list.map((r: { score: string }) => r.score)).toEqual(['300', '299'])
    // the table's title names the level (it had the ordinary table's); the JSON stays the spec's
    const view = seatingList.table?.(res.data as never, {} as never, sel) as { title: string }
    expect(view.title).toBe('广东 2026 物理类 (专科) 一分一段表')
    expect(Object.keys(res.data).sort()).toEqual(['current', 'list', 'options'])
    // a level the category does not have: no rows, and the message names the levels it has
    const { res: none, view: noneSel } = await callWithView(
      seatingList,
      { province: '广东', year: '2026', km: '物理类', level: '研究生' },
      ctx,
    )
    expect(none.data.list).toEqual([])
    expect(seatingList.emptyMessage?.(none.data as never, {} as never, noneSel)).toContain(
      '该科类的分表: 专科 本科',
    )
  })
  it('rejects an unknown province and a malformed year with clear messages', async () => {
    expect(await call(seatingList, { province: '火星' }, ctx)).toEqual({
      code: 400,
      message: '未知省份: 火星',
      data: {},
    })
    const bad = await call(seatingList, { province: '江苏', year: '25' }, ctx)
    expect(bad).toEqual({ code: 400, message: '参数 year 无效: 应为四位数年份, 如 2025', data: {} })
    const wrongType = await call(seatingList, { province: ['江苏'] }, ctx)
    expect(wrongType.code).toBe(400)
    expect(wrongType.message).toMatch(/^参数 province 无效/)
    expect((await call(seatingList, [1, 2], ctx)).message).toBe('参数 请求体 无效: 应为 JSON 对象')
  })
})

describe('seating with own rank (SPEC 4.2, 2.4)', () => {
  it('maps the km short form to the stored category', async () => {
    const res = await call(seatingSeating, { province: '江苏', year: '2025', km: '物理' }, ctx)
    expect(res.data.my_seating).toBeNull()
    expect(res.data.arr).toHaveLength(12)
    const xj = await call(seatingSeating, { province: '新疆', km: '历史' }, ctx)
    expect(xj.data.arr[0]).toEqual({ score: '580', num: '3', total: 3 })
  })
  it('answers a category the province lacks with the spec’s empty array, and a message naming what it has', async () => {
    const input = { province: '北京', km: '物理' }
    const res = await call(seatingSeating, input, ctx)
    expect(res).toEqual({ code: 200, message: 'success', data: [] })
    // the message is drawn from the view the handler returned beside the answer (the JSON stays the spec's)
    const outcome = await invoke(seatingSeating, input, ctx)
    const data = (outcome.body as { data: [] }).data
    expect(seatingSeating.emptyMessage?.(data as never, input as never, outcome.view as never)).toBe(
      '北京 2025 物理 暂无一分一段数据 (有数据的年份: 2025; 2025 年科类: 综合)',
    )
  })
  it('computes my_seating from the caller score: same-score count and rank interval', async () => {
    const mine = fixtureContext(dir, { score: 697 })
    const { res, view } = await callWithView(
      seatingSeating,
      { province: '江苏', year: '2025', km: '物理' },
      mine,
    )
    // 701-750: 10, 700: 1, 699: 2, 698: 3, 697: 5 -> ranks 17..21
    expect(res.data.my_seating).toEqual({ even_num: 5, seating_sec: '17~21' })
    // `seating rank --format csv|ndjson` answers the caller's place; without one, the table's rows.
    expect(seatingSeating.records?.(res.data, view)).toEqual([{ even_num: 5, seating_sec: '17~21' }])
    const { res: anonymous, view: anonymousView } = await callWithView(
      seatingSeating,
      { province: '江苏', year: '2025', km: '物理' },
      ctx,
    )
    expect(seatingSeating.records?.(anonymous.data, anonymousView)).toEqual(anonymous.data.arr)
    await mine.db.close()
  })
  it('returns [] when nothing is found and there is no rank information', async () => {
    const res = await call(seatingSeating, { province: '西藏' }, ctx)
    expect(res).toEqual({ code: 200, message: 'success', data: [] })
  })
  it('requires a province and rejects a score above the full score', async () => {
    expect((await call(seatingSeating, {}, ctx)).message).toBe('参数 province 无效: 不能为空')
    const high = fixtureContext(dir, { score: 751 })
    expect((await call(seatingSeating, { province: '江苏' }, high)).message).toBe(
      '分数 751 超出范围: 江苏 满分 750',
    )
    await high.db.close()
  })
  it('uses a token holder’s stored score only on a table of the holder’s province', async () => {
    const token = (caller: Caller) => fixtureContext(dir, caller)
    // Same province (named either way): the stored score and category give my_seating.
    const same = token({ province: '江苏省', score: 697, km: '物理类' })
    const mine = await call(seatingSeating, { province: 'jiangsu', year: '2025' }, same)
    expect(mine.data.my_seating).toEqual({ even_num: 5, seating_sec: '17~21' })
    // Another province: the 江苏 score and category say nothing about 河南's or 北京's table.
    const js = token({ province: '江苏', score: 612, km: '物理类' })
    for (const req of [
      { province: '河南', year: '2024', km: '理科' },
      { province: '北京', year: '2025' },
    ]) {
      const res = await call(seatingSeating, req, js)
      expect(res, req.province).toEqual(await call(seatingSeating, req, ctx))
      expect(res.data.my_seating, req.province).toBeNull()
      expect(res.data.arr.length, req.province).toBeGreaterThan(0)
    }
    await Promise.all([same.db.close(), js.db.close()])
  })
  it('gives a token holder with a score my_seating on the table asked for where the year lacks the stored category', async () => {
    const anonymous = await call(seatingSeating, { province: '北京', year: '2025' }, ctx)
    // 北京 has one category, 综合: a profile saying 物理 looked for a 物理 table and answered [], less than anonymity
    const bj = fixtureContext(dir, { province: '北京', score: 690, km: '物理' })
    const res = await call(seatingSeating, { province: '北京', year: '2025' }, bj)
    expect(res.data.my_seating).toEqual({ even_num: 4, seating_sec: '21~24' })
    expect(res.data.arr).toEqual(anonymous.data.arr)
    // 理科, stored before a reform, is 4.2's 物理: 江苏 2025's 物理类, asked for or by default (it answered [] and null)
    const js = fixtureContext(dir, { province: '江苏', score: 697, km: '理科' })
    for (const req of [
      { province: '江苏', year: '2025' },
      { province: '江苏', year: '2025', km: '物理' },
    ])
      expect((await call(seatingSeating, req, js)).data.my_seating, JSON.stringify(req)).toEqual({
        even_num: 5,
        seating_sec: '17~21',
      })
    // the year's other category still has no place for the score (docs/api.md#access-tokens)
    const history = await call(seatingSeating, { province: '江苏', year: '2025', km: '历史' }, js)
    expect(history.data.my_seating).toBeNull()
    await Promise.all([bj.db.close(), js.db.close()])
  })
  it('never fails a valid request because of a token holder’s stored score', async () => {
    // 700 is above 上海's full score (660): the request is answered as for an anonymous caller.
    const js = fixtureContext(dir, { province: '江苏', score: 700, km: '物理类' })
    const sh = { province: '上海', year: '2025' }
    const res = await call(seatingSeating, sh, js)
    expect(res.code).toBe(200)
    expect(res).toEqual(await call(seatingSeating, sh, ctx))
    // A stored score out of the holder's own province's range: the table without a rank.
    const high = fixtureContext(dir, { province: '江苏', score: 751, km: '物理类' })
    const own = await call(seatingSeating, { province: '江苏', year: '2025' }, high)
    expect(own.code).toBe(200)
    expect(own.data.my_seating).toBeNull()
    expect(own.data.arr).toHaveLength(12)
    await Promise.all([js.db.close(), high.db.close()])
  })
})

describe('seating options (SPEC 4.3, 2.5)', () => {
  it('lists every province whatever province is asked', async () => {
    const all = await call(seatingOption, {}, ctx)
    const one = await call(seatingOption, { province: '新疆' }, ctx)
    expect(all.data.province_list).toHaveLength(31)
    expect(one.data.province_list).toEqual(all.data.province_list)
    expect(all.data.province_list[0]).toBe('北京')
  })
  it('orders km_list per 2.5 and years descending', async () => {
    const all = await call(seatingOption, {}, ctx)
    expect(all.data.km_list).toEqual(['物理', '历史', '理科', '体育', '文科', '综合'])
    expect(all.data.year_list).toEqual(['2026', '2025', '2024'])
    expect(all.data.level_list).toEqual(['本科', '专科'].sort())
    const xj = await call(seatingOption, { province: '新疆' }, ctx)
    expect(xj.data).toMatchObject({ km_list: ['理科', '体育', '文科'], year_list: ['2025'], level_list: [] })
  })
})

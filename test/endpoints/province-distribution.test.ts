import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { PROVINCES } from '../../src/domain/provinces.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import provinceDistribution from '../../src/endpoints/province-distribution.js'
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

const dist = (body: Record<string, unknown>) => call(provinceDistribution, body, ctx)
const asMap = (data: { province: string; num: number }[]) => new Map(data.map((e) => [e.province, e.num]))

describe('province distribution (SPEC 4.6, 2.8)', () => {
  it('sums the planned numbers of one year per enrolment province; -1 (unknown) adds nothing', async () => {
    const res = await dist({ year: '2018' })
    expect(res.code).toBe(200)
    // 青海 30 + 15; 甘肃 25; 宁夏 20 + (-1 unknown); 西藏 only -1
    expect(res.data.slice(0, 3)).toEqual([
      { province: '青海', num: 45 },
      { province: '甘肃', num: 25 },
      { province: '宁夏', num: 20 },
    ])
    expect(asMap(res.data).get('西藏')).toBe(0)
  })
  it('counts a plan once: a group or school line only where nothing under it carries a number', async () => {
    // 东南大学 in 海南 2016 (plans.distribution.csv, a year no other test reads): school line 100, group 01 line 40
    // over its majors 25 + 15, group 02 line 30 with no majors. The school line and group 01's repeat their majors'.
    expect(asMap((await dist({ year: 2016 })).data).get('海南')).toBe(25 + 15 + 30)
  })
  it('lists all 31 provinces, ordered by num descending, ties (the zeros) in the national order', async () => {
    const res = await dist({ year: 2018 })
    expect(res.data).toHaveLength(31)
    expect(res.data.map((e: any) => e.province).sort()).toEqual(PROVINCES.map((p) => p.name).sort())
    const zeros = res.data.slice(3).map((e: any) => e.province)
    expect(zeros).toEqual(PROVINCES.map((p) => p.name).filter((n) => !['青海', '甘肃', '宁夏'].includes(n)))
    for (let i = 1; i < res.data.length; i++)
      expect(res.data[i - 1].num).toBeGreaterThanOrEqual(res.data[i].num)
    expect((await dist({ year: 1999 })).data.every((e: any) => e.num === 0)).toBe(true)
  })
  it('sums the current year and the four before it for 近五年 or no year', async () => {
    const five = asMap((await dist({ year: '近五年' })).data)
    const years = await Promise.all(
      [2022, 2023, 2024, 2025, 2026].map(async (y) => asMap((await dist({ year: y })).data)),
    )
    for (const p of PROVINCES)
      expect(five.get(p.name), p.name).toBe(years.reduce((s, m) => s + (m.get(p.name) ?? 0), 0))
    expect((await dist({})).data).toEqual((await dist({ year: '近五年' })).data)
    // 2018 and 2021 are outside the window of 2026
    expect(five.get('青海')).toBe(asMap((await dist({ year: 2025 })).data).get('青海')! + 5)
  })
  it('rejects a year that is neither four digits nor 近五年', async () => {
    const res = await dist({ year: '近十年' })
    expect(res).toEqual({
      code: 400,
      message: '参数 year 无效: 应为四位数年份 (如 2025) 或 近五年, 收到 "近十年"',
      data: {},
    })
  })
})

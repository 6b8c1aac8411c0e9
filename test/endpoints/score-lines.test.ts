import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import categoryStats from '../../src/endpoints/category-stats.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import provinceScoreLines from '../../src/endpoints/province-score-lines.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let ctx: EndpointContext
beforeAll(async () => {
  ctx = fixtureContext(await buildFixtureDatasets())
})
afterAll(() => ctx.db.close())

const lines = (body: Record<string, unknown>) => call(provinceScoreLines, body, ctx)

describe('province score lines (SPEC 4.5, 2.7)', () => {
  it('pages with pageSize 20 by default and answers the paged container of 2.7', async () => {
    const res = await lines({})
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ total: 10, page: 1, pageSize: 20, totalPages: 1 })
    expect(res.data.pagination).toEqual({ page: 1, pageSize: 20, total: 10, totalPages: 1 })
    expect(res.data.items[0]).toEqual({
      id: 6,
      year: '2025',
      province: '北京',
      type_name: '综合',
      name: '本科批',
      score: '430',
      major_score: null,
      is_use: 1,
    })
  })
  it('orders by year descending, then province, type_name and name ascending', async () => {
    const keys = (await lines({})).data.items.map(
      (i: any) => `${i.year} ${i.province} ${i.type_name} ${i.name}`,
    )
    expect(keys).toEqual([
      '2025 北京 综合 本科批',
      '2025 北京 综合 特殊类型招生控制线',
      '2025 江苏 历史类 本科批',
      '2025 江苏 物理类 专科批',
      '2025 江苏 物理类 本科批',
      '2025 江苏 物理类 特殊类型招生控制线',
      '2025 江苏 美术与设计类 本科批',
      '2024 江苏 物理类 本科批',
      '2023 新疆 理科 本科一批',
      '2023 新疆 理科 本科二批',
    ])
  })
  it('filters by province, year, type_name, name, keyword and is_use', async () => {
    expect((await lines({ province: '江苏', year: 2025, type_name: '物理类' })).data.total).toBe(3)
    expect((await lines({ name: '本科批' })).data.total).toBe(5)
    expect((await lines({ keyword: '本科' })).data.total).toBe(7)
    expect((await lines({ is_use: 0 })).data.items.map((i: any) => i.id)).toEqual([7])
    expect((await lines({ province: '江苏', type_name: '美术与设计类' })).data.items[0].major_score).toBe(
      '200',
    )
    // A short form stands for its stored names in every exam mode: 物理 = 物理类 (江苏) and 理科 (新疆).
    const physics = (await lines({ type_name: '物理', pageSize: 100 })).data.items.map(
      (i: any) => i.type_name,
    )
    expect(new Set(physics)).toEqual(new Set(['物理类', '理科']))
    expect(physics).toHaveLength(
      (await lines({ type_name: '物理类', pageSize: 100 })).data.total +
        (await lines({ type_name: '理科', pageSize: 100 })).data.total,
    )
  })
  it('pages without duplicates or gaps', async () => {
    const seen: number[] = []
    for (let page = 1; page <= 4; page++)
      seen.push(...(await lines({ page, pageSize: 3 })).data.items.map((i: any) => i.id))
    expect(seen).toHaveLength(10)
    expect(new Set(seen).size).toBe(10)
    expect((await lines({ page: 4, pageSize: 3 })).data.totalPages).toBe(4)
  })
  it('rejects a page or page size that is not a positive integer, and a page size over 100', async () => {
    expect((await lines({ page: 0 })).message).toBe('参数 page 无效: 应为不小于 1 的整数, 收到 0')
    expect((await lines({ pageSize: 'ten' })).message).toBe('参数 pageSize 无效: 应为整数, 收到 "ten"')
    // Number() would read these as 16 and 2000; no front end means them.
    expect((await lines({ pageSize: '0x10' })).message).toBe('参数 pageSize 无效: 应为整数, 收到 "0x10"')
    expect((await lines({ page: '2e3' })).message).toBe('参数 page 无效: 应为整数, 收到 "2e3"')
    expect((await lines({ pageSize: 1000 })).message).toBe(
      '参数 pageSize 无效: 应在 1 到 100 之间, 收到 1000',
    )
    expect((await lines({ is_use: 3 })).code).toBe(400)
  })
})

describe('category statistics (SPEC 4.10, 2.11)', () => {
  it('answers the statistic items of a province, year and category', async () => {
    const res = await call(categoryStats, { province: '江苏', year: 2025, subject_type: '物理类' }, ctx)
    expect(res.data).toEqual([
      { title: '2025年江苏物理类', total_applicants: 400, undergrad_admitted: 120, college_admitted: 380 },
    ])
    const short = await call(categoryStats, { province: '江苏', year: '2025', subject_type: '历史' }, ctx)
    expect(short.data).toEqual([
      { title: '2025年江苏历史类', total_applicants: 150, undergrad_admitted: 40, college_admitted: null },
    ])
  })
  it('answers an empty array when nothing matches', async () => {
    expect(
      (await call(categoryStats, { province: '西藏', year: 2025, subject_type: '理科' }, ctx)).data,
    ).toEqual([])
  })
  it('requires province, year and subject_type', async () => {
    expect((await call(categoryStats, { year: 2025, subject_type: '物理类' }, ctx)).message).toBe(
      '参数 province 无效: 不能为空',
    )
    expect((await call(categoryStats, { province: '江苏', subject_type: '物理类' }, ctx)).message).toBe(
      '参数 year 无效: 不能为空',
    )
    expect((await call(categoryStats, { province: '江苏', year: 2025 }, ctx)).message).toBe(
      '参数 subject_type 无效: 不能为空',
    )
    expect(
      (await call(categoryStats, { province: '江苏', year: 'x', subject_type: '物理类' }, ctx)).message,
    ).toBe('参数 year 无效: 应为四位数年份, 如 2025')
  })
})

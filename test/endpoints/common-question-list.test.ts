import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import list from '../../src/endpoints/common-question-list.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let ctx: EndpointContext
beforeAll(async () => {
  ctx = fixtureContext(await buildFixtureDatasets())
})
afterAll(() => ctx.db.close())

const q = (body: Record<string, unknown>) => call(list, body, ctx)
const err = (message: string) => ({ code: 400, message, data: {} })

describe('common-question list (SPEC 4.11)', () => {
  it('checks module, sub-module, paging, sort and category in that order, with the spec messages', async () => {
    // module_type and sub_module_type default to 0, which is outside their ranges
    expect(await q({})).toEqual(err('模块类型参数错误'))
    expect(await q({ module_type: 7, sub_module_type: 9, sort_type: 9 })).toEqual(err('模块类型参数错误'))
    expect(await q({ module_type: 4 })).toEqual(err('二级模块类型参数错误'))
    expect(await q({ module_type: 4, sub_module_type: 5 })).toEqual(err('二级模块类型参数错误'))
    expect(await q({ module_type: 4, sub_module_type: 4, page: 1, sort_type: 9 })).toEqual(
      err('分页参数不完整'),
    )
    expect(await q({ module_type: 4, sub_module_type: 4, limit: 10 })).toEqual(err('分页参数不完整'))
    expect(await q({ module_type: 4, sub_module_type: 4, page: -1, limit: 10 })).toEqual(
      err('分页参数不完整'),
    )
    expect(await q({ module_type: 4, sub_module_type: 4, sort_type: 4, category: 9 })).toEqual(
      err('排序类型参数错误'),
    )
    expect(await q({ module_type: 4, sub_module_type: 4, category: 5 })).toEqual(err('分类参数错误'))
    expect(await q({ module_type: 'x', sub_module_type: 4 })).toEqual(err('模块类型参数错误'))
    // decimal digits only: "0x10" and "1e3" are no page numbers; "2" is
    for (const page of ['0x10', '1e3', '2.0'])
      expect(await q({ module_type: 4, sub_module_type: 4, page, limit: 5 })).toEqual(err('分页参数不完整'))
    expect((await q({ module_type: 4, sub_module_type: 4, page: ' 1 ', limit: 2 })).code).toBe(200)
  })
  it('reads a number as keyword text and refuses what is neither, never reading it as no keyword', async () => {
    const all = await q({ module_type: 4, sub_module_type: 4 })
    const byNumber = await q({ module_type: 4, sub_module_type: 4, keyword: 2026 })
    const byText = await q({ module_type: 4, sub_module_type: 4, keyword: '2026' })
    expect(byNumber).toEqual(byText)
    // the keyword narrows (before, a number was read as no keyword: the whole list)
    expect(byText.data.length).toBeGreaterThan(0)
    expect(byText.data.length).toBeLessThan(all.data.length)
    for (const keyword of [[1], {}, true])
      expect(await q({ module_type: 4, sub_module_type: 4, keyword })).toEqual(
        err('参数 keyword 无效: 应为文本或数字'),
      )
    expect((await q({ module_type: 4, sub_module_type: 4, keyword: null })).data).toEqual(all.data)
    // after the spec's own checks: a bad module is the spec's answer first
    expect(await q({ module_type: 9, sub_module_type: 1, keyword: {} })).toEqual(err('模块类型参数错误'))
  })
  it('(4,3) answers the category options', async () => {
    expect(await q({ module_type: 4, sub_module_type: 3 })).toEqual({
      code: 200,
      message: 'success',
      data: { category_enum: { '1': '政策解读', '2': '考试信息', '3': '院校动态', '4': '重要公告' } },
    })
  })
  it('(4,4) with paging: list, total, page, limit; items with seconds, labels and description', async () => {
    const res = await q({ module_type: 4, sub_module_type: 4, page: 1, limit: 2, sort_type: 1 })
    expect(res.data.total).toBe(5)
    expect(res.data.page).toBe(1)
    expect(res.data.limit).toBe(2)
    expect(res.data.list.map((i: { id: number }) => i.id)).toEqual([4, 1])
    expect(Object.keys(res.data.list[0]).sort()).toEqual(
      [
        'answer',
        'category_enum',
        'category_labels',
        'content',
        'created_at',
        'description',
        'id',
        'look_num',
        'publish_at',
        'school_name',
        'sort',
        'title',
      ].sort(),
    )
    expect(res.data.list[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(res.data.list[0].category_labels).toEqual({ enum_type: 4, value_text: '重要公告' })
    const page3 = await q({ module_type: 4, sub_module_type: 4, page: 3, limit: 2, sort_type: 1 })
    expect(page3.data.list.map((i: { id: number }) => i.id)).toEqual([5])
    // Past the last page: empty, however far (1e20 used to reach the engine as an OFFSET out of its range: a 500)
    for (const page of [4, 1e20, '99999999999999999999']) {
      const past = await q({ module_type: 4, sub_module_type: 4, page, limit: 100 })
      expect(past.code, String(page)).toBe(200)
      expect(past.data).toMatchObject({ list: [], total: 5, limit: 100 })
    }
  })
  it('(4,4) without paging: an array; created_at to the minute, labels, no description', async () => {
    const res = await q({ module_type: 4, sub_module_type: 4, sort_type: 3 })
    expect(res.data.map((i: { id: number }) => i.id)).toEqual([4, 2, 1, 3, 5])
    expect(res.data[0].created_at).toBe('2026-06-25 19:00')
    expect(res.data[0]).toHaveProperty('category_labels')
    expect(res.data[0]).not.toHaveProperty('description')
  })
  it('keyword (title, literal) and category filter only the news list', async () => {
    const kw = await q({ module_type: 4, sub_module_type: 4, keyword: '江苏' })
    expect(kw.data.map((i: { id: number }) => i.id)).toEqual([1])
    expect((await q({ module_type: 4, sub_module_type: 4, keyword: '%' })).data).toEqual([])
    const cat = await q({ module_type: 4, sub_module_type: 4, category: 1, sort_type: 2 })
    expect(cat.data.map((i: { id: number }) => i.id)).toEqual([1, 5])
    const other = await q({ module_type: 1, sub_module_type: 1, keyword: '不存在', category: 3 })
    expect(other.data).toHaveLength(2)
  })
  it('other modules: an array without created_at and labels, with description; sort types apply', async () => {
    const res = await q({ module_type: 1, sub_module_type: 1, sort_type: 3 })
    expect(res.data.map((i: { id: number }) => i.id)).toEqual([7, 6])
    expect(res.data[0]).not.toHaveProperty('created_at')
    expect(res.data[0]).not.toHaveProperty('category_labels')
    expect(res.data[0].description).toBe('位次与分数')
    expect(res.data[0].answer).toBe('位次比分数更稳定。')
    const byDefault = await q({ module_type: 1, sub_module_type: 1 })
    expect(byDefault.data.map((i: { id: number }) => i.id)).toEqual([6, 7])
  })
})

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import majorGroups from '../../src/endpoints/major-groups.js'
import offeringSchools from '../../src/endpoints/offering-schools.js'
import { buildApp } from '../../src/http/app.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// The two GET routes of the spec (4.17, 4.18): input from the path parameters and the query string.
let dir: string
let app: FastifyInstance
let strict: FastifyInstance
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
  strict = await buildApp({ datasetsDir: dir, storeDir: tempStore(), httpStatus: true })
})
afterAll(async () => {
  await app.close()
  await strict.close()
})

const get = (url: string, target = app) => target.inject({ method: 'GET', url })

describe('GET /api/v1/schools/:slug/major-groups', () => {
  it('reads the slug from the path and province and year from the query', async () => {
    const res = await get(
      `/api/v1/schools/2001/major-groups?province=${encodeURIComponent('江苏')}&year=2025`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({ sid: 2001, name: '测试大学', min: 650, z_num: 74 })
    expect(body.data.zy_groups.map((g: any) => g.sg_name)).toEqual([
      '(物理+化学)',
      '(物理)',
      '(历史)',
      '(物理+化学)',
      '',
    ])
    const ctx = fixtureContext(dir)
    expect(body).toEqual(await call(majorGroups, { slug: '2001', province: '江苏', year: '2025' }, ctx))
    await ctx.db.close()
  })
  it('takes the short code or an encoded name as the slug, and works without a query', async () => {
    const byCode = (await get('/api/v1/schools/19001/major-groups?province=jiangsu&year=2025')).json()
    const byName = (
      await get(`/api/v1/schools/${encodeURIComponent('测试大学')}/major-groups?province=江苏省&year=2025`)
    ).json()
    expect(byCode.data.sid).toBe(2001)
    expect(byName).toEqual(byCode)
    const all = (await get('/api/v1/schools/2001/major-groups')).json()
    expect(all.data.z_num).toBe(165)
  })
  it('lets the path win over a slug in the query', async () => {
    const res = (await get('/api/v1/schools/2001/major-groups?slug=99999')).json()
    expect(res.data.sid).toBe(2001)
  })
  it('answers `School not found` in the envelope with HTTP 200 (404 only with --http-status)', async () => {
    const res = await get('/api/v1/schools/99999/major-groups?province=江苏')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 404, message: 'School not found', data: {} })
    const mirrored = await get('/api/v1/schools/99999/major-groups', strict)
    expect(mirrored.statusCode).toBe(404)
    expect(mirrored.json()).toEqual({ code: 404, message: 'School not found', data: {} })
  })
  it('looks the school up before the query: an unknown school is `School not found` even with a bad query', async () => {
    for (const query of ['province=%E7%81%AB%E6%98%9F', 'year=abc', 'province=a&province=b']) {
      const res = await get(`/api/v1/schools/99999/major-groups?${query}`)
      expect(res.json()).toEqual({ code: 404, message: 'School not found', data: {} })
    }
  })
  it('answers bad query values with a 400 envelope', async () => {
    expect((await get('/api/v1/schools/2001/major-groups?year=abc')).json()).toEqual({
      code: 400,
      message: '参数 year 无效: 应为四位数年份, 如 2025',
      data: {},
    })
    expect((await get('/api/v1/schools/2001/major-groups?province=a&province=b')).json()).toEqual({
      code: 400,
      message: '参数 province 无效: 应为文本或数字',
      data: {},
    })
  })
  it('is a GET route only', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/schools/2001/major-groups', payload: {} })
    expect(res.json()).toEqual({
      code: 405,
      message: '接口只接受 GET 请求: POST /api/v1/schools/2001/major-groups',
      data: {},
    })
  })
})

describe('GET /api/v1/majors/:id/offering-schools', () => {
  it('reads the major from the path and every filter from the query string', async () => {
    const res = await get('/api/v1/majors/2001/offering-schools?page=1&page_size=2&is_211=1&level_name=本科')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, totalPages: 2 })
    expect(body.data.items.map((s: any) => s.sid)).toEqual([2001, 2002])
    expect(body.data.data).toEqual(body.data.items)
    const ctx = fixtureContext(dir)
    expect(body).toEqual(
      await call(
        offeringSchools,
        { id: '2001', page: '1', page_size: '2', is_211: '1', level_name: '本科' },
        ctx,
      ),
    )
    await ctx.db.close()
  })
  it('takes a code or an encoded name as the id, with encoded province filters', async () => {
    const q = `province=${encodeURIComponent('江苏')}&province_school=${encodeURIComponent('江苏')}`
    const byCode = (await get(`/api/v1/majors/089901/offering-schools?${q}`)).json()
    const byName = (
      await get(`/api/v1/majors/${encodeURIComponent('测试软件工程')}/offering-schools?${q}`)
    ).json()
    expect(byCode.data.items.map((s: any) => s.sid)).toEqual([2001, 2002])
    expect(byName).toEqual(byCode)
  })
  it('pages through the query string without duplicates or gaps', async () => {
    const seen: number[] = []
    for (let page = 1; page <= 2; page++) {
      const body = (await get(`/api/v1/majors/2001/offering-schools?page=${page}&page_size=4`)).json()
      expect(body.data.pagination).toEqual({ page, pageSize: 4, total: 6, totalPages: 2 })
      seen.push(...body.data.items.map((s: any) => s.sid))
    }
    expect(seen).toEqual([2001, 2002, 2007, 2003, 2005, 2004])
  })
  it('answers HTTP 404 with the envelope body for an unknown major, whatever the status mode', async () => {
    for (const target of [app, strict]) {
      for (const id of ['999999', encodeURIComponent('火星学')]) {
        const res = await get(`/api/v1/majors/${id}/offering-schools?province=江苏`, target)
        expect(res.statusCode).toBe(404)
        expect(res.headers['content-type']).toMatch(/application\/json/)
        expect(res.json()).toEqual({ code: 404, message: 'Major not found', data: {} })
      }
    }
  })
  it('looks the major up before the query: an unknown major is HTTP 404 even with a bad query', async () => {
    for (const query of ['province=%E7%81%AB%E6%98%9F', 'page=0', 'page_size=101', 'is_985=yes']) {
      const res = await get(`/api/v1/majors/999999/offering-schools?${query}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 404, message: 'Major not found', data: {} })
    }
  })
  it('answers an empty page with HTTP 200 for a known major without 2022 records', async () => {
    const res = await get('/api/v1/majors/2007/offering-schools')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ items: [], total: 0, totalPages: 0 })
  })
  it('answers bad paging and flags with a 400 envelope and HTTP 200', async () => {
    for (const [query, message] of [
      ['page_size=101', '参数 page_size 无效: 应在 1 到 100 之间, 收到 101'],
      ['page=0', '参数 page 无效: 应为不小于 1 的整数, 收到 0'],
      ['page=', undefined],
      ['is_dual_class=yes', '参数 is_dual_class 无效: 应为整数, 收到 "yes"'],
      ['level_name=%E9%AB%98%E8%81%8C', '参数 level_name 无效: 可选值: 本科, 专科'],
    ] as const) {
      const res = await get(`/api/v1/majors/2001/offering-schools?${query}`)
      expect(res.statusCode, query).toBe(200)
      if (message === undefined)
        expect(res.json().code, query).toBe(200) // empty means "not given"
      else expect(res.json(), query).toEqual({ code: 400, message, data: {} })
    }
  })
})

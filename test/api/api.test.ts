import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, type Gaokao, open, query } from '../../src/api.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
let gaokao: Gaokao
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  gaokao = open({ datasets: dir, store: tempStore() })
})
afterAll(() => gaokao.close())

/** The ApiError a query rejects with (any other outcome fails the test). */
async function rejection(pending: Promise<unknown>): Promise<ApiError> {
  try {
    await pending
  } catch (err) {
    if (err instanceof ApiError) return err
    throw err
  }
  throw new Error('the query was answered, not refused')
}

describe('the programmatic API (import { query } from "gaokao")', () => {
  it('answers an endpoint with the data of the HTTP API’s envelope', async () => {
    const input = { province: '江苏', year: '2025', km: '物理类' }
    const data = await gaokao.query<{ list: unknown[] }>('seating-list', input)
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/seating/list',
        payload: JSON.stringify(input),
        headers: { 'content-type': 'application/json' },
      })
      expect(data.list.length).toBeGreaterThan(0)
      expect(data).toEqual(res.json().data)
    } finally {
      await app.close()
    }
    expect(gaokao.endpoints).toEqual(ENDPOINTS.map((e) => e.name))
  })

  it('throws the envelope’s code and message for bad input, and names the endpoints for an unknown one', async () => {
    const bad = await rejection(gaokao.query('seating-list', { province: '江苏', year: 'abcd' }))
    expect([bad.code, bad.message]).toEqual([400, '参数 year 无效: 应为四位数年份, 如 2025'])
    const unknown = await rejection(gaokao.query('seating-lists'))
    expect(unknown.message).toContain('未知接口: seating-lists')
    expect(unknown.message).toContain('seating-list,')
  })

  it('runs one query with a connection of its own', async () => {
    const data = await query<{ list: unknown[] }>(
      'seating-list',
      { province: '江苏', year: '2025', km: '物理类' },
      { datasets: dir, store: tempStore() },
    )
    expect(data).toEqual(await gaokao.query('seating-list', { province: '江苏', year: '2025', km: '物理类' }))
  })
})

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

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

const post = (
  target: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  target.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload ?? {}),
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('HTTP surface', () => {
  it('serves seating/list in the envelope', async () => {
    const res = await post(app, '/api/v1/seating/list', { province: '江苏', year: '2025', km: '物理类' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.message).toBe('success')
    expect(body.data.list[0]).toEqual({ score: '701-750', num: '10', total: 10 })
  })
  it('answers every registered route', async () => {
    for (const url of [
      '/api/v1/seating/seating',
      '/api/v1/seating/option',
      '/api/v1/meta/subjects',
      '/api/v1/meta/batches',
    ]) {
      const res = await post(app, url, { province: '江苏' })
      expect(res.statusCode, url).toBe(200)
      expect(res.json().code, url).toBe(200)
    }
  })
  it('treats an empty body, or one without a content type, as {}', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/v1/seating/option' })
    expect(empty.json().code).toBe(200)
    const form = await app.inject({
      method: 'POST',
      url: '/api/v1/seating/list',
      payload: '{"province":"北京"}',
      headers: { 'content-type': 'text/plain' },
    })
    expect(form.json().data.current.province).toBe('北京')
  })
  it('answers malformed JSON with the envelope, status 200 by default', async () => {
    const res = await post(app, '/api/v1/seating/list', '{"province": ')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 400, message: '请求体不是合法的 JSON', data: {} })
  })
  it('refuses a body nested deeper than any request of the spec, before anything walks it', async () => {
    // 5,000 levels overflowed the stack of the answer cache's key: an internal error, code 500
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    expect((await post(app, '/api/v1/seating/list', deep)).json()).toEqual({
      code: 400,
      message: '请求体嵌套过深 (超过 64 层)',
      data: {},
    })
    const arrays = `{"province":"北京","x":${'['.repeat(6000)}${']'.repeat(6000)}}`
    expect((await post(app, '/api/v1/seating/list', arrays)).json().code).toBe(400)
    // brackets inside a string are text, not nesting
    const text = `{"province":"北京","x":"${'{['.repeat(100)}"}`
    expect((await post(app, '/api/v1/seating/list', text)).json().code).toBe(200)
  })
  it('answers a wrong type and an unknown province with clear envelopes', async () => {
    expect((await post(app, '/api/v1/seating/list', { year: { a: 1 } })).json()).toEqual({
      code: 400,
      message: '参数 year 无效: 应为文本或数字',
      data: {},
    })
    expect((await post(app, '/api/v1/seating/seating', { province: '火星' })).json()).toEqual({
      code: 400,
      message: '未知省份: 火星',
      data: {},
    })
  })
  it('answers unknown paths and methods with the envelope', async () => {
    const res = await post(app, '/api/v1/nope', {})
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 404, message: '接口不存在: POST /api/v1/nope', data: {} })
    const get = await app.inject({ method: 'GET', url: '/api/v1/seating/list?x=1' })
    expect(get.json()).toEqual({
      code: 405,
      message: '接口只接受 POST 请求: GET /api/v1/seating/list',
      data: {},
    })
    expect(get.headers.allow).toBe('POST')
    const put = await app.inject({ method: 'PUT', url: '/api/v1/seating/list' })
    expect(put.json().message).toBe('接口只接受 POST 请求: PUT /api/v1/seating/list')
    expect((await app.inject({ method: 'GET', url: '/api/v1/seating/lists' })).json().code).toBe(404)
    // A trailing slash is another path, not ours: 404 (it was a 405 telling a POST that only POST is taken)
    expect((await post(app, '/api/v1/seating/list/', {})).json()).toEqual({
      code: 404,
      message: '接口不存在: POST /api/v1/seating/list/',
      data: {},
    })
    expect((await app.inject({ method: 'GET', url: '/api/v1/schools/62/major-groups/' })).json().code).toBe(
      404,
    )
    expect((await strict.inject({ method: 'GET', url: '/api/v1/seating/list' })).statusCode).toBe(405)
  })
  it('does not wait forever for a body that never comes (request timeout set)', () => {
    expect(app.server.requestTimeout).toBe(30_000)
    // Node times a stalled body out by its headers timeout, 60 s unless the server was created with the request
    // timeout (measured: a 408 after 60 s before, 31 s now)
    expect(app.server.headersTimeout).toBe(30_000)
    // The warm-up of a preloading server (an onReady hook) may take longer than Fastify's 10 s plugin timeout
    expect(app.initialConfig.pluginTimeout).toBe(0)
  })
  it('reads a JSON body that starts with a byte order mark', async () => {
    const res = await post(app, '/api/v1/seating/option', '\uFEFF{"province":"北京"}')
    expect(res.json()).toMatchObject({ code: 200 })
    expect((await post(app, '/api/v1/seating/option', '\uFEFF')).json().code).toBe(200)
  })
  it('mirrors envelope codes into HTTP statuses with --http-status', async () => {
    expect((await post(strict, '/api/v1/seating/list', '{')).statusCode).toBe(400)
    expect((await post(strict, '/api/v1/nope', {})).statusCode).toBe(404)
    expect((await post(strict, '/api/v1/seating/list', { province: '江苏' })).statusCode).toBe(200)
  })
  it('rejects a body over the limit without a 5xx', async () => {
    const big = await post(app, '/api/v1/seating/list', JSON.stringify({ province: 'x'.repeat(2_000_000) }))
    expect(big.statusCode).toBe(200)
    expect(big.json()).toEqual({ code: 413, message: '请求体过大', data: {} })
  })
  it('reports a missing dataset as an envelope error, never a crash', async () => {
    const bare = await buildApp({
      datasetsDir: await buildFixtureDatasets(['score_ranks']),
      storeDir: tempStore(),
    })
    const res = await post(bare, '/api/v1/meta/subjects', { source: 'picixian' })
    await bare.close()
    expect(res.statusCode).toBe(200)
    expect(res.json().code).toBe(500)
    expect(res.json().message).toMatch(/数据集 score_lines 未安装/)
  })
})

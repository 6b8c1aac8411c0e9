import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { mayWrite, parseCorsOrigins } from '../../src/http/cors-origins.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// `serve --cors`: which browser pages may read the API's answers. Off by default.
const FRONT_END = 'http://localhost:5173'
let closed: FastifyInstance
let closedStore: string
let open: FastifyInstance
let any: FastifyInstance
beforeAll(async () => {
  const dir = await buildFixtureDatasets()
  closedStore = tempStore()
  closed = await buildApp({ datasetsDir: dir, storeDir: closedStore })
  open = await buildApp({ datasetsDir: dir, storeDir: tempStore(), corsOrigins: [FRONT_END] })
  any = await buildApp({ datasetsDir: dir, storeDir: tempStore(), corsOrigins: ['*'] })
})
afterAll(async () => {
  for (const app of [closed, open, any]) await app.close()
})

const post = (app: FastifyInstance, url: string, body: object, origin: string) =>
  app.inject({ method: 'POST', url, payload: body, headers: { origin } })
const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/v1/seating/list',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  })
const ALLOW = 'access-control-allow-origin'

describe('CORS', () => {
  it('is off by default: no page of another origin may read an answer', async () => {
    const res = await post(closed, '/api/v1/seating/option', { province: '北京' }, FRONT_END)
    expect(res.json().code).toBe(200)
    expect(res.headers[ALLOW]).toBeUndefined()
    expect((await preflight(closed, FRONT_END)).headers[ALLOW]).toBeUndefined()
  })
  it('answers the preflight of an allowed origin with the methods and headers the API uses', async () => {
    const res = await preflight(open, FRONT_END)
    expect(res.statusCode).toBe(204)
    expect(res.headers[ALLOW]).toBe(FRONT_END)
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST')
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type, Authorization')
  })
  it('keeps Vary: Origin on an answer from the answer cache, which varies with Accept-Encoding too', async () => {
    const cached = await buildApp({
      datasetsDir: await buildFixtureDatasets(),
      storeDir: tempStore(),
      corsOrigins: [FRONT_END],
      answerCacheMb: 8,
    })
    try {
      for (let i = 0; i < 2; i++) {
        const res = await post(cached, '/api/v1/seating/option', { province: '北京' }, FRONT_END)
        expect(res.json().code).toBe(200)
        expect(res.headers[ALLOW]).toBe(FRONT_END)
        expect(res.headers.vary).toBe('Origin, accept-encoding')
      }
    } finally {
      await cached.close()
    }
  })
  it('lets the page read WWW-Authenticate (a refused token)', async () => {
    const res = await post(open, '/api/v1/seating/option', { province: '北京' }, FRONT_END)
    expect(res.headers['access-control-expose-headers']).toBe('WWW-Authenticate, x-request-id')
  })
  it('marks answers, envelope errors and unknown routes as readable by the allowed origin only', async () => {
    const ok = await post(open, '/api/v1/seating/option', { province: '北京' }, FRONT_END)
    expect(ok.json().code).toBe(200)
    expect(ok.headers[ALLOW]).toBe(FRONT_END)
    const bad = await post(open, '/api/v1/seating/list', { province: '火星' }, FRONT_END)
    expect(bad.json().code).toBe(400)
    expect(bad.headers[ALLOW]).toBe(FRONT_END)
    const missing = await post(open, '/api/v1/nope', {}, FRONT_END)
    expect(missing.json().code).toBe(404)
    expect(missing.headers[ALLOW]).toBe(FRONT_END)
    const other = await post(open, '/api/v1/seating/option', { province: '北京' }, 'http://evil.example')
    expect(other.headers[ALLOW]).toBeUndefined()
    expect((await preflight(open, 'http://evil.example')).headers[ALLOW]).toBeUndefined()
  })
  it('allows any origin with *', async () => {
    const res = await post(any, '/api/v1/seating/option', { province: '北京' }, 'http://a.example:8080')
    expect(res.headers[ALLOW]).toBe('*')
  })
})

describe('serve --cors values', () => {
  it('are origins (a trailing slash dropped) or *', () => {
    expect(parseCorsOrigins('http://localhost:5173, https://app.example/')).toEqual([
      'http://localhost:5173',
      'https://app.example',
    ])
    expect(parseCorsOrigins('*')).toEqual(['*'])
  })
  it('refuse what no browser would send as an Origin', () => {
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', 'ftp://x.example', ' , ', 'http://a b'])
      expect(parseCorsOrigins(bad), bad).toHaveProperty('error')
  })
  it('stop serve with exit 2 and one line before it starts', async () => {
    const run = await runGaokao(['serve', '--port', '0', '--cors', 'localhost:5173'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      '错误: --cors 的来源无效: localhost:5173 (应为 http(s)://主机[:端口], 不带路径, 如 http://localhost:5173)\n',
    )
  })
})

describe('writes from web pages (feedback)', () => {
  const FEEDBACK = '/api/v1/score-v2/common-question/feedback'
  const body = (content: string) => JSON.stringify({ feedback_type: 1, content, contact: '13900001111' })
  // What a page of another site can send without a preflight: a text/plain POST.
  const send = (app: FastifyInstance, content: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: FEEDBACK,
      payload: body(content),
      headers: { 'content-type': 'text/plain', host: '127.0.0.1:3000', ...headers },
    })
  const stored = async () =>
    (
      JSON.parse((await runGaokao(['feedback', 'list', '--json', '--store', closedStore])).stdout) as {
        content: string
      }[]
    ).map((r) => r.content)

  it('refuses a page of another origin and stores nothing', async () => {
    const res = await send(closed, '来自别的网站', { origin: 'http://evil.example' })
    expect(res.json()).toEqual({
      code: 403,
      message:
        '不允许来自 http://evil.example 的网页写入 (本机接口只接受本源网页与 gaokao serve --cors 列出的来源)',
      data: {},
    })
    expect(await stored()).not.toContain('来自别的网站')
  })
  it('accepts scripts (no Origin), the server’s own pages and the --cors origins', async () => {
    expect((await send(closed, '脚本提交', {})).json().code).toBe(200)
    expect((await send(closed, '本源网页', { origin: 'http://127.0.0.1:3000' })).json().code).toBe(200)
    expect((await send(open, '前端开发服务器', { origin: FRONT_END })).json().code).toBe(200)
    expect(await stored()).toEqual(expect.arrayContaining(['脚本提交', '本源网页']))
  })
  it('decides by origin and host', () => {
    expect(mayWrite(undefined, 'localhost:3000', [])).toBe(true)
    expect(mayWrite('http://localhost:3000', 'localhost:3000', [])).toBe(true)
    expect(mayWrite('http://localhost:5173', 'localhost:3000', [])).toBe(false)
    expect(mayWrite('http://localhost:5173', 'localhost:3000', ['http://localhost:5173'])).toBe(true)
    expect(mayWrite('https://any.example', 'localhost:3000', ['*'])).toBe(true)
    expect(mayWrite('null', 'localhost:3000', [])).toBe(false)
  })
})

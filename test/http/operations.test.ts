import { writeFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { JSON_POLICY } from '../../src/http/security-headers.js'
import { clientErrorHandler } from '../../src/http/transport-errors.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// The operations of `serve` (docs/api.md, "Operations"): health routes, request ids and logs, security headers.

let dir: string
let app: FastifyInstance
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore(), corsOrigins: ['http://localhost:5173'] })
})
afterAll(() => app.close())

const SEATING = { method: 'POST' as const, url: '/api/v1/seating/option', payload: { province: '江苏' } }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('GET /healthz and /readyz', () => {
  it('/healthz answers that the process is alive, without a token and with a tiny envelope', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { authorization: 'Bearer nonsense' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 200, message: 'ok', data: { status: 'alive' } })
    expect(res.headers['www-authenticate']).toBeUndefined()
  })
  it('/readyz answers ready once the datasets are loaded; a directory without manifest.json says so', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'ready',
      data: { status: 'ready', manifest: 'absent', pid: process.pid },
    })
  })
  it('/readyz is an HTTP 503 envelope when the files are not those the manifest describes', async () => {
    const other = await buildApp({
      datasetsDir: dir,
      storeDir: tempStore(),
      datasetsCheck: { consistent: false, problems: ['plans.parquet 的 sha256 为 0123456789ab…'] },
    })
    const res = await other.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({
      code: 503,
      message: '数据与 manifest.json 不一致: plans.parquet 的 sha256 为 0123456789ab…',
      data: {},
    })
    expect(res.headers['retry-after']).toBe('2')
    await other.close()
  })
})

describe('request ids', () => {
  it('every answer carries one: a new UUID, or the caller’s own when it looks like an id', async () => {
    const fresh = await app.inject(SEATING)
    expect(fresh.headers['x-request-id']).toMatch(UUID)
    const other = await app.inject(SEATING)
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id'])
    const kept = await app.inject({ ...SEATING, headers: { 'x-request-id': 'lb-7f3a.2026:1' } })
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2026:1')
    // 404s and refusals before any handler carry one too
    const missing = await app.inject({ method: 'GET', url: '/api/v1/nowhere' })
    expect(missing.headers['x-request-id']).toMatch(UUID)
  })
  it('an id that is not one (spaces, quotes, too long) is replaced, never echoed', async () => {
    for (const bad of ['a b', '"><script>', 'x'.repeat(129), ''])
      expect(
        (await app.inject({ ...SEATING, headers: { 'x-request-id': bad } })).headers['x-request-id'],
      ).toMatch(UUID)
  })
  it('the log has one line per request with its id, and one for a store that cannot be written', async () => {
    const lines: Record<string, unknown>[] = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    // a file where the store's directory should be
    const blocked = join(tempStore(), 'blocker')
    writeFileSync(blocked, '')
    const logged = await buildApp({
      datasetsDir: dir,
      storeDir: join(blocked, 'store'),
      logLevel: 'info',
      logStream: sink,
    })
    const res = await logged.inject({
      method: 'POST',
      url: '/api/v1/score-v2/common-question/feedback',
      headers: { 'x-request-id': 'req-42' },
      payload: { feedback_type: 1, content: '好用', contact: 'user@example.com' },
    })
    expect(res.json().message).toBe('系统错误,请稍后重试')
    await logged.close()
    const mine = lines.filter((l) => l.reqId === 'req-42')
    expect(mine).toEqual([
      expect.objectContaining({ level: 50, msg: 'store failed', endpoint: 'feedback' }),
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'POST',
        url: '/api/v1/score-v2/common-question/feedback',
        status: 200,
      }),
    ])
    expect(mine[0]?.err).toMatchObject({ code: expect.stringMatching(/^E[A-Z]+$/) })
    // no header, Authorization included, reaches the log
    expect(JSON.stringify(lines)).not.toContain('user-agent')
  })
})

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['content-security-policy']).toBe(JSON_POLICY)
  }
  it('are on answers, 404s, refusals of bad JSON and the OpenAPI document', async () => {
    expectHeaders((await app.inject(SEATING)).headers)
    expectHeaders((await app.inject({ method: 'GET', url: '/api/v1/nowhere' })).headers)
    expectHeaders(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/seating/option',
          payload: '{x',
          headers: { 'content-type': 'application/json' },
        })
      ).headers,
    )
    expectHeaders((await app.inject({ method: 'GET', url: '/openapi.json' })).headers)
    expectHeaders((await app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' })).headers)
  })
  it('are on the answers Node’s parser gives before any route (a request that is not HTTP)', () => {
    let written = ''
    const socket = {
      writable: true,
      destroyed: false,
      write: (t: string) => {
        written += t
      },
      destroy: () => {},
    }
    clientErrorHandler(new Error('bad'), socket as unknown as Socket)
    expect(written).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(written).toContain('x-content-type-options: nosniff\r\n')
    expect(written).toContain(`content-security-policy: ${JSON_POLICY}\r\n`)
  })
  it('leave CORS as it was: a preflight and a cross-origin answer are still readable', async () => {
    const origin = 'http://localhost:5173'
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/seating/option',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(origin)
    const res = await app.inject({ ...SEATING, headers: { origin } })
    expect(res.headers['access-control-allow-origin']).toBe(origin)
    expectHeaders(res.headers)
  })
})

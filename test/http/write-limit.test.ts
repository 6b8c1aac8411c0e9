import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { parseTrustProxy } from '../../src/http/client-address.js'
import { WRITE_COUNT_FAILED } from '../../src/http/write-limit.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Writes are rate-limited per client address (docs/api.md, "Operations").

const FEEDBACK = '/api/v1/score-v2/common-question/feedback'
const feedback = (app: FastifyInstance, n: number, remoteAddress = '127.0.0.1', forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: FEEDBACK,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { feedback_type: 1, content: `第 ${n} 条`, contact: 'user@example.com' },
  })
/** The envelope codes of requests sent one after the other */
async function codes(requests: (() => ReturnType<typeof feedback>)[]): Promise<number[]> {
  const seen = []
  for (const send of requests) seen.push((await send()).json().code)
  return seen
}

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

describe('the write limit', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ datasetsDir: dir, storeDir: tempStore(), writesPerMinute: 3 })
  })
  afterAll(() => app.close())

  it('answers writes beyond the limit with the envelope, HTTP 429 and Retry-After, without storing them', async () => {
    const answers = []
    for (let n = 1; n <= 5; n++) answers.push(await feedback(app, n))
    expect(answers.map((r) => r.json().code)).toEqual([200, 200, 200, 429, 429])
    const refused = answers[3]
    expect(refused?.statusCode).toBe(429)
    expect(refused?.json()).toEqual({
      code: 429,
      message: expect.stringMatching(/^提交过于频繁: 每个地址每分钟最多 3 次, 请 \d+ 秒后重试$/),
      data: {},
    })
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused?.headers['x-content-type-options']).toBe('nosniff')
  })
  it('counts each address apart, and leaves reads alone', async () => {
    expect((await feedback(app, 6, '10.0.0.9')).json().code).toBe(200)
    for (let i = 0; i < 10; i++) {
      const read = await app.inject({ method: 'POST', url: '/api/v1/seating/option', payload: {} })
      expect(read.json().code).toBe(200)
    }
  })
})

describe('without a write limit (tests, `gaokao call`, --write-limit 0)', () => {
  it('takes every write', async () => {
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    for (let n = 1; n <= 25; n++) expect((await feedback(app, n)).json().code).toBe(200)
    await app.close()
  })
})

describe('behind a reverse proxy (serve --trust-proxy)', () => {
  const trusted = (text: string) => {
    const parsed = parseTrustProxy(text)
    if ('error' in parsed) throw new Error(parsed.error)
    return parsed.trust
  }
  /** Two writes a minute; the proxies of 10.0.0.0/8 trusted, or none */
  const limited = (trustProxy?: string) =>
    buildApp({
      datasetsDir: dir,
      storeDir: tempStore(),
      writesPerMinute: 2,
      trustProxy: trustProxy ? trusted(trustProxy) : undefined,
    })

  it('counts each client the trusted proxy names apart, not the proxy as one client', async () => {
    const app = await limited('10.0.0.0/8')
    // Three clients through one proxy at 10.1.1.1, the last forwarded address being the client's.
    const through = (n: number, client: string) => () =>
      feedback(app, n, '10.1.1.1', `203.0.113.77, ${client}`)
    const clients = ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.1']
    expect(await codes(clients.map((c, n) => through(n, c)))).toEqual([200, 200, 200, 200, 429])
    await app.close()
  })

  it('believes no X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const app = await limited('10.0.0.0/8')
    // A client that writes the header itself, a new address each time, is still the one client it is.
    const spoofed = [1, 2, 3].map((n) => () => feedback(app, n, '192.0.2.5', `198.51.100.${n}`))
    expect(await codes(spoofed)).toEqual([200, 200, 429])
    await app.close()
  })

  it('without --trust-proxy, the connection’s address is the client whatever the header says', async () => {
    const app = await limited()
    const forwarded = [1, 2, 3].map((n) => () => feedback(app, n, '10.1.1.1', `198.51.100.${n}`))
    expect(await codes(forwarded)).toEqual([200, 200, 429])
    await app.close()
  })

  it('takes addresses, CIDR ranges and loopback, and names what it cannot read', () => {
    const trust = trusted('10.0.0.0/8, 192.0.2.1,loopback, ::1')
    expect([
      trust('10.9.9.9', 0),
      trust('192.0.2.1', 0),
      trust('127.0.0.1', 0),
      trust('192.0.2.2', 0),
    ]).toEqual([true, true, true, false])
    expect(parseTrustProxy('10.0.0.0/8,proxy.example.com')).toEqual({
      error: expect.stringMatching(/^--trust-proxy 应为逗号分隔的代理地址.*收到 proxy\.example\.com$/),
    })
    expect(parseTrustProxy('10.0.0.0/40')).toHaveProperty('error')
    expect(parseTrustProxy(' , ')).toEqual({ error: '--trust-proxy 应至少给出一个代理地址' })
  })
})

describe('counts that cannot be read (a shared store’s database down)', () => {
  it('refuse the write with the envelope rather than take it uncounted, and log the cause', async () => {
    const failures: unknown[] = []
    const app = await buildApp({
      datasetsDir: dir,
      storeDir: 'postgres://gaokao:secret@127.0.0.1:1/gaokao',
      writesPerMinute: 3,
      onInternalError: (err) => failures.push(err),
    })
    const res = await feedback(app, 1)
    // The envelope travels with HTTP 200 unless --http-status (then 503), as every failure on our side.
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 500, message: WRITE_COUNT_FAILED, data: {} })
    expect(failures).toHaveLength(1)
    expect(String(failures[0])).toMatch(/postgres:\/\/gaokao:\*\*\*@127\.0\.0\.1:1\/gaokao/)
    await app.close()
  })
})

import { once } from 'node:events'
import { request } from 'node:http'
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppOptions, buildApp } from '../../src/http/app.js'
import { parseTrustProxy } from '../../src/http/client-address.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Kept answers sent below Fastify (src/http/kept-answers.ts): the same bytes, headers and log line as the route's,
// and every request it should not answer left to Fastify with its body whole. Real sockets: `inject` never passes
// through the server's listener.

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The body as sent (compressed when the answer says so) */
  bytes: Buffer
}

interface Server {
  app: FastifyInstance
  port: number
  /** Requests Fastify's routing saw (onRequest), the kept answers sent below it excluded */
  routed: () => number
  lines: () => Record<string, unknown>[]
}

let dir: string
const servers: FastifyInstance[] = []
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})
afterAll(async () => {
  for (const app of servers) await app.close()
})

async function start(opts: Partial<AppOptions> = {}): Promise<Server> {
  let log = ''
  const logStream = new Writable({
    write(chunk, _enc, done) {
      log += chunk.toString()
      done()
    },
  })
  const app = await buildApp({
    datasetsDir: dir,
    storeDir: tempStore(),
    answerCacheMb: 8,
    logLevel: 'info',
    logStream,
    ...opts,
  })
  let routed = 0
  app.addHook('onRequest', async () => {
    routed++
  })
  servers.push(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const lines = () =>
    log
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  return { app, port, routed: () => routed, lines }
}

function post(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // a chunked request announces no length
          ...(headers['transfer-encoding'] ? {} : { 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The headers that are the same for two answers of one request (date and request id differ by nature) */
const comparable = (a: Answer) => {
  const { date: _date, 'x-request-id': _id, ...rest } = a.headers
  return rest
}

const SEATING_LIST = JSON.stringify({ province: '江苏', year: '2025', km: '物理类' })

describe('kept answers below Fastify', () => {
  it('answer a repeated request with the route’s bytes, headers and log line, without Fastify', async () => {
    const s = await start()
    const first = await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    expect(s.routed()).toBe(1)
    const second = await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    // field order, a byte order mark and a query string make the same key and answer
    const reordered = await post(
      s.port,
      '/api/v1/seating/list?x=1',
      `\uFEFF${JSON.stringify({ km: '物理类', year: '2025', province: '江苏' })}`,
    )
    expect(s.routed()).toBe(1)
    expect(first.status).toBe(200)
    expect(JSON.parse(first.body).data.list.length).toBeGreaterThan(0)
    for (const again of [second, reordered]) {
      expect(again.status).toBe(first.status)
      expect(again.body).toBe(first.body)
      expect(comparable(again)).toEqual(comparable(first))
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
    // a caller's own id is kept, as the route keeps it
    const traced = await post(s.port, '/api/v1/seating/list', SEATING_LIST, { 'x-request-id': 'lb-42' })
    expect(traced.headers['x-request-id']).toBe('lb-42')
    const lines = s.lines()
    expect(lines).toHaveLength(4)
    const shape = (l: Record<string, unknown>) => Object.keys(l).filter((k) => k !== 'time')
    for (const l of lines.slice(1)) expect(shape(l)).toEqual(shape(lines[0] as Record<string, unknown>))
    expect(lines.map((l) => [l.reqId, l.status, l.method])).toEqual(
      [first, second, reordered, traced].map((a) => [a.headers['x-request-id'], 200, 'POST']),
    )
    expect(lines[2]?.url).toBe('/api/v1/seating/list?x=1')
    // the kept line (requestLineWriter) is the route's line (pino's) but for what differs by request
    const own = ({ time, reqId, ms, ...rest }: Record<string, unknown>) => {
      expect([typeof time, typeof reqId, typeof ms]).toEqual(['number', 'string', 'number'])
      return rest
    }
    expect(own(lines[1] as Record<string, unknown>)).toEqual(own(lines[0] as Record<string, unknown>))
    expect(own(lines[0] as Record<string, unknown>)).toMatchObject({
      level: 30,
      pid: process.pid,
      msg: 'request',
    })
  })

  it('name in their log line the client a trusted proxy forwards for, as the route does', async () => {
    const parsed = parseTrustProxy('127.0.0.1')
    if ('error' in parsed) throw new Error(parsed.error)
    const s = await start({ trustProxy: parsed.trust })
    const forwarded = { 'x-forwarded-for': '198.51.100.7' }
    await post(s.port, '/api/v1/seating/list', SEATING_LIST, forwarded)
    await post(s.port, '/api/v1/seating/list', SEATING_LIST, forwarded)
    expect(s.routed()).toBe(1)
    expect(s.lines().map((l) => l.ip)).toEqual(['198.51.100.7', '198.51.100.7'])
    // and the connection's address without --trust-proxy
    const direct = await start()
    await post(direct.port, '/api/v1/seating/list', SEATING_LIST, forwarded)
    await post(direct.port, '/api/v1/seating/list', SEATING_LIST, forwarded)
    expect(direct.lines().map((l) => l.ip)).toEqual(['127.0.0.1', '127.0.0.1'])
  })

  it('write no request line of a kept answer when the log is above info', async () => {
    const s = await start({ logLevel: 'warn' })
    for (let i = 0; i < 3; i++) await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    expect(s.routed()).toBe(1)
    expect(s.lines()).toEqual([])
  })

  it('send a kept answer gzip-compressed to a client that accepts it, the same from both paths', async () => {
    const s = await start()
    const gzip = { 'accept-encoding': 'br;q=1, gzip;q=0.8' }
    // 3.7 KB on the fixture datasets (its school_names)
    const path = '/api/v1/historical-scores-list'
    const first = await post(s.port, path, '{}', gzip)
    const kept = await post(s.port, path, '{}', gzip)
    const plain = await post(s.port, path, '{}')
    const refused = await post(s.port, path, '{}', { 'accept-encoding': 'gzip;q=0, *' })
    expect(s.routed()).toBe(1)
    expect(plain.bytes.length).toBeGreaterThan(1024)
    for (const a of [first, kept]) {
      expect(a.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(a.bytes).toString('utf8')).toBe(plain.body)
      expect(Number(a.headers['content-length'])).toBe(a.bytes.length)
      expect(a.bytes.length).toBeLessThan(plain.bytes.length / 2)
    }
    expect(kept.bytes.equals(first.bytes)).toBe(true)
    expect(comparable(kept)).toEqual(comparable(first))
    for (const a of [plain, refused]) {
      expect(a.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(a.body).data.list.length).toBeGreaterThan(0)
    }
    // every kept answer says that it varies with the header, compressed or not
    for (const a of [first, kept, plain, refused]) expect(a.headers.vary).toBe('accept-encoding')
    // an answer under 1 KB goes as it is
    await post(s.port, '/api/v1/seating/list', SEATING_LIST, gzip)
    const small = await post(s.port, '/api/v1/seating/list', SEATING_LIST, gzip)
    expect(small.bytes.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body).code).toBe(200)
  })

  it('keys a body it has seen with the year: a new year is a new key', async () => {
    let clock = new Date('2026-06-25T12:00:00Z')
    const s = await start({ now: () => clock })
    for (let i = 0; i < 3; i++) await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    expect(s.routed()).toBe(1)
    clock = new Date('2027-06-25T12:00:00Z')
    for (let i = 0; i < 2; i++) await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    expect(s.routed()).toBe(2)
  })

  it('keeps an error envelope as the route sent it, its status included', async () => {
    const s = await start({ httpStatus: true })
    const bad = JSON.stringify({ province: '江苏', year: 'abcd' })
    const [a, b] = [
      await post(s.port, '/api/v1/seating/list', bad),
      await post(s.port, '/api/v1/seating/list', bad),
    ]
    expect(a.status).toBe(400)
    expect([b.status, b.body, comparable(b)]).toEqual([a.status, a.body, comparable(a)])
    expect(s.routed()).toBe(1)
  })

  it('hands Fastify what it read of a request it does not answer, body whole', async () => {
    const s = await start()
    await post(s.port, '/api/v1/meta/subjects', '{}')
    // not kept yet: Fastify reads the same body this listener read
    const jiangsu = await post(s.port, '/api/v1/meta/subjects', JSON.stringify({ province: '江苏' }))
    const direct = await s.app.inject({
      method: 'POST',
      url: '/api/v1/meta/subjects',
      payload: { province: '江苏' },
    })
    expect(jiangsu.body).toBe(direct.body)
    expect(jiangsu.body).not.toBe((await post(s.port, '/api/v1/meta/subjects', '{}')).body)
    const notJson = await post(s.port, '/api/v1/meta/subjects', '{"province":')
    expect(JSON.parse(notJson.body)).toEqual({ code: 400, message: '请求体不是合法的 JSON', data: {} })
    expect(s.routed()).toBe(4)
  })

  it('leaves to Fastify a token’s request, a long or chunked body, a refused Host and a write', async () => {
    const s = await start({ loopbackOnly: true })
    const kept = await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    let routed = s.routed()
    const expectRouted = () => {
      routed++
      expect(s.routed()).toBe(routed)
    }
    // a token: the caller is the token's (an unknown one is refused with WWW-Authenticate)
    const withToken = await post(s.port, '/api/v1/seating/list', SEATING_LIST, {
      authorization: 'Bearer nope',
    })
    expectRouted()
    expect(withToken.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    // a body over 4 KB (spaces are JSON too) never makes a key
    const padded = `${SEATING_LIST}${' '.repeat(5000)}`
    expect((await post(s.port, '/api/v1/seating/list', padded)).body).toBe(kept.body)
    expectRouted()
    const chunked = await post(s.port, '/api/v1/seating/list', SEATING_LIST, {
      'transfer-encoding': 'chunked',
    })
    expect(chunked.body).toBe(kept.body)
    expectRouted()
    // a Host a loopback server refuses: 403, not the kept answer (refused in a hook before the counting one)
    const rebound = await post(s.port, '/api/v1/seating/list', SEATING_LIST, { host: 'evil.example' })
    expect(JSON.parse(rebound.body).code).toBe(403)
    // feedback writes: never kept, always routed
    const feedback = JSON.stringify({ feedback_type: 1, content: '数据有误, 请核对', contact: '13900001111' })
    for (let i = 0; i < 2; i++) {
      await post(s.port, '/api/v1/score-v2/common-question/feedback', feedback)
      expectRouted()
    }
  })

  it('is off with CORS, whose headers are the plugin’s', async () => {
    const s = await start({ corsOrigins: ['http://localhost:5173'] })
    for (let i = 0; i < 2; i++) {
      const a = await post(s.port, '/api/v1/seating/list', SEATING_LIST, { origin: 'http://localhost:5173' })
      expect(a.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    }
    expect(s.routed()).toBe(2)
  })

  it('survives a client that leaves in the middle of a body', async () => {
    const s = await start()
    const socket = connect(s.port, '127.0.0.1')
    await once(socket, 'connect')
    socket.write(
      'POST /api/v1/seating/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prov',
    )
    await new Promise((r) => setTimeout(r, 50))
    socket.destroy()
    await new Promise((r) => setTimeout(r, 50))
    expect((await post(s.port, '/api/v1/seating/list', SEATING_LIST)).status).toBe(200)
  })

  it('answers a request whose body arrives after the close began, and closes its connection', async () => {
    const s = await start()
    await post(s.port, '/api/v1/seating/list', SEATING_LIST)
    const socket = connect(s.port, '127.0.0.1')
    await once(socket, 'connect')
    let raw = ''
    socket.on('data', (chunk) => {
      raw += chunk.toString()
    })
    socket.write(
      `POST /api/v1/seating/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(SEATING_LIST)}\r\n\r\n`,
    )
    await new Promise((r) => setTimeout(r, 50))
    const closed = s.app.close()
    await new Promise((r) => setTimeout(r, 50))
    socket.write(SEATING_LIST)
    await Promise.race([once(socket, 'end'), once(socket, 'close')])
    await closed
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(raw).toMatch(/connection: close/i)
    expect(s.routed()).toBe(1)
  })
})

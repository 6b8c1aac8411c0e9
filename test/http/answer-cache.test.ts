import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnswerCache, type KeptAnswer, stableJson } from '../../src/http/answer-cache.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

describe('the answer cache', () => {
  it('keys a request by endpoint, year, caller and fields, whatever their order', () => {
    const a = AnswerCache.key('seating-list', 2026, null, { province: '江苏', year: '2025' })
    expect(a).toBe(AnswerCache.key('seating-list', 2026, null, { year: '2025', province: '江苏' }))
    expect(a).not.toBe(AnswerCache.key('seating-list', 2027, null, { province: '江苏', year: '2025' }))
    expect(a).not.toBe(
      AnswerCache.key('seating-list', 2026, { province: '河南' }, { province: '江苏', year: '2025' }),
    )
    expect(a).not.toBe(AnswerCache.key('seating-seating', 2026, null, { province: '江苏', year: '2025' }))
    expect(stableJson({ b: { d: 1, c: 2 }, a: [2, 1] })).toBe('{"a":[2,1],"b":{"c":2,"d":1}}')
    // a request far larger than any real one is not kept
    expect(AnswerCache.key('seating-list', 2026, null, { province: 'x'.repeat(5000) })).toBeUndefined()
  })

  it('keeps within its budget, an answer asked for again before those that were not, never one of a sixteenth of it', () => {
    const cache = new AnswerCache(16 * 1024)
    const answer = { status: 200, body: Buffer.alloc(600) } // with the entry's overhead ≈ 0.8 KB: 20 fit
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, answer)
    expect(cache.size).toBe(20)
    expect(cache.get('k0')).toBe(answer) // the oldest, asked for again
    for (let i = 0; i < 5; i++) cache.set(`n${i}`, answer)
    expect(cache.size).toBe(20)
    // the oldest of those asked for once went; k0 did not, and the newest are kept
    expect(['k0', 'k1', 'k5', 'k6', 'n4'].map((k) => cache.get(k) !== undefined)).toEqual([
      true,
      false,
      false,
      true,
      true,
    ])
    // asked for no more, it goes in its turn
    for (let i = 0; i < 40; i++) cache.set(`m${i}`, answer)
    expect(cache.get('k0')).toBeUndefined()
    expect(cache.size).toBeLessThanOrEqual(20)
    cache.set('big', { status: 200, body: Buffer.alloc(1024) })
    expect(cache.get('big')).toBeUndefined()
  })

  it('makes an answer’s gzip on demand, once, and counts it in the budget while the answer is kept', () => {
    const cache = new AnswerCache(64 * 1024)
    // bytes that do not compress: each gzip is as large as its body
    const answers = Array.from({ length: 20 }, () => ({ status: 200, body: randomBytes(1600) }))
    for (const [i, a] of answers.entries()) cache.set(`k${i}`, a)
    expect(cache.size).toBe(20) // 20 × 1.8 KB
    const first = cache.gzipOf('k0', answers[0] as KeptAnswer)
    expect(first && gunzipSync(first).equals((answers[0] as KeptAnswer).body)).toBe(true)
    expect(cache.gzipOf('k0', answers[0] as KeptAnswer)).toBe(first)
    for (const [i, a] of answers.entries()) cache.gzipOf(`k${i}`, a)
    // 20 × 3.4 KB is over the budget: the least recently used went
    expect(cache.size).toBeLessThan(20)
    expect(cache.get('k0')).toBeUndefined()
    expect(cache.get('k19')).toBe(answers[19])
    // an answer too small to compress, or one not kept, changes nothing kept
    expect(cache.gzipOf('small', { status: 200, body: Buffer.alloc(100) })).toBeUndefined()
    const size = cache.size
    expect(cache.gzipOf('elsewhere', { status: 200, body: randomBytes(50_000) })).toBeDefined()
    expect(cache.size).toBe(size)
  })
})

describe('serve with the answer cache', () => {
  let dir: string
  let plain: FastifyInstance
  let cached: FastifyInstance
  beforeAll(async () => {
    dir = await buildFixtureDatasets()
    plain = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    cached = await buildApp({ datasetsDir: dir, storeDir: tempStore(), answerCacheMb: 8 })
  })
  afterAll(async () => {
    await plain.close()
    await cached.close()
  })
  const post = (app: FastifyInstance, url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    })

  it('answers a repeated request, a failed one included, exactly as without it', async () => {
    const requests: [string, unknown][] = [
      ['/api/v1/seating/list', { province: '江苏', year: '2025', km: '物理类' }],
      ['/api/v1/seating/list', { km: '物理类', year: '2025', province: '江苏' }],
      ['/api/v1/seating/list', { province: '江苏', year: 'abcd' }],
      ['/api/v1/seating/option', { province: '江苏' }],
    ]
    for (let round = 0; round < 2; round++)
      for (const [url, body] of requests) {
        const [a, b] = [await post(plain, url, body), await post(cached, url, body)]
        expect([b.statusCode, b.headers['content-type'], b.body]).toEqual([
          a.statusCode,
          a.headers['content-type'],
          a.body,
        ])
      }
  })

  it('never keeps what writes: the same feedback twice is stored twice', async () => {
    const store = tempStore()
    const app = await buildApp({ datasetsDir: dir, storeDir: store, answerCacheMb: 8 })
    try {
      const body = { feedback_type: 1, content: '页面数据有误, 请核对', contact: '13900001111' }
      const [first, second] = [
        await post(app, '/api/v1/score-v2/common-question/feedback', body),
        await post(app, '/api/v1/score-v2/common-question/feedback', body),
      ]
      expect([first.json().code, second.json().code]).toEqual([200, 200])
      const list = await runGaokao(['feedback', 'list', '--json', '--store', store])
      const stored = (JSON.parse(list.stdout) as { content: string }[]).filter(
        (r) => r.content === body.content,
      )
      expect(stored).toHaveLength(2)
    } finally {
      await app.close()
    }
  })
})

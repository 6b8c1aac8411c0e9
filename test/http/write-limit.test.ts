import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Writes are rate-limited per client address (docs/api.md, "Operations").

const FEEDBACK = '/api/v1/score-v2/common-question/feedback'
const feedback = (app: FastifyInstance, n: number, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: FEEDBACK,
    remoteAddress,
    payload: { feedback_type: 1, content: `第 ${n} 条`, contact: 'user@example.com' },
  })

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

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import type { Outcome } from '../../src/endpoints/invoke.js'
import { buildApp } from '../../src/http/app.js'
import { BUSY_MESSAGE, HEAVY_ENDPOINTS, HeavyWork, isHeavy } from '../../src/http/heavy-work.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// Expensive requests take turns (docs/api.md, "Operations"); cheap reads never wait for them.

const done: Outcome = { body: { code: 200, message: 'success', data: {} } }
/** A task that finishes when told to */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  const task = async () => {
    await opened
    return done
  }
  return { open, task }
}

describe('HeavyWork', () => {
  it('lets the event loop turn between queued tasks, so that sockets are read and cheap reads answered meanwhile', async () => {
    const work = new HeavyWork({ limit: 1, queue: 10 })
    const order: string[] = []
    // a list computed: synchronous work (a busy wait: what matters here is order, not time)
    const busy = (name: string) => async () => {
      const end = performance.now() + 2
      while (performance.now() < end) {}
      order.push(name)
      return done
    }
    const runs = [1, 2, 3, 4].map((i) => work.run(busy(`list ${i}`)))
    // what the event loop does between tasks: a socket read, a cheap request
    setImmediate(() => order.push('I/O'))
    await Promise.all(runs)
    // a queue handed on in microtasks ran all four lists before any I/O
    expect(order).toEqual(['list 1', 'I/O', 'list 2', 'list 3', 'list 4'])
  })
  it('runs `limit` at once, queues `queue` more, and answers the rest busy at once', async () => {
    const work = new HeavyWork({ limit: 2, queue: 1 })
    const gates = [gate(), gate(), gate()]
    const running = gates.map((g) => work.run(g.task))
    expect(work.load).toEqual({ running: 2, waiting: 1 })
    const refused = await work.run(async () => done)
    expect(refused.error).toMatchObject({ code: 503, forceHttpStatus: true, badInput: false })
    expect(refused.body).toEqual({ code: 503, message: BUSY_MESSAGE, data: {} })
    // the first to finish hands its turn to the waiting one
    gates[0]?.open()
    await running[0]
    expect(work.load).toEqual({ running: 2, waiting: 0 })
    for (const g of gates) g.open()
    await Promise.all(running)
    expect(work.load).toEqual({ running: 0, waiting: 0 })
  })
  it('frees its turn when a task fails', async () => {
    const work = new HeavyWork({ limit: 1, queue: 0 })
    await expect(work.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect((await work.run(async () => done)).error).toBeUndefined()
  })
  it('knows which requests are heavy, by names of the registry', () => {
    const names = ENDPOINTS.map((d) => d.name)
    for (const name of HEAVY_ENDPOINTS) expect(names).toContain(name)
    const def = (name: string) => ENDPOINTS.find((d) => d.name === name) as (typeof ENDPOINTS)[number]
    expect(isHeavy(def('smart-match'), {})).toBe(true)
    expect(isHeavy(def('cwb-num'), { bypass_cache: 1 })).toBe(true)
    expect(isHeavy(def('cwb-num'), { bypass_cache: 0 })).toBe(false)
    expect(isHeavy(def('common-question-list'), { module_type: 1 })).toBe(true)
    expect(isHeavy(def('common-question-list'), { page: 1, limit: 10 })).toBe(false)
    expect(isHeavy(def('seating-list'), {})).toBe(false)
  })
})

describe('serve with a limit on expensive requests', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({
      datasetsDir: await buildFixtureDatasets(),
      storeDir: tempStore(),
      heavy: { limit: 1, queue: 1 },
      answerCacheMb: 8,
    })
  })
  afterAll(() => app.close())

  const match = (score: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/volunteer/smart-match',
      payload: {
        province: '湖北',
        batch: '本科批',
        rank_year: 2025,
        score,
        subject: '物理',
        xuanke: '物理,化学,生物',
      },
    })

  it('answers the requests beyond the limit and the queue with the envelope and HTTP 503, cheap reads as usual', async () => {
    const scores = [600, 590, 580, 570, 560]
    const answers = await Promise.all([
      ...scores.map(match),
      app.inject({ method: 'POST', url: '/api/v1/seating/option', payload: { province: '湖北' } }),
    ])
    const cheap = answers.pop()
    expect(cheap?.json().code).toBe(200)
    const statuses = answers.map((r) => r.statusCode)
    // one computed, one waiting, three refused
    expect(statuses.filter((s) => s === 200)).toHaveLength(2)
    const busy = answers.filter((r) => r.statusCode === 503)
    expect(busy).toHaveLength(3)
    for (const r of busy) {
      expect(r.json()).toEqual({ code: 503, message: BUSY_MESSAGE, data: {} })
      expect(r.headers['retry-after']).toBe('2')
    }
  })
  it('does not keep a refusal: the same request asked again is computed', async () => {
    // 560 was refused above (the last ones asked are refused)
    const again = await match(560)
    expect(again.statusCode).toBe(200)
    expect(again.json().code).toBe(200)
  })
  it('counts only work really done: answers from the cache never wait', async () => {
    await match(600) // kept by the cache in the first test
    const answers = await Promise.all(Array.from({ length: 6 }, () => match(600)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
  })
})

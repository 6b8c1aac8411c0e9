import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/data/db.js'
import { findProvince } from '../../src/domain/provinces.js'
import { Lru, memoized, oneAtATime, perDb } from '../../src/endpoints/caches.js'
import type { RuleRow } from '../../src/features/smart-match/queries.js'
import { loadUniverse } from '../../src/features/smart-match/run.js'

// The caches use a Db only as the key of its own entries.
const fakeDb = (all: Db['all'] = async () => []) => ({ all }) as unknown as Db

describe('Lru', () => {
  it('evicts the least recently used key, a read counting as a use', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect(lru.get('b')).toBeUndefined()
    expect([lru.get('a'), lru.get('c'), lru.size]).toEqual([1, 3, 2])
  })
  it('keeps one cache per Db', () => {
    const caches = perDb<number>(4)
    const one = fakeDb()
    caches(one).set('k', 1)
    expect(caches(one).get('k')).toBe(1)
    expect(caches(fakeDb()).get('k')).toBeUndefined()
  })
})

describe('memoized', () => {
  it('shares one computation between concurrent requests and keeps its answer', async () => {
    const db = fakeDb()
    let runs = 0
    const compute = async () => ++runs
    const [a, b] = await Promise.all([memoized(db, 't', 'k', compute), memoized(db, 't', 'k', compute)])
    expect([a, b, await memoized(db, 't', 'k', compute), runs]).toEqual([1, 1, 1, 1])
  })
  it('forgets a failed computation, so the next request tries again', async () => {
    const db = fakeDb()
    const failing = async () => Promise.reject(new Error('disk'))
    await expect(memoized(db, 't', 'k', failing)).rejects.toThrow('disk')
    expect(await memoized(db, 't', 'k', async () => 'ok')).toBe('ok')
  })
  it('keeps the most recently used keys of each named cache', async () => {
    const db = fakeDb()
    let runs = 0
    const compute = async () => ++runs
    for (const k of ['a', 'b', 'c']) await memoized(db, 't', k, compute, 2)
    await memoized(db, 't', 'a', compute, 2) // evicted: computed again
    expect(runs).toBe(4)
    await memoized(db, 'other', 'a', compute, 2)
    expect(runs).toBe(5)
  })
})

describe('the smart-match option set cache', () => {
  it('does not remember a failed build as "no data": the next request reads the datasets again', async () => {
    let calls = 0
    const db = fakeDb(async () => {
      calls++
      if (calls === 1) throw new Error('read failed')
      return []
    })
    const province = findProvince('湖北')
    if (!province) throw new Error('湖北 is a province')
    const rule: RuleRow = {
      province: '湖北',
      year: 2025,
      batch_name: '本科批',
      local_batch_name: '本科批',
      subjects_type: 2,
      score_max: 750,
      volunteer_type: 2,
      volunteer_num_max: 45,
      major_num_max: 6,
    }
    const req = { batch: '本科批', rankYear: 2025 }
    const c = { province, rule, category: '物理类' }
    await expect(loadUniverse(db, req, c)).rejects.toThrow('read failed')
    // No batch of the plans table matches (the fake has none): no options, after a fresh read.
    expect(await loadUniverse(db, req, c)).toBeUndefined()
    expect(calls).toBe(2)
  })
})

describe('oneAtATime', () => {
  it('runs the tasks of one name in arrival order, never two at once, a failure not stopping the queue', async () => {
    const db = {} as Db
    let running = 0
    let most = 0
    const order: number[] = []
    const task =
      (i: number, fail = false) =>
      async () => {
        running++
        most = Math.max(most, running)
        await new Promise((r) => setTimeout(r, 5))
        order.push(i)
        running--
        if (fail) throw new Error(`task ${i}`)
        return i
      }
    const runs = [0, 1, 2, 3].map((i) => oneAtATime(db, 'rebuild', task(i, i === 1)))
    const results = await Promise.allSettled(runs)
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect(order).toEqual([0, 1, 2, 3])
    expect(most).toBe(1)
    // another name, or another Db, has a queue of its own
    running = 0
    most = 0
    await Promise.all([oneAtATime(db, 'other', task(4)), oneAtATime({} as Db, 'rebuild', task(5))])
    expect(most).toBe(2)
  })
})

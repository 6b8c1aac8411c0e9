import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { answerWriteCounts, MemoryWriteCounts, PrimaryWriteCounts } from '../../src/http/write-counts.js'

// Where the write limit counts (src/http/write-counts.ts): fixed windows, one count per machine.

describe('the counts of one process', () => {
  it('counts a key within its window, and opens a new window after it', async () => {
    let now = 1_000
    const counts = new MemoryWriteCounts(() => now)
    expect(await counts.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 })
    now += 15_000
    expect(await counts.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 45_000 })
    expect(await counts.hit('b', 60_000)).toEqual({ count: 1, resetInMs: 60_000 })
    now += 45_000
    expect(await counts.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 })
  })

  it('holds a bounded number of windows when very many addresses write, forgetting the oldest first', async () => {
    let now = 0
    const counts = new MemoryWriteCounts(() => now)
    await counts.hit('first', 60_000)
    for (let i = 0; i < 60_000; i++) {
      now += 0.001
      await counts.hit(`address ${i}`, 60_000)
    }
    expect(counts.size).toBeLessThanOrEqual(50_000)
    // the newest windows are still counted, the oldest one is gone
    expect((await counts.hit('address 59999', 60_000)).count).toBe(2)
    expect((await counts.hit('first', 60_000)).count).toBe(1)
  })
})

/** A primary and its workers, the cluster channel played by event emitters */
function machine(workers: number) {
  const counts = new MemoryWriteCounts()
  return Array.from({ length: workers }, () => {
    const toWorker = new EventEmitter()
    const primarySide = Object.assign(new EventEmitter(), {
      send: (m: unknown, done: (err: Error | null) => void) => {
        setImmediate(() => toWorker.emit('message', m))
        done(null)
      },
    })
    answerWriteCounts(primarySide, counts)
    const workerSide = Object.assign(toWorker, {
      send: (m: unknown, done: (err: Error | null) => void) => {
        setImmediate(() => primarySide.emit('message', m))
        done(null)
      },
    })
    return new PrimaryWriteCounts(workerSide)
  })
}

describe('the counts of the workers of one machine', () => {
  it('are the primary’s: an address writing through every worker is counted once', async () => {
    const [a, b] = machine(2) as [PrimaryWriteCounts, PrimaryWriteCounts]
    const seen = []
    for (let i = 0; i < 3; i++) {
      seen.push((await a.hit('POST /feedback|10.0.0.1', 60_000)).count)
      seen.push((await b.hit('POST /feedback|10.0.0.1', 60_000)).count)
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6])
    expect((await b.hit('POST /feedback|10.0.0.2', 60_000)).count).toBe(1)
  })

  it('answers each of many questions asked at once with its own count', async () => {
    const [a, b] = machine(2) as [PrimaryWriteCounts, PrimaryWriteCounts]
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(`key ${i % 4}`, 60_000)),
    )
    for (let k = 0; k < 4; k++)
      expect(all.filter((_, i) => i % 4 === k).map((c) => c.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
})

describe('a worker whose primary cannot be asked', () => {
  it('fails the count rather than take the write uncounted', async () => {
    const closed = Object.assign(new EventEmitter(), {
      send: (_m: unknown, done: (err: Error | null) => void) => done(new Error('channel closed')),
    })
    await expect(new PrimaryWriteCounts(closed).hit('k', 60_000)).rejects.toThrow('channel closed')
  })
})

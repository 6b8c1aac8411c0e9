import { afterAll, describe, expect, it } from 'vitest'
import { type Db, openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { warmUp } from '../../src/endpoints/warm-up.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

/** `serve`'s warm-up tells its progress (src/cli/progress.ts draws it): each table loaded, each request answered. */

const opened: Db[] = []
afterAll(async () => {
  for (const db of opened) await db.close()
})

describe('warm-up progress', () => {
  it('counts every table and every warm request, in order, and ends at the total', async () => {
    const db = openDb({ datasetsDir: await buildFixtureDatasets(), preload: true })
    opened.push(db)
    const ctx = createContextFactory({ db, storeDir: tempStore() }).forCaller(null)
    const heard: [number, number, string][] = []
    await warmUp(db, ctx, undefined, (done, total, step) => heard.push([done, total, step]))
    const requests = ENDPOINTS.reduce((n, def) => n + (def.warmRequests?.length ?? 0), 0)
    const total = heard[0]?.[1] ?? 0
    expect(requests).toBeGreaterThan(0)
    expect(heard.every(([, t]) => t === total)).toBe(true)
    expect(heard.map(([done]) => done)).toEqual(Array.from({ length: total + 1 }, (_, i) => i))
    expect(heard[0]?.[2]).toMatch(/^载入 /u)
    expect(heard.filter(([, , step]) => step.startsWith('预热 '))).toHaveLength(requests)
    expect(heard.at(-1)).toEqual([total, total, ''])
  })
})

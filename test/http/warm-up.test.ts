import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { invoke } from '../../src/endpoints/invoke.js'
import { buildApp } from '../../src/http/app.js'
import { countingDb } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

describe('serve warm-up', () => {
  const opened: Db[] = []
  afterAll(async () => {
    for (const db of opened) await db.close()
  })

  it('declares only requests its endpoint accepts and answers', async () => {
    const db = openDb({ datasetsDir: dir })
    opened.push(db)
    const ctx = createContextFactory({ db, storeDir: tempStore() }).forCaller(null)
    const warmed = ENDPOINTS.filter((def) => (def.warmRequests ?? []).length > 0)
    expect(warmed.map((d) => d.name)).toEqual(
      expect.arrayContaining(['historical-scores-list', 'get-school-plan', 'province-distribution']),
    )
    for (const def of warmed) {
      expect(def.usesStore, def.name).toBeFalsy()
      for (const request of def.warmRequests ?? []) {
        const outcome = await invoke(def, request, ctx)
        expect(outcome.error, `${def.name} ${JSON.stringify(request)}`).toBeUndefined()
      }
    }
  })

  it('answers the warm-up requests before listening, so the first caller finds them computed', async () => {
    const db = countingDb(openDb({ datasetsDir: dir, preload: true }))
    const app = await buildApp({ db, storeDir: tempStore(), preload: true })
    try {
      expect(db.queries).toBe(0)
      await app.ready()
      expect(db.queries).toBeGreaterThan(0)
      const before = db.queries
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/charts/province-distribution',
        payload: {},
      })
      expect(res.json().code).toBe(200)
      // Memoized by the warm-up: the first caller's request runs no statement at all.
      expect(db.queries).toBe(before)
    } finally {
      await app.close()
    }
  })
})

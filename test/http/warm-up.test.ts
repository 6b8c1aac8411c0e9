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

  it('starts without some datasets: the warm-up only logs, and requests name the missing dataset', async () => {
    const app = await buildApp({
      datasetsDir: await buildFixtureDatasets(['score_ranks']),
      storeDir: tempStore(),
      preload: true,
    })
    try {
      await app.ready()
      const post = (url: string, payload: unknown) =>
        app.inject({ method: 'POST', url, payload: payload as object })
      expect(
        (await post('/api/v1/seating/list', { province: '江苏', year: '2025', km: '物理类' })).json().code,
      ).toBe(200)
      // special_plans is derived from plans: the message names the dataset to install, not the derived table.
      expect((await post('/api/v1/enrollment/special-plan', {})).json()).toEqual({
        code: 500,
        message: '数据集 plans 未安装: 请运行 gaokao datasets build, 或用 --datasets 指向数据目录',
        data: {},
      })
    } finally {
      await app.close()
    }
  })
})

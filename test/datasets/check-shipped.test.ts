import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import type { EndpointContext } from '../../src/endpoints/define.js'
import { invoke } from '../../src/endpoints/invoke.js'
import { BAR, checkBacktest } from '../../src/features/check/backtest.js'
import { checkInputFromSmartMatch } from '../../src/features/check/from-smart-match.js'
import check from '../../src/features/check/volunteer-check.js'
import smartMatch from '../../src/features/smart-match/smart-match.js'
import { tempStore } from '../helpers/datasets.js'
import { SHIPPED } from './helpers.js'

/**
 * The check on the shipped data: a whole 96-choice list (重庆 2025, smart-match's own) is found choice by choice and
 * checked (its time is `npm run bench`'s, bench/check.mjs: timings belong in benchmarks, not in tests); and the
 * backtest's Brier score of "choice i admits" stays within the issue's bar in every province.
 */

let ctx: EndpointContext
beforeAll(() => {
  ctx = createContextFactory({
    db: openDb({ datasetsDir: SHIPPED, preload: true }),
    storeDir: tempStore(),
  }).forCaller(null)
})
afterAll(() => ctx.db.close())

const CHONGQING = { province: '重庆', rank_year: 2025, rank: 9000, subject: '物理', xuanke: '物理,化学,生物' }

describe('volunteer/check on the shipped data', () => {
  it('checks a 96-choice list, every choice found', async () => {
    const sm = await invoke(smartMatch, { ...CHONGQING, batch: '本科批' }, ctx)
    expect(sm.error).toBeUndefined()
    const list = checkInputFromSmartMatch(sm.body)
    expect(list.choices).toHaveLength(96)
    const request = {
      ...CHONGQING,
      choices: list.choices.map((c) => ({ school_id: c.schoolId, school: c.school, majors: c.majors })),
    }
    const out = await invoke(check, request, ctx)
    expect(out.error).toBeUndefined()
    const data = out.data as {
      choices: { status: string }[]
      summary: { p_slide: number; simulated: number }
    }
    expect(data.choices.filter((c) => c.status !== 'ok')).toEqual([])
    expect(data.summary.simulated).toBe(96)
    expect(data.summary.p_slide).toBeLessThan(0.02)
  }, 120_000)

  it('keeps the Brier score of "choice i admits" within the bar in every province (2025, a sample)', async () => {
    const report = await checkBacktest(ctx.db, { year: 2025, samples: 10, draws: 1000 })
    expect(report.provinces.length).toBeGreaterThanOrEqual(25)
    expect(report.pooled.brier).toBeLessThanOrEqual(BAR.brier)
    const over = report.provinces
      .filter((p) => !(p.brier <= BAR.brier))
      .map((p) => `${p.province} ${p.brier}`)
    expect(over).toEqual([])
  }, 600_000)
})

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

  it("checks a list typed by the province's own codes as it checks the same list by names", async () => {
    // 湖北 2025 (院校专业组代码 A14305, HB's codes) and 江苏 2026 (院校代号, 专业组代号, 专业代号: JSP's plan book)
    const cases = [
      { province: '湖北', rank_year: 2025, rank: 20_000, subject: '物理', xuanke: '物理,化学,生物' },
      { province: '江苏', rank_year: 2026, rank: 20_000, subject: '物理', xuanke: '物理,化学,生物' },
    ]
    for (const candidate of cases) {
      const sm = await invoke(smartMatch, { ...candidate, batch: '本科批' }, ctx)
      expect(sm.error).toBeUndefined()
      const items = ['chong', 'wen', 'bao'].flatMap((t) => (sm.body as any).data.zyb_data.zybData[t])
      const coded = items.filter(
        (i: any) =>
          i.local_school_code && i.zyList.every((z: any) => z.local_sp_code || candidate.province === '湖北'),
      )
      expect(coded.length).toBeGreaterThan(20)
      const groupDigits = (i: any) => /（(\d+)）/u.exec(i.sg_name)?.[1] ?? ''
      const byCodes = coded.map((i: any) =>
        candidate.province === '湖北'
          ? { group: `${i.local_school_code}${groupDigits(i)}` }
          : {
              local_school_code: i.local_school_code,
              group: groupDigits(i),
              major_codes: i.zyList.map((z: any) => z.local_sp_code),
            },
      )
      // 湖北's groups name no majors of their own (the list's come from other years: compose.ts), nor codes of them
      const byNames = coded.map((i: any) => ({
        school: i.schoolName,
        group: i.sg_name,
        ...(candidate.province === '湖北' ? {} : { majors: i.zyList.map((z: any) => z.zyName) }),
      }))
      const a = await invoke(check, { ...candidate, choices: byCodes }, ctx)
      const b = await invoke(check, { ...candidate, choices: byNames }, ctx)
      const seen = (out: any) =>
        out.data.choices.map((c: any) => [c.school, c.group, c.status, c.majors.map((m: any) => m.name)])
      expect(seen(a)).toEqual(seen(b))
      expect((a.data as any).choices.every((c: any) => c.status === 'ok')).toBe(true)
      const codeWarnings = (a.data as any).warnings.filter((w: any) => /code_mismatch/u.test(w.code))
      expect(codeWarnings).toEqual([])
    }
  }, 240_000)

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

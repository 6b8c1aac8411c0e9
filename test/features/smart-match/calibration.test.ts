import { describe, expect, it } from 'vitest'
import { simulateFiling } from '../../../src/features/check/model/simulate.js'
import {
  admissionChance,
  CALIBRATION,
  calibratedBand,
  calibratedChance,
} from '../../../src/features/smart-match/model/index.js'

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

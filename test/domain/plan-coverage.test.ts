import { describe, expect, it } from 'vitest'
import { coverageOf, isComplete } from '../../src/domain/plan-coverage.js'

describe('plan coverage', () => {
  const years = new Map([
    [2024, { listed: 675, numbered: 7 }],
    [2025, { listed: 700, numbered: 690 }],
  ])
  it('is the share of the best year’s schools that carry a number, averaged over the years asked', () => {
    expect(coverageOf(years, 2025, 2025)).toBeCloseTo(690 / 700)
    expect(isComplete(coverageOf(years, 2025, 2025))).toBe(true)
    expect(coverageOf(years, 2024, 2024)).toBeCloseTo(7 / 700)
    expect(isComplete(coverageOf(years, 2024, 2024))).toBe(false)
    // a year without plans counts 0
    expect(coverageOf(years, 2024, 2026)).toBeCloseTo((7 / 700 + 690 / 700 + 0) / 3)
    expect(coverageOf(new Map(), 2025, 2025)).toBe(0)
  })
})

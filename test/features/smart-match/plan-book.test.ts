import { describe, expect, it } from 'vitest'
import { isPlanBook } from '../../../src/features/smart-match/model/plan-book.js'

/** A year's plan is the province's plan book, or a few schools' pages completed by the plan before (run.ts). */
describe('isPlanBook', () => {
  const before = Array.from({ length: 100 }, (_, i) => ({ sid: i + 1 }))
  const offered = (n: number) => new Set(Array.from({ length: n }, (_, i) => i + 1))
  it('is a plan book when it names at least half the schools of the year before', () => {
    expect(isPlanBook(offered(98), before)).toBe(true)
    expect(isPlanBook(offered(50), before)).toBe(true)
  })
  it("is a few pages when it names fewer (one school's page), or when there is nothing to compare", () => {
    expect(isPlanBook(offered(1), before)).toBe(false)
    expect(isPlanBook(offered(49), before)).toBe(false)
    expect(isPlanBook(offered(5), [])).toBe(false)
  })
})

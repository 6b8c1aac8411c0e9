import { describe, expect, it } from 'vitest'
import { MAX_GAP, MIN_POINTS, rankCurve } from '../../src/domain/smart-match/score-pairs.js'

/** A year's lines: score s has rank (700 − s)², with a second, noisier line at some scores. */
const lines = () => {
  const out: { score: number; rank: number }[] = []
  for (let s = 650; s >= 500; s -= 2) {
    out.push({ score: s, rank: (700 - s) ** 2 })
    if (s % 10 === 0) out.push({ score: s, rank: (700 - s) ** 2 + 7 }, { score: s, rank: (700 - s) ** 2 - 3 })
  }
  return out
}

describe('rankCurve (ranks for lines published with a score only)', () => {
  it('reads a traced score exactly, the median of its lines', () => {
    const curve = rankCurve(lines())
    expect(curve?.(600)).toBe(100 ** 2)
    expect(curve?.(642)).toBe(58 ** 2)
  })
  it('interpolates between traced scores on a log scale', () => {
    const curve = rankCurve(lines()) as (s: number) => number | undefined
    const r = curve(601) as number
    expect(r).toBe(Math.round(Math.sqrt(98 ** 2 * 100 ** 2)))
    expect(r).toBeLessThan(100 ** 2)
    expect(r).toBeGreaterThan(98 ** 2)
  })
  it('says nothing outside the traced range or across a wide gap, or with too few points', () => {
    const curve = rankCurve(lines()) as (s: number) => number | undefined
    expect(curve(651)).toBeUndefined()
    expect(curve(499)).toBeUndefined()
    const gappy = rankCurve(lines().filter((l) => l.score > 600 || l.score < 600 - MAX_GAP - 2))
    expect(gappy?.(598)).toBeUndefined()
    expect(gappy?.(620)).toBe(80 ** 2)
    expect(rankCurve(lines().slice(0, MIN_POINTS - 1))).toBeUndefined()
  })
})

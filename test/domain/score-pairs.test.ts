import { describe, expect, it } from 'vitest'
import { MAX_GAP, MIN_POINTS, rankCurve } from '../../src/features/smart-match/model/score-pairs.js'

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
  it("drops a point far off its neighbours' ranks (a score copied into the rank), keeps the steep top", () => {
    // 561 traced only by a line whose rank is its score: the curve interpolates there from 562 and 560.
    const bad = [...lines().filter((l) => l.score !== 561), { score: 561, rank: 561 }]
    const curve = rankCurve(bad) as (s: number) => number | undefined
    expect(curve(561)).toBe(Math.round(Math.sqrt(138 ** 2 * 140 ** 2)))
    // Two lines at the lowest traced score, one of them the bad one: the good one alone traces it (the lower
    // median of the two had been the bad one, 江苏 2023 历史类 at 474).
    const edge = rankCurve([...lines(), { score: 500, rank: 500 }]) as (s: number) => number | undefined
    expect(edge(500)).toBe(200 ** 2)
    // The top of a real table: ranks 3, 9, 20, 41 within a few points are kept (all better than 1000).
    const top = [...lines(), ...[3, 9, 20, 41].map((rank, i) => ({ score: 690 - i, rank }))]
    expect((rankCurve(top) as (s: number) => number | undefined)(689)).toBe(9)
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

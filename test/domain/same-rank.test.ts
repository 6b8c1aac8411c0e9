import { describe, expect, it } from 'vitest'
import { scoreAtRank } from '../../src/domain/same-rank.js'

const row = (score: string, low: number, high: number, num: number, total: number) => ({
  score,
  scoreLow: low,
  scoreHigh: high,
  num,
  total,
})
const TABLE = [row('431-480', 431, 480, 5, 5), row('430', 430, 430, 5, 10), row('429', 429, 429, 15, 25)]

describe('同位分: the score at a rank', () => {
  it('is the row where the cumulative count first reaches the rank', () => {
    expect(scoreAtRank(TABLE, 21)).toEqual({
      found: true,
      score: '429',
      scoreLow: 429,
      scoreHigh: 429,
      total: 25,
    })
    expect(scoreAtRank(TABLE, 10)).toMatchObject({ score: '430', total: 10 })
  })
  it('is the top band for a rank inside it, and says where the table stops below it', () => {
    expect(scoreAtRank(TABLE, 1)).toMatchObject({ found: true, score: '431-480', total: 5 })
    expect(scoreAtRank(TABLE, 26)).toEqual({ found: false, lastScore: '429', lastTotal: 25 })
    expect(scoreAtRank([], 26)).toBeUndefined()
  })
})

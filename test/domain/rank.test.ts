import { describe, expect, it } from 'vitest'
import { formatSeatingSec, parseScoreCell, type ScoreRankRow, seatingOf } from '../../src/domain/rank.js'

// A table with a top band, a gap (nobody at 697), and a row with zero candidates.
const rows: ScoreRankRow[] = [
  { scoreLow: 700, scoreHigh: 750, num: 10, total: 10 },
  { scoreLow: 699, scoreHigh: 699, num: 3, total: 13 },
  { scoreLow: 698, scoreHigh: 698, num: 5, total: 18 },
  { scoreLow: 696, scoreHigh: 696, num: 4, total: 22 },
  { scoreLow: 695, scoreHigh: 695, num: 0, total: 22 },
]

describe('seatingOf', () => {
  it('gives the candidates at a listed score and their rank interval', () => {
    expect(seatingOf(rows, 698)).toEqual({ evenNum: 5, rankFrom: 14, rankTo: 18 })
    expect(formatSeatingSec(seatingOf(rows, 698)!)).toBe('14~18')
  })
  it('places a score inside the top band with the whole band', () => {
    expect(seatingOf(rows, 720)).toEqual({ evenNum: 10, rankFrom: 1, rankTo: 10 })
    expect(seatingOf(rows, 750)).toEqual({ evenNum: 10, rankFrom: 1, rankTo: 10 })
  })
  it('ranks a score nobody had right after everyone above it', () => {
    expect(seatingOf(rows, 697)).toEqual({ evenNum: 0, rankFrom: 19, rankTo: 19 })
  })
  it('treats a listed score with no candidates as one rank after the row above', () => {
    expect(seatingOf(rows, 695)).toEqual({ evenNum: 0, rankFrom: 23, rankTo: 23 })
  })
  it('ranks a score above a table without a top band first', () => {
    expect(seatingOf(rows.slice(1), 710)).toEqual({ evenNum: 0, rankFrom: 1, rankTo: 1 })
  })
  it('does not guess below the lowest listed score', () => {
    expect(seatingOf(rows, 600)).toBeUndefined()
    expect(seatingOf([], 600)).toBeUndefined()
  })
})

describe('parseScoreCell', () => {
  it('reads single scores and bands', () => {
    expect(parseScoreCell('612')).toEqual({ low: 612, high: 612 })
    expect(parseScoreCell('695-750')).toEqual({ low: 695, high: 750 })
  })
  it('rejects reversed bands and text', () => {
    expect(parseScoreCell('750-695')).toBeUndefined()
    expect(parseScoreCell('高分')).toBeUndefined()
  })
})

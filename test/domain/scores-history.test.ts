import { describe, expect, it } from 'vitest'
import {
  BlockIndex,
  compareBlocks,
  compareInBlock,
  type ScoreBlock,
} from '../../src/domain/scores-history.js'

const block = (year: number, sid: number, hot: number | null, n: number): ScoreBlock => ({
  year,
  sid,
  hot,
  n,
})

describe('historical score blocks (SPEC 4.7 paging)', () => {
  it('orders blocks by year descending, hot ascending (unknown last), then sid', () => {
    const blocks = [block(2024, 1, 1, 1), block(2025, 3, null, 1), block(2025, 2, 9, 1), block(2025, 4, 9, 1)]
    expect([...blocks].sort(compareBlocks).map((b) => b.sid)).toEqual([2, 4, 3, 1])
  })
  it('finds the blocks and the ranges inside them that hold a page', () => {
    const index = new BlockIndex([block(2025, 1, 1, 3), block(2025, 2, 2, 1), block(2024, 1, 1, 4)])
    expect(index.total).toBe(8)
    const pick = (offset: number, limit: number) =>
      index.covering(offset, limit).map((c) => [c.year, c.sid, c.from, c.to])
    expect(pick(0, 2)).toEqual([[2025, 1, 0, 2]])
    expect(pick(2, 3)).toEqual([
      [2025, 1, 2, 3],
      [2025, 2, 0, 1],
      [2024, 1, 0, 1],
    ])
    expect(pick(6, 10)).toEqual([[2024, 1, 2, 4]])
    expect(pick(8, 10)).toEqual([])
    // Every record lands on exactly one page, whatever the page size.
    for (let limit = 1; limit <= 9; limit++) {
      let count = 0
      for (let offset = 0; offset < index.total; offset += limit)
        for (const c of index.covering(offset, limit)) count += c.to - c.from
      expect(count).toBe(8)
    }
  })
  it('handles no blocks and empty blocks', () => {
    expect(new BlockIndex([]).covering(0, 10)).toEqual([])
    const index = new BlockIndex([block(2025, 1, 1, 0), block(2025, 2, 2, 2), block(2024, 3, 1, 0)])
    expect(index.covering(0, 10)).toEqual([{ year: 2025, sid: 2, from: 0, to: 2 }])
  })
  it('orders records in a block by min, then major name', () => {
    const records = [
      { spname: '机械工程', min: 530 },
      { spname: '工商管理', min: 530 },
      { spname: '护理学', min: 500 },
    ]
    expect(records.sort(compareInBlock).map((r) => r.spname)).toEqual(['护理学', '工商管理', '机械工程'])
  })
})

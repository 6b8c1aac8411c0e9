import { describe, expect, it } from 'vitest'
import { agreementBreaks, type PreparedTable, prepare, resolveSlice } from '../../src/datasets/resolve.js'
import type { RankRow, SourceId } from '../../src/datasets/types.js'

/**
 * A synthetic, self-consistent table of n scores from 700 down, 10 candidates each. `shift` moves
 * candidates between a score and the score below it, which changes the total at that score only.
 */
function table(source: SourceId, n: number, shift: Record<number, number> = {}): PreparedTable {
  const nums = Array.from({ length: n }, (_, i) => {
    const score = 700 - i
    return 10 + (shift[score] ?? 0) - (shift[score + 1] ?? 0)
  })
  let total = 0
  const rows: RankRow[] = nums.map((num, i) => {
    total += num
    return { scoreLow: 700 - i, scoreHigh: 700 - i, num, total }
  })
  return prepare(
    {
      province: '江苏',
      year: 2025,
      km: '物理类',
      level: '',
      source,
      sourceFile: `${source}.json`,
      label: '',
      repairs: [],
      rows,
    },
    750,
  )
}

describe('resolveSlice', () => {
  it('ships the only passing candidate', () => {
    const r = resolveSlice([table('IM', 30)])
    expect(r?.chosen.source).toBe('IM')
    expect(r?.rule).toBe('single')
  })

  it('lets two agreeing sources beat a higher-priority dissenter', () => {
    const lg = table('LG', 30, { 690: 5 })
    const r = resolveSlice([lg, table('GP', 30), table('IM', 30)])
    expect(r?.rule).toBe('agreement')
    expect(r?.chosen.source).toBe('GP')
    const alt = r?.alternatives.find((a) => a.source === 'LG')
    expect(alt).toMatchObject({ commonScores: 30, agreeing: 29 })
  })

  it('prefers the most complete member of the agreeing group, then priority', () => {
    expect(resolveSlice([table('GP', 30), table('LX', 60)])?.chosen.source).toBe('LX')
    expect(resolveSlice([table('IM', 30), table('LG', 30)])?.chosen.source).toBe('LG')
  })

  it('without full agreement, takes the candidate agreeing at the most common scores', () => {
    const a = table('LG', 30, { 699: 1, 698: 2 }) // disagrees with both others at two scores
    const b = table('GP', 30, { 680: 3 })
    const c = table('IM', 30, { 670: 3 })
    const r = resolveSlice([a, b, c])
    expect(r?.rule).toBe('majority')
    expect(['GP', 'IM']).toContain(r?.chosen.source)
    expect(
      agreementBreaks(
        r?.chosen.rows ?? [],
        [a, b, c].filter((x) => x !== r?.chosen),
      ),
    ).toEqual([])
  })

  it('breaks a tie by priority (LG > GA > LU > GP > LX > IM)', () => {
    const r = resolveSlice([table('IM', 30, { 690: 1 }), table('GP', 30, { 680: 1 })])
    expect(r?.rule).toBe('priority')
    expect(r?.chosen.source).toBe('GP')
  })

  it('never ships a candidate that fails the checks, but reports it', () => {
    const bad = table('LG', 30)
    bad.rows[5] = { ...bad.rows[5], total: 1 } as RankRow
    const failing = prepare(bad, 750)
    expect(failing.violations.length).toBeGreaterThan(0)
    const r = resolveSlice([failing, table('IM', 30)])
    expect(r?.chosen.source).toBe('IM')
    expect(r?.alternatives[0]?.rejected).toMatch(/cumulative/)
    expect(resolveSlice([failing])).toBeNull()
  })
})

describe('agreementBreaks', () => {
  it('finds scores where two sources agree and the shipped table does not', () => {
    const shipped = table('LG', 10, { 695: 4 }).rows
    const breaks = agreementBreaks(shipped, [table('GP', 10), table('IM', 10)])
    expect(breaks.map((b) => b.score)).toEqual([695])
  })
})

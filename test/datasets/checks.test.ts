import { describe, expect, it } from 'vitest'
import { checkScoreRanks } from '../../src/datasets/checks/score-ranks.js'
import { normalizeKm, provinceOf, scoreLabel } from '../../src/datasets/normalize.js'
import { applyTopBand } from '../../src/datasets/top-band.js'
import type { RankRow } from '../../src/datasets/types.js'

const row = (scoreLow: number, num: number, total: number, scoreHigh = scoreLow): RankRow => ({
  scoreLow,
  scoreHigh,
  num,
  total,
})

const good: RankRow[] = [
  row(680, 12, 12, 750),
  row(679, 3, 15),
  row(678, 0, 15),
  row(676, 5, 20),
  row(0, 9, 29, 100),
]

describe('checkScoreRanks', () => {
  it('passes a good table (bands, zero counts, gaps)', () => {
    expect(checkScoreRanks(good, 750)).toEqual([])
    expect(
      checkScoreRanks(
        good.map((r, i) => ({ ...r, seq: i + 1 })),
        750,
      ),
    ).toEqual([])
  })

  it('catches scores that do not descend', () => {
    const t = [row(680, 12, 12), row(681, 3, 15)]
    expect(checkScoreRanks(t, 750).map((v) => v.rule)).toEqual(['descending'])
    const same = [row(680, 12, 12), row(680, 3, 15)]
    expect(checkScoreRanks(same, 750)[0]).toMatchObject({ rule: 'descending', seq: 2 })
  })

  it('catches overlapping bands', () => {
    const t = [row(670, 12, 12, 750), row(660, 3, 15, 675)]
    expect(checkScoreRanks(t, 750)).toEqual([expect.objectContaining({ rule: 'overlap', seq: 2 })])
  })

  it('catches cumulative breaks, including the first row', () => {
    expect(checkScoreRanks([row(680, 12, 13)], 750)[0]).toMatchObject({ rule: 'cumulative', seq: 1 })
    const t = [row(680, 12, 12), row(679, 3, 16), row(678, 1, 17)]
    const v = checkScoreRanks(t, 750)
    expect(v).toHaveLength(1)
    expect(v[0]).toMatchObject({ rule: 'cumulative', seq: 2 })
  })

  it('catches out-of-range scores and negative counts', () => {
    expect(checkScoreRanks([row(700, 1, 1, 751)], 750)[0]?.rule).toBe('range')
    expect(checkScoreRanks([row(661, 1, 1)], 660)[0]?.rule).toBe('range')
    expect(checkScoreRanks([row(-1, 1, 1)], 750)[0]?.rule).toBe('range')
    expect(checkScoreRanks([row(700, 2, 2, 690)], 750)[0]?.rule).toBe('range')
    expect(checkScoreRanks([row(700, 2, 2), row(699, -1, 1)], 750).map((v) => v.rule)).toEqual(['num'])
  })

  it('catches an empty table, bad seq and non-integers', () => {
    expect(checkScoreRanks([], 750)[0]?.rule).toBe('rows')
    expect(checkScoreRanks([{ ...row(700, 1, 1), seq: 2 }], 750)[0]?.rule).toBe('seq')
    expect(checkScoreRanks([row(700, 1.5, 1.5)], 750)[0]?.rule).toBe('integer')
  })
})

describe('top band', () => {
  it('turns a first row that starts mid-table into a band to the full score', () => {
    const t = applyTopBand([row(710, 1, 21), row(705, 1, 22)], 750)
    expect(t[0]).toEqual(row(710, 21, 21, 750))
    expect(t[1]).toEqual(row(705, 1, 22))
    expect(checkScoreRanks(t, 750)).toEqual([])
  })

  it('keeps a range the source states, and its own full score', () => {
    expect(applyTopBand([row(623, 50, 52, 660)], 660)[0]).toEqual(row(623, 52, 52, 660))
    expect(applyTopBand([row(800, 3, 105)], 900)[0]).toEqual(row(800, 105, 105, 900))
  })

  it('leaves an ordinary first row alone and does not mutate its input', () => {
    const input = [row(700, 5, 5), row(699, 1, 6)]
    expect(applyTopBand(input, 750)).toEqual(input)
    const mid = [row(700, 5, 9)]
    applyTopBand(mid, 750)
    expect(mid[0]).toEqual(row(700, 5, 9))
  })

  it('labels bands as <low>-<high>', () => {
    expect(scoreLabel(row(695, 1, 1, 750))).toBe('695-750')
    expect(scoreLabel(row(612, 1, 1))).toBe('612')
  })
})

describe('category normalisation', () => {
  const km = (p: string, y: number, label: string, subject?: string) =>
    normalizeKm(provinceOf(p), y, label, subject)

  it('follows the exam mode in force', () => {
    expect(km('四川', 2024, '物理类')).toBe('理科') // IM mislabels 2024
    expect(km('四川', 2025, '物理类')).toBe('物理类')
    expect(km('河南', 2024, '历史类')).toBe('文科')
    expect(km('云南', 2026, '文科')).toBe('历史类') // LG label error
    expect(km('广东', 2021, '理科')).toBe('物理类') // GA labels
    expect(km('新疆', 2025, '物理类')).toBe('理科')
    expect(km('北京', 2025, 'combined')).toBe('综合')
    expect(km('海南', 2025, '综合改革')).toBe('综合')
    expect(km('江苏', 2025, '综合')).toBeNull()
    expect(km('浙江', 2025, '物理类')).toBeNull()
  })

  it('keeps art and sport names, with the subject split where there is one', () => {
    expect(km('广东', 2025, '播音(普通话)')).toBe('播音(普通话)')
    expect(km('广东', 2026, '艺术表（导）演类（服装表演方向）')).toBe('表(导)演类(服装表演方向)')
    expect(km('广东', 2026, '艺术美术与设计类')).toBe('美术与设计类')
    expect(km('吉林', 2024, '艺术类', '物理类')).toBe('艺术类(物理)')
    expect(km('吉林', 2025, '体育类', '物理类')).toBe('体育类(物理)')
    expect(km('吉林', 2023, '体育类', '历史类')).toBe('体育类(文)')
  })
})

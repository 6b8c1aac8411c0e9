import { describe, expect, it } from 'vitest'
import { checkScoreRanks } from '../../src/datasets/checks/score-ranks.js'
import { provinceOf } from '../../src/datasets/normalize.js'
import { prepare } from '../../src/datasets/resolve.js'
import { parseFileName, zq, zqTable } from '../../src/datasets/sources/zq.js'
import type { CandidateTable } from '../../src/datasets/types.js'
import { FIXTURES } from './helpers.js'

// The fixtures are the first rows of ZQ's files; fujian/yfyd_history_2023.csv has one cumulative count with a digit
// too many (26 → 263), as an OCR slip would give.
const r = await zq.load(FIXTURES)
function find(p: string, y: number, km: string): CandidateTable {
  const t = r.candidates.find((c) => c.province === p && c.year === y && c.km === km)
  if (!t) throw new Error(`no table ${p} ${y} ${km}`)
  return t
}
const violations = (t: CandidateTable) =>
  checkScoreRanks(prepare(t, provinceOf(t.province).fullScore).rows, 750)

describe('ZQ adapter (WJSGZZ/Zhiqu 一分一段 CSV)', () => {
  it('names each file by its province folder, track and year, in the exam mode of that year', () => {
    expect(parseFileName('yfyd_physics_2023.csv')).toEqual({ label: 'physics', year: 2023 })
    expect(parseFileName('yfyd_2022.csv')).toEqual({ label: '综合', year: 2022 })
    expect(parseFileName('README.md')).toBeNull()
    expect(r.candidates.map((c) => `${c.province} ${c.year} ${c.km}`).sort()).toEqual([
      '河北 2021 物理类',
      '浙江 2022 综合',
      '福建 2023 历史类',
      '福建 2023 物理类',
    ])
  })

  it('reads the first row as the merged top band, its count the cumulative count', () => {
    expect(find('福建', 2023, '物理类').rows[0]).toEqual({
      scoreLow: 692,
      scoreHigh: 750,
      num: 52,
      total: 52,
    })
    expect(find('浙江', 2022, '综合').rows[0]).toEqual({
      scoreLow: 687,
      scoreHigh: 750,
      num: 301,
      total: 301,
    })
    expect(violations(find('福建', 2023, '物理类'))).toEqual([])
  })

  it('derives 河北 counts from the cumulative column', () => {
    const t = find('河北', 2021, '物理类')
    expect(t.rows.slice(0, 3)).toEqual([
      { scoreLow: 691, scoreHigh: 750, num: 31, total: 31 },
      { scoreLow: 690, scoreHigh: 690, num: 6, total: 37 },
      { scoreLow: 689, scoreHigh: 689, num: 7, total: 44 },
    ])
    expect(t.repairs.join(' ')).toMatch(/differences of the cumulative counts/)
    expect(violations(t)).toEqual([])
  })

  it('leaves an OCR slip in a cumulative count to the checks, which reject the table', () => {
    expect(violations(find('福建', 2023, '历史类')).length).toBeGreaterThan(0)
  })

  it('excludes a file with a cell that is not a whole number, naming the row', () => {
    const t = zqTable(
      [
        { score: '700', cum: '5', count: '5' },
        { score: '699', cum: 'x', count: '1' },
      ],
      750,
    )
    expect(t).toEqual({ error: 'row 3: not a whole number' })
  })
})

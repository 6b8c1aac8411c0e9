import { describe, expect, it } from 'vitest'
import {
  type CategoryStat,
  checkCategoryStats,
  collegeLine,
  countAtOrAbove,
  planCategoryStats,
  type RankTable,
  reachesBottom,
  type StatLine,
  undergradLine,
} from '../../src/datasets/score-lines/category-stats.js'
import type { RankRow } from '../../src/datasets/types.js'

/** A synthetic table: a top band, then one row per score from `top` down to `floor`, 10 candidates each. */
function table(over: Partial<RankTable> & { top?: number; floor?: number } = {}): RankTable {
  const { top = 600, floor = 150, ...rest } = over
  const rows: RankRow[] = [{ scoreLow: top + 1, scoreHigh: 750, num: 5, total: 5 }]
  for (let s = top; s >= floor; s--) {
    const prev = rows[rows.length - 1] as RankRow
    rows.push({ scoreLow: s, scoreHigh: s, num: 10, total: prev.total + 10 })
  }
  return { province: '江苏', year: 2025, km: '物理类', level: '', source: 'LG', rows, ...rest }
}
const line = (name: string, score: number, over: Partial<StatLine> = {}): StatLine => ({
  province: '江苏',
  year: 2025,
  typeName: '物理类',
  name,
  score,
  isUse: 1,
  source: 'LU',
  ...over,
})
// candidates at or above s in table(): 5 + 10 * (600 - s + 1)
const above = (s: number) => 5 + 10 * (600 - s + 1)

describe('counting at a line', () => {
  const t = table()
  it('is the total of the last row at or above the line', () => {
    expect(countAtOrAbove(t.rows, 450)).toBe(above(450))
    expect(countAtOrAbove(t.rows, 150)).toBe(above(150))
  })
  it('is null below the floor or inside a band', () => {
    expect(countAtOrAbove(t.rows, 149)).toBeNull()
    expect(countAtOrAbove(t.rows, 700)).toBeNull()
  })
  it('reaches the bottom at or below the junior-college line, else a third of the full score', () => {
    expect(reachesBottom(150, 150, 750)).toBe(true)
    expect(reachesBottom(151, 150, 750)).toBe(false)
    expect(reachesBottom(250, null, 750)).toBe(true)
    expect(reachesBottom(251, null, 750)).toBe(false)
  })
  it('picks the lines of the slice', () => {
    expect(undergradLine('新疆', [line('本科一批', 400), line('本科二批', 300)])?.score).toBe(300)
    expect(undergradLine('山东', [line('普通类一段', 444), line('普通类二段', 150)])?.name).toBe('普通类一段')
    expect(undergradLine('浙江', [line('普通类一段', 494), line('普通类二段', 266)])).toBeNull()
    expect(collegeLine([line('普通类一段', 494), line('普通类二段', 266)])?.score).toBe(266)
    expect(collegeLine([line('专科一批', 300), line('专科二批', 200)])?.score).toBe(200)
  })
})

describe('planCategoryStats', () => {
  it('derives the three counts and the title', () => {
    const p = planCategoryStats(
      [table()],
      [line('本科批', 450), line('专科批', 200), line('特殊类型招生控制线', 520)],
    )
    expect(p.rows).toEqual([
      {
        province: '江苏',
        year: 2025,
        subjectType: '物理类',
        title: '2025年江苏物理类',
        totalApplicants: above(150),
        undergradAdmitted: above(450),
        collegeAdmitted: above(200),
        source: 'score_ranks:LG; score_lines:LU',
      },
    ])
    expect(p.notes[0]).toMatchObject({ table_floor: 150, undergrad_line: { name: '本科批', score: 450 } })
  })

  it('gives nulls, not guesses, when the table stops above a line', () => {
    const p = planCategoryStats([table({ floor: 450 })], [line('本科批', 450), line('专科批', 200)])
    expect(p.rows[0]).toMatchObject({
      totalApplicants: null,
      undergradAdmitted: above(450),
      collegeAdmitted: null,
    })
    expect(p.notes[0]?.nulls).toHaveLength(2)
  })

  it('uses only is_use lines of the ordinary categories, and skips slices without a line', () => {
    const p = planCategoryStats(
      [table(), table({ year: 2024 }), table({ km: '体育类' })],
      [
        line('本科批', 450, { isUse: 0 }),
        line('本科批', 440, { typeName: '体育类' }),
        line('本科批', 460, { year: 2024 }),
      ],
    )
    expect(p.rows.map((r) => r.year)).toEqual([2024])
    expect(p.skipped).toEqual([
      {
        province: '江苏',
        year: 2025,
        subject_type: '物理类',
        reason: 'no undergraduate or junior-college line in score_lines',
      },
    ])
  })

  it('counts the college line on the separate 专科 table where one exists (广东)', () => {
    const base = { province: '广东', year: 2026 }
    const ordinary = table({ ...base, floor: 300 })
    const college = { ...table({ ...base, floor: 100 }), level: '专科' }
    const p = planCategoryStats([ordinary, college], [line('本科批', 425, base), line('专科批', 200, base)])
    expect(p.rows[0]).toMatchObject({
      undergradAdmitted: above(425),
      collegeAdmitted: above(200),
      totalApplicants: null,
    })
    expect(p.rows[0]?.source).toBe('score_ranks:LG; score_lines:LU')
  })

  it('cross-checks the counts sources publish', () => {
    const p = planCategoryStats(
      [table()],
      [
        line('本科批', 450, { source: 'GP', count: above(450) }),
        line('专科批', 200, { source: 'GP', count: 1 }),
      ],
      [{ province: '江苏', year: 2025, km: '物理类', total: above(150), source: 'GA' }],
    )
    expect(p.crossChecks.map((c) => [c.what, c.published === c.derived])).toEqual([
      ['undergrad (本科批 450)', true],
      ['college (专科批 200)', false],
      ['table total', true],
    ])
  })
})

describe('checkCategoryStats', () => {
  const ok: CategoryStat = {
    province: '江苏',
    year: 2025,
    subjectType: '物理类',
    title: '2025年江苏物理类',
    totalApplicants: 100,
    undergradAdmitted: 50,
    collegeAdmitted: 90,
    source: 's',
  }
  it('accepts a consistent row', () => expect(checkCategoryStats([ok])).toEqual([]))
  it.each([
    ['duplicate', [ok, ok]],
    ['province', [{ ...ok, province: '火星', title: '2025年火星物理类' }]],
    ['not ordinary', [{ ...ok, subjectType: '体育类', title: '2025年江苏体育类' }]],
    ['year', [{ ...ok, year: 2030, title: '2030年江苏物理类' }]],
    ['title', [{ ...ok, title: '江苏' }]],
    ['undergrad', [{ ...ok, undergradAdmitted: 200 }]],
    ['college 1', [{ ...ok, collegeAdmitted: 40 }]],
    ['college 2', [{ ...ok, collegeAdmitted: 101 }]],
    ['negative', [{ ...ok, totalApplicants: -1 }]],
    ['no count', [{ ...ok, totalApplicants: null, undergradAdmitted: null, collegeAdmitted: null }]],
  ])('catches %s', (_, rows) => expect(checkCategoryStats(rows as CategoryStat[]).length).toBeGreaterThan(0))
})

import { describe, expect, it } from 'vitest'
import type { MergedRow } from '../../src/datasets/plans/merge.js'
import { clearSchoolLinesAboveTheirMajors } from '../../src/datasets/plans/school-lines.js'
import { mergedRow as row } from './merged-row.js'

const ORDER = ['LG', 'HB'] as const

describe('school lines above their own majors (school-lines.ts)', () => {
  const school = (over: Partial<MergedRow>) =>
    row({ province: '辽宁', kind: 'school', sgCode: null, localBatchName: '本科批', ...over })
  const major = (spname: string, min: number) =>
    row({ province: '辽宁', kind: 'major', sgCode: null, localBatchName: '本科批', spname, min })

  it('takes the outcome from a school line above a major line of the same unit, keeping its plan', () => {
    // 天津大学 辽宁 物理类 2025: a school row of one programme's 657 beside majors from 637
    const programme = school({ min: 657, minSection: 1679, num: 120, sources: 1 })
    const majors = [major('经济管理试验班', 637), major('工科试验班(精仪与光电信息类)', 657)]
    const { rows, cleared } = clearSchoolLinesAboveTheirMajors([programme, ...majors], ORDER)
    expect(rows[0]).toMatchObject({ kind: 'school', num: 120, min: null, minSection: null, rankSource: null })
    expect(rows.slice(1)).toEqual(majors)
    expect(cleared).toEqual({ LG: 1 })
  })

  it('drops such a school row when it has no plan to keep', () => {
    const { rows, cleared } = clearSchoolLinesAboveTheirMajors(
      [school({ min: 600, num: null, sources: 3 }), major('数学类', 590)],
      ORDER,
    )
    expect(rows.map((r) => r.kind)).toEqual(['major'])
    expect(cleared).toEqual({ 'LG+HB': 1 })
  })

  it('leaves a school line at or below its majors (within 2 points), and other units’ majors, alone', () => {
    const rows = [
      school({ min: 592 }),
      major('数学类', 590),
      // below it, but of another year and of another batch: not this school line's majors
      { ...major('法学', 560), year: 2024 },
      { ...major('英语', 500), localBatchName: '本科提前批' },
    ]
    const result = clearSchoolLinesAboveTheirMajors(rows, ORDER)
    expect(result.rows).toEqual(rows)
    expect(result.cleared).toEqual({})
  })
})

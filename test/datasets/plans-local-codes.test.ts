import { describe, expect, it } from 'vitest'
import { spreadLocalSchoolCodes } from '../../src/datasets/plans/local-codes.js'
import { mergedRow } from './merged-row.js'

describe("spreadLocalSchoolCodes: a province's own 院校代号 on every row of its school and year", () => {
  it("gives HB's 湖北 code to the school's other rows of that year: CG's majors, the 历史类 groups", () => {
    const rows = [
      mergedRow({ sgCode: '05', localSchoolCode: 'A001' }),
      mergedRow({ kind: 'major', spname: '临床医学(八年制)', sgCode: '05', min: null }),
      mergedRow({ subjectType: '历史类', sgCode: '01' }),
      // another year, another school, another province: not this school's code of this year
      mergedRow({ year: 2024, sgCode: '05' }),
      mergedRow({ sid: 2, sgCode: '05' }),
      mergedRow({ province: '河南', sgCode: '05' }),
    ]
    expect(spreadLocalSchoolCodes(rows)).toBe(2)
    expect(rows.map((r) => r.localSchoolCode ?? null)).toEqual(['A001', 'A001', 'A001', null, null, null])
  })

  it('leaves a school with two codes in a year as it is (a campus under a code of its own)', () => {
    const rows = [
      mergedRow({ sgCode: '01', localSchoolCode: 'A361' }),
      mergedRow({ sgCode: '02', localSchoolCode: 'A362' }),
      mergedRow({ sgCode: '03' }),
    ]
    expect(spreadLocalSchoolCodes(rows)).toBe(0)
    expect(rows[2]?.localSchoolCode ?? null).toBeNull()
  })
})

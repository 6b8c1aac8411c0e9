import { describe, expect, it } from 'vitest'
import {
  dropGpSchoolLinesOfAnotherBatch,
  dropGpSchoolLinesOfEarlyBatchSchools,
} from '../../src/datasets/plans/copies.js'
import {
  dropOrdinaryCopiesOfSpecialLines,
  dropOrdinaryCopiesOfTrackLines,
} from '../../src/datasets/plans/special-copies.js'
import { mergedRow as row } from './merged-row.js'

const ORDER = ['LG', 'HB'] as const

describe('special plans filed as ordinary lines (湖北: LG without 备注, HB with it)', () => {
  it('drops the 普通 copy of a special group line, and only that', () => {
    const special = row({ planType: '国家专项', batchName: '国家专项', sources: 2 })
    const copy = row({})
    const otherScore = row({ sgCode: '06', min: 670 })
    const sameCodeOtherScore = row({ min: 661 })
    const major = row({ kind: 'major', spname: '数学类' })
    const { rows, dropped } = dropOrdinaryCopiesOfSpecialLines(
      [special, copy, otherScore, sameCodeOtherScore, major],
      ORDER,
    )
    expect(rows).toEqual([special, otherScore, sameCodeOtherScore, major])
    expect(dropped).toEqual({ LG: 1 })
  })

  it('leaves ordinary lines alone where no special line of that group and score exists', () => {
    const rows = [row({}), row({ sgCode: '06' }), row({ year: 2024, planType: '国家专项' })]
    expect(dropOrdinaryCopiesOfSpecialLines(rows, ORDER).rows).toHaveLength(3)
  })
})

describe('track lines filed as ordinary (湖北: HB drops 民族班 and 预科 groups by 备注, LG has no 备注)', () => {
  it("drops the 普通 line of a track line's school, year, category, group code and score, and only that", () => {
    // 北京航空航天大学 专业组（08）, 634: HB A00608 says 民族班; LG carried it as an ordinary group
    const copy = row({ sgCode: '08', min: 634 })
    const otherScore = row({ sgCode: '08', min: 640 })
    const otherGroup = row({ sgCode: '09', min: 634 })
    const special = row({ sgCode: '08', min: 634, planType: '国家专项', batchName: '国家专项' })
    const major = row({ kind: 'major', spname: '数学类', sgCode: '08', min: 634 })
    const track = { province: '湖北', year: 2025, sid: 1, subjectType: '物理类', sgCode: '08', min: 634 }
    const { rows, dropped } = dropOrdinaryCopiesOfTrackLines(
      [copy, otherScore, otherGroup, special, major],
      [track],
      ORDER,
    )
    expect(rows).toEqual([otherScore, otherGroup, special, major])
    expect(dropped).toEqual({ LG: 1 })
    // a track line without a group code or score says nothing of any line
    expect(dropOrdinaryCopiesOfTrackLines([copy], [{ ...track, sgCode: null }], ORDER).rows).toEqual([copy])
  })
})

describe("GP's school lines of another batch (GP has no batch: filed under 本科批)", () => {
  const GP_ORDER = ['CG', 'GP'] as const
  const gp = (over: Parameters<typeof row>[0]) =>
    row({ kind: 'school', sgCode: null, sources: 2, contributors: 2, rankSource: 'GP', ...over })
  it("drops a GP-only school line with the score of the school's line in another batch, with none in its own", () => {
    // 香港中文大学（深圳） 湖北 2025: GP 本科批 621 is CG's 本科提前批 专业组（02） line
    const early = row({ batchName: '本科提前批', sgCode: '02', min: 621 })
    const line = gp({ min: 621 })
    const { rows, dropped } = dropGpSchoolLinesOfAnotherBatch([early, line], GP_ORDER)
    expect(rows).toEqual([early])
    expect(dropped).toBe(1)
  })
  it('keeps it where another source has the school in its batch, or no other batch has its score', () => {
    const early = row({ batchName: '本科提前批', sgCode: '02', min: 621 })
    const ordinary = row({ sgCode: '03', min: 600 })
    expect(dropGpSchoolLinesOfAnotherBatch([early, ordinary, gp({ min: 621 })], GP_ORDER).dropped).toBe(0)
    expect(dropGpSchoolLinesOfAnotherBatch([early, gp({ min: 615 })], GP_ORDER).dropped).toBe(0)
  })

  it('drops the 本科批 school lines of a school the other sources have in 本科提前批 only, in two provinces or more', () => {
    // 北京电子科技学院: 本科提前批 in 江苏 (JSP) and 广西 (GX), 本科批 nowhere; GP's 湖北 and 四川 lines under 本科批
    const early = (province: string) => row({ province, batchName: '本科提前批', sgCode: '01', min: 640 })
    const lines = [gp({ min: 636 }), gp({ province: '四川', min: 645 })]
    const { rows, dropped } = dropGpSchoolLinesOfEarlyBatchSchools(
      [early('江苏'), early('广西'), ...lines],
      GP_ORDER,
    )
    expect(rows).toEqual([early('江苏'), early('广西')])
    expect(dropped).toBe(2)
    // kept: a school another source has in 本科批 somewhere, one known early in one province only, or before 2022
    const cases = [
      [early('江苏'), early('广西'), row({ province: '河南', sgCode: null, kind: 'school', min: 600 })],
      [early('江苏')],
      [
        row({ province: '江苏', batchName: '本科提前批', year: 2021 }),
        row({ province: '广西', batchName: '本科提前批', year: 2021 }),
      ],
    ]
    for (const others of cases)
      expect(dropGpSchoolLinesOfEarlyBatchSchools([...others, ...lines], GP_ORDER).dropped).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { matchesSpecial, type SpecialFilter, type SpecialPlanRow } from '../../src/domain/scores-special.js'

const TYPES = ['国家专项', '地方专项', '高校专项']
const SCHOOLS = ['青岚大学', '青岚医学院', '测试理工大学']
const MAJORS = ['口腔医学', '软件工程', '']

/** A deterministic spread of rows (no randomness: the same rows every run). */
function rows(n: number): SpecialPlanRow[] {
  return Array.from({ length: n }, (_, i) => ({
    sid: 1 + (i % 3),
    major_id: i % 5 === 0 ? null : i,
    year: 2023 + (i % 3),
    province: ['江苏', '青海', '河南'][(i * 7) % 3] as string,
    school_name: SCHOOLS[i % 3] as string,
    spname: MAJORS[(i * 5) % 3] as string,
    num: i % 11 === 0 ? -1 : i,
    min: i % 4 === 0 ? null : 400 + ((i * 37) % 200),
    min_section: i % 4 === 0 ? null : i * 10,
    local_batch_name: '本科提前批',
    plan_type: TYPES[(i * 11) % 3] as string,
  }))
}

describe('special plan rule (SPEC 4.4)', () => {
  it('applies the keyword to national special plans only', () => {
    const row = rows(1)[0] as SpecialPlanRow
    const local = { ...row, plan_type: '地方专项', school_name: 'x', spname: 'y' }
    const national = { ...local, plan_type: '国家专项' }
    const f: SpecialFilter = { types: TYPES, keyword: '医学' }
    expect(matchesSpecial(local, f)).toBe(true)
    expect(matchesSpecial(national, f)).toBe(false)
    expect(matchesSpecial({ ...national, spname: '口腔医学' }, f)).toBe(true)
    expect(matchesSpecial({ ...national, school_name: '青岚医学院' }, f)).toBe(true)
  })
})

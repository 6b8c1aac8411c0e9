import { describe, expect, it } from 'vitest'
import {
  matchesSpecial,
  type SpecialFilter,
  SpecialPlanIndex,
  type SpecialPlanRow,
} from '../../src/domain/scores-special.js'

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

describe('special plan index (SPEC 4.4)', () => {
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
  it('answers every filter and page exactly as the rule applied row by row', () => {
    const all = rows(200)
    const index = new SpecialPlanIndex(all)
    for (const types of [TYPES, ['国家专项'], ['高校专项'], []])
      for (const year of [undefined, 2024, 2030])
        for (const province of [undefined, '青海', '火星'])
          for (const keyword of [undefined, '医学', '青岚', 'zzz']) {
            const f: SpecialFilter = {
              types,
              ...(year === undefined ? {} : { year }),
              ...(province === undefined ? {} : { province }),
              ...(keyword === undefined ? {} : { keyword }),
            }
            const expected = all.filter((r) => matchesSpecial(r, f)).map(({ plan_type: _, ...r }) => r)
            for (const [offset, limit] of [
              [0, 500],
              [3, 7],
              [expected.length, 5],
            ] as const) {
              const got = index.search(f, offset, limit)
              expect(got.total).toBe(expected.length)
              expect(got.list).toEqual(expected.slice(offset, offset + limit))
            }
          }
  })
})

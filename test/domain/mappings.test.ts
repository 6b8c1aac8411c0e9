import { describe, expect, it } from 'vitest'
import { formatGroupName, groupBySgName } from '../../src/domain/major-groups.js'
import {
  batchNames,
  STORED_ART_CATEGORIES,
  SUBJECT_TYPE_MATCHES,
  schoolTypeFilter,
  specialPlanTypes,
  subjectValues,
} from '../../src/domain/mappings.js'
import { hotSchoolDefaultYear, lastFiveYears, lastThreeYears, planYearsFrom } from '../../src/domain/years.js'
import { MAX_PAGE_SIZE, pageOf, totalPages } from '../../src/endpoints/paging.js'

describe('SPEC 4.7 subject_type mapping', () => {
  it('maps each request word to the stored values of the spec table', () => {
    expect(SUBJECT_TYPE_MATCHES.物理).toEqual(['物理', '物理类', '理工', '理科'])
    expect(SUBJECT_TYPE_MATCHES.历史).toEqual(['历史', '历史类', '文史', '文科'])
    expect(SUBJECT_TYPE_MATCHES.综合).toEqual(['综合', '综合类'])
    expect(SUBJECT_TYPE_MATCHES.艺术?.slice(0, 11)).toContain('音乐教育(声乐主项)')
    expect(SUBJECT_TYPE_MATCHES.体育?.slice(0, 2)).toEqual(['体育(文)', '体育(理)'])
  })
  it('lets 艺术 / 体育 also match the generic and art-form categories our sources store', () => {
    expect(SUBJECT_TYPE_MATCHES.艺术).toHaveLength(11 + STORED_ART_CATEGORIES.length)
    expect(SUBJECT_TYPE_MATCHES.艺术).toEqual(
      expect.arrayContaining(['美术与设计类', '艺术类', '美工设计类']),
    )
    expect(SUBJECT_TYPE_MATCHES.体育).toEqual(['体育(文)', '体育(理)', '体育类'])
    expect(SUBJECT_TYPE_MATCHES.物理).not.toContain('体育类')
  })
  it('takes any other value (a stored category) as itself', () => {
    expect(subjectValues('艺术')).toContain('艺术类')
    expect(subjectValues('理科')).toEqual(['理科'])
    expect(subjectValues('体育类')).toEqual(['体育类'])
    expect(subjectValues('toString')).toEqual(['toString'])
  })
})

describe('batch filters (4.7, 4.9)', () => {
  it('does not filter for 所有批次 / all / nothing', () => {
    expect(batchNames(undefined)).toBeUndefined()
    expect(batchNames('所有批次')).toBeUndefined()
    expect(batchNames('all')).toBeUndefined()
  })
  it('expands 特殊类型招生 to the four special batches', () => {
    expect(batchNames('特殊类型招生')).toEqual(['国家专项', '地方专项', '强基计划', '高校专项'])
    expect(batchNames('本科批')).toEqual(['本科批'])
    expect(batchNames('国家专项')).toEqual(['国家专项'])
  })
})

describe('school_type filters (4.9)', () => {
  it('writes 双一流 as f985 = 985 and f211 = 211, as the spec does', () => {
    expect(schoolTypeFilter('双一流')).toEqual({ f985: 985, f211: 211 })
    expect(schoolTypeFilter('985')).toEqual({ f985: 985 })
    expect(schoolTypeFilter('211')).toEqual({ f211: 211 })
    expect(schoolTypeFilter('专科(高职)')).toEqual({ levelName: '专科(高职)' })
    expect(schoolTypeFilter(undefined)).toEqual({})
  })
})

describe('special plan types (4.4)', () => {
  it('searches all three types when plan_type is missing or invalid', () => {
    expect(specialPlanTypes(2)).toEqual(['地方专项'])
    expect(specialPlanTypes(undefined)).toEqual(['国家专项', '地方专项', '高校专项'])
    expect(specialPlanTypes(7)).toEqual(['国家专项', '地方专项', '高校专项'])
  })
})

describe('year windows relative to the current calendar year', () => {
  const now = new Date('2026-11-22T10:00:00+08:00')
  it('近五年 of 4.6 is the current year and the four before it', () =>
    expect(lastFiveYears(now)).toEqual({ from: 2022, to: 2026 }))
  it('近三年 of 4.7 is the current year and the two before it', () =>
    expect(lastThreeYears(now)).toEqual({ from: 2024, to: 2026 }))
  it('近五年 of 4.9 is year >= current year - 5, as written', () => expect(planYearsFrom(now)).toBe(2021))
  it('hot schools default to last year', () => expect(hotSchoolDefaultYear(now)).toBe(2025))
  it('moves with the clock', () =>
    expect(lastFiveYears(new Date('2030-01-01'))).toEqual({ from: 2026, to: 2030 }))
})

describe('sg_name formatting (4.17)', () => {
  it('takes the suffix from the first full-width parenthesis and converts the parentheses', () => {
    expect(formatGroupName('南京大学01组（物理+化学）')).toBe('(物理+化学)')
    expect(formatGroupName('第02组（不限）（中外合作）')).toBe('(不限)(中外合作)')
  })
  it('keeps a name without a full-width parenthesis; null and empty are the empty group', () => {
    expect(formatGroupName('01组(物理)')).toBe('01组(物理)')
    expect(formatGroupName(null)).toBe('')
    expect(formatGroupName('')).toBe('')
  })
  it('groups null and empty names together', () => {
    const groups = groupBySgName([{ sg_name: null }, { sg_name: 'A（x）' }, { sg_name: '' }])
    expect([...groups.keys()]).toEqual(['', 'A（x）'])
    expect(groups.get('')).toHaveLength(2)
  })
})

describe('paging', () => {
  it('computes offsets and page counts', () => {
    expect(pageOf(3, 10)).toEqual({ page: 3, size: 10, offset: 20 })
    expect(totalPages(0, 10)).toBe(0)
    expect(totalPages(21, 10)).toBe(3)
    expect(MAX_PAGE_SIZE).toBe(100)
  })
})

import { describe, expect, it } from 'vitest'
import {
  categoryOf,
  equivalentCategories,
  meetsRequirement,
  parseRequirement,
  parseXuanke,
  requirementKey,
  subjectsIn,
} from '../../src/features/smart-match/model/subjects.js'

const chosen = (text: string) => parseXuanke(text)

describe('parseRequirement (选科要求)', () => {
  it.each([
    [null, null, []],
    ['', null, []],
    ['不限', null, []],
    ['不提科目要求', null, []],
    ['首选物理,再选不限', '物理', []],
    ['首选历史,再选不限', '历史', []],
    ['首选物理', '物理', []],
    ['首选物理,再选化学', '物理', [['化学']]],
    ['首选物理,再选化学和生物', '物理', [['化学'], ['生物']]],
    ['首选物理,再选化学或生物', '物理', [['化学', '生物']]],
    ['物理和化学', null, [['物理'], ['化学']]],
    ['物理+化学+生物', null, [['物理'], ['化学'], ['生物']]],
    ['物化生', null, [['物理'], ['化学'], ['生物']]],
    ['物理和(化学或生物)', null, [['物理'], ['化学', '生物']]],
    ['物理或化学', null, [['物理', '化学']]],
    ['物理/化学', null, [['物理', '化学']]],
    ['选考物理或化学', null, [['物理', '化学']]],
    ['物、化(选考一门即可)', null, [['物理', '化学']]],
    ['化学、生物（均须选考）', null, [['化学'], ['生物']]],
    ['思想政治', null, [['政治']]],
    ['技术', null, [['技术']]],
    ['第502组', null, []],
  ])('%s', (text, first, clauses) => {
    expect(parseRequirement(text)).toEqual({ first, clauses })
  })
  it('drops clauses made redundant by a subject required alone', () => {
    expect(parseRequirement('物理+(物理或化学)')).toEqual({ first: null, clauses: [['物理']] })
  })
})

describe('meetsRequirement', () => {
  it('requires every clause, any subject of a clause', () => {
    const req = parseRequirement('首选物理,再选化学')
    expect(meetsRequirement(req, chosen('物理,化学,生物'))).toBe(true)
    expect(meetsRequirement(req, chosen('物理,生物,地理'))).toBe(false)
    expect(meetsRequirement(parseRequirement('物理或化学'), chosen('化学,生物,地理'))).toBe(true)
    expect(meetsRequirement(parseRequirement('物理和(化学或生物)'), chosen('物理,生物,政治'))).toBe(true)
    expect(meetsRequirement(parseRequirement('物理和(化学或生物)'), chosen('物理,政治,地理'))).toBe(false)
  })
  it('不限 allows everyone; a first choice excludes the other one', () => {
    expect(meetsRequirement(parseRequirement('不限'), chosen('历史,政治,地理'))).toBe(true)
    expect(meetsRequirement(parseRequirement('首选物理,再选不限'), chosen('历史,政治,地理'))).toBe(false)
  })
  it('does not filter when the candidate did not state subjects (the default 综合)', () => {
    expect(parseXuanke('综合')).toBeNull()
    expect(parseXuanke('')).toBeNull()
    expect(meetsRequirement(parseRequirement('首选物理,再选化学'), null)).toBe(true)
  })
})

describe('parseXuanke and subjectsIn', () => {
  it('reads commas, Chinese separators and short forms', () => {
    expect([...(parseXuanke('物理,化学,生物') ?? [])]).toEqual(['物理', '化学', '生物'])
    expect([...(parseXuanke('物理、化学，生物学') ?? [])]).toEqual(['物理', '化学', '生物'])
    expect([...(parseXuanke('物化地') ?? [])]).toEqual(['物理', '化学', '地理'])
    expect(subjectsIn('思想政治+历史')).toEqual(['政治', '历史'])
  })
})

describe('categoryOf (科类 by exam mode in the rank year)', () => {
  it('3+1+2: 物理类 / 历史类 from the first choice, else from xuanke', () => {
    expect(categoryOf('3+1+2', '物理', null)).toBe('物理类')
    expect(categoryOf('3+1+2', '历史', null)).toBe('历史类')
    expect(categoryOf('3+1+2', '综合', chosen('历史,政治,地理'))).toBe('历史类')
    expect(categoryOf('3+1+2', '综合', null)).toBeUndefined()
  })
  it('文理: 理科 / 文科; 3+3: 综合 whatever the subject', () => {
    expect(categoryOf('文理', '物理', null)).toBe('理科')
    expect(categoryOf('文理', '文科', null)).toBe('文科')
    expect(categoryOf('3+3', '物理', chosen('物理,化学,生物'))).toBe('综合')
  })
  it('maps categories across a reform', () => {
    expect(equivalentCategories('物理类')).toEqual(['物理类', '理科'])
    expect(equivalentCategories('综合')).toEqual(['综合'])
  })
})

describe('requirementKey', () => {
  it('reads two spellings of one requirement alike, and an unreadable or absent text as unknown', () => {
    expect(requirementKey('物理和化学')).toBe(requirementKey('物理+化学'))
    expect(requirementKey('化学和物理')).toBe(requirementKey('物理和化学'))
    expect(requirementKey('不限')).toBe('|')
    expect(requirementKey('物理和化学')).not.toBe(requirementKey('不限'))
    expect(requirementKey('物理或化学')).not.toBe(requirementKey('物理和化学'))
    expect(requirementKey(null)).toBeUndefined()
    expect(requirementKey('  ')).toBeUndefined()
    expect(requirementKey('详见章程')).toBeUndefined()
  })
})

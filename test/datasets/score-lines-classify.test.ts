import { describe, expect, it } from 'vitest'
import {
  canonicalBatch,
  classifyLine,
  lineName,
  type RawLine,
  specialName,
} from '../../src/datasets/score-lines/classify.js'
import { findProvince, type Province } from '../../src/domain/provinces.js'

const P = (name: string) => findProvince(name) as Province
const line = (
  province: string,
  year: number,
  category: string,
  batch: string,
  extra: Partial<RawLine> = {},
) => classifyLine({ province: P(province), year, category, batch, ...extra })

describe('canonical names of the ordinary lines', () => {
  it.each([
    ['本科批', '本科批'],
    ['普通类本科文化课录取控制分数线', '本科批'],
    ['本科批（普通类）录取最低控制分数线', '本科批'],
    ['普通本科批录取控制分数线', '本科批'],
    ['本科院校', '本科批'],
    ['普通类高职（专科）文化课录取控制分数线', '专科批'],
    ['高职高专批次', '专科批'],
    ['普通高职(专科)批', '专科批'],
    ['本科一批次', '本科一批'],
    ['普通类本科二批控制线', '本科二批'],
    ['普通类一段线', '普通类一段'],
    ['平行录取二段', '普通类二段'],
  ])('%s → %s', (batch, name) => expect(canonicalBatch(batch)).toBe(name))

  it('leaves other batch names alone', () => {
    for (const b of ['本科提前批', '本科批A段', '本科一段', '重点本科（汉族）', '国家专项计划批']) {
      expect(canonicalBatch(b)).toBeNull()
    }
  })

  it('names the special line by year in 广东 (特控线 before 2020)', () => {
    expect(specialName(P('广东'), 2019)).toBe('特控线')
    expect(specialName(P('广东'), 2020)).toBe('特殊类型招生控制线')
    expect(specialName(P('江苏'), 2019)).toBe('特殊类型招生控制线')
    expect(line('广东', 2019, '文科', '高分优先投档线')).toMatchObject({ name: '特控线', kind: 'special' })
  })

  it('cleans published names: NFKC brackets, trailing 录取控制分数线 words', () => {
    expect(lineName('艺术类本科-美术与设计类录取控制分数线')).toBe('艺术类本科-美术与设计类')
    expect(lineName('体育类（本科）')).toBe('体育类(本科)')
    expect(lineName('文科本科一批次普通类最低投档控制分数线')).toBe('文科本科一批次普通类')
    expect(lineName('自招线')).toBe('自招线')
  })
})

describe('classifyLine', () => {
  it('normalises the ordinary category by the exam mode of the year', () => {
    expect(line('四川', 2024, '物理类', '本科二批')).toMatchObject({ typeName: '理科', name: '本科二批' })
    expect(line('四川', 2025, '物理类', '本科')).toMatchObject({ typeName: '物理类', name: '本科批' })
    expect(line('江苏', 2022, '首选历史', '特殊类型招生控制线')).toMatchObject({
      typeName: '历史类',
      kind: 'special',
      canonical: true,
    })
    expect(line('西藏', 2026, '物理类', '本科一批')).toMatchObject({ typeName: '理科' })
    expect(line('北京', 2026, '综合', '普通本科录取控制分数线')).toMatchObject({
      typeName: '综合',
      name: '本科批',
    })
  })

  it('moves a language track to the category (蒙授)', () => {
    expect(line('内蒙古', 2019, '理科', '蒙授本科一批')).toMatchObject({
      typeName: '蒙授理科',
      name: '本科一批',
      canonical: true,
    })
    expect(line('内蒙古', 2018, '蒙授文科', '本科二批')).toMatchObject({
      typeName: '蒙授文科',
      name: '本科二批',
    })
  })

  it('tags art and sport lines with the track in the words of the year', () => {
    expect(line('江苏', 2023, '首选物理', '艺术类（本科）-编导')).toMatchObject({
      kind: 'art',
      typeName: '艺术类(物理)',
      name: '艺术类(本科)-编导',
      canonical: false,
    })
    expect(line('吉林', 2021, '体育文', '体育类（本科）')).toMatchObject({
      kind: 'sport',
      typeName: '体育类(文)',
    })
    expect(line('北京', 2022, '艺术类', '艺术类（本科）')).toMatchObject({ typeName: '艺术类' })
    expect(line('浙江', 2026, '综合', '体育类第一段')).toMatchObject({ typeName: '体育类' })
    expect(line('河北', 2026, '体育类（历史科目组合）', '体育类体育本科录取控制分数线')).toMatchObject({
      typeName: '体育类(历史)',
      name: '体育类体育本科',
    })
    expect(line('内蒙古', 2019, '汉授美术', '本科提前批A段')).toMatchObject({
      typeName: '艺术类(汉授)',
      name: '本科提前批A段-美术',
    })
    expect(
      line('西藏', 2026, '历史类', '本科', { hint: '普通生源艺体文史类本科A类考生控制线' }),
    ).toMatchObject({
      kind: 'art',
      typeName: '艺术体育类(文)',
    })
  })

  it('marks programme lines (is_use 0 later), even with an art or sport field', () => {
    expect(line('广东', 2020, '文科', '预科班')).toMatchObject({ kind: 'program', typeName: '文科' })
    expect(line('广东', 2023, '首选物理', '教师专项计划-体育类')).toMatchObject({
      kind: 'program',
      typeName: '体育类(物理)',
    })
    expect(line('湖北', 2019, '理科', '专科批（独立学院、民办、省属高职除武汉）')).toMatchObject({
      kind: 'program',
    })
    expect(line('山东', 2019, '文科', '自招线')).toMatchObject({ kind: 'program', name: '自招线' })
  })

  it('takes the kind a source states', () => {
    expect(line('浙江', 2026, '综合', '普通类一段线', { kind: 'batch' })).toMatchObject({
      name: '普通类一段',
    })
    expect(line('浙江', 2026, '艺术类', '艺术类统考批第一段', { kind: { excluded: 'composite' } })).toEqual({
      ok: false,
      reason: 'composite',
    })
    expect(line('广东', 2019, '理科', '特控线', { kind: 'special', canonicalName: '特控线' })).toMatchObject({
      name: '特控线',
      canonical: true,
    })
  })

  it('drops vocational tracks, composite scores and lines without an ordinary category', () => {
    expect(line('江西', 2026, '三校生类', '本科')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/vocational/),
    })
    expect(line('内蒙古', 2018, '医学类', '本科')).toMatchObject({ ok: false })
    expect(line('浙江', 2019, '体育类', '体育类一段（含专业成绩）')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/composite/),
    })
    expect(line('广东', 2022, '', '教师专项计划-华南师范大学、广州大学')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no ordinary category/),
    })
    expect(line('北京', 2019, '综合', '本科批')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/exam mode/),
    })
  })
})

import { describe, expect, it } from 'vitest'
import { expandKm, optionKmList, profileKm, resolveKm, yearKmList } from '../../src/domain/km.js'
import { examModeIn, filingModeIn, findProvince } from '../../src/domain/provinces.js'

describe('km short forms (SPEC 4.2)', () => {
  it('maps every short form of the spec to its categories', () => {
    expect(expandKm('物理')).toEqual(['物理类', '理科'])
    expect(expandKm('历史')).toEqual(['历史类', '文科'])
    expect(expandKm('综合')).toEqual(['综合'])
    expect(expandKm('体育')).toEqual(['体育文', '体育理', '体育类'])
    expect(expandKm('艺术')).toEqual(['艺术文', '艺术理', '艺术类'])
    expect(expandKm('蒙授')).toEqual(['蒙授文科', '蒙授理科'])
    expect(expandKm('物理类')).toEqual(['物理类'])
  })
  it('resolves a short form to the category a year actually has', () => {
    expect(resolveKm('物理', ['物理类', '历史类'])).toBe('物理类')
    expect(resolveKm('物理', ['理科', '文科'])).toBe('理科')
    expect(resolveKm('历史类', ['物理类', '历史类'])).toBe('历史类')
    expect(resolveKm('体育', ['理科', '体育类'])).toBe('体育类')
    expect(resolveKm('物理', ['综合'])).toBeUndefined()
  })
  it('takes back every name the option list gives (trailing 类 dropped)', () => {
    const stored = ['物理类', '历史类', '书法类', '美术与设计类', '音乐类', '体育类']
    for (const km of optionKmList(stored)) expect(stored).toContain(resolveKm(km, stored))
    expect(resolveKm('书法', stored)).toBe('书法类')
    expect(resolveKm('书法', ['物理类'])).toBeUndefined()
  })
  it('keeps a short form within 4.2: never the longer names some provinces give their tables', () => {
    // 吉林 2025: 体育 took 体育类(历史) by its prefix and hid 体育类(物理); neither is a category 4.2 maps it to
    expect(resolveKm('体育', ['物理类', '体育类(历史)', '体育类(物理)'])).toBeUndefined()
    expect(resolveKm('艺术', ['物理类', '艺术类(物理)'])).toBeUndefined()
    expect(resolveKm('体', ['体育类(历史)'])).toBeUndefined()
    // asked in full, each is itself; a 4.2 category still answers its short form
    expect(resolveKm('体育类(物理)', ['体育类(历史)', '体育类(物理)'])).toBe('体育类(物理)')
    expect(resolveKm('体育', ['体育类(历史)', '体育类'])).toBe('体育类')
  })
  it("reads a stored profile's category in any year: 理科 is 4.2's 物理 after a reform, 物理 nothing in 综合 years", () => {
    expect(profileKm('理科', ['物理类', '历史类'])).toBe('物理类')
    expect(profileKm('文科', ['物理类', '历史类'])).toBe('历史类')
    expect(profileKm('物理类', ['理科', '文科'])).toBe('理科')
    expect(profileKm('历史', ['物理类', '历史类'])).toBe('历史类')
    expect(profileKm('物理', ['综合'])).toBeUndefined()
    expect(profileKm('美术与设计类', ['物理类'])).toBeUndefined()
  })
})

describe('km_list ordering', () => {
  it('SPEC 2.5: strips the trailing 类, puts 物理 and 历史 first, sorts the rest by pinyin, no duplicates', () => {
    expect(optionKmList(['综合', '艺术类', '历史类', '体育类', '物理类', '理科', '文科', '物理'])).toEqual([
      '物理',
      '历史',
      '理科',
      '体育',
      '文科',
      '艺术',
      '综合',
    ])
  })
  it('lists 历史 first when there is no 物理', () => {
    expect(optionKmList(['综合', '历史类'])).toEqual(['历史', '综合'])
  })
  it('SPEC 2.3: the ordinary categories lead a year, so the default is never a sport table', () => {
    expect(yearKmList(['体育类', '文科', '理科'])).toEqual(['理科', '文科', '体育类'])
    expect(yearKmList(['历史类', '物理类'])).toEqual(['物理类', '历史类'])
    expect(yearKmList(['体育类', '综合'])).toEqual(['综合', '体育类'])
  })
})

describe('provinces', () => {
  it('finds a province by short name, full name, code or slug', () => {
    expect(findProvince('江苏')?.name).toBe('江苏')
    expect(findProvince('江苏省')?.name).toBe('江苏')
    expect(findProvince('广西壮族自治区')?.name).toBe('广西')
    expect(findProvince('32')?.name).toBe('江苏')
    expect(findProvince('Inner-Mongolia')?.name).toBe('内蒙古')
    expect(findProvince('火星')).toBeUndefined()
  })
  it('knows the exam mode of a year', () => {
    const henan = findProvince('河南')!
    expect(examModeIn(henan, 2024)).toBe('文理')
    expect(examModeIn(henan, 2025)).toBe('3+1+2')
    expect(examModeIn(findProvince('新疆')!, 2026)).toBe('文理')
    expect(examModeIn(findProvince('上海')!, 2025)).toBe('3+3')
  })
  it('knows the filing mechanism of a year: 内蒙古 动态投档 until 2024', () => {
    const nm = findProvince('内蒙古')!
    expect(filingModeIn(nm, 2016)).toBe('动态投档')
    expect(filingModeIn(nm, 2024)).toBe('动态投档')
    expect(filingModeIn(nm, 2025)).toBe('平行志愿')
    expect(filingModeIn(findProvince('江苏')!, 2016)).toBe('平行志愿')
  })
})

import { describe, expect, it } from 'vitest'
import { type NameEntry, normalizeName, resolveMatches, searchNames } from '../../src/domain/name-search.js'
import { couldBegin, spell } from '../../src/features/name-search/pinyin.js'

/** A few schools as the search sees them; `order` is popularity (smaller is hotter). */
const entry = (id: number, name: string, order: number, aliases: string[] = [], codes: string[] = []) =>
  ({ id, name, order, aliases, codes }) satisfies NameEntry

const SCHOOLS = [
  entry(111, '南京大学', 11, ['南大'], ['10284', '4132010284']),
  entry(2540, '南京大学金陵学院', 2924, [], ['13646']),
  entry(112, '南京理工大学', 86, ['南理工'], ['10288']),
  entry(501, '河南理工大学', 600, [], ['10460']),
  entry(34, '哈尔滨工业大学', 18, ['哈工大'], ['10213']),
  entry(3255, '哈尔滨工业大学（深圳）', 19, ['哈工深'], ['gk3255']),
  entry(1457, '哈尔滨工业大学（威海）', 32, ['哈工威'], ['gk1457']),
  entry(109, '东南大学', 21, ['东南', '东大'], ['10286']),
  entry(110, '东北大学', 68, ['东北大', '东大'], ['10145']),
  entry(119, '重庆大学', 63, ['重大'], ['10611']),
  entry(127, '华中科技大学', 36, ['华科'], ['10487']),
  entry(420, '华中师范大学', 82, ['华中师大'], ['10511']),
]

const pinyin = { spell, couldBegin }
const first = (query: string, entries: readonly NameEntry[] = SCHOOLS) =>
  searchNames(query, entries, pinyin)[0]

describe('finding a school by what people type', () => {
  it('finds the full name, a short name, a code and an id, exactly', () => {
    expect(first('南京大学')).toMatchObject({ kind: 'name', entry: { id: 111 } })
    expect(first('南大')).toMatchObject({ kind: 'alias', via: '南大', entry: { id: 111 } })
    expect(first('10284')).toMatchObject({ kind: 'code', entry: { id: 111 } })
    expect(first('4132010284')).toMatchObject({ kind: 'code', entry: { id: 111 } })
    expect(first('GK3255')).toMatchObject({ kind: 'code', entry: { id: 3255 } })
    expect(first('111')).toMatchObject({ kind: 'id', entry: { id: 111 } })
  })

  it('ranks a beginning before a part, and the hotter first among equals', () => {
    const found = searchNames('南京大', SCHOOLS, pinyin).map((m) => [m.entry.name, m.kind])
    expect(found).toEqual([
      ['南京大学', 'prefix'],
      ['南京大学金陵学院', 'prefix'],
      // 南…京…大 in order: last
      ['南京理工大学', 'in-order'],
    ])
    // 理工大学 is part of three names: by popularity
    expect(searchNames('理工大学', SCHOOLS).map((m) => m.entry.name)).toEqual([
      '南京理工大学',
      '河南理工大学',
    ])
    // An exact short name beats a name that holds the text (河南理工大学 holds 南理工)
    expect(first('南理工')?.entry.name).toBe('南京理工大学')
  })

  it('finds pinyin, whole or initials, before a pinyin beginning', () => {
    expect(first('njdx')).toMatchObject({ kind: 'pinyin', entry: { id: 111 } })
    expect(first('nanjingdaxue')).toMatchObject({ kind: 'pinyin', entry: { id: 111 } })
    expect(searchNames('njdx', SCHOOLS, pinyin).map((m) => [m.entry.name, m.kind])).toEqual([
      ['南京大学', 'pinyin'],
      ['南京大学金陵学院', 'pinyin-prefix'],
    ])
    // a short name's pinyin too (哈工深: hgs)
    expect(first('hgs')).toMatchObject({ kind: 'pinyin', via: '哈工深', entry: { id: 3255 } })
    // pinyin is not searched without a speller
    expect(searchNames('njdx', SCHOOLS)).toEqual([])
  })

  it('reads polyphones by their word: 重庆 is chong, not zhong', () => {
    expect(first('cqdx')?.entry.name).toBe('重庆大学')
    expect(first('chongqingdaxue')?.entry.name).toBe('重庆大学')
    expect(first('zhongqingdaxue')).toBeUndefined()
  })

  it('finds characters in order as a last resort, and compares without brackets or spaces', () => {
    const withoutAlias = SCHOOLS.map((s) => ({ ...s, aliases: [] }))
    expect(first('哈工深', withoutAlias)).toMatchObject({ kind: 'in-order', entry: { id: 3255 } })
    expect(first('哈尔滨工业大学(深圳)')).toMatchObject({ kind: 'name', entry: { id: 3255 } })
    expect(first(' 哈尔滨工业大学 深圳 ')).toMatchObject({ kind: 'name', entry: { id: 3255 } })
    expect(normalizeName('哈尔滨工业大学（深圳）')).toBe('哈尔滨工业大学深圳')
    expect(searchNames('  ', SCHOOLS)).toEqual([])
  })

  it('finds a major code by its beginning when asked', () => {
    const majors = [
      entry(172, '计算机科学与技术', 0, [], ['080901']),
      entry(173, '软件工程', 1, [], ['080902']),
    ]
    expect(searchNames('0809', majors)).toEqual([])
    expect(searchNames('0809', majors, { codePrefix: true }).map((m) => m.entry.id)).toEqual([172, 173])
    expect(searchNames('080902', majors, { codePrefix: true })[0]).toMatchObject({
      kind: 'code',
      entry: { id: 173 },
    })
  })
})

describe('one clear match, or a choice', () => {
  const resolve = (query: string) => resolveMatches(searchNames(query, SCHOOLS, pinyin))

  it('takes the only match of the best kind', () => {
    expect(resolve('南大')).toMatchObject({ found: 'one', match: { entry: { id: 111 } } })
    expect(resolve('南理工')).toMatchObject({ found: 'one', match: { entry: { id: 112 } } })
  })

  it('takes the school whose name the others of its kind carry (its colleges and campuses)', () => {
    expect(resolve('南京大')).toMatchObject({ found: 'one', match: { entry: { id: 111 } } })
    expect(resolve('哈尔滨工业')).toMatchObject({ found: 'one', match: { entry: { id: 34 } } })
  })

  it('asks when a text names several schools alike', () => {
    const huazhong = resolve('华中')
    expect(huazhong.found).toBe('many')
    if (huazhong.found === 'many') expect(huazhong.matches.map((m) => m.entry.id)).toEqual([127, 420])
    // A short name two schools share
    const dongda = resolve('东大')
    expect(dongda.found).toBe('many')
    if (dongda.found === 'many')
      expect(dongda.matches.map((m) => m.entry.name)).toEqual(['东南大学', '东北大学'])
    expect(resolve('清华')).toEqual({ found: 'none' })
  })

  it('takes the first of one name shared by several levels (a major of 本科 and 专科)', () => {
    const majors = [entry(267, '临床医学', 0, [], ['100201K']), entry(3520101, '临床医学', 1, [], ['520101'])]
    expect(resolveMatches(searchNames('临床医学', majors))).toMatchObject({
      found: 'one',
      match: { entry: { id: 267 } },
    })
  })
})

import { describe, expect, it } from 'vitest'
import {
  assembleList,
  buildOptions,
  type Classified,
  classify,
  composeMenu,
  DEFAULT_ESTIMATOR,
  formReady,
  type HistoryRow,
  itemComposition,
  type MenuRow,
  SCHOOL_ITEM_MAJORS,
  STRATEGIES,
} from '../../src/features/smart-match/model/index.js'

const row = (over: Partial<MenuRow>): MenuRow => ({
  id: 1,
  sid: 1,
  group: '专业组（01）',
  name: '',
  majorId: null,
  spcode: null,
  num: null,
  length: null,
  sgInfos: null,
  ...over,
})
const line = (over: Partial<HistoryRow>): HistoryRow => ({
  sid: 1,
  group: '专业组（01）',
  name: '',
  majorId: null,
  year: 2024,
  rank: 10000,
  score: 600,
  derived: false,
  level: 'group',
  ...over,
})
const names = (rows: readonly MenuRow[]) =>
  rows.filter((r) => r.name !== '').map((r) => `${r.name}:${r.composition}`)

describe('composeMenu (majors for units whose plan names none)', () => {
  it('takes the same group of the plan year before, before the majors it admitted', () => {
    const menu = [row({ id: 10 })]
    const previous = [row({ id: 5, name: '计算机类', sgInfos: '首选物理,再选化学' })]
    const history = [line({ level: 'major', name: '数学类', rank: 9000 })]
    expect(names(composeMenu(menu, previous, history, 2))).toEqual(['计算机类:plan_prev_year'])
    // without a plan of the year before: what the group admitted in its latest year
    expect(names(composeMenu(menu, [], history, 2))).toEqual(['数学类:admitted_prev_year'])
  })

  it("gives a composed major its unit's plan year (a carried group's: the plan before)", () => {
    // 广东 2026: a group of the 2025 plan, majors from what it admitted: the item said plan_year 2026 beside
    // plan_carried
    const menu = [row({ id: 10, carried: true, planYear: 2025 })]
    const history = [line({ level: 'major', name: '数学类', rank: 9000 })]
    const composed = composeMenu(menu, [], history, 2).filter((r) => r.name !== '')
    expect(composed.map((r) => [r.name, r.composition, r.carried, r.planYear])).toEqual([
      ['数学类', 'admitted_prev_year', true, 2025],
    ])
  })

  it('leaves a unit whose plan names its majors alone, and never borrows from another group', () => {
    const menu = [row({ id: 10 }), row({ id: 11, name: '法学' }), row({ id: 12, group: '专业组（02）' })]
    const previous = [
      row({ id: 5, name: '计算机类' }),
      row({ id: 6, group: '专业组（03）', name: '临床医学' }),
    ]
    const out = composeMenu(menu, previous, [], 2)
    expect(names(out)).toEqual(['法学:undefined'])
  })

  it('takes nothing from a group of the same code whose stated requirement differs (another group)', () => {
    const menu = [row({ id: 10, sgInfos: '首选物理,再选不限' })]
    const previous = [row({ id: 5, name: '化学', sgInfos: '首选物理,再选化学' })]
    const history = [line({ level: 'major', name: '汉语言文学', year: 2023 })]
    expect(names(composeMenu(menu, previous, history, 2))).toEqual(['汉语言文学:admitted_prev_year'])
  })

  it('admitted majors come from the latest earlier year only, once each; carried units borrow no plan', () => {
    const menu = [row({ id: 10, carried: true })]
    const previous = [row({ id: 5, name: '计算机类' })]
    const history = [
      line({ level: 'major', name: '甲', year: 2023, rank: 100 }),
      line({ level: 'major', name: '乙', year: 2024, rank: 300 }),
      line({ level: 'major', name: '丙', year: 2024, rank: 200 }),
      line({ level: 'major', name: '丙', year: 2024, rank: 250 }),
    ]
    const out = composeMenu(menu, previous, history, 2)
    expect(names(out)).toEqual(['丙:admitted_prev_year', '乙:admitted_prev_year'])
    expect(out.filter((r) => r.name !== '').every((r) => r.carried === true && r.id < 0)).toBe(true)
  })

  it('in a 专业+院校 province a school without majors lists its majors as options of their own', () => {
    const menu = [row({ id: 10, group: '' })]
    const history = [
      line({ group: '', level: 'school', rank: 20000 }),
      line({ group: '', level: 'major', name: '土木工程', rank: 18000 }),
      line({ group: '', level: 'major', name: '会计学', rank: 15000 }),
    ]
    const composed = composeMenu(menu, [], history, 3)
    const options = buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu: composed,
      history,
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
    })
    expect(options.map((o) => [o.granularity, o.majors[0]?.row.name])).toEqual([
      ['major', '会计学'],
      ['major', '土木工程'],
    ])
  })
})

describe('专业+院校 provinces: majors are options of their own only where major lines exist to check them', () => {
  const menu = [
    row({ id: 1, sid: 1, group: '', name: '法学' }),
    row({ id: 2, sid: 1, group: '', name: '会计学' }),
    row({ id: 3, sid: 2, group: '', name: '土木工程' }),
  ]
  const schoolLines = [
    line({ sid: 1, group: '', level: 'school', rank: 20000 }),
    line({ sid: 2, group: '', level: 'school', rank: 30000 }),
  ]
  const keys = (history: HistoryRow[]) =>
    buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu,
      history,
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
    }).map((o) => [o.key, o.granularity, o.majors.map((m) => m.row.name).join('+')])

  it('keeps every school one option listing its majors where no major line exists (浙江, 山东)', () => {
    expect(keys(schoolLines)).toEqual([
      ['s1', 'school', '法学+会计学'],
      ['s2', 'school', '土木工程'],
    ])
    // several majors to choose from, none with figures of its own
    const [school] = buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu,
      history: schoolLines,
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
    })
    expect(school?.majorLimit).toBe(SCHOOL_ITEM_MAJORS)
    expect(school?.majors.map((m) => m.estimate)).toEqual([undefined, undefined])
  })

  it('judges each major from its school’s line times its premium where premiums are given (浙江, 山东)', () => {
    const options = buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu,
      history: schoolLines,
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
      // 法学 sits at half its school's line elsewhere; 会计学 was never seen (the class's average shift)
      premiumOf: (r) => (r.name === '法学' ? 0.5 : undefined),
    })
    expect(options.map((o) => [o.key, o.granularity, o.majors.map((m) => m.row.name).join('+')])).toEqual([
      ['m1', 'major', '法学'],
      ['m2', 'major', '会计学'],
      ['m3', 'major', '土木工程'],
    ])
    const [law, accounting] = options
    const bias = DEFAULT_ESTIMATOR.bias
    expect(law?.estimate.expected).toBeCloseTo(20000 * 0.5 * bias, 6)
    expect(accounting?.estimate.expected).toBeCloseTo(
      20000 * DEFAULT_ESTIMATOR.classes['major<school'].shift * bias,
      6,
    )
    // every one of them carries the premium's surcharge, and names the school line it rests on
    for (const o of options) {
      expect(o.estimate.weak).toContain('premium')
      expect(o.estimate.latest.level).toBe('school')
      expect(o.majorLimit).toBeUndefined()
    }
    const plain = buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu,
      history: [...schoolLines, line({ sid: 2, group: '', level: 'major', name: '土木工程', rank: 28000 })],
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
      premiumOf: () => 0.5,
    })
    // a province with major lines never uses premiums
    expect(plain.every((o) => !o.estimate.weak.includes('premium'))).toBe(true)
  })

  it('makes each major an option where the province has major lines, judged from its school’s where it has none', () => {
    const withMajorLine = [
      ...schoolLines,
      line({ sid: 2, group: '', level: 'major', name: '土木工程', rank: 28000 }),
    ]
    expect(keys(withMajorLine)).toEqual([
      ['m1', 'major', '法学'],
      ['m2', 'major', '会计学'],
      ['m3', 'major', '土木工程'],
    ])
  })
})

describe('borrowed majors and the tiers', () => {
  // A group judged by its own lines; borrowed majors with far looser lines of their own.
  const menu = [row({ id: 10, sgInfos: '首选物理,再选化学' })]
  const history = [
    line({ year: 2024, rank: 10000 }),
    line({ year: 2023, rank: 10000 }),
    line({ level: 'major', name: '甲', rank: 30000 }),
  ]
  const build = (m: MenuRow[]) =>
    buildOptions({
      volunteerType: 2,
      targetYear: 2025,
      menu: m,
      history,
      ratioOf: () => ({ ratio: 1, basis: 'none' }),
    })

  it('are listed but do not move the group estimate', () => {
    const plain = build(menu)[0]
    const composed = build(composeMenu(menu, [], history, 2))[0]
    expect(composed?.majors.map((m) => m.row.name)).toEqual(['甲'])
    expect(composed?.estimate.expected).toBe(plain?.estimate.expected)
    expect(itemComposition(composed?.majors ?? [])).toBe('admitted_prev_year')
  })

  it('state no requirement of this year: a candidate the group admits keeps the group', () => {
    const composed = build(
      composeMenu(menu, [row({ id: 5, name: '生物', sgInfos: '首选物理,再选生物' })], [], 2),
    )
    const chosen = new Set(['物理', '化学', '地理'] as const)
    const classified = classify(composed, 10000, chosen as never, STRATEGIES[0] as never)
    expect(classified).toHaveLength(1)
    expect(classified[0]?.majors).toEqual([]) // the borrowed major the candidate may not take is not listed
  })
})

describe('formReady', () => {
  const option = (over: Record<string, unknown>) => ({
    option: { granularity: 'group', group: '专业组（01）', ...over },
  })
  it('asks for what the form asks for, by the kind of choice', () => {
    const major = { row: row({ name: '法学' }) }
    expect(formReady({ ...option({}), majors: [major] } as never, 2)).toBe(true)
    expect(formReady({ ...option({ group: '' }), majors: [major] } as never, 2)).toBe(false)
    expect(formReady({ ...option({}), majors: [] } as never, 2)).toBe(false)
    expect(formReady({ ...option({ granularity: 'major' }), majors: [major] } as never, 3)).toBe(true)
    expect(formReady({ ...option({ granularity: 'school' }), majors: [] } as never, 3)).toBe(false)
    expect(formReady({ ...option({ granularity: 'school' }), majors: [major] } as never, 1)).toBe(true)
  })

  it('each pick prefers a ready item within its own stretch of the tier, else takes the nearest', () => {
    const c = (i: number, ready: boolean): Classified =>
      ({
        option: { key: `g${i}`, sid: i, granularity: 'group', estimate: { expected: 1000 + i } },
        majors: ready ? [{}] : [],
        chance: 0.55 + i * 0.04,
        margin: 1,
        tier: 'wen',
      }) as never
    const pool = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => c(i, [0, 3, 5].includes(i)))
    const ready = (x: Classified) => x.majors.length > 0
    const keys = (n: number, r?: typeof ready) =>
      assembleList(pool, { chong: 0, wen: n, bao: 0 }, 1, 500, Number.POSITIVE_INFINITY, r)
        .wen.map((i) => i.classified.option.key)
        .sort()
    expect(keys(2)).toEqual(['g2', 'g6']) // evenly spaced, as without any preference
    expect(keys(2, ready)).toEqual(['g3', 'g5']) // the ready neighbours of those positions
    // g7's stretch holds no ready item: it stays, rather than a ready one from another part of the tier
    expect(keys(4, ready)).toEqual(['g0', 'g3', 'g5', 'g7'])
  })
})

import { describe, expect, it } from 'vitest'
import type { ScoreRankRow } from '../../src/domain/rank.js'
import {
  type ActualRow,
  actualLowestRank,
  admissionChance,
  assembleList,
  buildOptions,
  type Classified,
  checkBar,
  classify,
  cohortRatio,
  cohortSpread,
  DEFAULT_ESTIMATOR,
  emptyScore,
  estimateLowestRank,
  type HistoryRow,
  indexActual,
  type MenuRow,
  normalCdf,
  type Observation,
  pickMajors,
  planBatches,
  STRATEGIES,
  sampleRanks,
  spread,
  strategyOf,
  tierCounts,
  tierOf,
} from '../../src/features/smart-match/model/index.js'

const band = (low: number, high: number, num: number, total: number): ScoreRankRow => ({
  scoreLow: low,
  scoreHigh: high,
  num,
  total,
})

describe('cohortRatio (equal-percentile scaling)', () => {
  it('divides the last cumulative totals when the tables end at about the same score', () => {
    const y2025 = [band(600, 750, 1000, 1000), band(400, 599, 10000, 11000)]
    const y2024 = [band(600, 750, 900, 900), band(410, 599, 9100, 10000)]
    expect(cohortRatio(y2025, y2024)).toEqual({ ratio: 1.1, basis: 'total' })
  })
  it('counts both down to the higher floor when the tables stop at different scores', () => {
    const target = [band(600, 750, 1000, 1000), band(400, 599, 9000, 10000), band(100, 399, 5000, 15000)]
    const source = [band(600, 750, 800, 800), band(400, 599, 7200, 8000)]
    expect(cohortRatio(target, source)).toEqual({ ratio: 10000 / 8000, basis: 'common-floor' })
  })
  it('is 1 with basis none when a table is missing', () => {
    expect(cohortRatio(undefined, [band(600, 750, 1, 1)])).toEqual({ ratio: 1, basis: 'none' })
  })
})

describe('cohortSpread (two counts of the cohort that disagree)', () => {
  // 辽宁 历史类, rounded: 43,549 candidates in 2024 (25,455 at or above the 400 line), 56,324 in 2025 (26,916 at
  // or above the 437 line): the year added candidates mainly below the line.
  const y2024 = [band(600, 750, 1960, 1960), band(400, 599, 23495, 25455), band(150, 399, 18094, 43549)]
  const y2025 = [band(600, 750, 2025, 2025), band(437, 599, 24891, 26916), band(150, 436, 29408, 56324)]
  const ratio = cohortRatio(y2025, y2024)

  it('is the log difference between the ratio of all candidates and of those at or above the lines', () => {
    const withSpread = cohortSpread(ratio, y2025, y2024, 437, 400)
    expect(withSpread.ratio).toBe(ratio.ratio) // the scaling itself is unchanged
    expect(withSpread.spread).toBeCloseTo(Math.abs(Math.log(56324 / 43549) - Math.log(26916 / 25455)), 9)
    expect(withSpread.spread).toBeGreaterThan(0.19)
  })
  it('is absent without a line of either year or a known ratio', () => {
    expect(cohortSpread(ratio, y2025, y2024, undefined, 400).spread).toBeUndefined()
    expect(cohortSpread(ratio, y2025, y2024, 437, undefined).spread).toBeUndefined()
    const none = { ratio: 1, basis: 'none' } as const
    expect(cohortSpread(none, y2025, y2024, 437, 400).spread).toBeUndefined()
  })
  it('is 0 when both counts grow alike', () => {
    const twice = y2024.map((r) => band(r.scoreLow, r.scoreHigh, r.num * 2, r.total * 2))
    expect(cohortSpread(cohortRatio(twice, y2024), twice, y2024, 400, 400).spread).toBeCloseTo(0, 12)
  })
})

const total = { ratio: 1, basis: 'total' } as const
const obs = (
  year: number,
  rank: number,
  level: Observation['level'] = 'major',
  derived = false,
): Observation => ({
  year,
  rank,
  score: null,
  derived,
  level,
})
const estimate = (
  observations: Observation[],
  extra: Partial<Parameters<typeof estimateLowestRank>[0]> = {},
) =>
  estimateLowestRank({
    observations,
    targetYear: 2025,
    granularity: 'major',
    ratioOf: () => total,
    planPublished: true,
    siblings: 1,
    ...extra,
  })

/** Every expected rank is multiplied by the estimator's bias correction (estimate.ts). */
const BIAS = DEFAULT_ESTIMATOR.bias

describe('estimateLowestRank', () => {
  it('multiplies the weighted mean by the bias correction, and only by it', () => {
    const neutral = estimateLowestRank(
      {
        observations: [obs(2024, 10000)],
        targetYear: 2025,
        granularity: 'major',
        ratioOf: () => total,
        planPublished: true,
        siblings: 1,
      },
      { ...DEFAULT_ESTIMATOR, bias: 1 },
    )
    expect(neutral?.expected).toBeCloseTo(10000, 6)
    expect(estimate([obs(2024, 10000)])?.expected).toBeCloseTo(10000 * BIAS, 6)
    expect(BIAS).toBeGreaterThan(1)
  })
  it('scales each year by its cohort ratio and weights the latest year most', () => {
    const e = estimate([obs(2024, 10000), obs(2023, 20000)], {
      ratioOf: (y) => ({ ratio: y === 2024 ? 1.1 : 1, basis: 'total' }),
    })
    // log-mean with weights 1 (2024) and 0.5 (2023): exp((2 ln 11000 + ln 20000) / 3)
    expect(e?.expected).toBeCloseTo(Math.exp((2 * Math.log(11000) + Math.log(20000)) / 3) * BIAS, 6)
    expect(e?.years).toBe(2)
    expect(e?.used.map((o) => o.year)).toEqual([2024, 2023])
  })
  it('never uses the target year or years beyond the lookback', () => {
    expect(estimate([obs(2025, 5000), obs(2020, 5000)])).toBeUndefined()
    expect(estimate([obs(2025, 5000), obs(2024, 8000)])?.expected).toBeCloseTo(8000 * BIAS, 6)
  })
  it('widens the uncertainty for weak evidence', () => {
    const two = estimate([obs(2024, 10000), obs(2023, 10000)]) as NonNullable<ReturnType<typeof estimate>>
    const one = estimate([obs(2024, 10000)]) as NonNullable<ReturnType<typeof estimate>>
    const school = estimate([obs(2024, 10000, 'school')]) as NonNullable<ReturnType<typeof estimate>>
    const derived = estimate([obs(2024, 10000, 'major', true)]) as NonNullable<ReturnType<typeof estimate>>
    const unknown = estimate([obs(2024, 10000)], { ratioOf: () => ({ ratio: 1, basis: 'none' }) })
    expect(one.sigma).toBeGreaterThan(two.sigma)
    expect(school.sigma).toBeGreaterThan(one.sigma)
    expect(derived.sigma).toBeGreaterThan(one.sigma)
    expect(unknown?.sigma).toBeGreaterThan(one.sigma)
    expect(one.weak).toEqual(['single-year'])
    expect(school.weak).toContain('coarse:school')
  })
  it('widens a school line across an exam-mode reform more than a major line across it', () => {
    const reform = { ratioOf: () => ({ ratio: 1, basis: 'total' as const, reform: true }) }
    const sigma = (o: Observation, extra = {}) =>
      (estimate([o], extra) as NonNullable<ReturnType<typeof estimate>>).sigma
    const major = sigma(obs(2024, 10000))
    const majorReform = sigma(obs(2024, 10000), reform)
    const school = sigma(obs(2024, 10000, 'school'))
    const schoolReform = sigma(obs(2024, 10000, 'school'), reform)
    const { reform: r, reformCoarse: rc } = DEFAULT_ESTIMATOR
    expect(majorReform).toBeCloseTo(Math.sqrt(major ** 2 + r ** 2), 9)
    expect(schoolReform).toBeCloseTo(Math.sqrt(school ** 2 + r ** 2 + rc ** 2), 9)
    expect(rc).toBeGreaterThan(0)
  })
  it("counts 内蒙古's change of filing mechanism as a second reform", () => {
    const both = { ratioOf: () => ({ ratio: 1, basis: 'total' as const, reform: true, filingChange: true }) }
    const estimateOf = (o: Observation, extra = {}) =>
      estimate([o], extra) as NonNullable<ReturnType<typeof estimate>>
    const { reform: r, reformCoarse: rc } = DEFAULT_ESTIMATOR
    const major = estimateOf(obs(2024, 10000))
    const school = estimateOf(obs(2024, 10000, 'school'))
    const majorBoth = estimateOf(obs(2024, 10000), both)
    expect(majorBoth.weak).toEqual(['filing-mode', 'reform', 'single-year'])
    expect(majorBoth.sigma).toBeCloseTo(Math.sqrt(major.sigma ** 2 + 2 * r ** 2), 9)
    expect(estimateOf(obs(2024, 10000, 'school'), both).sigma).toBeCloseTo(
      Math.sqrt(school.sigma ** 2 + 2 * r ** 2 + 2 * rc ** 2),
      9,
    )
    // the expected rank is not moved: only its uncertainty
    expect(majorBoth.expected).toBeCloseTo(major.expected, 9)
  })
  it('adds a year’s cohort spread to its noise, and only its own year’s', () => {
    const sigma = (extra = {}) =>
      (estimate([obs(2024, 10000)], extra) as NonNullable<ReturnType<typeof estimate>>).sigma
    const plain = sigma()
    const spread2024 = sigma({ ratioOf: (y: number) => ({ ...total, spread: y === 2024 ? 0.2 : 0 }) })
    expect(spread2024).toBeCloseTo(Math.sqrt(plain ** 2 + (DEFAULT_ESTIMATOR.cohortSpread * 0.2) ** 2), 9)
    expect(sigma({ ratioOf: (y: number) => ({ ...total, spread: y === 2023 ? 0.2 : 0 }) })).toBeCloseTo(
      plain,
      12,
    )
    expect(
      estimate([obs(2024, 10000)], { ratioOf: () => ({ ...total, spread: 0.2 }) })?.expected,
    ).toBeCloseTo(10000 * BIAS, 6)
  })
  it('treats a school line as optimistic for one of its majors', () => {
    const school = estimate([obs(2024, 10000, 'school')])
    expect(school?.expected).toBeLessThan(10000)
    // its own line wins over the school's in the same year
    expect(estimate([obs(2024, 10000, 'school'), obs(2024, 6000)])?.expected).toBeCloseTo(6000 * BIAS, 6)
  })
  it('widens the top ranks, where a line moves a long way', () => {
    const top = estimate([obs(2024, 300)]) as NonNullable<ReturnType<typeof estimate>>
    const mid = estimate([obs(2024, 30000)]) as NonNullable<ReturnType<typeof estimate>>
    expect(top.sigma).toBeGreaterThan(mid.sigma)
  })
})

describe('admissionChance', () => {
  it('is a log-normal chance: 50 % at the expected rank, rising as the candidate gets better', () => {
    expect(admissionChance({ expected: 10000, sigma: 0.2 }, 10000)).toBeCloseTo(0.5, 6)
    expect(admissionChance({ expected: 10000, sigma: 0.2 }, 5000)).toBeGreaterThan(0.99)
    expect(admissionChance({ expected: 10000, sigma: 0.2 }, 20000)).toBeLessThan(0.01)
    expect(normalCdf(1.6448536)).toBeCloseTo(0.95, 5)
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5)
  })
})

describe('strategies', () => {
  it('has the four types with mixes summing to 1', () => {
    expect(STRATEGIES.map((s) => [s.type, s.name])).toEqual([
      [1, '冲稳保'],
      [2, '合理保守'],
      [3, '标准均衡'],
      [4, '激进冲刺'],
    ])
    for (const s of STRATEGIES) {
      expect(s.mix.chong + s.mix.wen + s.mix.bao).toBeCloseTo(1, 9)
      expect(s.bands.chong).toBeLessThan(s.bands.wen)
      expect(s.bands.wen).toBeLessThan(s.bands.bao)
    }
    expect(strategyOf(5)).toBeUndefined()
  })
  it('splits the number of choices without losing any', () => {
    const s1 = strategyOf(1)!
    expect(tierCounts(s1, 40)).toEqual({ chong: 12, wen: 16, bao: 12 })
    expect(tierCounts(strategyOf(2)!, 45)).toEqual({ chong: 9, wen: 22, bao: 14 })
    expect(tierCounts(s1, 1)).toEqual({ chong: 0, wen: 1, bao: 0 })
    for (const s of STRATEGIES)
      for (const n of [2, 3, 6, 9, 24, 30, 40, 45, 48, 80, 96, 112]) {
        const c = tierCounts(s, n)
        expect(c.chong + c.wen + c.bao).toBe(n)
        expect(Math.min(c.chong, c.wen, c.bao)).toBeGreaterThanOrEqual(0)
      }
  })
  it('tiers by chance, and keeps wasted safe options out of 保', () => {
    const s = strategyOf(1)!
    expect(tierOf(0.1, 0.7, s)).toBeUndefined()
    expect(tierOf(0.3, 0.9, s)).toBe('chong')
    expect(tierOf(0.7, 1.1, s)).toBe('wen')
    expect(tierOf(0.97, 1.5, s)).toBe('bao')
    expect(tierOf(0.999, 4, s)).toBeUndefined()
  })
})

describe('planBatches', () => {
  it('uses the batch as is, the rule batch, then its family', () => {
    const plans = ['本科批', '本科提前批', '专科批']
    expect(planBatches('本科批', '本科批', plans)).toEqual(['本科批'])
    expect(planBatches('本科一批', '本科一批', plans)).toEqual(['本科批'])
    expect(planBatches('普通类一段', '普通类一段', plans)).toEqual(['本科批'])
    expect(planBatches('普通类二段', '普通类二段', plans)).toEqual(['本科批', '专科批'])
    expect(planBatches('高职高专批', '专科批', plans)).toEqual(['专科批'])
    expect(planBatches('专科提前批', '专科提前批', plans)).toEqual([])
  })
})

// A small province: three schools with two groups each, outcomes of 2024, the plan of 2025.
const menu: MenuRow[] = []
const history: HistoryRow[] = []
let id = 1
for (const [sid, base] of [
  [1, 2000],
  [2, 8000],
  [3, 20000],
] as const) {
  for (const [g, req, factor] of [
    ['A', '首选物理,再选化学', 1],
    ['B', '首选物理,再选不限', 1.3],
  ] as const) {
    for (const [k, name] of ['甲', '乙', '丙'].entries()) {
      menu.push({
        id: id++,
        sid,
        group: `${sid}${g}`,
        name: `${name}${g}`,
        majorId: null,
        spcode: `0${k}`,
        num: 10,
        length: '四年',
        sgInfos: req,
      })
      history.push({
        sid,
        group: `${sid}${g}`,
        name: `${name}${g}`,
        majorId: null,
        year: 2024,
        rank: Math.round(base * factor * (1 + k / 10)),
        score: null,
        derived: false,
        level: 'major',
      })
    }
  }
}
const build = (volunteerType: 1 | 2 | 3) =>
  buildOptions({ volunteerType, targetYear: 2025, menu, history, ratioOf: () => total })

describe('buildOptions', () => {
  it('makes one option per school, group or major as the rule says', () => {
    expect(build(1).map((o) => o.key)).toEqual(['s1', 's2', 's3'])
    expect(build(2)).toHaveLength(6)
    expect(build(3)).toHaveLength(18)
    const group = build(2).find((o) => o.key === 'g1|1A')!
    // a group admits down to its least selective major
    expect(group.estimate.expected).toBeCloseTo(2400 * BIAS, 6)
    expect(group.majors.map((m) => m.row.name)).toEqual(['甲A', '乙A', '丙A'])
  })
  it('lists a major once when the plan holds it twice in one group (a plan row and its merged twin)', () => {
    const twin: MenuRow = { ...(menu[0] as MenuRow), id: 998 }
    const withTwin = (volunteerType: 2 | 3) =>
      buildOptions({ volunteerType, targetYear: 2025, menu: [...menu, twin], history, ratioOf: () => total })
    expect(
      withTwin(2)
        .find((o) => o.key === 'g1|1A')
        ?.majors.map((m) => m.row.name),
    ).toEqual(['甲A', '乙A', '丙A'])
    expect(withTwin(3)).toHaveLength(18)
  })
  it('leaves out options without any earlier outcome', () => {
    const extra: MenuRow = { ...(menu[0] as MenuRow), id: 999, sid: 9, group: '9A', name: '新' }
    const opts = buildOptions({
      volunteerType: 2,
      targetYear: 2025,
      menu: [...menu, extra],
      history,
      ratioOf: () => total,
    })
    expect(opts.some((o) => o.sid === 9)).toBe(false)
  })
  /** One group of the menu (its row and one major) with lines of its own, built as volunteerType 2 */
  const groupCase = (sid: number, sgInfos: string | null, majorName: string) => {
    const group = `${sid}X`
    const groupRow: MenuRow = { ...(menu[0] as MenuRow), id: sid * 100, sid, group, name: '', sgInfos }
    const major: MenuRow = { ...groupRow, id: sid * 100 + 1, name: majorName }
    const line = (
      name: string,
      year: number,
      rank: number,
      lineSgInfos: string | null = null,
    ): HistoryRow => ({
      ...(history[0] as HistoryRow),
      sid,
      group,
      name,
      year,
      rank,
      level: name === '' ? 'group' : 'major',
      sgInfos: lineSgInfos,
    })
    const build = (lines: HistoryRow[]) =>
      buildOptions({
        volunteerType: 2,
        targetYear: 2025,
        menu: [groupRow, major],
        history: lines,
        ratioOf: () => total,
      })
    return { major, line, build }
  }
  it('does not judge a group by a past group of the same name that required other subjects', () => {
    const { line, build } = groupCase(8, '不限', '汉语言')
    // 2024's 8X required 物理和化学: another group; 2023's was 不限, as now
    const [mixed] = build([line('', 2024, 2000, '物理和化学'), line('', 2023, 5000, '不限')])
    expect(mixed?.estimate.used.map((u) => u.year)).toEqual([2023])
    // an unknown requirement is no evidence of a different group
    const [unknown] = build([line('', 2024, 2000, null), line('', 2023, 5000, '不限')])
    expect(unknown?.estimate.used.map((u) => u.year).sort()).toEqual([2023, 2024])
  })
  it('does not judge a group by the lines of a code the school gave another programme the year before', () => {
    // 中国海洋大学 江苏 专业组（10）: 生物技术 (中外合作办学) in 2024's plan, 海洋科学(蓝梦拔尖人才实验班) in 2025's
    const { major, line } = groupCase(7, null, '海洋科学(蓝梦拔尖人才实验班)')
    const groupRow: MenuRow = { ...major, id: 700, name: '' }
    const now: MenuRow = { ...major, spcode: '070701' }
    const then = (name: string, spcode: string | null): MenuRow => ({ ...major, id: 790, name, spcode })
    const judge = (previous: MenuRow[]) =>
      buildOptions({
        volunteerType: 2,
        targetYear: 2025,
        menu: [groupRow, now],
        history: [line('', 2024, 16000), line('', 2023, 15000), line(now.name, 2023, 7000)],
        ratioOf: () => total,
        previousPlan: { year: 2024, rows: [{ ...groupRow, id: 789 }, ...previous] },
      })[0]?.estimate.used.map((u) => [u.year, u.rank])
    // another programme: its lines of 2024 and before go; the majors' own lines stay
    expect(judge([then('生物技术', '071002')])).toEqual([[2023, 7000]])
    // the same major under a bracket of another year, or one of the same 专业类: the same group
    expect(judge([then('海洋科学', null)])).toEqual([
      [2024, 16000],
      [2023, 15000],
    ])
    expect(judge([then('海洋技术', '070702')])).toHaveLength(2)
    // nothing known of the year before: no evidence of another programme
    expect(judge([])).toHaveLength(2)
  })
  it('judges a group by its own line in a year that has one, not by a major line below it', () => {
    // 哈尔滨师范大学 黑龙江 专业组（120） 2025: a group line of 489 (rank 35,963) and majors filed under it down to 360
    // (85,313), a later round's (征集) lines or another group's.
    const { major, line, build } = groupCase(6, null, '地理信息科学')
    const [judged] = build([
      line('', 2024, 36000),
      line(major.name, 2024, 85000),
      line(major.name, 2023, 80000),
    ])
    expect(judged?.estimate.used.map((u) => [u.year, u.rank, u.level])).toEqual([
      [2024, 36000, 'group'],
      // a year without a group line: the group admits down to its least selective major
      [2023, 80000, 'group'],
    ])
  })
  it('takes a line of the same catalogue id for a renamed major, never the line of another major on the plan', () => {
    // 中山大学 in 辽宁's 2025 plan: 临床医学(八年制) and 临床医学(深圳校区), one catalogue id; 2023 had one 临床医学,
    // the 八年制's. A 2023 row of a name no longer on the plan is the renamed major's former name.
    const base: MenuRow = { ...(menu[0] as MenuRow), sid: 5, group: '', majorId: 267, sgInfos: null }
    const eightYear: MenuRow = { ...base, id: 501, name: '临床医学(八年制)' }
    const shenzhen: MenuRow = { ...base, id: 502, name: '临床医学(深圳校区)' }
    const line = (name: string, rank: number): HistoryRow => ({
      ...(history[0] as HistoryRow),
      sid: 5,
      group: '',
      name,
      majorId: 267,
      year: 2024,
      rank,
      level: 'major',
    })
    const optionsOf = (lines: HistoryRow[]) =>
      buildOptions({
        volunteerType: 3,
        targetYear: 2025,
        menu: [eightYear, shenzhen],
        history: lines,
        ratioOf: () => total,
      })
    const own = optionsOf([line(eightYear.name, 1500)])
    expect(own.map((o) => o.majors[0]?.row.name)).toEqual([eightYear.name])
    const renamed = optionsOf([line('临床医学(深圳)', 9000)])
    expect(renamed.map((o) => [o.majors[0]?.row.name, o.estimate.used[0]?.rank])).toEqual([
      [eightYear.name, 9000],
      [shenzhen.name, 9000],
    ])
  })
  it('in a major province, makes a school whose plan lists no major one school option, judged by its line', () => {
    // 浙江 publishes school lines only: school 7's plan is one school row, with a school line the year before.
    const schoolRow: MenuRow = {
      ...(menu[0] as MenuRow),
      id: 700,
      sid: 7,
      group: '',
      name: '',
      sgInfos: '不限',
    }
    const schoolLine: HistoryRow = { ...(history[0] as HistoryRow), sid: 7, group: '', name: '', rank: 5000 }
    // School 1 also has a school row, but lists majors: its majors stay the options, the row is no extra one.
    const oneRow: MenuRow = { ...schoolRow, id: 701, sid: 1 }
    const opts = buildOptions({
      volunteerType: 3,
      targetYear: 2025,
      menu: [...menu, schoolRow, oneRow],
      history: [...history, { ...schoolLine, level: 'school' }],
      ratioOf: () => total,
    })
    expect(opts).toHaveLength(19)
    const school = opts.find((o) => o.sid === 7)
    expect(school).toMatchObject({ key: 's7', granularity: 'school', majors: [] })
    expect(school?.estimate.expected).toBeCloseTo(5000 * BIAS, 6)
    expect(opts.filter((o) => o.sid === 1).every((o) => o.granularity === 'major')).toBe(true)
  })
})

describe('classify and assembleList', () => {
  const s1 = strategyOf(1)!
  it("never makes a 保 of a group judged from its school's floor alone", () => {
    // School 9 has two groups and only a school line: the least selective group's line, an upper bound of each
    // group's lowest rank. Group 9B also has a line of its own.
    const row = (id: number, group: string): MenuRow => ({
      ...(menu[0] as MenuRow),
      id,
      sid: 9,
      group,
      name: '',
    })
    const line = (group: string, level: 'school' | 'group'): HistoryRow => ({
      ...(history[0] as HistoryRow),
      sid: 9,
      group,
      name: '',
      rank: 20000,
      level,
    })
    const options = buildOptions({
      volunteerType: 2,
      targetYear: 2025,
      menu: [row(900, '9A'), row(901, '9B')],
      history: [line('', 'school'), line('9B', 'group')],
      ratioOf: () => total,
    })
    const floorOnly = options.find((o) => o.group === '9A')
    expect(floorOnly?.estimate.weak).toContain('coarse:school:multi')
    const tiers = classify(options, 10000, null, s1).map((c) => [c.option.group, c.tier])
    // at rank 10000 both groups are safer than 90 % by their figures (97 %, 99 %); only 9B's own line may say so
    expect(tiers).toEqual([['9B', 'bao']])
    // as a 稳 or 冲 it stays listable
    expect(classify(options, 17000, null, s1).some((c) => c.option.group === '9A')).toBe(true)
  })
  it('filters by subject requirement and tiers by chance', () => {
    const all = classify(build(2), 6000, new Set(['物理', '生物', '地理'] as const), s1)
    expect(all.every((c) => c.option.group.endsWith('B'))).toBe(true)
    const withChem = classify(build(2), 6000, new Set(['物理', '化学', '生物'] as const), s1)
    expect(withChem.length).toBeGreaterThan(all.length)
    for (const c of withChem) expect(tierOf(c.chance, c.margin, s1)).toBe(c.tier)
  })
  it('honours a requirement stated only on the group row (江苏, 北京: majors without sg_infos)', () => {
    // The same menu, but the requirement moves from the major rows to one row per group (spname '').
    const groupRows: MenuRow[] = []
    const majors = menu.map((r) => ({ ...r, sgInfos: null }))
    for (const r of menu)
      if (!groupRows.some((g) => g.group === r.group))
        groupRows.push({ ...r, id: 1000 + r.id, name: '', spcode: null, sgInfos: r.sgInfos })
    const options = buildOptions({
      volunteerType: 2,
      targetYear: 2025,
      menu: [...majors, ...groupRows],
      history,
      ratioOf: () => total,
    })
    const noChem = classify(options, 6000, new Set(['物理', '生物', '地理'] as const), s1)
    expect(noChem.length).toBeGreaterThan(0)
    expect(noChem.every((c) => c.option.group.endsWith('B'))).toBe(true)
    const withChem = classify(options, 6000, new Set(['物理', '化学', '生物'] as const), s1)
    expect(withChem.some((c) => c.option.group.endsWith('A'))).toBe(true)
    expect(options.find((o) => o.key === 'g1|1A')?.requirements).toEqual([
      { first: '物理', clauses: [['化学']] },
    ])
  })
  it('gives a candidate at the very top the most selective options as 保 instead of nothing', () => {
    // Rank 1: every option is safe and, against the rank alone, wasted.
    expect(classify(build(2), 1, null, s1)).toEqual([])
    const top = classify(build(2), 1, null, s1, 2)
    expect(top.every((c) => c.tier === 'bao')).toBe(true)
    // The limit is measured from the 2nd most selective option (1A, 1B), so the 8000s of school 2 stay out.
    expect(top.map((c) => c.option.key).sort()).toEqual(['g1|1A', 'g1|1B'])
    // An ordinary candidate is unaffected: the choices-th most selective option lies above their rank.
    expect(classify(build(2), 6000, null, s1, 2)).toEqual(classify(build(2), 6000, null, s1))
  })
  it('respects the counts and the majors per item, most selective first, deterministically', () => {
    const classified = classify(build(2), 6000, null, s1)
    const a = assembleList(classified, { chong: 1, wen: 1, bao: 1 }, 2, 6000, s1.baoPrefer)
    const b = assembleList([...classified].reverse(), { chong: 1, wen: 1, bao: 1 }, 2, 6000, s1.baoPrefer)
    expect(a.chong.length + a.wen.length + a.bao.length).toBeLessThanOrEqual(3)
    for (const item of [...a.chong, ...a.wen, ...a.bao]) {
      expect(item.majors.length).toBeLessThanOrEqual(2)
      const ranks = item.majors.map((m) => m.entry.estimate!.expected)
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y))
    }
    const keys = (l: typeof a) => [...l.chong, ...l.wen, ...l.bao].map((i) => i.classified.option.key)
    expect(keys(b)).toEqual(keys(a))
  })
  it('spreads picks evenly over a tier and caps one school', () => {
    const pool = Array.from(
      { length: 10 },
      (_, i) => ({ option: { sid: i < 6 ? 1 : i } }) as unknown as Classified,
    )
    expect(spread(pool, 3, Number.POSITIVE_INFINITY).map((c) => pool.indexOf(c))).toEqual([1, 5, 8])
    const capped = spread(pool, 4, 1).map((c) => c.option.sid)
    expect(new Set(capped).size).toBe(4)
  })
  it('keeps the likeliest majors of an item, then lists them most selective first', () => {
    const group = build(2).find((o) => o.key === 'g2|2A')!
    const picked = pickMajors(group.majors, 2, 20000)
    expect(picked.map((m) => m.entry.row.name)).toEqual(['乙A', '丙A'])
  })
})

describe('backtest scoring', () => {
  it('compares an option with what the year admitted', () => {
    const options = build(2)
    const option = options.find((o) => o.key === 'g1|1A')!
    const rows: ActualRow[] = option.majors.map((m, i) => ({
      id: m.row.id,
      sid: 1,
      group: '1A',
      name: m.row.name,
      rank: 2500 + i * 100,
      level: 'major',
    }))
    const actual = indexActual(rows)
    expect(actualLowestRank(option, actual)).toBe(2700)
    expect(actualLowestRank(options.find((o) => o.key === 'g2|2A')!, actual)).toBeUndefined()
    const withGroup = indexActual([
      ...rows,
      { id: 0, sid: 1, group: '1A', name: '', rank: 3000, level: 'group' },
    ])
    expect(actualLowestRank(option, withGroup)).toBe(3000)
  })
  it('samples ranks deterministically and checks the bar', () => {
    expect(sampleRanks(1000, 2000, 4)).toEqual([1125, 1375, 1625, 1875])
    const score = emptyScore()
    score.bao = { items: 10, compared: 10, admitted: 10, ratios: [0.6, 0.7] }
    score.wen = { items: 10, compared: 10, admitted: 7, ratios: [] }
    score.chong = { items: 10, compared: 10, admitted: 3, ratios: [] }
    expect(checkBar(score)).toEqual({ pass: true, failures: [] })
    score.bao.admitted = 9
    expect(checkBar(score).failures).toEqual(['保 90.0% < 93%'])
  })
})

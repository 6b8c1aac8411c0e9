import type { Db } from '../../data/db.js'
import { lookupTable } from '../../domain/lookup.js'
import { findProvince } from '../../domain/provinces.js'
import { ApiError, badRequest } from '../../errors.js'
import { defaultBatch } from './defaults.js'
import {
  type ActualIndex,
  type BacktestScore,
  classify,
  DEFAULT_ESTIMATOR,
  type EstimatorParams,
  emptyScore,
  indexActual,
  parseXuanke,
  type Strategy,
  sampleRanks,
  scoreList,
  TIERS,
} from './model/index.js'
import { actualRows, findRule, provincesWithOutcomes, rankTableCategories } from './queries.js'
import { cutList, levelOf, loadUniverse, noRuleError, type Universe, volunteerTypeOf } from './run.js'

/**
 * The backtest: candidates spread over a year's ranks get lists built only from earlier years' outcomes (the
 * very pipeline of smart-match), and each item is compared with what that year actually admitted.
 */

export interface BacktestOptions {
  province: string
  year: number
  samples: number
  batch?: string
  /** A first choice (物理 / 历史 ...) to test one category only; default: every ordinary category of the year */
  subject?: string
  /** Subjects of the sampled candidates; default per category: 物理,化学,生物 or 历史,政治,地理 */
  xuanke?: string
  strategy: Strategy
  params?: EstimatorParams
  /** Read a 专业+院校 province's major lines as school lines (UniverseOptions.hideMajorLines) */
  hideMajorLines?: boolean
  /** Sees each category's options and what the year admitted (calibration scripts: scripts/smart-match-bias.mjs) */
  inspect?: (category: string, universe: Universe, actual: ActualIndex) => void
}

export interface BacktestRow {
  province: string
  category: string
  batch: string
  volunteerType: number
  candidates: number
  /** The sampled rank range */
  from: number
  to: number
  score: BacktestScore
  /**
   * No major line to compare a major with (Universe.noMajorLines: 浙江, 山东): the lists tested are of schools,
   * whose school lines the product's majors are judged from; the majors' premiums are not tested here.
   */
  schoolItems: boolean
  /** Majors judged from school lines and premiums (hideMajorLines), compared with their own lines */
  premiumMajors: boolean
}

const ORDINARY = ['物理类', '历史类', '理科', '文科', '综合']
const DEFAULT_XUANKE: Record<string, string> = lookupTable({
  物理类: '物理,化学,生物',
  理科: '物理,化学,生物',
  历史类: '历史,政治,地理',
  文科: '历史,政治,地理',
  综合: '物理,化学,生物',
})
const SUBJECT_CATEGORIES: Record<string, string[]> = lookupTable({
  物理: ['物理类', '理科'],
  历史: ['历史类', '文科'],
  综合: ['综合'],
})

/** Provinces with outcomes (ranks) in the year and in at least one earlier year within the lookback. */
export async function backtestProvinces(
  db: Db,
  year: number,
  lookback = DEFAULT_ESTIMATOR.lookback,
): Promise<string[]> {
  const provinces = await provincesWithOutcomes(db, ORDINARY, year - lookback, year)
  const order = (p: string) => findProvince(p)?.code ?? p
  return provinces.sort((a, b) => order(a).localeCompare(order(b)))
}

async function yearCategories(db: Db, province: string, year: number): Promise<string[]> {
  const held = await rankTableCategories(db, province, year, ORDINARY)
  return ORDINARY.filter((k) => held.includes(k))
}

/** The q-quantile of sorted numbers. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] as number

export async function backtestProvince(db: Db, opts: BacktestOptions): Promise<BacktestRow[]> {
  const province = findProvince(opts.province)
  if (!province) throw badRequest(`未知省份: ${opts.province}`)
  const batch = opts.batch ?? (await defaultBatch(db, province.name, opts.year))
  if (batch === undefined) throw noRuleError({ province: opts.province, batch: '本科批' })
  const rule = await findRule(db, province.name, batch, opts.year)
  if (!rule) throw noRuleError({ province: opts.province, batch })
  let categories = await yearCategories(db, province.name, opts.year)
  if (opts.subject) {
    const wanted = SUBJECT_CATEGORIES[opts.subject] ?? [opts.subject]
    categories = categories.filter((c) => wanted.includes(c))
  }
  const out: BacktestRow[] = []
  for (const category of categories) {
    const universe = await loadUniverse(
      db,
      { batch, rankYear: opts.year },
      { province, rule, category },
      {
        bypassCache: true,
        params: opts.params ?? DEFAULT_ESTIMATOR,
        schoolItems: !opts.hideMajorLines,
        hideMajorLines: opts.hideMajorLines === true,
      },
    )
    if (!universe || universe.options.length === 0) continue
    const actual = indexActual(await actualRows(db, universe.scope, opts.year, levelOf(rule) === '本科'))
    opts.inspect?.(category, universe, actual)
    const expected = universe.options.map((o) => o.estimate.expected).sort((a, b) => a - b)
    const from = Math.round(quantile(expected, 0.02))
    const to = Math.round(quantile(expected, 0.9))
    const chosen = parseXuanke(opts.xuanke ?? DEFAULT_XUANKE[category] ?? '')
    const score = emptyScore()
    const ranks = sampleRanks(from, to, opts.samples)
    for (const rank of ranks) {
      const classified = classify(universe.options, rank, chosen, opts.strategy, rule.volunteer_num_max)
      scoreList(cutList(classified, rule, rank, opts.strategy), rank, actual, score)
    }
    out.push({
      province: province.name,
      category,
      batch: rule.batch_name,
      volunteerType: volunteerTypeOf(rule),
      candidates: ranks.length,
      from,
      to,
      score,
      schoolItems: universe.noMajorLines && !opts.hideMajorLines,
      premiumMajors: universe.noMajorLines && opts.hideMajorLines === true,
    })
  }
  return out
}

export interface BacktestRun {
  rows: BacktestRow[]
  /** Provinces with nothing to compare: no outcome at the level of their items, or (with `tolerant`) no rule */
  noData: string[]
}

/**
 * The backtest of several provinces, as `gaokao smart-match backtest --all` runs it. A province whose items have no
 * outcome at their level (山东 2025: school lines only, for lists of majors) is listed as having no data rather
 * than judged on nothing; with `tolerant`, so is a province without a rule for the batch. `onProvince` hears of
 * each province before it is tested and once when all are (done = provinces.length), for the CLI's progress.
 */
export async function backtestMany(
  db: Db,
  provinces: readonly string[],
  opts: Omit<BacktestOptions, 'province'>,
  tolerant: boolean,
  onProvince?: (done: number, total: number, province: string) => void,
): Promise<BacktestRun> {
  const run: BacktestRun = { rows: [], noData: [] }
  for (const [done, province] of provinces.entries()) {
    onProvince?.(done, provinces.length, province)
    let rows: BacktestRow[] = []
    try {
      rows = await backtestProvince(db, { ...opts, province })
    } catch (err) {
      if (!tolerant || !(err instanceof ApiError)) throw err
    }
    rows = rows.filter((r) => TIERS.some((t) => r.score[t].compared > 0))
    if (rows.length === 0) run.noData.push(province)
    run.rows.push(...rows)
  }
  onProvince?.(provinces.length, provinces.length, '')
  return run
}

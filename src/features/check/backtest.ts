import type { Db } from '../../data/db.js'
import { ApiError } from '../../errors.js'
import { backtestProvince, backtestProvinces } from '../smart-match/backtest.js'
import { defaultBatch } from '../smart-match/defaults.js'
import {
  type ActualIndex,
  actualLowestRank,
  calibratedAt,
  classify,
  normalCdf,
  type Option,
  parseXuanke,
  type Strategy,
  sampleRanks,
  strategyOf,
} from '../smart-match/model/index.js'
import { findRule, type RuleRow } from '../smart-match/queries.js'
import { cutList, type Universe } from '../smart-match/run.js'
import { evidenceKey, optionChoice } from './model/choices.js'
import { errorCdf, fitCalibration, fitProbit, type Residual } from './model/measure.js'
import { CHECK_PARAMS, type CheckParams } from './model/params.js'
import { seededRandom, seedOf } from './model/random.js'
import { simulateFiling } from './model/simulate.js'

/**
 * The check's backtest (`gaokao check backtest --year 2025`): for candidates spread over each province's and
 * category's ranks (smart-match's backtest sampling), lists are built from earlier years only — smart-match's own
 * list, and perturbed ones — and checked as the endpoint checks them; each list's predicted P(滑档) and each
 * choice's P(it is the one that admits) are then compared with what the year admitted: a choice admits when the
 * candidate's rank is at or better than its actual lowest rank, and the one that admits is the first such in the
 * list's order (平行志愿). Only the filing is tested: no source says which major of a group a candidate got.
 *
 * The lists (`variant`):
 * - `smart`: smart-match's list (strategy 冲稳保), 冲 then 稳 then 保, each from the most selective down;
 * - `reordered`: the same choices in a random order (safer choices before riskier ones);
 * - `fewer_bao`: its 冲 and 稳 only;
 * - `chong_only`: its 冲 only;
 * - `few`: one to three of its choices, drawn at random, in the list's order.
 * A listed option without an outcome in the year cannot be judged: it is left out of the list before the check (the
 * check and the outcome then see the same list). That uses the year's data to know which options published a line,
 * never what the line was.
 *
 * Results (`gaokao check backtest --year 2025`: 50 candidates per province and category, 2,000 draws per list;
 * 30 provinces, 13,190 lists, 351,404 choices; model/params.ts's figures, all from 2024, measured again on 2024
 * on 2026-11-27 after that day's dataset fixes and smart-match's changes). The Brier score of "choice i admits" is
 * 0.024 pooled and at most 0.101 in any province (新疆; 吉林 0.081, 云南 0.060, every other under 0.05): within the
 * issue's 0.12. P(滑档), predicted against realised, by band: 0-1 % 0.1 / 0.2 % (8,362 lists); 1-3 % 1.9 / 2.6
 * (658); 3-7 % 4.5 / 3.6 (716); 7-15 % 11.4 / 13.3 (1,448); 15-30 % 20.4 / 19.7 (841); 30-50 % 40.1 / 43.8 (463);
 * 50-70 % 59.0 / 63.4 (372); 70-90 % 79.7 / 82.9 (275); 90-100 % 91.8 / 85.5 (55). The issue's bar (within 3
 * points in each band of 200 lists or more) is NOT met in three bands (30-50: 3.8 points, 50-70: 4.5, 70-90: 3.2,
 * too few 滑档 predicted; one band by 5.7 before smart-match's changes of 2026-11-27 and the figures measured
 * again for them, three by 3.4-3.8 before the dataset fixes, four by 3.0-8.5 with the first of them alone). Why:
 * 2025's lines were more selective than their estimates by more than 2024's were (the same calibration fit on 2025
 * gives a bias of −0.10 σ against 2024's −0.08), a shift of the whole year that moves every pooled band at once,
 * and 2025's lists failed together more often than 2024's shared shifts allow (docs/check.md); on 2024 itself
 * (in-sample for the fitted width and bias) the misses go the other way (15-30 % 20.2 / 13.3, 50-70 % 59.0 /
 * 53.0). Nothing was tuned on 2025.
 */

export type ListVariant = 'smart' | 'reordered' | 'fewer_bao' | 'chong_only' | 'few'
export const VARIANTS: readonly ListVariant[] = ['smart', 'reordered', 'fewer_bao', 'chong_only', 'few']

export interface CheckBacktestOptions {
  year: number
  /** Default: every province with outcomes in the year and before (smart-match's backtestProvinces) */
  provinces?: readonly string[]
  /** Candidates per province and category */
  samples?: number
  /** Simulated years per list */
  draws?: number
  params?: CheckParams
  /** Hears of each province as its turn comes (`done` of `total` finished before it), and once at the end */
  onProvince?: (done: number, total: number, province: string) => void
}

/** P(滑档) bands, as fractions: [from, to) */
export const SLIDE_BANDS: readonly (readonly [number, number])[] = [
  [0, 0.01],
  [0.01, 0.03],
  [0.03, 0.07],
  [0.07, 0.15],
  [0.15, 0.3],
  [0.3, 0.5],
  [0.5, 0.7],
  [0.7, 0.9],
  [0.9, 1.0001],
]

export interface Band {
  from: number
  to: number
  lists: number
  /** Mean predicted P(滑档) of the band's lists */
  predicted: number
  /** Share of them that slid (no choice admitted) */
  realised: number
}

export interface Tally {
  lists: number
  choices: number
  /** Brier score of "choice i is the one that admits" (the answer's per-choice figure), over every listed choice */
  brier: number
  /** Brier score of "choice i alone would admit" (its chance, whatever the others do) */
  brierAlone: number
  predictedSlide: number
  realisedSlide: number
}

/** Reliability of "choice i alone would admit": predicted chance in tenths against how often it did */
export interface ReliabilityBin {
  from: number
  to: number
  choices: number
  predicted: number
  realised: number
}

export interface CheckBacktestReport {
  year: number
  samples: number
  draws: number
  bands: Band[]
  reliability: ReliabilityBin[]
  /**
   * The items of smart-match's own lists (variant smart): the estimate's Φ(z), which draws the tiers, and the chance
   * an item shows (smart-match/model/calibration.ts), each against how often the item admitted, with its Brier score.
   */
  items: { estimate: ReliabilityBin[]; shown: ReliabilityBin[]; brierEstimate: number; brierShown: number }
  /**
   * The probit fit of the smart-match lists' choices (fitProbit): the σ width and bias that would have calibrated
   * this year's chances. Fitted on 2024, it gives model/params.ts's sigmaScale and meanShift; on 2025 it is only
   * reported.
   */
  calibration: { width: number; bias: number; n: number }
  /**
   * The same under the simulation's own error shape (fitCalibration: normal shifts and a Student-t own error): the
   * sigmaScale and meanShift that would have calibrated this year's chances best (least Brier score of "alone").
   */
  fit: { width: number; bias: number; brier: number; n: number }
  provinces: (Tally & { province: string })[]
  variants: (Tally & { variant: ListVariant })[]
  pooled: Tally
  /** Provinces with nothing to compare (no rule, no outcome at their items' level) */
  noData: string[]
  bar: { pass: boolean; failures: string[] }
}

/** The bar: in each band of at least 200 lists, realised 滑档 within 3 points of predicted; Brier ≤ 0.12. */
export const BAR = { bandLists: 200, bandPoints: 0.03, brier: 0.12 } as const

const DEFAULT_XUANKE: Readonly<Record<string, string>> = {
  物理类: '物理,化学,生物',
  理科: '物理,化学,生物',
  历史类: '历史,政治,地理',
  文科: '历史,政治,地理',
  综合: '物理,化学,生物',
}

/** One category's options and outcomes, as smart-match's backtest builds them (earlier years only). */
interface CategoryData {
  province: string
  category: string
  rule: RuleRow
  universe: Universe
  actual: ActualIndex
}

/**
 * Calls `each` with every province's and category's options of the year (built from earlier years) and what the
 * year admitted; returns the provinces without either.
 */
async function eachCategory(
  db: Db,
  year: number,
  provinces: readonly string[] | undefined,
  each: (data: CategoryData) => void,
  onProvince?: CheckBacktestOptions['onProvince'],
): Promise<string[]> {
  const strategy = strategyOf(1) as Strategy
  const noData: string[] = []
  const list = provinces ?? (await backtestProvinces(db, year))
  for (const [done, province] of list.entries()) {
    onProvince?.(done, list.length, province)
    const batch = await defaultBatch(db, province, year)
    const rule = batch === undefined ? undefined : await findRule(db, province, batch, year)
    if (!rule || batch === undefined) {
      noData.push(province)
      continue
    }
    let seen = 0
    try {
      await backtestProvince(db, {
        province,
        year,
        batch,
        samples: 1,
        strategy,
        inspect(category, universe, actual) {
          seen++
          each({ province, category, rule, universe, actual })
        },
      })
    } catch (err) {
      if (!(err instanceof ApiError)) throw err
    }
    if (seen === 0) noData.push(province)
  }
  onProvince?.(list.length, list.length, '')
  return noData
}

/** Each option's error against the year's outcome (model/measure.ts), for every province and category. */
export async function collectResiduals(
  db: Db,
  year: number,
  provinces?: readonly string[],
): Promise<Residual[]> {
  const out: Residual[] = []
  await eachCategory(db, year, provinces, ({ province, category, universe, actual }) => {
    for (const o of universe.options) {
      const a = actualLowestRank(o, actual)
      if (a === undefined) continue
      out.push({
        cohort: `${province}|${year}|${category}`,
        school: o.sid,
        evidence: `${o.sid}|${evidenceKey(o.estimate)}`,
        error: Math.log(a / o.estimate.expected),
        sigma: o.estimate.sigma,
        expected: o.estimate.expected,
        coarse: o.estimate.used.every((u) => u.level !== o.granularity),
      })
    }
  })
  return out
}

const emptyTally = (): Tally => ({
  lists: 0,
  choices: 0,
  brier: 0,
  brierAlone: 0,
  predictedSlide: 0,
  realisedSlide: 0,
})

export async function checkBacktest(db: Db, opts: CheckBacktestOptions): Promise<CheckBacktestReport> {
  const samples = opts.samples ?? 50
  const draws = opts.draws ?? 2000
  const params = opts.params ?? CHECK_PARAMS
  const strategy = strategyOf(1) as Strategy
  const bands = SLIDE_BANDS.map(([from, to]) => ({ from, to, lists: 0, predicted: 0, realised: 0 }))
  const byProvince = new Map<string, Tally>()
  const byVariant = new Map<ListVariant, Tally>(VARIANTS.map((v) => [v, emptyTally()]))
  const pooled = emptyTally()
  const reliability = tenths()
  const xs: number[] = []
  const ys: boolean[] = []
  const noData = await eachCategory(
    db,
    opts.year,
    opts.provinces,
    (data) => {
      const { province, category, rule, universe, actual } = data
      const expected = universe.options.map((o) => o.estimate.expected).sort((a, b) => a - b)
      const q = (p: number) =>
        expected[Math.min(expected.length - 1, Math.floor(p * (expected.length - 1)))] ?? 0
      const chosen = parseXuanke(DEFAULT_XUANKE[category] ?? '')
      const outcomeOf = new Map<Option, number | undefined>()
      const outcome = (o: Option) => {
        if (!outcomeOf.has(o)) outcomeOf.set(o, actualLowestRank(o, actual))
        return outcomeOf.get(o)
      }
      for (const rank of sampleRanks(Math.round(q(0.02)), Math.round(q(0.9)), samples)) {
        const classified = classify(universe.options, rank, chosen, strategy, rule.volunteer_num_max)
        const list = cutList(classified, rule, rank, strategy)
        const tiers = {
          chong: list.chong.map((i) => i.classified.option),
          wen: list.wen.map((i) => i.classified.option),
          bao: list.bao.map((i) => i.classified.option),
        }
        const key = `${province}|${category}|${rank}`
        for (const variant of VARIANTS) {
          const options = variantOf(variant, tiers, seedOf(`${key}|${variant}`)).filter(
            (o) => outcome(o) !== undefined,
          )
          if (options.length === 0) continue
          const result = simulateFiling(
            options.map((o) => optionChoice(o)),
            rank,
            {
              draws,
              params,
              seed: seedOf(`${key}|${variant}|draws`),
            },
          )
          const admits = options.map((o) => rank <= (outcome(o) as number))
          if (variant === 'smart')
            options.forEach((o, i) => {
              xs.push((Math.log(o.estimate.expected) - Math.log(rank)) / o.estimate.sigma)
              ys.push(admits[i] === true)
            })
          const first = admits.indexOf(true)
          const tally = (t: Tally) => {
            t.lists++
            t.predictedSlide += result.slide
            t.realisedSlide += first < 0 ? 1 : 0
            result.choices.forEach((c, i) => {
              t.choices++
              t.brier += (c.filed - (i === first ? 1 : 0)) ** 2
              t.brierAlone += (c.alone - (admits[i] ? 1 : 0)) ** 2
            })
          }
          result.choices.forEach((c, i) => {
            const bin = reliability[Math.min(9, Math.floor(c.alone * 10))]
            if (!bin) return
            bin.choices++
            bin.predicted += c.alone
            bin.realised += admits[i] ? 1 : 0
          })
          tally(pooled)
          tally(byVariant.get(variant) as Tally)
          let p = byProvince.get(province)
          if (!p) {
            p = emptyTally()
            byProvince.set(province, p)
          }
          tally(p)
          const band = bands.find((b) => result.slide >= b.from && result.slide < b.to)
          if (band) {
            band.lists++
            band.predicted += result.slide
            band.realised += first < 0 ? 1 : 0
          }
        }
      }
    },
    opts.onProvince,
  )
  const done = (t: Tally): Tally => ({
    ...t,
    brier: t.choices ? t.brier / t.choices : Number.NaN,
    brierAlone: t.choices ? t.brierAlone / t.choices : Number.NaN,
    predictedSlide: t.lists ? t.predictedSlide / t.lists : Number.NaN,
    realisedSlide: t.lists ? t.realisedSlide / t.lists : Number.NaN,
  })
  const report: CheckBacktestReport = {
    year: opts.year,
    samples,
    draws,
    bands: bands.map((b) => ({
      ...b,
      predicted: b.lists ? b.predicted / b.lists : Number.NaN,
      realised: b.lists ? b.realised / b.lists : Number.NaN,
    })),
    reliability: averaged(reliability),
    items: itemReliability(xs, ys),
    calibration: fitProbit(xs, ys),
    fit: fitCalibration(
      xs,
      ys,
      errorCdf(
        params.cohortShare + params.bandShare + params.schoolShare + params.evidenceShare,
        params.ownDegrees,
      ),
    ),
    provinces: [...byProvince].map(([province, t]) => ({ province, ...done(t) })),
    variants: [...byVariant].map(([variant, t]) => ({ variant, ...done(t) })),
    pooled: done(pooled),
    noData,
    bar: { pass: true, failures: [] },
  }
  report.bar = barOf(report)
  return report
}

/** Empty bins of chance in tenths, to count predicted and realised sums into */
const tenths = (): ReliabilityBin[] =>
  Array.from({ length: 10 }, (_, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    choices: 0,
    predicted: 0,
    realised: 0,
  }))

/** The bins' sums as averages */
const averaged = (bins: readonly ReliabilityBin[]): ReliabilityBin[] =>
  bins.map((b) => ({
    ...b,
    predicted: b.choices ? b.predicted / b.choices : Number.NaN,
    realised: b.choices ? b.realised / b.choices : Number.NaN,
  }))

/** Reliability in tenths of two chances of the same items (z as in fitProbit; admitted or not), and their Brier. */
function itemReliability(xs: readonly number[], ys: readonly boolean[]): CheckBacktestReport['items'] {
  const of = (chance: (z: number) => number) => {
    const bins = tenths()
    let brier = 0
    xs.forEach((z, i) => {
      const c = chance(z)
      const hit = ys[i] === true ? 1 : 0
      const bin = bins[Math.min(9, Math.floor(c * 10))] as ReliabilityBin
      bin.choices++
      bin.predicted += c
      bin.realised += hit
      brier += (c - hit) ** 2
    })
    return { bins: averaged(bins), brier: xs.length ? brier / xs.length : Number.NaN }
  }
  const estimate = of(normalCdf)
  const shown = of(calibratedAt)
  return {
    estimate: estimate.bins,
    shown: shown.bins,
    brierEstimate: estimate.brier,
    brierShown: shown.brier,
  }
}

/** The bar on a report (pooled over its provinces). */
export function barOf(report: Pick<CheckBacktestReport, 'bands' | 'pooled'>): {
  pass: boolean
  failures: string[]
} {
  const failures: string[] = []
  for (const b of report.bands) {
    if (b.lists < BAR.bandLists) continue
    if (!(Math.abs(b.realised - b.predicted) <= BAR.bandPoints))
      failures.push(
        `P(滑档) ${pct(b.from)}-${pct(Math.min(1, b.to))}: 预测 ${pct(b.predicted)}, 实际 ${pct(b.realised)} (${b.lists} 张表)`,
      )
  }
  if (!(report.pooled.brier <= BAR.brier))
    failures.push(`Brier ${report.pooled.brier.toFixed(3)} > ${BAR.brier}`)
  return { pass: failures.length === 0, failures }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

/** A list of the variant from smart-match's tiers, in filing order. */
export function variantOf(
  variant: ListVariant,
  tiers: { chong: Option[]; wen: Option[]; bao: Option[] },
  seed: number,
): Option[] {
  const all = [...tiers.chong, ...tiers.wen, ...tiers.bao]
  switch (variant) {
    case 'smart':
      return all
    case 'reordered':
      return shuffled(all, seed)
    case 'fewer_bao':
      return [...tiers.chong, ...tiers.wen]
    case 'chong_only':
      return [...tiers.chong]
    case 'few': {
      const random = seededRandom(seed)
      const k = Math.min(all.length, 1 + Math.floor(random.uniform() * 3))
      const picked = new Set(
        shuffled(
          all.map((_, i) => i),
          seed ^ 0x9e3779b9,
        ).slice(0, k),
      )
      return all.filter((_, i) => picked.has(i))
    }
  }
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random.uniform() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

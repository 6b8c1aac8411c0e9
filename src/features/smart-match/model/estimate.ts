import type { CohortRatio } from './cohort.js'

/**
 * The expected lowest admitted rank of an option in the candidate's year, and how uncertain it is.
 *
 * Each earlier year's lowest rank is scaled to the candidate's year (cohort.ts) and the scaled ranks are averaged
 * in log space with weights that halve for every year further back, so last year counts most. What an observation
 * is the lowest rank of matters: a major's own line, a group's, or a whole school's (the lowest of all its
 * majors). Each pairing of option and evidence — an "evidence class" such as major<school, a major judged from its
 * school's line — has its own shift (a school's line is optimistic for any one of its majors) and its own
 * year-to-year noise, measured on the data (docs/smart-match.md, "Expected lowest rank" and "Chance and tiers"),
 * larger when only one year is known. The uncertainty σ (log scale) adds to that noise the disagreement between
 * the years, a term for the top ranks (where one student more or less moves a line a long way), and surcharges for
 * ranks derived from scores, an unknown cohort ratio, each reform crossed (exam mode, filing mechanism) and an
 * option list that is not the year's own published plan.
 *
 * The chance of admission is then P(lowest rank in Y >= candidate's rank) under a log-normal model:
 * Φ((ln E − ln r) / σ).
 */

export type Granularity = 'major' | 'group' | 'school'

export interface Observation {
  year: number
  /** Lowest admitted rank as published (or derived) in that year */
  rank: number
  /** Lowest admitted score, for display */
  score: number | null
  derived: boolean
  /** What the rank is the lowest of */
  level: Granularity
  /** A group line's subject requirement that year (requirementKey), when known: a group of the same name that
   * required other subjects was another group */
  requirement?: string
}

/**
 * `<option granularity><<evidence level>`, e.g. `major<school`; `group<school:multi` is one of several groups of
 * a school judged from the whole school's line (the school's line is its least selective group's).
 */
export type EvidenceClass = `${Granularity}<${Granularity}` | 'group<school:multi'

export interface ClassParams {
  /** Multiplies the scaled rank (below 1: the evidence is optimistic for the option) */
  shift: number
  /** Year-to-year noise σ with two or more years of evidence */
  sigma: number
  /** ... with one year only */
  sigmaSingle: number
}

export interface EstimatorParams {
  /**
   * Multiplies every expected rank: the estimates' overall caution, corrected. Fitted on the 2024 backtest (only
   * outcomes before 2024 used; 1.03-1.07 best there, 1.05 taken) and tested on 2025 (docs/smart-match.md,
   * "Backtest").
   */
  bias: number
  /** Weight of a year relative to the next one */
  decay: number
  /** Oldest year used: Y − lookback */
  lookback: number
  classes: Readonly<Record<EvidenceClass, ClassParams>>
  /** Added to σ² as (sigmaTop × ln(topRank / rank))² for ranks better than topRank */
  sigmaTop: number
  topRank: number
  /** Multiplies the observed between-year variance */
  dispersionWeight: number
  /** σ surcharges (added in quadrature) */
  derived: number
  unknownCohort: number
  /** Multiplies a rank whose year's cohort is unknown (no 一分一段 table): measured on the data */
  unknownCohortShift: number
  /**
   * Each reform the evidence crosses (the exam mode; 内蒙古's filing mechanism) adds `reform`, and `reformCoarse`
   * when the evidence is also a coarser line (a school's line across a reform): a rank says less about another
   * system the more has changed since.
   */
  reform: number
  reformCoarse: number
  noPlan: number
  /**
   * σ surcharge of a major judged from its school's line times a premium (premium.ts: 浙江, 山东, where no major line
   * exists); fitted with `backtest --hide-major-lines` on 2024 (docs/smart-match.md, "浙江 and 山东: majors from
   * school lines")
   */
  premium: number
  /** Weight multiplier of a derived rank */
  derivedWeight: number
  /** Multiplies a year's cohort spread (cohort.ts cohortSpread), added to that year's noise in quadrature */
  cohortSpread: number
}

const cls = (shift: number, sigma: number, sigmaSingle: number): ClassParams => ({
  shift,
  sigma,
  sigmaSingle,
})

export const DEFAULT_ESTIMATOR: EstimatorParams = {
  bias: 1.05,
  decay: 0.5,
  lookback: 3,
  classes: {
    'major<major': cls(1, 0.15, 0.22),
    'major<group': cls(0.85, 0.3, 0.4),
    'major<school': cls(0.74, 0.3, 0.45),
    'group<group': cls(1, 0.24, 0.3),
    'group<school': cls(0.97, 0.25, 0.33),
    'group<school:multi': cls(1, 0.3, 0.38),
    'school<school': cls(1, 0.3, 0.37),
    // Finer evidence is aggregated before it reaches the estimator; these pairs are never used.
    'group<major': cls(1, 0.24, 0.3),
    'school<major': cls(1, 0.3, 0.37),
    'school<group': cls(1, 0.3, 0.37),
  },
  sigmaTop: 0.1,
  topRank: 3000,
  dispersionWeight: 1,
  derived: 0.03,
  unknownCohort: 0.25,
  unknownCohortShift: 1,
  reform: 0.2,
  reformCoarse: 0.2,
  noPlan: 0.05,
  // 2024 with --hide-major-lines (重庆 河北 辽宁 贵州 青海, outcomes before 2024 only): 0.25 the least that brought
  // the pooled 保 above 93 % (92.2 % at 0); tested on 2025: pooled 冲 19.8 / 稳 77.4 / 保 94.6 %, overshoot 0.54.
  premium: 0.25,
  derivedWeight: 0.7,
  cohortSpread: 1,
}

export interface Estimate {
  /** Expected lowest rank in the target year (scaled, weighted); never below 1 */
  expected: number
  /** Log-scale standard deviation */
  sigma: number
  /** Years of evidence used */
  years: number
  /** The most recent observation (as published), for display */
  latest: Observation
  /** The observations used, one per year, latest first (as published, before scaling) */
  used: Observation[]
  /** Reasons the uncertainty was widened */
  weak: string[]
}

const RANK_ORDER: Record<Granularity, number> = { major: 0, group: 1, school: 2 }

export interface EstimateInput {
  observations: readonly Observation[]
  targetYear: number
  granularity: Granularity
  /** The cohort ratio from an observation's year to the target year */
  ratioOf: (year: number) => CohortRatio
  /** False when the option list is not the target year's own published plan */
  planPublished: boolean
  /** Options of the same school on the menu (a school's line says less about one of several groups) */
  siblings: number
  /**
   * A major's own shift below its school's line (premium.ts), replacing the `major<school` class's average shift
   * for a major judged from school lines; flagged `premium`.
   */
  schoolShift?: number
}

/** Undefined when no observation of an earlier year within the lookback exists. */
export function estimateLowestRank(
  input: EstimateInput,
  params: EstimatorParams = DEFAULT_ESTIMATOR,
): Estimate | undefined {
  const { targetYear, granularity } = input
  const best = bestPerYear(input.observations, granularity, targetYear - params.lookback, targetYear)
  if (best.length === 0) return undefined
  const weak: string[] = []
  const flag = (reason: string) => {
    if (!weak.includes(reason)) weak.push(reason)
  }
  let sw = 0
  let swx = 0
  let swxx = 0
  let swv = 0
  const single = best.length === 1
  for (const o of best) {
    const cohort = input.ratioOf(o.year)
    if (cohort.basis === 'none') flag('cohort')
    if (cohort.reform) flag('reform')
    if (cohort.filingChange) flag('filing-mode')
    const multi = granularity === 'group' && o.level === 'school' && input.siblings > 1
    const c = params.classes[(multi ? 'group<school:multi' : `${granularity}<${o.level}`) as EvidenceClass]
    if (RANK_ORDER[o.level] > RANK_ORDER[granularity]) flag(`coarse:${o.level}${multi ? ':multi' : ''}`)
    if (o.derived) flag('derived')
    const unknown = cohort.basis === 'none' ? params.unknownCohortShift : 1
    const own = granularity === 'major' && o.level === 'school' ? input.schoolShift : undefined
    if (own !== undefined) flag('premium')
    const x = Math.log(o.rank * cohort.ratio * (own ?? c.shift) * unknown)
    const w = params.decay ** (targetYear - 1 - o.year) * (o.derived ? params.derivedWeight : 1)
    sw += w
    swx += w * x
    swxx += w * x * x
    swv += w * ((single ? c.sigmaSingle : c.sigma) ** 2 + (params.cohortSpread * (cohort.spread ?? 0)) ** 2)
  }
  const mean = swx / sw
  let variance = swv / sw
  if (!single) {
    const spread = Math.max(0, swxx / sw - mean * mean)
    variance += params.dispersionWeight * spread * (best.length / (best.length - 1))
  } else flag('single-year')
  if (!input.planPublished) flag('no-plan')
  const expected = Math.max(1, Math.exp(mean) * params.bias)
  if (expected < params.topRank) variance += (params.sigmaTop * Math.log(params.topRank / expected)) ** 2
  if (weak.includes('derived')) variance += params.derived ** 2
  if (weak.includes('cohort')) variance += params.unknownCohort ** 2
  const reforms = (weak.includes('reform') ? 1 : 0) + (weak.includes('filing-mode') ? 1 : 0)
  variance += reforms * params.reform ** 2
  if (weak.some((w) => w.startsWith('coarse'))) variance += reforms * params.reformCoarse ** 2
  if (weak.includes('no-plan')) variance += params.noPlan ** 2
  if (weak.includes('premium')) variance += params.premium ** 2
  const latest = best[0] as Observation
  return { expected, sigma: Math.sqrt(variance), years: best.length, latest, used: best, weak: weak.sort() }
}

/** Own level first, then coarser levels from the nearest; finer levels are aggregated by the caller. */
const preference = (o: Observation, granularity: Granularity) => {
  const d = RANK_ORDER[o.level] - RANK_ORDER[granularity]
  return d >= 0 ? d : 10 - d
}

/**
 * One observation per year of [from, before): the finest level not finer than the option (a major's own row
 * before its group's before its school's), and among equals the largest rank (the least selective reading, since
 * a duplicate row's lowest admitted rank cannot be better than the other's). Latest year first.
 */
function bestPerYear(
  observations: readonly Observation[],
  granularity: Granularity,
  from: number,
  before: number,
): Observation[] {
  const best: Observation[] = []
  for (const o of observations) {
    if (o.year >= before || o.year < from || !(o.rank > 0)) continue
    const i = best.findIndex((b) => b.year === o.year)
    const cur = best[i]
    if (!cur) best.push(o)
    else {
      const po = preference(o, granularity)
      const pc = preference(cur, granularity)
      if (po < pc || (po === pc && o.rank > cur.rank)) best[i] = o
    }
  }
  return best.sort((a, b) => b.year - a.year)
}

/** The chance that the option's lowest admitted rank in Y is at or below the candidate's rank. */
export function admissionChance(estimate: Pick<Estimate, 'expected' | 'sigma'>, rank: number): number {
  const z = (Math.log(estimate.expected) - Math.log(Math.max(1, rank))) / estimate.sigma
  return normalCdf(z)
}

/** Φ(z), the standard normal distribution function. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2)
}

function erfc(x: number): number {
  // Numerical Recipes erfcc: fractional error below 1.2e-7 everywhere.
  const z = Math.abs(x)
  const t = 1 / (1 + 0.5 * z)
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  return x >= 0 ? r : 2 - r
}

import { readCdfTable } from '../../../domain/cdf-table.js'
import { groupBy } from '../../../domain/group-by.js'
import { normalCdf } from '../../smart-match/model/estimate.js'
import { seededRandom } from './random.js'

/**
 * How much the errors of different choices move together, measured on a backtest's residuals: for every option
 * with an outcome in the year, u = ln(actual lowest rank / expected) / σ, its error in units of its own σ
 * (smart-match's estimate). A one-way analysis of variance splits u into
 *
 * - the shift of its province, year and category (the cohort: every line of one 一分一段 table moving at once),
 * - the shift of the lines near it in rank (a band: the cohort's lines do not all move alike, those at similar
 *   ranks move together more than distant ones),
 * - the shift of its school within that (a school that became more or less sought after moves all its groups or
 *   majors; options of one school often rest on the same line, too),
 * - the extra shared by options of one school whose estimates rest on the very same observations (the same school
 *   line read for two of its groups),
 * - the option's own error.
 *
 * Each part is a share of the whole variance, and the whole variance says how wide σ really was (sigmaScale, the
 * square root of the variance of u: below 1 when σ was cautious). model/params.ts holds the figures and
 * scripts/check-shared-shift.mjs measures them.
 */

export interface Residual {
  /** Province, year and category: the cohort the option's line was drawn in */
  cohort: string
  school: number
  /** Same school and same observations behind the estimate: the same evidence */
  evidence: string
  /** ln(actual / expected) */
  error: number
  sigma: number
  /** The expected lowest rank the error is of */
  expected: number
  /**
   * Judged from coarser lines than its own only (a group or major from its school's line): such options of one
   * school share more of their error than options judged from lines of their own (scripts/check-shared-shift.mjs
   * --by-class)
   */
  coarse?: boolean
}

export interface Components {
  /** Options and groups they fall in */
  options: number
  cohorts: number
  /** Variance of u = error / σ around its mean, and that mean (the estimates' overall bias, in σ) */
  variance: number
  mean: number
  /**
   * Between-cohort variance of u; the rank band's (bandVariance); between-school within a cohort and band; and what
   * options of the same evidence share beyond their school
   */
  cohort: number
  band: number
  school: number
  evidence: number
  /** The same in log units (error without dividing by σ), for the comment's figures */
  raw: { variance: number; cohort: number; band: number; school: number; evidence: number }
}

/**
 * Width of a rank band, in ln(expected rank): 0.8, a factor of 2.2. Measured with bands fixed at multiples of it,
 * the shared part of the options in one band is 2/3 of the variance of the simulation's band shift, whose bands
 * are laid anew at a random offset in every draw (two lines δ apart in ln rank then share it with probability
 * 1 − δ/0.8): varianceComponents returns the simulation's (3/2 of the fixed-band figure). On 2024 the fixed-band
 * component is 0.049, 0.040, 0.035 and 0.030 at widths 0.1, 0.2, 0.4 and 0.8: what such a band shift of variance
 * 0.045 gives (0.043, 0.041, 0.038, 0.030).
 */
export const BAND_WIDTH = 0.8

interface Anova {
  /** Between-group variance component (method of moments, 0 when negative) */
  between: number
  /** Within-group mean square */
  within: number
}

/** One-way ANOVA of unbalanced groups: the between-group component (MSB − MSW) / n₀ and the within mean square. */
export function anova(groups: readonly (readonly number[])[]): Anova {
  const used = groups.filter((g) => g.length > 0)
  const k = used.length
  let n = 0
  let total = 0
  let sumSquaredSizes = 0
  for (const g of used) {
    n += g.length
    sumSquaredSizes += g.length * g.length
    for (const x of g) total += x
  }
  if (k < 2 || n <= k) return { between: 0, within: 0 }
  const grand = total / n
  let ssb = 0
  let ssw = 0
  for (const g of used) {
    const m = g.reduce((a, x) => a + x, 0) / g.length
    ssb += g.length * (m - grand) ** 2
    for (const x of g) ssw += (x - m) ** 2
  }
  const msb = ssb / (k - 1)
  const msw = ssw / (n - k)
  const n0 = (n - sumSquaredSizes / n) / (k - 1)
  return { between: Math.max(0, (msb - msw) / n0), within: msw }
}

/**
 * The variance components of the residuals. School and evidence are measured on deviations from the cohort's
 * mean, among the schools (evidence sets) with two options or more; the evidence part is what evidence sets share
 * beyond what their school shares (their between-set component less the school's).
 */
export function varianceComponents(residuals: readonly Residual[]): Components {
  const parts = (value: (r: Residual) => number) => {
    const cohorts = groupBy(residuals, (r) => r.cohort)
    const cohort = anova([...cohorts.values()].map((rs) => rs.map(value)))
    const bands: number[][] = []
    const schools: number[][] = []
    const evidence: number[][] = []
    for (const rs of cohorts.values()) {
      const m = rs.reduce((a, r) => a + value(r), 0) / rs.length
      const byBand = groupBy(rs, (r) => String(Math.floor(Math.log(r.expected) / BAND_WIDTH)))
      for (const g of byBand.values()) if (g.length > 1) bands.push(g.map((r) => value(r) - m))
      // School and evidence on what the cohort and the band leave
      const bandMean = new Map<Residual, number>()
      for (const g of byBand.values()) {
        const mb = g.reduce((a, r) => a + value(r), 0) / g.length
        for (const r of g) bandMean.set(r, mb)
      }
      const left = (r: Residual) => value(r) - (bandMean.get(r) ?? m)
      for (const g of groupBy(rs, (r) => String(r.school)).values())
        if (g.length > 1) schools.push(g.map(left))
      for (const g of groupBy(rs, (r) => r.evidence).values()) if (g.length > 1) evidence.push(g.map(left))
    }
    const band = (3 / 2) * anova(bands).between
    const school = anova(schools).between
    const same = anova(evidence).between
    const all = residuals.map(value)
    const mean = all.reduce((a, x) => a + x, 0) / Math.max(1, all.length)
    const variance = all.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, all.length - 1)
    return {
      mean,
      variance,
      cohort: cohort.between,
      cohorts: cohorts.size,
      band,
      school,
      evidence: Math.max(0, same - school),
    }
  }
  const std = parts((r) => r.error / r.sigma)
  const raw = parts((r) => r.error)
  return {
    options: residuals.length,
    cohorts: std.cohorts,
    variance: std.variance,
    mean: std.mean,
    cohort: std.cohort,
    band: std.band,
    school: std.school,
    evidence: std.evidence,
    raw: {
      variance: raw.variance,
      cohort: raw.cohort,
      band: raw.band,
      school: raw.school,
      evidence: raw.evidence,
    },
  }
}

/**
 * The shape of the errors: the interquartile range over the standard deviation, and the 1 % and 0.1 % quantiles in
 * standard deviations, of u around its mean. A normal has 1.35, −2.33, −3.09; Student's t with 3 degrees of freedom
 * (unit variance) 0.88, −2.62, −5.90; with 5, 1.13, −2.61, −4.56.
 */
export function errorShape(residuals: readonly Residual[]): { iqrOverSd: number; q01: number; q001: number } {
  const u = residuals.map((r) => r.error / r.sigma)
  const mean = u.reduce((a, x) => a + x, 0) / Math.max(1, u.length)
  const sd = Math.sqrt(u.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, u.length - 1))
  const z = u.map((x) => (x - mean) / sd).sort((a, b) => a - b)
  const q = (p: number) => z[Math.floor(p * (z.length - 1))] ?? Number.NaN
  return { iqrOverSd: q(0.75) - q(0.25), q01: q(0.01), q001: q(0.001) }
}

/**
 * The distribution function of a line's error in units of k·σ under the simulation's model: the shared shifts
 * (normal, `gaussianShare` of the variance) plus the own error (Student's t with `degrees`, the rest), each of unit
 * variance. Tabulated once from seeded draws on a grid of z, read by linear interpolation.
 */
export function errorCdf(gaussianShare: number, degrees: number, draws = 400_000): (z: number) => number {
  const random = seededRandom(0x5eed)
  const g = Math.sqrt(gaussianShare)
  const t = Math.sqrt(Math.max(0, 1 - gaussianShare))
  const sample = new Float64Array(draws)
  for (let i = 0; i < draws; i++)
    sample[i] = g * random.normal() + t * (degrees >= 3 ? random.studentT(degrees) : random.normal())
  sample.sort()
  const step = 0.01
  const from = -12
  const table = new Float64Array(2401)
  let k = 0
  for (let i = 0; i < table.length; i++) {
    const z = from + i * step
    while (k < draws && (sample[k] as number) <= z) k++
    table[i] = k / draws
  }
  return (z) => readCdfTable(table, from, step, z)
}

/**
 * The width and bias that calibrate the chances of listed choices (Brier score of "would admit alone", the least
 * over a grid): a choice whose expected lowest rank is E, of uncertainty σ, for a candidate of rank r, admits alone
 * with P = 1 − F((ln r − ln E − bias·σ) / (width·σ)), F the error's distribution (errorCdf). xs are
 * (ln E − ln r) / σ, ys whether the choice admitted.
 */
export function fitCalibration(
  xs: readonly number[],
  ys: readonly boolean[],
  cdf: (z: number) => number,
): { width: number; bias: number; brier: number; n: number } {
  let best = { width: 1, bias: 0, brier: Number.POSITIVE_INFINITY, n: xs.length }
  for (let w = 0.4; w <= 1.2001; w += 0.02) {
    for (let b = -0.5; b <= 0.3001; b += 0.02) {
      let sum = 0
      for (let i = 0; i < xs.length; i++) {
        const p = 1 - cdf((-(xs[i] as number) - b) / w)
        sum += (p - (ys[i] ? 1 : 0)) ** 2
      }
      const brier = sum / Math.max(1, xs.length)
      if (brier < best.brier)
        best = { width: Math.round(w * 100) / 100, bias: Math.round(b * 100) / 100, brier, n: xs.length }
    }
  }
  return best
}

/**
 * The probit fit P(admits) = Φ(β₀ + β₁·x) of outcomes on x = (ln E − ln rank) / σ, by Newton's method on the
 * log-likelihood: the calibration of the listed choices' chances. As the simulation's figures, σ's real width is
 * 1/β₁ and the estimates' bias β₀/β₁ (in σ): a line is ln E + σ·(bias + width·z).
 */
export function fitProbit(
  xs: readonly number[],
  ys: readonly boolean[],
): { width: number; bias: number; n: number } {
  let b0 = 0
  let b1 = 1
  for (let iter = 0; iter < 50; iter++) {
    // gradient and Hessian of the log-likelihood
    let g0 = 0
    let g1 = 0
    let h00 = 0
    let h01 = 0
    let h11 = 0
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as number
      const eta = b0 + b1 * x
      const p = Math.min(1 - 1e-12, Math.max(1e-12, normalCdf(eta)))
      const phi = Math.exp(-0.5 * eta * eta) / Math.sqrt(2 * Math.PI)
      const y = ys[i] ? 1 : 0
      const score = (phi * (y - p)) / (p * (1 - p))
      g0 += score
      g1 += score * x
      // expected information (Fisher scoring): φ² / (p(1−p))
      const w = (phi * phi) / (p * (1 - p))
      h00 += w
      h01 += w * x
      h11 += w * x * x
    }
    const det = h00 * h11 - h01 * h01
    if (!(det > 0)) break
    const d0 = (h11 * g0 - h01 * g1) / det
    const d1 = (h00 * g1 - h01 * g0) / det
    b0 += d0
    b1 += d1
    if (Math.abs(d0) < 1e-9 && Math.abs(d1) < 1e-9) break
  }
  return { width: 1 / b1, bias: b0 / b1, n: xs.length }
}

import { readCdfTable } from '../../../domain/cdf-table.js'
import { type Estimate, normalCdf } from './estimate.js'

/**
 * The chance an item's 概率 shows: the estimate's own Φ((ln E − ln r) / σ), which ranks the options and draws the
 * tiers (classify.ts, strategies.ts), made to come true.
 *
 * Φ on the estimate's σ is too wide for the options a list holds (near the candidate's rank, where the estimates
 * are best): on 2025, a year none of these figures saw, smart-match's listed items shown at 20-30 % were admitted
 * 11 %, at 30-40 % 20 %, at 70-80 % 83 %, at 80-90 % 91 % (113,549 items of the 志愿表 check's backtest, smart lists;
 * Brier 0.134). The chance below, with the width, bias and error shape fitted on 2024's lists for the 志愿表 check
 * (src/features/check/model/params.ts, which takes them from here), gave on the same items 22, 30, 77 and 84 %
 * (Brier 0.126): every bin within 5.2 points (measured 2026-11-27). The 志愿表 check's 单独录取 is this chance (its
 * simulation of one choice), so the two commands show one number for one choice.
 *
 * The map from Φ to this chance is increasing, so it changes no tier and no list: only the number shown, and the
 * tiers' bands as they are told (calibratedBand: strategy 1's 冲 from 20 % of Φ is 7 % of this chance, 稳 from 50 %
 * is 45 %, 保 from 90 % is 97 %).
 */
export const CALIBRATION = {
  /** The real width of a line's error, in units of the estimate's σ (fitted on 2024's lists) */
  width: 0.68,
  /** The estimates' bias, in units of σ, added to ln E (fitted on 2024's lists: lines a little more selective) */
  bias: -0.08,
  /** Shares of a line's error variance shared with other lines (normal): cohort, rank band, school, evidence */
  shares: { cohort: 0.131, band: 0.077, school: 0.145, evidence: 0.104 },
  /** The rest is the line's own error, Student's t with 3 degrees of freedom (heavy tails, measured; errorCdf below
   * is t's closed form for 3) */
  ownDegrees: 3,
} as const

const SHARED =
  CALIBRATION.shares.cohort +
  CALIBRATION.shares.band +
  CALIBRATION.shares.school +
  CALIBRATION.shares.evidence

/** The chance of admission shown for an item or a major (see above). */
export function calibratedChance(estimate: Pick<Estimate, 'expected' | 'sigma'>, rank: number): number {
  return calibratedAt((Math.log(estimate.expected) - Math.log(Math.max(1, rank))) / estimate.sigma)
}

/** A band of the estimate's own chance (strategies.ts: 冲 from 0.2 …) as calibratedChance tells it. */
export function calibratedBand(raw: number): number {
  // Φ⁻¹ by bisection: called for a handful of bands, never per option
  let lo = -12
  let hi = 12
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2
    if (normalCdf(mid) < raw) lo = mid
    else hi = mid
  }
  return calibratedAt((lo + hi) / 2)
}

/**
 * P(admitted) for z = (ln E − ln r) / σ (the estimate's own chance is Φ(z)): the line is ln E + bias·σ + width·σ·e,
 * e of unit variance, so the candidate is admitted when e ≥ (−z − bias) / width.
 */
export function calibratedAt(z: number): number {
  return 1 - errorCdf((-z - CALIBRATION.bias) / CALIBRATION.width)
}

/**
 * The distribution function of e: √s·N + √(1−s)·T, N standard normal (the shared shifts, share s), T Student's t
 * with 3 degrees of freedom scaled to unit variance (the own error): integrated over N on a fixed grid with T's
 * closed-form distribution function, deterministic. Tabulated once, on first use (about 20 ms), and read by linear
 * interpolation: one evaluation took 40 µs, and a list shows a few hundred chances.
 */
function errorCdf(x: number): number {
  if (cdfTable === undefined) cdfTable = tabulate()
  return readCdfTable(cdfTable, TABLE_FROM, TABLE_STEP, x)
}

const TABLE_FROM = -15
const TABLE_STEP = 0.02
let cdfTable: Float64Array | undefined

function tabulate(): Float64Array {
  const g = Math.sqrt(SHARED)
  const t = Math.sqrt(1 - SHARED)
  const ys: number[] = []
  const ws: number[] = []
  for (let k = -200; k <= 200; k++) {
    const y = k * 0.04
    ys.push(y)
    ws.push(Math.exp(-0.5 * y * y))
  }
  const total = ws.reduce((a, b) => a + b, 0)
  const table = new Float64Array(Math.round((-2 * TABLE_FROM) / TABLE_STEP) + 1)
  for (let i = 0; i < table.length; i++) {
    const x = TABLE_FROM + i * TABLE_STEP
    let sum = 0
    for (let k = 0; k < ys.length; k++) sum += (ws[k] as number) * unitT3Cdf((x - g * (ys[k] as number)) / t)
    table[i] = sum / total
  }
  return table
}

/** Student's t with 3 degrees of freedom, scaled to unit variance (its variance is 3): P(T/√3 ≤ x). */
function unitT3Cdf(x: number): number {
  return 0.5 + (Math.atan(x) + x / (1 + x * x)) / Math.PI
}

/**
 * A chance as shown (this file's: the chance that comes true, not the estimate's Φ that draws the tiers),
 * to the percent below, so that a chance never shows more than it is (a 稳 of 0.897 showed 0.9).
 */
export const shownChance = (x: number) => Math.floor(Math.round(x * 1e6) / 1e4) / 100 // 0.29 * 100 is 28.999…

import { CALIBRATION } from '../../smart-match/model/calibration.js'
import { BAND_WIDTH } from './measure.js'

/**
 * The figures of the filing simulation (model/simulate.ts), all from 2024, none from 2025 (the year tested).
 *
 * Measured — `npm run build && node scripts/check-shared-shift.mjs 2024` — on the 2024 backtest's residuals: for
 * every option with a 2024 outcome (45,419 options in 37 province-categories), u = ln(actual lowest rank / expected)
 * / σ, where expected and σ are smart-match's estimate from 2021-2023 only (model/measure.ts: one-way analyses of
 * variance). Var(u) = 0.604, of which
 * - 13.1 % is the shift of the whole cohort: the lines of one province, year and category moving together (0.096 in
 *   log units, against 0.31 for one option: a year whose cohort shifts moves every line of the list at once);
 * - 7.7 % the shift of the lines near one another in rank, beyond that (a band of ln rank 0.8 wide);
 * - 14.5 % the shift of one school, beyond both;
 * - 10.4 % more for options whose estimates rest on the very same observations (two groups judged from one line).
 * The errors have heavy tails: IQR / sd 0.90, 1 % quantile −2.62 sd, 0.1 % −5.16 sd, as Student's t with 3 degrees
 * of freedom (0.88, −2.62, −5.90), against a normal's 1.35, −2.33, −3.09: the own part of a line's error is drawn so.
 * Measured again on 2026-11-27, (a) after the dataset build stopped taking LG's repeated third-party rows, the
 * batches of 公费师范 / 优师 students, unnamed 专项 and school lines above their own majors' (plans README), which gave
 * 2024 more outcomes of its own (42,584 options, 0.602, 11.4 / 7.4 / 14.7 / 14.0 % before), and (b) after
 * smart-match stopped taking another major's line of the same catalogue id for a major's own (options.ts
 * majorObservations; 45,440 options, 0.619, 13.0 / 7.6 / 14.0 / 13.1 % before). For comparison only, 2023 (12
 * cohorts): Var(u) 0.48, shares 7 / 27 / 24 / 0 %; 2025 (54, not used): 0.68, 5 / 7 / 27 / 11 %.
 *
 * Fitted — `node scripts/check-backtest.mjs 2024` prints the fit — on the 2024 backtest's lists (smart-match's list
 * for 50 candidates per province and category, 76,758 choices): the width and bias of σ that give the least Brier
 * score of "this choice alone would admit" under the error shape above (measure.ts fitCalibration): 0.68 and
 * −0.08 σ, refitted on 2026-11-26 after ZQ's 2021-2023 一分一段 tables gave ranks to many 2023 lines (0.64 and −0.04
 * before), 0.66 and −0.08 with the shares of (a) above, and 0.68 with those of (b). Var(u) alone said 0.78; the
 * choices a list holds (near the candidate's rank) are better estimated than the average option. The same fit on
 * 2025 would have given 0.66 and −0.10: 2025's lines were more selective than its estimates by more than 2024's
 * were, which 2024 could not tell (the 2025 backtest's misses, src/features/check/backtest.ts).
 */
export interface CheckParams {
  /** Multiplies every estimate's σ: its real width (fitted on 2024) */
  sigmaScale: number
  /** Added to every ln E, in units of the estimate's σ: the estimates' bias (fitted on 2024) */
  meanShift: number
  /**
   * Spread (sd, in units of the estimate's σ) of the bias from one year to the next, drawn once per simulated year
   * and shared by every choice (the fitted meanShift is one year's bias). 0: see the comment above CHECK_PARAMS.
   */
  yearShift: number
  /** Shares of an option's variance: the cohort's shift, the rank band's, the school's, the same evidence's */
  cohortShare: number
  bandShare: number
  /** Width of a rank band in ln(rank) (model/measure.ts BAND_WIDTH) */
  bandWidth: number
  schoolShare: number
  evidenceShare: number
  /**
   * Spread of a major's line around its expected place below its unit's line, from year to year: the part of the
   * estimator's `major<group` noise (0.30, two years or more) that its `group<group` noise (0.24) does not explain,
   * √(0.30² − 0.24²) = 0.18; for a major with no line of its own, from the single-year figures √(0.40² − 0.30²) =
   * 0.26, around the `major<group` shift 0.85 (model/estimate.ts).
   */
  majorSpread: number
  majorSpreadUnknown: number
  majorShiftUnknown: number
  /** Degrees of freedom of each choice's own error (Student's t, variance kept; 0: normal): heavy tails, measured */
  ownDegrees: number
  /** Simulated years per check: P to ±0.5 % (one standard error) at the least */
  draws: number
}

/**
 * yearShift is 0. The bias is not the same every year: the fit above gives +0.12 σ on 2023 (from 2020-2022; +0.14
 * before LG's repeated rows were dropped), −0.08 on 2024 and would give −0.10 on 2025, so one year's fit leaves the next year's bias out of the
 * spread. Drawing the spread of the two earlier fits (0.16 σ) as a shared shift of the whole year was tried on 2025
 * (`node scripts/check-backtest.mjs 2025 --params '{"yearShift":0.156}'`, 2026-11-26): P(滑档) 7-15 % 11.8 / 14.2,
 * 30-50 % 40.0 / 43.3, 70-90 % 79.7 / 83.9 — still two bands outside 3 points, one worse — and was not adopted;
 * it was tried after 2025's misses were known, so that run is in-sample for 2025 whatever it had shown. Two fits,
 * one of seven provinces, do not measure a spread well; a third year of outcomes would. Nor were the shares measured
 * on 2023 and 2024 pooled adopted (`node scripts/check-shared-shift.mjs 2023,2024`: 14.9 / 12.2 / 17.0 / 7.2 %):
 * tried the same way, they moved 2025's worst band by 0.3 points and 2024's further the other way (docs/check.md).
 */
export const CHECK_PARAMS: CheckParams = {
  // smart-match shows the same chance for one choice (its model/calibration.ts holds these figures)
  sigmaScale: CALIBRATION.width,
  meanShift: CALIBRATION.bias,
  yearShift: 0,
  cohortShare: CALIBRATION.shares.cohort,
  bandShare: CALIBRATION.shares.band,
  bandWidth: BAND_WIDTH,
  schoolShare: CALIBRATION.shares.school,
  evidenceShare: CALIBRATION.shares.evidence,
  majorSpread: 0.18,
  majorSpreadUnknown: 0.26,
  majorShiftUnknown: 0.85,
  ownDegrees: CALIBRATION.ownDegrees,
  draws: 10_000,
}

import type { Estimate } from '../../smart-match/model/estimate.js'
import type { MajorEntry, Option } from '../../smart-match/model/options.js'
import { CHECK_PARAMS, type CheckParams } from './params.js'
import type { SimChoice, SimMajor } from './simulate.js'

/** From smart-match's options and estimates to what the simulation draws. */

/** The observations an estimate rests on: two options with the same key (and school) share their evidence. */
export const evidenceKey = (e: Pick<Estimate, 'used'>): string =>
  e.used.map((o) => `${o.year}/${o.level}/${o.rank}`).join(',')

/** A choice made of one option with nothing else to judge: filing is admission (the backtest's lists, type 3). */
export function optionChoice(option: Option, live = true): SimChoice {
  return {
    live,
    lnExpected: Math.log(option.estimate.expected),
    sigma: option.estimate.sigma,
    school: option.sid,
    evidence: evidenceKey(option.estimate),
    kind: 'major',
    majors: [],
    coversUnit: false,
    tiaoji: false,
  }
}

/**
 * A listed major inside its unit: its expected place below the unit's line from its own estimate where it has
 * one (never above the unit's line), else the average place of a major without a line of its own.
 */
export function majorInUnit(
  entry: MajorEntry | undefined,
  unit: Pick<Estimate, 'expected'>,
  live: boolean,
  params: CheckParams = CHECK_PARAMS,
): SimMajor {
  if (entry?.estimate)
    return {
      live,
      lnRatio: Math.min(0, Math.log(entry.estimate.expected / unit.expected)),
      spread: params.majorSpread,
    }
  return { live, lnRatio: Math.log(params.majorShiftUnknown), spread: params.majorSpreadUnknown }
}

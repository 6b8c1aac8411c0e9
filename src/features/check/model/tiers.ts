import { calibratedBand } from '../../smart-match/model/calibration.js'
import { type Strategy, strategyOf } from '../../smart-match/model/strategies.js'

/**
 * The 档 of a choice by its chance alone: smart-match's default strategy (冲稳保) told in the chance both commands
 * show (smart-match/model/calibration.ts), so that a choice is the same 冲, 稳 or 保 in both, and "保" means one
 * thing on the check's page (its 档 column, the count in its title, the too-few-保 warning).
 */
const LISTED = (strategyOf(1) as Strategy).bands

export const TIER_FROM = {
  chong: calibratedBand(LISTED.chong),
  wen: calibratedBand(LISTED.wen),
  bao: calibratedBand(LISTED.bao),
} as const

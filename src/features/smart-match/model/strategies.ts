/**
 * The four list strategies of SPEC 4.8 `type`. Each is a mix of 冲 / 稳 / 保 items (applied to the province's
 * number of choices) and the admission-chance bands that define its tiers.
 *
 * The chance of an option is the estimated probability that its lowest admitted rank in the candidate's year is
 * at or below the candidate's rank (see estimate.ts). A band is [low, high): an option is 冲 when its chance is
 * in [chong, wen), 稳 in [wen, bao), 保 from bao up, and no tier below chong (hopeless) or when its expected
 * lowest rank is more than `baoCap` times the candidate's rank (a wasted choice).
 *
 * Calibrated on the shipped data with `gaokao smart-match backtest --all` (docs/smart-match.md, "Chance and tiers"
 * and "Backtest").
 */
export type TierName = 'chong' | 'wen' | 'bao'
export const TIERS: readonly TierName[] = ['chong', 'wen', 'bao']

export interface Strategy {
  type: 1 | 2 | 3 | 4
  name: string
  /** Shares of the list, summing to 1 */
  mix: Readonly<Record<TierName, number>>
  /** Lower chance bound of each tier */
  bands: Readonly<Record<TierName, number>>
  /** 保 excludes options whose expected lowest rank exceeds the candidate's rank times this (垫: wasted) */
  baoCap: number
  /**
   * The list's 保 items are spread over the 保 options whose expected lowest rank is within this multiple of
   * the candidate's rank (safe, not wasted); only when there are too few do safer ones fill the rest.
   */
  baoPrefer: number
}

/** The same for every strategy: they differ in their mix and chance bands, not in what a useful 保 is. */
const SAFE_LIMITS = { baoCap: 2.2, baoPrefer: 1.8 } as const

export const STRATEGIES: readonly Strategy[] = [
  {
    type: 1,
    name: '冲稳保',
    mix: { chong: 0.3, wen: 0.4, bao: 0.3 },
    bands: { chong: 0.2, wen: 0.5, bao: 0.9 },
    ...SAFE_LIMITS,
  },
  {
    type: 2,
    name: '合理保守',
    mix: { chong: 0.2, wen: 0.5, bao: 0.3 },
    bands: { chong: 0.25, wen: 0.5, bao: 0.93 },
    ...SAFE_LIMITS,
  },
  {
    type: 3,
    name: '标准均衡',
    mix: { chong: 1 / 3, wen: 1 / 3, bao: 1 / 3 },
    bands: { chong: 0.2, wen: 0.5, bao: 0.9 },
    ...SAFE_LIMITS,
  },
  {
    type: 4,
    name: '激进冲刺',
    mix: { chong: 0.3, wen: 0.3, bao: 0.4 },
    bands: { chong: 0.15, wen: 0.45, bao: 0.9 },
    ...SAFE_LIMITS,
  },
]

export function strategyOf(type: number): Strategy | undefined {
  return STRATEGIES.find((s) => s.type === type)
}

/**
 * How many items of each tier a list of `total` choices holds: 冲 and 保 rounded from the mix, 稳 the rest, so
 * that the three always add up to `total`. One choice is a 稳 item; two are 稳 + 保.
 */
export function tierCounts(strategy: Strategy, total: number): Record<TierName, number> {
  if (total <= 0) return { chong: 0, wen: 0, bao: 0 }
  if (total === 1) return { chong: 0, wen: 1, bao: 0 }
  if (total === 2) return { chong: 0, wen: 1, bao: 1 }
  const chong = Math.round(total * strategy.mix.chong)
  const bao = Math.max(1, Math.round(total * strategy.mix.bao))
  return { chong, wen: total - chong - bao, bao }
}

import type { ScoreRankRow } from '../../../domain/rank.js'

/**
 * Equal-percentile scaling of ranks between years: a lowest rank of year t stands for the same share of the
 * category's candidates in year Y, so rank_in_Y = rank_in_t × cohort(Y) / cohort(t), where cohort is the last
 * cumulative total of the year's 一分一段 table of that category.
 *
 * Tables do not all reach the bottom of the distribution: some stop at the 本科 line, some at 100 or 150 points,
 * and one province's tables may stop at different scores in different years. When the two tables' lowest scores
 * differ by more than FLOOR_TOLERANCE points, both are counted down to the higher of the two floors instead, so
 * that the ratio compares like with like.
 */
export const FLOOR_TOLERANCE = 20

export interface CohortRatio {
  /** Multiply a rank of the source year by this to express it in the target year */
  ratio: number
  /** 'total': last cumulative totals; 'common-floor': counts down to a common lowest score; 'none': unknown (1) */
  basis: 'total' | 'common-floor' | 'none'
  /** The exam mode changed between the two years (文理 → 3+1+2): ranks compare less well across a reform */
  reform?: boolean
  /** The filing mechanism changed between the two years (内蒙古's 动态投档 until 2024 → 平行志愿): another reform */
  filingChange?: boolean
  /**
   * |ln ratio − ln ratio of the candidates at or above each year's undergraduate line|, when both years have
   * that line: how much two fair measures of the cohort disagree (cohortSpread below). 0 or absent: no doubt known.
   */
  spread?: number
}

/**
 * The cohort ratio counts every candidate of the tables; the candidates at or above each year's undergraduate
 * (本科) line are another fair count, the ones competing for undergraduate places. Mostly the two agree within a
 * few percent; when one year adds candidates mainly below the line (辽宁 历史类 2025: +29 % in all, +6 % at or
 * above the line) they do not, and nothing in either year says which one the lines will follow: the estimator
 * counts their log difference as uncertainty of the scaling.
 */
export function cohortSpread(
  ratio: CohortRatio,
  target: readonly ScoreRankRow[] | undefined,
  source: readonly ScoreRankRow[] | undefined,
  targetLine: number | undefined,
  sourceLine: number | undefined,
): CohortRatio {
  if (ratio.basis === 'none' || !target || !source || targetLine === undefined || sourceLine === undefined)
    return ratio
  const t = countAtOrAbove(target, targetLine)
  const s = countAtOrAbove(source, sourceLine)
  if (t <= 0 || s <= 0) return ratio
  return { ...ratio, spread: Math.abs(Math.log(ratio.ratio) - Math.log(t / s)) }
}

const floorOf = (rows: readonly ScoreRankRow[]): number => Math.min(...rows.map((r) => r.scoreLow))
const totalOf = (rows: readonly ScoreRankRow[]): number => Math.max(0, ...rows.map((r) => r.total))

/** Candidates at or above `score`: the cumulative total of the last row whose scores are all >= score. */
export function countAtOrAbove(rows: readonly ScoreRankRow[], score: number): number {
  let count = 0
  for (const row of rows) if (row.scoreLow >= score) count = Math.max(count, row.total)
  return count
}

export function cohortRatio(
  target: readonly ScoreRankRow[] | undefined,
  source: readonly ScoreRankRow[] | undefined,
): CohortRatio {
  if (!target?.length || !source?.length) return { ratio: 1, basis: 'none' }
  const targetTotal = totalOf(target)
  const sourceTotal = totalOf(source)
  if (targetTotal <= 0 || sourceTotal <= 0) return { ratio: 1, basis: 'none' }
  const targetFloor = floorOf(target)
  const sourceFloor = floorOf(source)
  if (Math.abs(targetFloor - sourceFloor) <= FLOOR_TOLERANCE)
    return { ratio: targetTotal / sourceTotal, basis: 'total' }
  const floor = Math.max(targetFloor, sourceFloor)
  const t = countAtOrAbove(target, floor)
  const s = countAtOrAbove(source, floor)
  if (t <= 0 || s <= 0) return { ratio: 1, basis: 'none' }
  return { ratio: t / s, basis: 'common-floor' }
}

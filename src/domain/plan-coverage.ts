/**
 * How complete a province's planned numbers are, read off the plans themselves: of the schools the province's
 * plans list in its best-covered year, the share that carry a known planned number, averaged over the years
 * asked. The sources publish admission scores for far more schools than plan books (上海 2024: 675 schools
 * listed, 7 with a number), so a sum of planned numbers beside another province's says little unless both are
 * complete: `charts provinces` names the provinces below the threshold. Pure.
 */

/** At or above this share a province's plan numbers count as complete */
export const COMPLETE_SHARE = 0.9

/** One province's plan rows of one year: the schools listed, and those of them with a known planned number. */
export interface YearSchools {
  listed: number
  numbered: number
}

/**
 * The share (0-1) of a province's schools with a known planned number over the years from..to: the schools with
 * a number each year, over the schools listed in the province's best-covered year, averaged over the years (a
 * year without plans counts 0). 0 when the province has no plans at all.
 */
export function coverageOf(years: ReadonlyMap<number, YearSchools>, from: number, to: number): number {
  const base = Math.max(0, ...[...years.values()].map((y) => y.listed))
  if (base === 0 || to < from) return 0
  let sum = 0
  for (let y = from; y <= to; y++) sum += Math.min(1, (years.get(y)?.numbered ?? 0) / base)
  return sum / (to - from + 1)
}

export const isComplete = (coverage: number): boolean => coverage >= COMPLETE_SHARE

/**
 * What a plan row is, in the answers' words. A row of the plans table with an empty major name (`spname` '') is
 * not a major's plan but an admission line: a major group's (sg_name set, outcome_level 'group') or the whole
 * school's (outcome_level 'school'). A planned number the sources did not publish is stored as -1.
 */

/** How a school's or a group's line names itself where a record has a major name (`spname`). */
export const LINE_NAME = '(院校/专业组)'

/** The major name of a plan row as answers show it: the stored name, or LINE_NAME for a line. */
export const majorOrLine = (spname: string | null): string =>
  spname === null || spname.trim() === '' ? LINE_NAME : spname

/** The stored value of a planned number nobody published (plans.num). */
export const UNKNOWN_PLAN_NUM = -1

/** A stored planned number as answers carry it: null when unknown, never -1. */
export const plannedNumber = (stored: number | null): number | null =>
  stored === null || stored < 0 ? null : stored

/** The sum of the known planned numbers; null when none is known (an unknown number is not a 0). */
export function sumPlanned(values: Iterable<number | null>): number | null {
  let sum: number | null = null
  for (const v of values) {
    const n = plannedNumber(v)
    if (n !== null) sum = (sum ?? 0) + n
  }
  return sum
}

import { groupBy } from './group-by.js'
/**
 * SPEC 4.17 rule 4: a group's display name is the suffix of `sg_name` from the first full-width opening
 * parenthesis, with full-width parentheses replaced by ASCII ones: `南京大学01组（物理+化学）` -> `(物理+化学)`.
 * A name without a full-width parenthesis is kept whole (there is no suffix to extract). Rule 5: null and ''
 * both become the one group named ''.
 */
export function formatGroupName(sgName: string | null | undefined): string {
  if (sgName === null || sgName === undefined || sgName === '') return ''
  const at = sgName.indexOf('（')
  const suffix = at >= 0 ? sgName.slice(at) : sgName
  return suffix.replaceAll('（', '(').replaceAll('）', ')')
}

/** Groups records by their raw `sg_name`, null and '' together, keeping first-seen order. */
export function groupBySgName<T extends { sg_name: string | null }>(records: readonly T[]): Map<string, T[]> {
  return groupBy(records, (r) => r.sg_name ?? '')
}

import { type MergedRow, sourcesOf } from './merge.js'
import { groupKey } from './normalize.js'
import type { PlanSourceId } from './types.js'

/**
 * A special plan's group line filed as an ordinary one. 湖北 prints its 国家专项 / 地方专项 groups in the same 本科普通批
 * table as the ordinary groups, marked only in a 备注 column: HB reads the column, LG does not, so LG carried the
 * same line (same school, year, category, group code and lowest score) as 普通 — 311 such lines in 2025, and a few
 * in 广东, 广西 and 福建 where one source names the plan type and another does not. Read as ordinary, such a group
 * would be offered to every candidate, with the lower line of a plan most cannot apply to. A group number is the
 * school's own across its plan types, so one code with one score under two plan types is one group: the 普通 copy
 * goes (counted by its sources) and the special line stays.
 */
export function dropOrdinaryCopiesOfSpecialLines(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: Record<string, number> } {
  const lineKey = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${groupKey(m.sgCode)}|${m.min}`
  const isGroupLine = (m: MergedRow) => m.kind === 'group' && m.min !== null
  const special = new Set(rows.filter((m) => isGroupLine(m) && m.planType !== '普通').map(lineKey))
  const dropped: Record<string, number> = {}
  const kept = rows.filter((m) => {
    if (!(isGroupLine(m) && m.planType === '普通' && special.has(lineKey(m)))) return true
    const by = sourcesOf(m, order).join('+')
    dropped[by] = (dropped[by] ?? 0) + 1
    return false
  })
  return { rows: kept, dropped }
}

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
/** One group line's key across sources: school, year, category, group code and lowest score. */
export type LineOf = Pick<MergedRow, 'province' | 'year' | 'sid' | 'subjectType' | 'sgCode' | 'min'>
export const lineKey = (m: LineOf) =>
  `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${groupKey(m.sgCode)}|${m.min}`
const isGroupLine = (m: MergedRow) => m.kind === 'group' && m.min !== null

export function dropOrdinaryCopiesOfSpecialLines(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: Record<string, number> } {
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

/**
 * An ordinary group line that is a copy of a line some source dropped as a track. 湖北's table prints its 民族班 and
 * 预科 groups among the ordinary ones, marked in the 备注 column that HB reads (北京航空航天大学 A00608, 民族班; 江苏海洋
 * 大学 F90304, 少数民族预科班, 498) and LG does not: LG carried them as 普通 lines of the group code (专业组（08）,
 * 634), which a list then offered every candidate as a 99 % 保, and 江苏海洋大学's 专业组（04） took the 预科 class's
 * line beside the ordinary group's majors. The same line (school, year, category, group code, lowest score) in a
 * track source's drops is that track's: the copy goes, counted by its sources.
 */
export function dropOrdinaryCopiesOfTrackLines(
  rows: readonly MergedRow[],
  trackLines: readonly LineOf[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: Record<string, number> } {
  const tracks = new Set(trackLines.filter((t) => t.min !== null && t.sgCode).map(lineKey))
  const dropped: Record<string, number> = {}
  const kept = rows.filter((m) => {
    if (!(isGroupLine(m) && m.planType === '普通' && tracks.has(lineKey(m)))) return true
    const by = sourcesOf(m, order).join('+')
    dropped[by] = (dropped[by] ?? 0) + 1
    return false
  })
  return { rows: kept, dropped }
}

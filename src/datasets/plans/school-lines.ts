import { type MergedRow, sourcesOf } from './merge.js'
import type { PlanSourceId } from './types.js'

/**
 * Points a school's or group's line may stand above its lowest major's before the two are taken for lines of different
 * things (ties, rounding); `datasets validate` warns of majors below their group's line by as much (major_below_group_line)
 */
export const UNIT_LINE_TOLERANCE = 2

/**
 * A school's line above its own majors' lines. A school's lowest admitted score is the lowest of its majors' (调剂
 * included), so a school row of a year, category, batch and plan type whose line stands above a major line of the
 * same is not the school's lowest but one programme's: 天津大学 in 辽宁, 物理类 2025, had a school row of 657, the
 * line of 工科试验班(精仪与光电信息类), beside six majors at 637-652. Most such rows are LG's and GP's, most in the
 * 专业+院校 provinces, which publish no school line at all (辽宁, 重庆, 河北). Read as the school's line, it made every
 * major judged from it look more selective than the school is.
 *
 * The row keeps its plan and loses its outcome (lowest score and rank, average, max); a row with no plan number is
 * dropped. Counted by sources. The majors' own lines are left as they are: they are the evidence.
 */
export function clearSchoolLinesAboveTheirMajors(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; cleared: Record<string, number> } {
  const unitKey = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.batchName}|${m.planType}|${m.localBatchName}`
  const lowestMajor = new Map<string, number>()
  for (const m of rows) {
    if (m.kind !== 'major' || m.min === null) continue
    const k = unitKey(m)
    lowestMajor.set(k, Math.min(m.min, lowestMajor.get(k) ?? Number.POSITIVE_INFINITY))
  }
  const cleared: Record<string, number> = {}
  const kept: MergedRow[] = []
  for (const m of rows) {
    const lowest = m.kind === 'school' && m.min !== null ? lowestMajor.get(unitKey(m)) : undefined
    if (lowest === undefined || (m.min as number) <= lowest + UNIT_LINE_TOLERANCE) {
      kept.push(m)
      continue
    }
    const by = sourcesOf(m, order).join('+')
    cleared[by] = (cleared[by] ?? 0) + 1
    if (m.num === null) continue
    kept.push({
      ...m,
      min: null,
      minSection: null,
      rankDerived: false,
      rankSource: null,
      average: null,
      max: null,
    })
  }
  return { rows: kept, cleared }
}

import type { MergedRow } from './merge.js'

/**
 * A province's own 院校代号 (湖北 A001, 江苏 1101) names the school on that year's 志愿表 whatever its category,
 * batch or group. A source that prints it gives it only on its own rows: HB on 湖北's 物理类 group lines, so
 * that the majors of those groups (CG's) and the 历史类 groups lacked it, and a list could not say what to type.
 * Every row of a school, province and year without a code takes the one its other rows give, where they give
 * exactly one (a campus printed under a code of its own, and resolved to its school, leaves the school's rows
 * as they are). Returns how many rows took one.
 */
export function spreadLocalSchoolCodes(rows: readonly MergedRow[]): number {
  const schoolOf = (m: MergedRow) => `${m.province}|${m.year}|${m.sid}`
  const codes = new Map<string, Set<string>>()
  for (const m of rows) {
    if (!m.localSchoolCode) continue
    const set = codes.get(schoolOf(m))
    if (set) set.add(m.localSchoolCode)
    else codes.set(schoolOf(m), new Set([m.localSchoolCode]))
  }
  let spread = 0
  for (const m of rows) {
    if (m.localSchoolCode) continue
    const set = codes.get(schoolOf(m))
    if (set?.size !== 1) continue
    m.localSchoolCode = [...set][0] as string
    spread++
  }
  return spread
}

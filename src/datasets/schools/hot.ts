import type { GpMinScore, GpSchool } from './sources.js'
import type { SchoolRow } from './types.js'

/**
 * `hot` (popularity order, 1 = hottest). No source states one, so it is derived (README.md):
 *
 * 1. A cohort is one (enrolment province, year, gaokao.cn category) of GP's minimum admitted scores
 *    (`pro_type_min`). Within a cohort each school gets its position p = (schools with a higher minimum) /
 *    (schools in the cohort), 0 for the top school, so provinces with other full scores compare.
 * 2. A school's score is the mean of p over its cohorts of the latest year it has in each province.
 * 3. Order: schools with scores first, by score; then schools without (no GP minimum scores) by 985, 211,
 *    双一流, 本科 before 专科; ties by sid. hot = position 1..n.
 */
export function deriveHot(
  schools: readonly { row: SchoolRow; gp: Pick<GpSchool, 'minScores'> | null }[],
): Map<number, number> {
  const cohorts = new Map<string, number[]>()
  const cohortKey = (m: GpMinScore) => `${m.province}|${m.year}|${m.typeId}`
  const latest = (ms: readonly GpMinScore[]) => {
    const year = new Map<string, number>()
    for (const m of ms) year.set(m.province, Math.max(year.get(m.province) ?? 0, m.year))
    return ms.filter((m) => m.year === year.get(m.province))
  }
  const used = schools.map((s) => ({ row: s.row, scores: latest(s.gp?.minScores ?? []) }))
  for (const s of used) {
    for (const m of s.scores) {
      const list = cohorts.get(cohortKey(m))
      if (list) list.push(m.score)
      else cohorts.set(cohortKey(m), [m.score])
    }
  }
  for (const list of cohorts.values()) list.sort((a, b) => b - a)
  /** schools strictly above `score` in a list sorted descending */
  const above = (list: number[], score: number) => {
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((list[mid] as number) > score) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const scored = used.map((s) => {
    if (s.scores.length === 0) return { row: s.row, score: null as number | null }
    let sum = 0
    for (const m of s.scores) {
      const list = cohorts.get(cohortKey(m)) as number[]
      sum += above(list, m.score) / list.length
    }
    // rounded so that the order does not depend on floating-point summation order
    return { row: s.row, score: Math.round((sum / s.scores.length) * 1e9) }
  })
  const tier = (r: SchoolRow) =>
    -(r.f985 ? 8 : 0) - (r.f211 ? 4 : 0) - (r.dual_class ? 2 : 0) - (r.level_name === '普通本科' ? 1 : 0)
  scored.sort((a, b) => {
    if (a.score !== null && b.score !== null) return a.score - b.score || a.row.sid - b.row.sid
    if (a.score !== null) return -1
    if (b.score !== null) return 1
    return tier(a.row) - tier(b.row) || a.row.sid - b.row.sid
  })
  return new Map(scored.map((s, i) => [s.row.sid, i + 1]))
}

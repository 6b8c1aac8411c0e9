import { type MergedRow, sourcesOf } from './merge.js'
import { groupKey, majorKey } from './normalize.js'
import type { PlanSourceId } from './types.js'

/**
 * GP's 2025 groups (college-groups-2025.json, compiled by a language model) name some majors without their bracket:
 * 华中科技大学 湖北 专业组（05） 临床医学 37 and 29, where gaokao.cn (CG) has 临床医学(八年制) 37 and
 * 临床医学(卓越医师启明实验班) 29. The names differ, so the merge keeps both, and the group shows a 临床医学 that no
 * 志愿表 has, twice the seats. A major row of GP alone whose name is the stem of a CG name of its group, with that
 * row's plan number, where no CG row has the bare name, is such a cut copy: it goes, counted (179 rows in 2025).
 */
export function dropCutCopiesOfCgNames(
  rows: readonly MergedRow[],
  order: readonly PlanSourceId[],
): { rows: MergedRow[]; dropped: number } {
  const groupOf = (m: MergedRow) =>
    `${m.province}|${m.year}|${m.sid}|${m.subjectType}|${m.batchName}|${m.planType}|${groupKey(m.sgCode)}`
  const stem = (name: string) => majorKey(name).replace(/\(.*$/u, '')
  const cg = new Map<string, { names: Set<string>; stems: Set<string> }>()
  for (const m of rows) {
    if (m.kind !== 'major' || !sourcesOf(m, order).includes('CG')) continue
    const g = cg.get(groupOf(m)) ?? { names: new Set(), stems: new Set() }
    g.names.add(majorKey(m.spname))
    if (stem(m.spname) !== majorKey(m.spname)) g.stems.add(`${stem(m.spname)}|${m.num}`)
    cg.set(groupOf(m), g)
  }
  let dropped = 0
  const kept = rows.filter((m) => {
    if (m.kind !== 'major' || sourcesOf(m, order).join('+') !== 'GP') return true
    const g = cg.get(groupOf(m))
    const name = majorKey(m.spname)
    if (!g || g.names.has(name) || !g.stems.has(`${name}|${m.num}`)) return true
    dropped++
    return false
  })
  return { rows: kept, dropped }
}

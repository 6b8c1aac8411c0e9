import { obligationOf, unitObligation } from '../smart-match/model/obligations.js'
import type { Option } from '../smart-match/model/options.js'
import type { Matched, SchoolIndex, SchoolRef } from './model/match.js'
import { nearMajors } from './model/near-majors.js'
import type { ChoiceFacts } from './model/warnings.js'

/**
 * What the check says of a choice beyond its match (run.ts): the plan's majors near one not found, what the unit
 * binds its admitted to, and the province's own codes the list is read by.
 */

/**
 * The plan's majors a listed major not found may have meant (model/near-majors.ts): among the unit's majors, or, a
 * 专业+院校 choice whose major the school's plan lacks, among the school's.
 */
export function nearFacts(
  m: Matched,
  type: 1 | 2 | 3,
  bySchool: Map<number, Option[]>,
  classOf: (name: string) => string | undefined,
): { majorsNear?: ChoiceFacts['majorsNear'] } {
  const plan =
    type === 3
      ? m.status === 'major_not_found' && m.school
        ? (bySchool.get(m.school.sid) ?? []).flatMap((o) => o.majors.map((x) => x.row.name))
        : []
      : (m.option?.majors.map((x) => x.row.name) ?? [])
  const unknown = type === 3 ? (m.status === 'major_not_found' ? m.majors.slice(0, 1) : []) : m.majors
  const near = unknown
    .filter((x) => !x.entry)
    .map((x) => ({ name: x.name, near: nearMajors(x.name, plan, classOf) }))
    .filter((x) => x.near.length > 0)
  return near.length > 0 ? { majorsNear: near } : {}
}

/**
 * What the choice's unit binds its admitted to, read as smart-match reads it for its items: the unit's own label and
 * all of its majors (调剂 can place a candidate in any), and which of the listed majors bind.
 */
export function obligationFacts(m: Matched, province: string): { obligation?: ChoiceFacts['obligation'] } {
  const unit = m.option
    ? unitObligation(
        m.option.group,
        m.option.majors.map((x) => x.row.name),
        province,
      )
    : null
  if (!unit) return {}
  const listed = m.majors.flatMap((x) =>
    x.entry && obligationOf(x.entry.row.name, province) ? [x.entry.row.name] : [],
  )
  return { obligation: { all: unit.all, labels: unit.obligations.map((o) => o.label), listed } }
}

/**
 * The plan's 院校代号 and their schools, each code also without its leading zeros (浙江's 0012 as 12), as Excel
 * shows a code column it took for numbers; a shortened code two codes share (012, 0012) is neither's.
 */
export function localCodeMap(
  codes: readonly { code: string; sid: number }[],
  index: SchoolIndex,
): Map<string, SchoolRef> {
  const local = new Map<string, SchoolRef>()
  const short = new Map<string, SchoolRef | null>()
  for (const { code, sid } of codes) {
    const school = index.byId.get(sid)
    if (!school) continue
    local.set(code, school)
    const stripped = /^0+\d/u.test(code) ? code.replace(/^0+(?=\d)/u, '') : undefined
    if (stripped !== undefined) short.set(stripped, short.has(stripped) ? null : school)
  }
  for (const [code, school] of short) if (school && !local.has(code)) local.set(code, school)
  return local
}

/** The school's own 院校代号 in the plan, as its options give it (none when they give none) */
export function ownCodeOf(sid: number | undefined, bySchool: Map<number, Option[]>): { ownCode?: string } {
  const code =
    sid === undefined ? undefined : bySchool.get(sid)?.find((o) => o.localSchoolCode)?.localSchoolCode
  return code ? { ownCode: code } : {}
}

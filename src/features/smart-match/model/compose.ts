import { groupBy } from '../../../domain/group-by.js'
import type { Classified } from './classify.js'
import { type HistoryRow, type MenuRow, majorNameKey } from './options.js'
import { requirementKey } from './subjects.js'

/**
 * What an item lists when the rank year's plan does not name its majors. A choice on the real 志愿表 is a group
 * and its majors (院校专业组 provinces), one major (专业+院校 provinces) or majors under a school: an item without
 * them is advice, not something a counsellor can type in. Where the plan is silent, the best evidence there is
 * fills in, in this order, and every item says which it is (`composition`), since the counsellor must then check
 * the plan book:
 *
 * - `plan`: the rank year's plan names them (any source of that year; the builder merged them into one plan);
 * - `plan_prev_year`: the same unit's plan of the plan year before (same school and group code; a group whose
 *   stated subject requirement differs is another group and lends nothing);
 * - `admitted_prev_year`: the majors the unit admitted in the latest earlier year with major lines.
 *
 * Borrowed majors are listed, never counted as evidence of the unit's own line (options.ts leaves them out of a
 * group's aggregate), so what the tiers say of an item does not change with what it lists.
 */
export type Composition = 'plan' | 'plan_prev_year' | 'admitted_prev_year'

export const compositionOf = (row: Pick<MenuRow, 'composition'>): Composition => row.composition ?? 'plan'

/** The application unit a menu row belongs to: a group (type 2) or a school (types 1 and 3). */
const unitKey = (row: Pick<MenuRow, 'sid' | 'group'>, type: 1 | 2 | 3) =>
  type === 2 ? `${row.sid}|${row.group}` : `${row.sid}`

/**
 * The menu with borrowed majors added to every unit whose rows name none: from `previousPlan` (the plan year
 * before the menu's; only for units of the rank year's own plan, not for carried ones, which already are that
 * plan) or else from `history` (major lines before the rank year). Borrowed rows get fresh negative ids.
 */
export function composeMenu(
  menu: readonly MenuRow[],
  previousPlan: readonly MenuRow[],
  history: readonly HistoryRow[],
  type: 1 | 2 | 3,
): MenuRow[] {
  const units = new Map<string, MenuRow[]>()
  for (const row of menu) {
    const k = unitKey(row, type)
    const list = units.get(k)
    if (list) list.push(row)
    else units.set(k, [row])
  }
  const bare = [...units].filter(([, rows]) => rows.every((r) => r.name === ''))
  if (bare.length === 0) return [...menu]
  const planned = groupBy(
    previousPlan.filter((r) => r.name !== ''),
    (r) => unitKey(r, type),
  )
  const admitted = latestMajors(history, type)
  let nextId = -1
  const out = [...menu]
  for (const [key, rows] of bare) {
    const first = rows[0] as MenuRow
    const own = ownRequirement(rows)
    const carried = first.carried === true
    const fromPlan = carried
      ? []
      : (planned.get(key) ?? []).filter((r) => {
          const theirs = requirementKey(r.sgInfos)
          return own === undefined || theirs === undefined || theirs === own || type !== 2
        })
    const seen = new Set<string>()
    // a composed major is offered in its unit's plan (a carried unit's: the plan before), whatever plan or year it
    // was read from: without it an item of a carried group said plan_year 2026 beside plan_carried (广东 2026)
    const planYear = first.planYear === undefined ? {} : { planYear: first.planYear }
    const take = (row: MenuRow) => {
      const n = majorNameKey(row.name)
      if (seen.has(n)) return
      seen.add(n)
      out.push({ ...row, ...planYear })
    }
    if (fromPlan.length > 0) {
      for (const r of fromPlan)
        take({
          ...r,
          id: nextId--,
          sid: first.sid,
          group: first.group,
          carried,
          composition: 'plan_prev_year',
        })
      continue
    }
    for (const h of admitted.get(key) ?? [])
      take({
        id: nextId--,
        sid: first.sid,
        group: first.group,
        name: h.name,
        majorId: h.majorId,
        spcode: null,
        num: null,
        length: null,
        sgInfos: null,
        carried,
        composition: 'admitted_prev_year',
      })
  }
  return out
}

/** The stated requirement of a unit's own (nameless) rows, undefined when none states one. */
function ownRequirement(rows: readonly MenuRow[]): string | undefined {
  for (const r of rows) {
    const k = requirementKey(r.sgInfos)
    if (k !== undefined) return k
  }
  return undefined
}

/** Each unit's major lines of its latest year before the rank year (the history holds only earlier years). */
function latestMajors(history: readonly HistoryRow[], type: 1 | 2 | 3): Map<string, HistoryRow[]> {
  const byUnit = groupBy(
    history.filter((h) => h.level === 'major' && h.name !== ''),
    (h) => unitKey(h, type),
  )
  const out = new Map<string, HistoryRow[]>()
  for (const [key, rows] of byUnit) {
    const latest = Math.max(...rows.map((r) => r.year))
    out.set(
      key,
      rows.filter((r) => r.year === latest).sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : 1)),
    )
  }
  return out
}

/**
 * Whether an item names what the real 志愿表 asks for: a group code and at least one major where a choice is a
 * group (type 2), one major where it is a major (type 3), majors under a school where it is a school (type 1).
 */
export function formReady(c: Pick<Classified, 'option' | 'majors'>, type: 1 | 2 | 3): boolean {
  const { option } = c
  if (type === 3) return option.granularity === 'major'
  if (type === 2) return option.granularity === 'group' && option.group !== '' && c.majors.length > 0
  return c.majors.length > 0
}

/** The composition of an item: that of its majors (a unit is filled from one place), null when it lists none. */
export function itemComposition(majors: readonly { row: MenuRow }[]): Composition | null {
  const first = majors[0]
  return first ? compositionOf(first.row) : null
}

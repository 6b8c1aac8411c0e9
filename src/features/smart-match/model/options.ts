import type { CohortRatio } from './cohort.js'
import type { Composition } from './compose.js'
import {
  DEFAULT_ESTIMATOR,
  type Estimate,
  type EstimatorParams,
  estimateLowestRank,
  type Granularity,
  type Observation,
} from './estimate.js'
import type { PremiumOf } from './premium.js'
import { parseRequirement, type Requirement, requirementKey } from './subjects.js'

/**
 * The options a candidate can list, built from the plan of the rank year (the "menu") and the outcomes of earlier
 * years. An option is what one choice of the province's rule holds:
 *
 * - volunteerType 3: one major at one school — its own lowest ranks, else (weaker) its group's or school's; a
 *   school whose plan names no major is one option of school granularity (its line is its least selective
 *   major's);
 * - volunteerType 2: one major group of a school — the group's own lowest ranks where a past group of the same
 *   name was published, and in a year without one the highest of its majors' lowest ranks (a group admits down to
 *   its least selective major);
 * - volunteerType 1: one school — the school's own lowest ranks, and the highest of all its majors' and groups'.
 *
 * Options without any earlier outcome cannot be judged and are left out; majors without one still appear in a
 * group's or school's major list.
 */

/** One row of the menu: a major of the rank year's plan (or a group / school row when the plan lists no majors). */
export interface MenuRow {
  id: number
  sid: number
  /** sg_name as published, '' when none */
  group: string
  /** spname, '' for a group or school row */
  name: string
  majorId: number | null
  spcode: string | null
  num: number | null
  length: string | null
  sgInfos: string | null
  /** Yuan a year, where the plan gives it (a 中外合作办学 programme's 60,000 beside its school's 5,000) */
  tuition?: number | null
  /** The province's own 院校代号 and 专业代号 on its 志愿表, where a plan book gives them (plans.local_*) */
  localSchoolCode?: string | null
  localSpcode?: string | null
  /** Taken from an earlier year's plan because the rank year's plan does not list the school */
  carried?: boolean
  /** The plan the row is of (run.ts: the plan year's, or the plan before's for a school it does not name) */
  planYear?: number
  /** Where a major row comes from when the plan does not name the unit's majors (compose.ts); absent: the plan */
  composition?: Composition
}

/** One earlier outcome row. */
export interface HistoryRow {
  sid: number
  group: string
  name: string
  majorId: number | null
  year: number
  rank: number
  score: number | null
  derived: boolean
  level: Granularity
  /** The row's subject requirement as published (sg_infos), read for group lines */
  sgInfos?: string | null
}

export interface MajorEntry {
  row: MenuRow
  requirement: Requirement
  estimate: Estimate | undefined
}

export interface Option {
  /** Stable identity: `s<sid>`, `g<sid>|<group>` or `m<menu row id>` */
  key: string
  sid: number
  group: string
  granularity: Granularity
  majors: MajorEntry[]
  /**
   * A group's majors in the plan where a family's preference (a major keyword) narrowed `majors` to those it wants
   * listed (preferences.ts): 调剂 can place a candidate in any of them
   */
  planMajors?: MajorEntry[]
  /**
   * The subject requirements stated on the option's own rows (a group's or school's row, spname ''): a candidate
   * must meet every one, whatever its majors say. Where a province states requirements per group (江苏, 北京),
   * this is the only place they are.
   */
  requirements: Requirement[]
  estimate: Estimate
  /** Planned places of the option (sum of its majors' known numbers), null when unknown */
  num: number | null
  /** Offered by an earlier plan than the rank year's (MenuRow.carried): less certain to be on offer */
  carried: boolean
  /** The plan it is offered in (MenuRow.planYear) */
  planYear?: number
  /**
   * The province's own 院校代号 its rows give (MenuRow.localSchoolCode), null when none or several: a group whose
   * plan names no major has it on its own row only (湖北's, from HB's lines)
   */
  localSchoolCode?: string | null
  /**
   * How many of its majors an item lists, where not the rule's majorNumMax: a 专业+院校 school item ("one of its
   * majors", SCHOOL_ITEM_MAJORS) lists several for the counsellor to choose from, one per choice on the form.
   */
  majorLimit?: number
}

/** Majors a 专业+院校 school item lists to choose from (the plan's, in its order): a screenful, not the whole plan. */
export const SCHOOL_ITEM_MAJORS = 6

export interface BuildInput {
  volunteerType: 1 | 2 | 3
  targetYear: number
  menu: readonly MenuRow[]
  history: readonly HistoryRow[]
  ratioOf: (year: number) => CohortRatio
  params?: EstimatorParams
  /**
   * In a 专业+院校 province without a single major line (浙江, 山东), each major's premium over its school's line
   * (premium.ts): given, every major of the plan is an option judged so; absent, a school stays one option.
   */
  premiumOf?: PremiumOf
  /**
   * The plan of the year before the menu's (run.ts `previous`), to tell a group code the school gave another
   * programme that year (groupYears)
   */
  previousPlan?: { year: number; rows: readonly MenuRow[] }
}

const nameKeys = new Map<string, string>()

/** Major name as a matching key: NFKC, no spaces, ASCII brackets. */
export function majorNameKey(name: string): string {
  let key = nameKeys.get(name)
  if (key === undefined) {
    key = normalizeName(name)
    if (nameKeys.size > 50_000) nameKeys.clear()
    nameKeys.set(name, key)
  }
  return key
}

const normalizeName = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/\s+/gu, '')
    .replace(/[（【[]/gu, '(')
    .replace(/[）】\]]/gu, ')')

const GRANULARITY: Record<1 | 2 | 3, Granularity> = { 1: 'school', 2: 'group', 3: 'major' }

export function buildOptions(input: BuildInput): Option[] {
  const params = input.params ?? DEFAULT_ESTIMATOR
  const index = indexHistory(input.history)
  const estimate = (
    observations: Observation[],
    granularity: Granularity,
    carried: boolean,
    siblings = 1,
    schoolShift?: number,
  ) =>
    estimateLowestRank(
      {
        observations,
        targetYear: input.targetYear,
        granularity,
        ratioOf: input.ratioOf,
        planPublished: !carried,
        siblings,
        ...(schoolShift === undefined ? {} : { schoolShift }),
      },
      params,
    )
  // Few distinct requirement texts stand behind thousands of rows: parse each once.
  const requirements = new Map<string | null, Requirement>()
  const requirementOf = (text: string | null) => {
    let req = requirements.get(text)
    if (!req) {
      req = parseRequirement(text)
      requirements.set(text, req)
    }
    return req
  }
  // A major's own observations serve its own estimate and its group's: look them up once.
  const ownObservations = new Map<number, Observation[]>()
  const menuNames = new Map<number, Set<string>>()
  for (const row of input.menu) {
    if (row.name === '') continue
    const names = menuNames.get(row.sid)
    if (names) names.add(majorNameKey(row.name))
    else menuNames.set(row.sid, new Set([majorNameKey(row.name)]))
  }
  const observationsOf = (row: MenuRow) => {
    let obs = ownObservations.get(row.id)
    if (!obs) {
      obs = majorObservations(index, row, menuNames.get(row.sid) ?? new Set())
      ownObservations.set(row.id, obs)
    }
    return obs
  }
  // In a 专业+院校 province a major is an option of its own, judged from its own lines or else (weaker) its school's.
  // Where no source publishes a single major line in the years used (浙江, 山东), a major's line is its school's
  // times the premium the same school's major shows where majors have lines (premium.ts); without premiums a
  // school stays one option of school granularity, "one of its majors", its chance the school's.
  const majorLines = input.volunteerType === 3 && input.history.some((h) => h.level === 'major')
  const premiumOf = input.volunteerType === 3 && !majorLines ? input.premiumOf : undefined
  const majorEntries = new Map<number, MajorEntry>()
  for (const row of input.menu) {
    const obs = row.name === '' ? [] : observationsOf(row)
    const withCoarse =
      input.volunteerType === 3
        ? [
            ...obs,
            ...(index.groups.get(row.sid)?.get(row.group) ?? []),
            ...(index.schools.get(row.sid) ?? []),
          ]
        : obs
    majorEntries.set(row.id, {
      row,
      requirement: requirementOf(row.sgInfos),
      estimate:
        row.name === ''
          ? undefined
          : estimate(
              withCoarse,
              'major',
              row.carried === true,
              1,
              premiumOf && (premiumOf(row) ?? params.classes['major<school'].shift),
            ),
    })
  }
  const optionGranularity = GRANULARITY[input.volunteerType]
  const options: Option[] = []
  const majorOptionSchools = new Set(
    input.volunteerType === 3 && (majorLines || premiumOf)
      ? input.menu.filter((r) => r.name !== '').map((r) => r.sid)
      : [],
  )
  const menuOptions = groupMenu(input.menu, input.volunteerType, majorOptionSchools)
  const perSchool = new Map<number, number>()
  for (const rows of menuOptions.values()) {
    const sid = (rows[0] as MenuRow).sid
    perSchool.set(sid, (perSchool.get(sid) ?? 0) + 1)
  }
  /**
   * A group's lowest rank in each earlier year: its own line (its 投档线) where one was published, else the highest
   * of its majors' lowest ranks (a group admits down to its least selective major).
   */
  const groupYears = (rows: readonly MenuRow[], majors: readonly MajorEntry[]): Observation[] => {
    const first = rows[0] as MenuRow
    // A past group of the same name that required other subjects was another group (北京 2024's 专业组（01）
    // of 东北大学秦皇岛分校 required 物理和化学; 2025's is 不限): its line says nothing of this one.
    const own = groupRequirement(rows)
    const reusedUpTo = reusedCode(rows)
    const published = (index.groups.get(first.sid)?.get(first.group) ?? []).filter(
      (o) =>
        (own === undefined || o.requirement === undefined || o.requirement === own) &&
        (reusedUpTo === undefined || o.year > reusedUpTo),
    )
    // Borrowed majors (compose.ts) are listed, never evidence of the group's line.
    const ownMajors = majors.filter((m) => m.row.composition === undefined).map((m) => observationsOf(m.row))
    // A major line below the group's is a later round's (征集) or another group's, not the group's lowest:
    // 哈尔滨师范大学's 黑龙江 专业组（120） had a line of 489 in 2025 (rank 35,963, two sources) and majors filed
    // under it down to 360 (85,313), which gave it to a 2026 candidate at rank 75,000 as a 冲 of 32 %.
    const lineYears = new Set(published.map((o) => o.year))
    return [...published, ...aggregate(ownMajors, 'group').filter((o) => !lineYears.has(o.year))]
  }
  // A group code the school gave another programme the year before (中国海洋大学's 江苏 专业组（10）: 生物技术
  // (中外合作办学, 60,000 元) in 2025, 海洋科学(蓝梦拔尖人才实验班) in 2026): none of its majors then is one of its
  // majors now, by name or by 专业类 (the catalogue code's first four characters). Its lines of that year and before
  // were another programme's, and say nothing of this one (the 2025 line made the 2026 class a 保 of 98 %).
  const before = new Map<string, { names: Set<string>; families: Set<string> }>()
  for (const r of input.previousPlan?.rows ?? []) {
    if (r.name === '' || r.group === '' || r.composition !== undefined) continue
    const k = groupKey(r.sid, r.group)
    const g = before.get(k) ?? { names: new Set(), families: new Set() }
    g.names.add(nameStem(r.name))
    if (r.spcode) g.families.add(r.spcode.slice(0, 4))
    before.set(k, g)
  }
  const reusedCode = (rows: readonly MenuRow[]): number | undefined => {
    const first = rows[0] as MenuRow
    const then = before.get(groupKey(first.sid, first.group))
    const now = rows.filter((r) => r.name !== '' && r.composition === undefined && r.carried !== true)
    if (!then || now.length === 0 || input.previousPlan === undefined) return undefined
    const related = now.some(
      (r) =>
        then.names.has(nameStem(r.name)) || (r.spcode !== null && then.families.has(r.spcode.slice(0, 4))),
    )
    return related ? undefined : input.previousPlan.year
  }
  for (const [key, rows] of menuOptions) {
    const first = rows[0] as MenuRow
    const granularity = key.startsWith('s') ? 'school' : optionGranularity
    const majors = rows
      .filter((r) => r.name !== '')
      .map((r) => majorEntries.get(r.id) as MajorEntry)
      .sort(byMenuOrder)
    const num = sumKnown(rows.filter((r) => r.name !== '' || rows.length === 1).map((r) => r.num))
    let est: Estimate | undefined
    if (granularity === 'major') est = majorEntries.get(first.id)?.estimate
    else {
      const observations =
        granularity === 'group'
          ? [...groupYears(rows, majors), ...(index.schools.get(first.sid) ?? [])]
          : [
              ...(index.schools.get(first.sid) ?? []),
              ...aggregate(
                [...(index.bySchool.get(first.sid) ?? [])].map((o) => [o]),
                'school',
              ),
            ]
      est = estimate(observations, granularity, first.carried === true, perSchool.get(first.sid) ?? 1)
    }
    if (!est) continue
    const requirements =
      granularity === 'major'
        ? []
        : rows
            .filter((r) => r.name === '')
            .map((r) => (majorEntries.get(r.id) as MajorEntry).requirement)
            .filter((r) => r.first !== null || r.clauses.length > 0)
    options.push({
      key,
      sid: first.sid,
      group: granularity === 'school' ? '' : first.group,
      granularity,
      majors:
        granularity === 'major'
          ? [majorEntries.get(first.id) as MajorEntry]
          : input.volunteerType === 3
            ? // "one of its majors": no major of such a school has a line to judge it apart from the school's
              majors.map((m) => ({ ...m, estimate: undefined }))
            : majors,
      requirements,
      estimate: est,
      num,
      carried: first.carried === true,
      ...(first.planYear === undefined ? {} : { planYear: first.planYear }),
      ...(granularity === 'school' && input.volunteerType === 3 ? { majorLimit: SCHOOL_ITEM_MAJORS } : {}),
      localSchoolCode: oneLocalCode(rows),
    })
  }
  return options.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

const groupKey = (sid: number, group: string) => `${sid}|${group}`

/** The one 院校代号 of the province that rows give, null when none or several */
function oneLocalCode(rows: readonly MenuRow[]): string | null {
  const known = new Set(
    rows.map((r) => r.localSchoolCode).filter((c): c is string => typeof c === 'string' && c !== ''),
  )
  return known.size === 1 ? ([...known][0] as string) : null
}

/** A major's name without its brackets: 海洋科学(蓝梦拔尖人才实验班) → 海洋科学 */
const nameStem = (name: string) => majorNameKey(name).replace(/\(.*$/u, '')

/** Observations by school, then by a key within the school (nested maps: no key string per history row). */
type BySchool<K> = Map<number, Map<K, Observation[]>>

interface HistoryIndex {
  /** major rows by sid, then normalized name */
  byName: BySchool<string>
  /** major rows by sid, then catalogue id, used when the name found nothing in a year; with their name's key */
  byMajorId: Map<number, Map<number, { o: Observation; nameKey: string }[]>>
  /** group rows by sid, then group name */
  groups: BySchool<string>
  schools: Map<number, Observation[]>
  /** every major and group row of a school, to aggregate a school's lowest rank */
  bySchool: Map<number, Observation[]>
}

function indexHistory(history: readonly HistoryRow[]): HistoryIndex {
  const index: HistoryIndex = {
    byName: new Map(),
    byMajorId: new Map(),
    groups: new Map(),
    schools: new Map(),
    bySchool: new Map(),
  }
  const push = <K, V>(map: Map<K, V[]>, key: K, o: V) => {
    const list = map.get(key)
    if (list) list.push(o)
    else map.set(key, [o])
  }
  const inSchool = <K, V>(map: Map<number, Map<K, V[]>>, sid: number): Map<K, V[]> => {
    let inner = map.get(sid)
    if (!inner) {
      inner = new Map()
      map.set(sid, inner)
    }
    return inner
  }
  for (const h of history) {
    const o: Observation = { year: h.year, rank: h.rank, score: h.score, derived: h.derived, level: h.level }
    if (h.level === 'major') {
      const nameKey = majorNameKey(h.name)
      push(inSchool(index.byName, h.sid), nameKey, o)
      if (h.majorId !== null) push(inSchool(index.byMajorId, h.sid), h.majorId, { o, nameKey })
      push(index.bySchool, h.sid, o)
    } else if (h.level === 'group') {
      push(inSchool(index.groups, h.sid), h.group, { ...o, requirement: requirementKey(h.sgInfos) })
      push(index.bySchool, h.sid, { ...o, level: 'major' })
    } else push(index.schools, h.sid, o)
  }
  return index
}

/**
 * A menu major's own earlier outcomes: by name, and by catalogue id in the years the name found nothing (a major
 * renamed). A row whose name is another major of the same school's plan now is that major's, not this one's
 * former name: in 辽宁's 2025 plan, 中山大学's 临床医学(深圳校区) took the 2023 line of 临床医学(八年制) (rank 1,548),
 * the one 临床医学 of that year, for its own; 西南财经大学's 会计学 in 江苏, that of 会计学(注册会计师专门化方向).
 */
function majorObservations(index: HistoryIndex, row: MenuRow, menuNames: ReadonlySet<string>): Observation[] {
  const byName = index.byName.get(row.sid)?.get(majorNameKey(row.name)) ?? []
  if (row.majorId === null) return byName
  const idRows = index.byMajorId.get(row.sid)?.get(row.majorId)
  if (!idRows) return byName
  const years = new Set(byName.map((o) => o.year))
  const byId = idRows
    .filter(({ o, nameKey }) => !years.has(o.year) && !menuNames.has(nameKey))
    .map(({ o }) => o)
  if (byId.length === 0) return byName
  // Several majors of one catalogue id (方向, 中外合作) in a year: the id says nothing about which one this is.
  const perYear = new Map<number, number>()
  for (const o of byId) perYear.set(o.year, (perYear.get(o.year) ?? 0) + 1)
  return [...byName, ...byId.filter((o) => perYear.get(o.year) === 1)]
}

/**
 * A coarser option's lowest rank in a year from its parts: the highest lowest rank among them (the least
 * selective part is where the option admits down to). Derived when any part is.
 */
function aggregate(parts: readonly Observation[][], level: Granularity): Observation[] {
  const byYear = new Map<number, Observation>()
  for (const list of parts) {
    for (const o of list) {
      if (o.level !== 'major') continue
      const cur = byYear.get(o.year)
      if (!cur) byYear.set(o.year, { ...o, level })
      else
        byYear.set(o.year, {
          ...(o.rank > cur.rank ? o : cur),
          level,
          derived: cur.derived || o.derived,
        })
    }
  }
  return [...byYear.values()]
}

/**
 * The subject requirement of a group in the plan: its own row's, else the one its majors share (undefined when
 * unknown or when they differ).
 */
function groupRequirement(rows: readonly MenuRow[]): string | undefined {
  const own = rows.find((r) => r.name === '' && requirementKey(r.sgInfos) !== undefined)
  if (own) return requirementKey(own.sgInfos)
  const keys = new Set(rows.map((r) => requirementKey(r.sgInfos)))
  return keys.size === 1 ? [...keys][0] : undefined
}

/** The menu rows of each option, keyed as Option.key, in a stable order. */
function groupMenu(
  menu: readonly MenuRow[],
  type: 1 | 2 | 3,
  majorOptionSchools: ReadonlySet<number>,
): Map<string, MenuRow[]> {
  const out = new Map<string, MenuRow[]>()
  const sorted = [...menu].sort((a, b) => a.sid - b.sid || a.id - b.id)
  // In a group province a school's rows without a group name cannot be applied to as a group of their own
  // when the school has named groups; a school without any named group is one unnamed group.
  const named = new Set(type === 2 ? sorted.filter((r) => r.group !== '').map((r) => r.sid) : [])
  // In a major province a group or school row never stands for a major. A school whose plan lists no major at
  // all (浙江's and most of 山东's published plans are school lines only) is one option of school granularity:
  // "one of its majors", judged by its least selective major's line, which is what a school line is.
  // So is every school of a province without a single major line (majorOptionSchools, above), listing its majors.
  const withMajors = majorOptionSchools
  // A major twice in one group (a plan row and the same row merged with its line from another source) is one
  // major: listing it twice wastes a slot.
  const seen = new Set<string>()
  for (const row of sorted) {
    if (type === 2 && row.group === '' && named.has(row.sid)) continue
    if (type === 3 && row.name === '' && withMajors.has(row.sid)) continue
    if (row.name !== '') {
      const same = `${row.sid}|${row.group}|${normalizeName(row.name)}|${row.spcode ?? ''}`
      if (seen.has(same)) continue
      seen.add(same)
    }
    const key =
      type === 1 || (type === 3 && (row.name === '' || !withMajors.has(row.sid)))
        ? `s${row.sid}`
        : type === 2
          ? `g${groupKey(row.sid, row.group)}`
          : `m${row.id}`
    const list = out.get(key)
    if (list) list.push(row)
    else out.set(key, [row])
  }
  return out
}

const byMenuOrder = (a: MajorEntry, b: MajorEntry) =>
  (a.row.spcode ?? '').localeCompare(b.row.spcode ?? '') || a.row.id - b.row.id

function sumKnown(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null && v > 0)
  return known.length ? known.reduce((a, b) => a + b, 0) : null
}

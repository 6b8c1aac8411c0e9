import type { Db } from '../../data/db.js'
import type { ScoreRankRow } from '../../domain/rank.js'
import {
  type Composition,
  calibratedChance,
  type Estimate,
  type Granularity,
  itemComposition,
  type ListItem,
  type Observation,
  type PickedMajor,
  STRATEGIES,
  type Strategy,
  shownChance,
  TIERS,
  type TierName,
  tierCounts,
} from './model/index.js'
import { obligationOf, obligationText, unitObligation } from './model/obligations.js'
import { missesProgrammes } from './model/plan-book.js'
import { batchControlLine, type MajorInfo, majorInfos, type SchoolInfo, schoolInfos } from './queries.js'
import { listOf, type MatchOutcome, volunteerTypeOf } from './run.js'

/** SPEC 2.12: the smart-match payload, from a classified outcome. */

export interface HistoryPoint {
  year: number
  min: number | null
  min_section: number
  /** Whose lowest line it is: the major's own, its group's or the whole school's (borrowed when coarser) */
  level: Granularity
}

export interface ZyItem {
  /**
   * The catalogue id of the matched major; null when the plan's name matches none (docs/smart-match.md, "Fields
   * the spec leaves open")
   */
  zyId: number | null
  zyName: string
  index: number
  source: TierName
  sg_name: string
  sp_code: string | null
  /** Extension: the province's own 专业代号 on its 志愿表 (江苏 01, 浙江 015), where a plan book gives it; else null */
  local_sp_code: string | null
  luqu_rate: '80%'
  /** Score of the expected lowest rank in the rank year's 一分一段 table */
  min: number | null
  /** Expected lowest rank in the rank year (earlier years' lowest ranks scaled and weighted) */
  min_section: number | null
  num: number | null
  length: string
  /**
   * Extension: yuan a year, where the plan gives it; null when unknown. A 中外合作办学 programme costs many times its
   * school's other majors (大连理工大学 湖北 专业组（06）: 60,000), which a family must see before listing it
   */
  tuition: number | null
  /**
   * Extension: the contract admission to the major binds the candidate to, in words (公费师范, 优师计划, 定向医学生,
   * 公费农科生, 订单培养, 定向: `公费师范 (须签协议, 毕业后到指定地区任教)`, model/obligations.ts), read from its name;
   * null when its name says none
   */
  obligation: string | null
  rating: number | null
  /** The major's ranking in the catalogue; 0 without one, the spec's own "no data" (2.15), never null */
  ranking: number
  /** min_section − the candidate's rank (positive: the major admitted below the candidate) */
  diff: number | null
  /** Extension: chance of admission, 0-1, as it comes true (model/calibration.ts) */
  chance: number | null
  /** Extension: the published lowest scores and ranks the estimate rests on, latest first */
  history: HistoryPoint[]
}

export interface ZybItem {
  sid: number
  schoolName: string
  schoolCode: string
  /**
   * Extension: the province's own 院校代号 on its 志愿表 (江苏 1001, 浙江 0001, 广西's code, 湖北 A001), where a source gives
   * it for the item's rows; else null
   */
  local_school_code: string | null
  index: number
  source: TierName
  sg_name: string
  f985: number
  f211: number
  nature_name: string
  dual_class_name: string
  level_name: string
  zyList: ZyItem[]
  min_diff: number
  /** Extension: expected lowest rank of the item itself (the group's or school's admission line) */
  min_section: number
  /** Extension: chance of admission to the item, 0-1, as it comes true (model/calibration.ts) */
  chance: number
  /**
   * Extension: the rank year's plan does not name the school (or there is none yet), whose offer is taken from an
   * earlier plan, `plan_year`: check it is still on offer.
   */
  plan_carried: boolean
  /**
   * Extension: the plan the item's offer comes from: candidate.plan_year's, or for a school that plan does not name,
   * the plan before (candidate.earlier_plan_year)
   */
  plan_year: number
  /** Extension: the school's type (军事类, 政法类, 综合类 ...), null when unknown */
  school_type: string | null
  /**
   * Extension: the contract admission to the item binds the candidate to (model/obligations.ts): the label when the
   * group's own name or every one of its majors carries one, `部分专业 <label>` when some do (调剂 can place a
   * candidate in them, listed or not); null when none does
   */
  obligation: string | null
  /**
   * Extension: where zyList comes from: `plan` (the plan year's plan names the majors), `plan_prev_year` (the
   * unit's plan of the year before) or `admitted_prev_year` (the majors it admitted in its latest earlier year);
   * null when no source names any. Anything but `plan` must be checked against the plan book.
   */
  composition: Composition | null
  history: HistoryPoint[]
}

export interface SmartMatchData {
  zyb_type: { name: string; type: number; is_default: number; rule: Record<TierName, number> }[]
  zyb_data: {
    cache_zyb: string
    zyb_type: number
    zyb_id: 0
    zybData: Record<TierName, ZybItem[]>
  }
  zyb_rule: {
    subjectsType: number
    batchName: string
    scoreMax: number
    volunteerType: number
    volunteerNumMax: number
    majorNumMax: number
  }
  /** Extension: what the list was computed for */
  candidate: {
    rank: number
    category: string
    rank_year: number
    plan_year: number
    /** The earlier plan whose offers complete plan_year's (items with plan_carried), null when none */
    earlier_plan_year: number | null
    /** Extension: schools of the plan that could not be judged (no earlier lowest rank), so not listed */
    unjudged_schools: number
    /** The request's score, else the score of the rank in the rank year's table; null when neither is known */
    score: number | null
    /** The batch's control line that year in the candidate's category; null when the data have none */
    batch_line: number | null
    /**
     * The province publishes no major line (浙江, 山东): each major's figures are its school's line times the premium
     * the same school's major shows in provinces with major lines (docs/smart-match.md, "浙江 and 山东: majors from
     * school lines"), weaker than a line of its own.
     */
    majors_from_school_lines: boolean
    /**
     * Extension, only when the request gave any: the family's preferences the list was narrowed by, in words
     * (preferences.ts describePreferences: "学校在 江苏、浙江 · 985 · 公办 · 专业含 计算机")
     */
    preferences?: string
    /**
     * Extension, only when the plan year's plan holds only the programmes open to candidates of some subjects
     * (浙江 2026: 物理+化学+生物; model/plan-book.ts) and the candidate's subjects are others or not given: those
     * subjects, joined by +. The list misses every programme that requires another subject.
     */
    plan_open_to?: string
  }
}

/** The score whose row of the table holds `rank` (the lowest score a candidate of that rank had). */
export function scoreAtRank(rows: readonly ScoreRankRow[] | undefined, rank: number): number | null {
  if (!rows) return null
  for (const row of rows) if (row.total >= rank) return row.scoreLow
  return null
}

const historyOf = (e: Estimate): HistoryPoint[] =>
  e.used.map((o: Observation) => ({ year: o.year, min: o.score, min_section: o.rank, level: o.level }))

export async function smartMatchData(
  db: Db,
  outcome: MatchOutcome,
  strategy: Strategy,
  token: string,
  requestScore = 0,
): Promise<SmartMatchData> {
  const list = listOf(outcome, strategy)
  const items = TIERS.flatMap((t) => list[t])
  const schools = await schoolInfos(
    db,
    [...new Set(items.map((i) => i.classified.option.sid))].sort((a, b) => a - b),
  )
  const majorIds = [
    ...new Set(
      items.flatMap((i) => i.majors.map((m) => m.entry.row.majorId)).filter((x): x is number => x !== null),
    ),
  ].sort((a, b) => a - b)
  const majors = await majorInfos(db, majorIds)
  const rows = outcome.universe.table?.rows
  const rank = outcome.rank
  let index = 0
  const zybData: Record<TierName, ZybItem[]> = { chong: [], wen: [], bao: [] }
  for (const tier of TIERS) {
    zybData[tier] = list[tier].map((item) =>
      toItem(
        item,
        ++index,
        schools.get(item.classified.option.sid),
        majors,
        rows,
        rank,
        outcome.universe.planYear,
        outcome.province.name,
      ),
    )
  }
  const rule = outcome.rule
  const openTo = outcome.universe.planOpenTo
  return {
    zyb_type: STRATEGIES.map((s) => ({
      name: s.name,
      type: s.type,
      is_default: s.type === strategy.type ? 1 : 0,
      rule: tierCounts(s, rule.volunteer_num_max),
    })),
    zyb_data: { cache_zyb: `cacheZyb:${token}`, zyb_type: strategy.type, zyb_id: 0, zybData },
    zyb_rule: {
      subjectsType: rule.subjects_type,
      batchName: rule.batch_name,
      scoreMax: rule.score_max,
      volunteerType: volunteerTypeOf(rule),
      volunteerNumMax: rule.volunteer_num_max,
      majorNumMax: rule.major_num_max,
    },
    candidate: {
      rank,
      category: outcome.category,
      rank_year: outcome.universe.rankYear,
      plan_year: outcome.universe.planYear,
      earlier_plan_year: outcome.universe.earlierPlanYear,
      unjudged_schools: outcome.universe.unjudgedSchools,
      score: requestScore > 0 ? requestScore : scoreAtRank(rows, rank),
      batch_line: await batchControlLine(
        db,
        outcome.province.name,
        outcome.universe.rankYear,
        outcome.category,
        rule,
      ),
      majors_from_school_lines: outcome.universe.noMajorLines,
      ...(openTo && missesProgrammes(openTo, outcome.chosen) ? { plan_open_to: openTo.join('+') } : {}),
    },
  }
}

/**
 * The item's 院校代号 in the province's own codes (江苏, 浙江, 广西 plan books; 湖北's from its 投档 lines), null where
 * its plan gives none
 */
export const localSchoolCode = (item: ListItem): string | null =>
  item.classified.option.localSchoolCode ?? null

/**
 * Whether an item names the province's own codes its 志愿表 asks for: its 院校代号 and each listed major's 专业代号
 * (`smart-match audit` counts them); an item listing no major names none of the majors the form asks for (湖北's
 * groups carry a 院校代号 and no 专业代号).
 */
export const namesLocalCodes = (item: ListItem): boolean =>
  localSchoolCode(item) !== null &&
  item.majors.length > 0 &&
  item.majors.every((m) => (m.entry.row.localSpcode ?? '') !== '')

function toItem(
  item: ListItem,
  index: number,
  school: SchoolInfo | undefined,
  majors: Map<number, MajorInfo>,
  rows: readonly ScoreRankRow[] | undefined,
  rank: number,
  planYear: number,
  province: string,
): ZybItem {
  const { option } = item.classified
  const expected = Math.round(option.estimate.expected)
  const zyList = item.majors.map((m, i) =>
    toMajor(m, i + 1, item.tier, option.group, majors, rows, rank, province),
  )
  const diffs = zyList.map((z) => z.diff).filter((d): d is number => d !== null)
  return {
    sid: option.sid,
    schoolName: school?.name ?? '',
    schoolCode: school?.code ?? '',
    local_school_code: localSchoolCode(item),
    index,
    source: item.tier,
    sg_name: option.group,
    f985: school?.f985 ?? 0,
    f211: school?.f211 ?? 0,
    nature_name: school?.nature_name ?? '',
    dual_class_name: school?.dual_class === 1 ? '双一流' : '',
    level_name: school?.level_name ?? '',
    zyList,
    min_diff: diffs.length ? Math.min(...diffs) : expected - rank,
    min_section: expected,
    chance: shownChance(calibratedChance(option.estimate, rank)),
    plan_carried: option.carried,
    plan_year: option.planYear ?? planYear,
    school_type: school?.type_name ?? null,
    // all of the option's majors, not only those listed (nor only those a keyword kept): 调剂 can place a
    // candidate in any of the group's
    obligation: obligationText(
      unitObligation(
        option.group,
        (option.planMajors ?? option.majors).map((m) => m.row.name),
        province,
      ),
    ),
    composition: itemComposition(item.majors.map((m) => m.entry)),
    history: historyOf(option.estimate),
  }
}

function toMajor(
  m: PickedMajor,
  index: number,
  tier: TierName,
  group: string,
  majors: Map<number, MajorInfo>,
  rows: readonly ScoreRankRow[] | undefined,
  rank: number,
  province: string,
): ZyItem {
  const row = m.entry.row
  const e = m.entry.estimate
  const expected = e ? Math.round(e.expected) : null
  const info = row.majorId === null ? undefined : majors.get(row.majorId)
  return {
    zyId: row.majorId,
    zyName: row.name,
    index,
    source: tier,
    sg_name: group,
    // The plan's own code and length first; most sources publish neither, the catalogue of the matched major has them.
    sp_code: row.spcode ?? info?.code ?? null,
    local_sp_code: row.localSpcode ?? null,
    luqu_rate: '80%',
    min: expected === null ? null : scoreAtRank(rows, expected),
    min_section: expected,
    // unknown: null like every unknown number of this answer (docs/api.md, Decisions › "Unknown values"), never -1
    num: row.num,
    length: row.length ?? info?.length ?? '',
    tuition: row.tuition ?? null,
    obligation: obligationOf(row.name, province)?.label ?? null,
    // rating has no empty value in the spec: null like every unknown number (docs/api.md, Decisions › "Unknown
    // values"); ranking has one, 0 (2.15: "0 when no data"), as the open-majors answers give it
    rating: info?.rating ?? null,
    ranking: info?.ranking ?? 0,
    diff: expected === null ? null : expected - rank,
    chance: m.chance === undefined || e === undefined ? null : shownChance(calibratedChance(e, rank)),
    history: e ? historyOf(e) : [],
  }
}

import type { Db } from '../../data/db.js'
import { badRequest } from '../../errors.js'
import { defaultBatch } from '../smart-match/defaults.js'
import { calibratedChance } from '../smart-match/model/calibration.js'
import type { Option } from '../smart-match/model/options.js'
import { missesProgrammes } from '../smart-match/model/plan-book.js'
import { meetsRequirement, type Requirement, type Subject } from '../smart-match/model/subjects.js'
import { batchControlLine } from '../smart-match/queries.js'
import { scoreAtRank } from '../smart-match/response.js'
import {
  loadUniverse,
  type MatchRequest,
  noDataError,
  noRuleError,
  resolveCandidate,
  volunteerTypeOf,
} from '../smart-match/run.js'
import { localCodeMap, nearFacts, obligationFacts, ownCodeOf } from './choice-facts.js'
import { majorInUnit, optionChoice } from './model/choices.js'
import { type ChoiceInput, findMajor, type Matched, matchOption, schoolIndex } from './model/match.js'
import { obligationWarnings } from './model/obligation-warnings.js'
import { CHECK_PARAMS } from './model/params.js'
import { type SimChoice, type SimResult, simulateFiling } from './model/simulate.js'
import { TIER_FROM } from './model/tiers.js'
import {
  type CheckWarning,
  type ChoiceFacts,
  eligibilityWarnings,
  matchWarnings,
  type RuleFacts,
  riskWarnings,
  ruleWarnings,
  togetherPairs,
} from './model/warnings.js'
import { localSchoolCodes, majorClasses, schoolRefs } from './queries.js'
import { findListSchools } from './school-names.js'

/** The check of one list: the candidate as smart-match reads them, each choice matched, the filing simulated. */

export interface CheckRequest extends Omit<MatchRequest, 'batch'> {
  /** Default: the province's ordinary undergraduate batch (smart-match counts' default) */
  batch?: string
  choices: ChoiceInput[]
}

export type Tier = 'chong' | 'wen' | 'bao'

export interface CheckedMajor {
  name: string
  /** Found in the unit's plan */
  matched: boolean
  /** Expected lowest rank of the major itself, when it has a line of its own */
  expected_rank: number | null
  /** P(admitted to this major) */
  p: number
}

export interface CheckedChoice {
  /** 1-based, the form's numbering */
  index: number
  school: string
  school_id: number | null
  group: string | null
  /** ok, or why the choice is not simulated (school_not_found, no_option, group_missing, ...) */
  status: string
  note: string | null
  majors: CheckedMajor[]
  /** 服从调剂 as simulated (type 3: no 调剂) */
  tiaoji: boolean
  /** The choice takes part in the filing (matched, allowed by 选科, the line and the rule's count, not a repeat) */
  simulated: boolean
  expected_rank: number | null
  /**
   * The plan the choice's offer was read from: the plan year's, or the plan before's where the plan year's does
   * not name the school (smart-match's plan_carried: 四川 2026 is all 2025's); null when not matched
   */
  plan_year: number | null
  /** P(this choice alone would file the candidate), and its tier (TIER_FROM) by that chance as smart-match shows it */
  chance: number | null
  tier: Tier | null
  /** P(this is the choice that admits: the candidate is filed here) */
  p_admit: number
  /** P(filed here and admitted to a listed major), P(调剂 to another major), P(退档) */
  p_major: number
  p_tiaoji: number
  p_tuidang: number
}

export interface CheckData {
  candidate: {
    province: string
    batch: string
    rank_year: number
    rank: number
    score: number | null
    category: string
    batch_line: number | null
    plan_year: number
  }
  rule: {
    volunteer_type: 1 | 2 | 3
    volunteer_num_max: number
    major_num_max: number
    /** Whether a choice of the batch may be 调剂 inside its unit (not where a choice is one major) */
    tiaoji: boolean
  }
  summary: {
    choices: number
    simulated: number
    /**
     * Choices not found in the data (status other than ok: the school, its group or major unknown there, or no
     * earlier line). They take no part, and they are unknown rather than failed: the probabilities below are those
     * of the choices found (p_slide can only be lower with the others), and all of them are null when none is found.
     */
    unmatched: number
    /** P(滑档): no choice files the candidate */
    p_slide: number | null
    /** P(admitted: filed and not sent back) */
    p_admitted: number | null
    /** P(admitted to a listed major), P(调剂 to a major not listed), P(退档) */
    p_major: number | null
    p_tiaoji: number | null
    p_tuidang: number | null
    /** P(filed to a choice that lists no major: admitted, to a major not judged) */
    p_unjudged: number | null
    /** Expected position of the choice that admits, given that one does */
    expected_position: number | null
    /** Choices likely to admit alone (tier 保: TIER_FROM.bao and up) */
    bao: number
    draws: number
  }
  choices: CheckedChoice[]
  warnings: CheckWarning[]
}

export interface CheckOptions {
  draws?: number
  seed?: number
}

/** Probabilities as answered: to 0.01 %, the simulation's resolution */
const shown = (x: number) => Math.round(x * 10_000) / 10_000

const tierOf = (chance: number): Tier | null =>
  chance >= TIER_FROM.bao
    ? 'bao'
    : chance >= TIER_FROM.wen
      ? 'wen'
      : chance >= TIER_FROM.chong
        ? 'chong'
        : null

/** 首选物理, 再选化学和生物 */
export function requirementText(r: Requirement): string {
  const first = r.first ? `首选${r.first}` : ''
  const rest = r.clauses.length ? `再选${r.clauses.map((c) => c.join('或')).join('和')}` : ''
  return [first, rest].filter((x) => x).join(', ') || '不限'
}

export async function runCheck(db: Db, req: CheckRequest, opts: CheckOptions = {}): Promise<CheckData> {
  const batch = req.batch ?? (await defaultBatch(db, req.province, req.rankYear))
  if (batch === undefined) throw noRuleError({ province: req.province, batch: '本科批' })
  const request: MatchRequest = { ...req, batch }
  const candidate = await resolveCandidate(db, request)
  const universe = await loadUniverse(db, request, candidate)
  if (!universe) throw noDataError(request)
  if (req.choices.length === 0) throw badRequest('参数 choices 无效: 志愿表是空的')
  const rule = candidate.rule
  const type = volunteerTypeOf(rule)
  const facts: RuleFacts = {
    volunteerType: type,
    volunteerNumMax: rule.volunteer_num_max,
    majorNumMax: Math.max(1, rule.major_num_max),
    batch: rule.batch_name,
    ...(universe.planOpenTo && missesProgrammes(universe.planOpenTo, candidate.chosen)
      ? { planOpenTo: { subjects: universe.planOpenTo.join('+'), year: universe.planYear } }
      : {}),
  }
  const index = schoolIndex(await schoolRefs(db))
  const bySchool = new Map<number, Option[]>()
  for (const o of universe.options) {
    const list = bySchool.get(o.sid)
    if (list) list.push(o)
    else bySchool.set(o.sid, [o])
  }
  const score = req.score > 0 ? req.score : scoreAtRank(universe.table?.rows, candidate.rank)
  const line = await batchControlLine(db, candidate.province.name, req.rankYear, candidate.category, rule)
  const belowLine = score !== null && line !== null && score < line ? { score, line } : undefined
  const local = localCodeMap(await localSchoolCodes(db, candidate.province.name, universe.planYear), index)
  const found = await findListSchools(db, req.choices, index, local)
  const classes = await majorClasses(db)
  const classOf = (name: string) => classes.get(name)
  // a 院校专业组代码 written where the school goes (湖北's A14305) gives the group too
  const inputs = req.choices.map((input, i) => {
    const group = found[i]?.group
    return group && !input.group?.trim() ? { ...input, group } : input
  })
  const matched = inputs.map((input, i) => {
    const { school, note } = found[i] ?? { school: undefined }
    const m = matchOption(input, school, school ? (bySchool.get(school.sid) ?? []) : [], type)
    return note ? { ...m, note: [note, m.note].filter(Boolean).join('; ') } : m
  })
  const seen = new Set<string>()
  const built = matched.map((m, i) => {
    const input = inputs[i] as ChoiceInput
    const { suggestions, codeOther, note } = found[i] ?? {}
    const notFound = m.status === 'school_not_found'
    const f: ChoiceFacts = {
      ...factsOf(m, input, i, type, candidate.chosen, bySchool),
      ...obligationFacts(m, candidate.province.name),
      ...nearFacts(m, type, bySchool, classOf),
      ...(suggestions && notFound ? { suggestions } : {}),
      // a search that found nothing to suggest may say why (a province's own 院校代号)
      ...(note && notFound && !suggestions?.length ? { notFoundWhy: note } : {}),
      ...(codeOther ? { codeOther, ...ownCodeOf(m.school?.sid, bySchool) } : {}),
    }
    const repeat = m.option !== undefined && seen.has(m.option.key)
    if (m.option) seen.add(m.option.key)
    const live =
      m.option !== undefined &&
      f.ruledOut === undefined &&
      !repeat &&
      !belowLine &&
      i < rule.volunteer_num_max
    return { m, input, facts: f, sim: simChoiceOf(m, input, type, facts.majorNumMax, candidate.chosen, live) }
  })
  const sims = built.map((b) => b.sim)
  const result = simulateFiling(sims, candidate.rank, {
    ...(opts.draws === undefined ? {} : { draws: opts.draws }),
    ...(opts.seed === undefined ? {} : { seed: opts.seed }),
    pairs: togetherPairs(built.map((b) => ({ sid: b.m.option?.sid, live: b.sim.live }))),
  })
  const choiceFacts = built.map((b) => b.facts)
  const warnings = [
    ...eligibilityWarnings(facts, choiceFacts, belowLine),
    ...ruleWarnings(facts, choiceFacts),
    ...matchWarnings(facts, choiceFacts, candidate.category),
    ...obligationWarnings(choiceFacts),
    ...riskWarnings(facts, choiceFacts, result),
  ]
  const choices = built.map((b, i) =>
    checkedChoice(b.m, b.input, b.sim, result, i, type, candidate.rank, universe.planYear),
  )
  const unmatched = choices.filter((c) => c.status !== 'ok').length
  // Nothing found, nothing known: a filing of no choice would say 滑档 for certain.
  const known = (p: number) => (unmatched === choices.length ? null : shown(p))
  return {
    candidate: {
      province: candidate.province.name,
      batch: rule.batch_name,
      rank_year: req.rankYear,
      rank: candidate.rank,
      score,
      category: candidate.category,
      batch_line: line,
      plan_year: universe.planYear,
    },
    rule: {
      volunteer_type: type,
      volunteer_num_max: rule.volunteer_num_max,
      major_num_max: rule.major_num_max,
      tiaoji: type !== 3,
    },
    summary: {
      choices: choices.length,
      simulated: choices.filter((c) => c.simulated).length,
      unmatched,
      p_slide: known(result.slide),
      p_admitted: known(1 - result.slide - result.tuidang),
      p_major: known(
        result.major +
          result.choices.reduce((acc, c, i) => acc + (sims[i]?.kind === 'major' ? c.filed : 0), 0),
      ),
      p_tiaoji: known(result.tiaoji),
      p_tuidang: known(result.tuidang),
      p_unjudged: known(result.choices.reduce((acc, c) => acc + c.unjudged, 0)),
      expected_position:
        result.expectedPosition === null ? null : Math.round(result.expectedPosition * 100) / 100,
      bao: choices.filter((c) => c.tier === 'bao').length,
      draws: result.draws,
    },
    choices,
    warnings,
  }
}

function factsOf(
  m: Matched,
  input: ChoiceInput,
  i: number,
  type: 1 | 2 | 3,
  chosen: ReadonlySet<Subject> | null,
  bySchool: Map<number, Option[]>,
): ChoiceFacts {
  const option = m.option
  const schoolName = m.school?.name ?? input.school?.trim() ?? String(input.schoolId ?? '')
  const listed = m.majors.length
  let ruledOut: string | undefined
  const majorsRuledOut: string[] = []
  if (option) {
    const unitRule = option.requirements.find((r) => !meetsRequirement(r, chosen))
    const ownMajors = option.majors.filter((x) => x.row.composition === undefined)
    const allowed = option.majors.filter((x) => meetsRequirement(x.requirement, chosen))
    if (unitRule) ruledOut = requirementText(unitRule)
    else if (ownMajors.length > 0 && allowed.length === 0)
      ruledOut = requirementText((ownMajors[0] as (typeof ownMajors)[number]).requirement)
    else
      for (const x of m.majors)
        if (x.entry && !meetsRequirement(x.entry.requirement, chosen)) majorsRuledOut.push(x.name)
  }
  return {
    position: i + 1,
    label: labelOf(m, input, type),
    school: schoolName,
    status: m.status,
    ...(option ? { optionKey: option.key, sid: option.sid, expected: option.estimate.expected } : {}),
    ...(input.group ? { group: input.group } : {}),
    ...(m.majorsGroup ? { majorsGroup: m.majorsGroup } : {}),
    ...(ruledOut === undefined ? {} : { ruledOut }),
    majorsRuledOut,
    majorsUnknown: type === 3 ? [] : m.majors.filter((x) => !x.entry).map((x) => x.name),
    majorsAmbiguous: m.majors.flatMap((x) =>
      x.ambiguous && x.entry ? [{ name: x.name, options: x.ambiguous, taken: x.entry.row.name }] : [],
    ),
    majorsElsewhere:
      type === 2 && option
        ? m.majors.flatMap((x) => {
            if (x.entry) return []
            const other = (bySchool.get(option.sid) ?? []).find(
              (o) => o !== option && o.group !== '' && findMajor(x.name, o.majors) !== undefined,
            )
            return other ? [{ name: x.name, group: other.group }] : []
          })
        : [],
    ...(m.majors.some((x) => x.codeOther)
      ? {
          majorCodesOther: m.majors.flatMap((x) =>
            x.codeOther
              ? [
                  {
                    name: x.name,
                    code: x.codeOther.code,
                    own: x.entry?.row.localSpcode ?? null,
                    major: x.codeOther.major,
                  },
                ]
              : [],
          ),
        }
      : {}),
    majorsListed: listed,
    tiaoji: input.tiaoji,
    coversUnit: false,
    ...(type === 2 && option && option.group === '' ? { groupUnknown: true } : {}),
    ...(type === 3 && option?.granularity === 'school' ? { schoolLineOnly: true } : {}),
    ...(option && option.majors.length > 0 && option.majors.every((x) => x.row.composition === undefined)
      ? { planNamesMajors: true }
      : {}),
    schoolOptions: m.school ? (bySchool.get(m.school.sid)?.length ?? 0) : 0,
    schoolGroups: m.school
      ? [...new Set((bySchool.get(m.school.sid) ?? []).map((o) => o.group).filter((g) => g !== ''))].sort(
          (a, b) => a.localeCompare(b, 'zh', { numeric: true }),
        )
      : [],
  }
}

/** 楚天测试大学 专业组（01）; 巴渝测试大学 软件工程; 中原测试大学 */
function labelOf(m: Matched, input: ChoiceInput, type: 1 | 2 | 3): string {
  const school = m.school?.name ?? input.school?.trim() ?? ''
  if (type === 3)
    return [school, m.majors[0]?.name ?? m.option?.majors[0]?.row.name ?? ''].filter((x) => x).join(' ')
  const group = m.option?.group || input.group?.trim() || ''
  const shown = group.startsWith(school) ? group.slice(school.length) : group
  return [school, shown].filter((x) => x).join(' ')
}

function simChoiceOf(
  m: Matched,
  input: ChoiceInput,
  type: 1 | 2 | 3,
  majorNumMax: number,
  chosen: ReadonlySet<Subject> | null,
  live: boolean,
): SimChoice {
  const option = m.option
  if (!option) return { ...deadChoice }
  // One major at one school, or a school "one of its majors" in a major province: filing is admission.
  if (type === 3 || option.granularity === 'major') return optionChoice(option, live)
  const listed = m.majors.slice(0, majorNumMax)
  const entries = new Set(listed.map((x) => x.entry).filter((e) => e !== undefined))
  return {
    ...optionChoice(option, live),
    kind: 'unit',
    majors: listed.map((x) =>
      majorInUnit(
        x.entry,
        option.estimate,
        !x.entry || meetsRequirement(x.entry.requirement, chosen),
        CHECK_PARAMS,
      ),
    ),
    coversUnit: option.majors.length > 0 && entries.size === option.majors.length,
    tiaoji: input.tiaoji ?? true,
  }
}

const deadChoice: SimChoice = {
  live: false,
  lnExpected: 0,
  sigma: 1,
  school: -1,
  evidence: '',
  kind: 'major',
  majors: [],
  coversUnit: false,
  tiaoji: false,
}

function checkedChoice(
  m: Matched,
  input: ChoiceInput,
  sim: SimChoice,
  result: SimResult,
  i: number,
  type: 1 | 2 | 3,
  rank: number,
  planYear: number,
): CheckedChoice {
  const o = result.choices[i]
  const option = m.option
  const chance = option && sim.live ? shown(o?.alone ?? 0) : null
  const isMajor = sim.kind === 'major'
  return {
    index: i + 1,
    school: m.school?.name ?? input.school?.trim() ?? '',
    school_id: m.school?.sid ?? null,
    group: type === 2 ? option?.group || input.group?.trim() || null : null,
    status: m.status,
    note: m.note ?? null,
    majors: m.majors.map((x, k) => ({
      name: x.name,
      matched: x.entry !== undefined,
      expected_rank: x.entry?.estimate ? Math.round(x.entry.estimate.expected) : null,
      p: shown(isMajor ? (k === 0 ? (o?.filed ?? 0) : 0) : (o?.majors[k] ?? 0)),
    })),
    tiaoji: type !== 3 && (input.tiaoji ?? true),
    simulated: sim.live,
    expected_rank: option ? Math.round(option.estimate.expected) : null,
    plan_year: option ? (option.planYear ?? planYear) : null,
    chance,
    // by the estimate's chance, not the simulated one, which wavers by a few tenths of a point near a bound: the tier
    // smart-match gives the same option
    tier: chance === null || !option ? null : tierOf(calibratedChance(option.estimate, rank)),
    p_admit: shown(o?.filed ?? 0),
    p_major: shown(isMajor ? (o?.filed ?? 0) : (o?.majors.reduce((a, b) => a + b, 0) ?? 0)),
    p_tiaoji: shown(o?.tiaoji ?? 0),
    p_tuidang: shown(o?.tuidang ?? 0),
  }
}

import { groupBy } from '../../../domain/group-by.js'
import { shownChance } from '../../smart-match/model/calibration.js'
import type { MatchStatus } from './match.js'
import type { SimResult } from './simulate.js'
import { TIER_FROM } from './tiers.js'

/**
 * The warnings a counsellor acts on, each from what the list says (the province's rule, what could be matched, the
 * candidate's 选科 and score) or from the simulated filing (model/simulate.ts). Every warning names the choices it is
 * about (1-based, as the form numbers them) and says what to do.
 */

export type WarningLevel = 'error' | 'warning' | 'info'

export type WarningCode =
  | 'too_many_choices'
  | 'too_many_majors'
  | 'tiaoji_not_allowed'
  | 'school_not_found'
  | 'school_code_mismatch'
  | 'major_code_mismatch'
  | 'no_option'
  | 'group_missing'
  | 'group_not_found'
  | 'major_missing'
  | 'major_not_found'
  | 'majors_unknown'
  | 'major_ambiguous'
  | 'no_majors'
  | 'group_unknown'
  | 'school_line_only'
  | 'duplicate'
  | 'xuanke'
  | 'xuanke_major'
  | 'batch_line'
  | 'order'
  | 'few_bao'
  | 'together'
  | 'tuidang'
  | 'obligation'

export interface CheckWarning {
  code: WarningCode
  level: WarningLevel
  message: string
  /** The choices it is about, 1-based */
  choices: number[]
}

/** What the warnings need to know of one listed choice. */
export interface ChoiceFacts {
  /** 1-based */
  position: number
  /** As a counsellor reads it: 楚天测试大学 专业组（01）, 巴渝测试大学 软件工程 */
  label: string
  school: string
  status: MatchStatus
  /** school_not_found: the schools the name may mean, none clearly (school-names.ts) */
  suggestions?: string[]
  /** school_not_found: why the text names no school, when the search says (a province's own 4-digit 院校代号) */
  notFoundWhy?: string
  /**
   * The list's 院校代码 or 院校代号 names this other school than the name does, or (name null) a 院校代号 the plan
   * gives no school (the name's is taken)
   */
  codeOther?: { code: string; name: string | null; kind: '院校代码' | '院校代号' }
  /** The plan year's plan names the unit's majors (none taken from another year: compose.ts) */
  planNamesMajors?: boolean
  /** Of the listed majors not found, those the plan has majors near to, with them (model/near-majors.ts) */
  majorsNear?: { name: string; near: string[] }[]
  /** Listed majors whose 专业代号 beside the name is another major's (or none's) in the unit (match.ts codeOther) */
  majorCodesOther?: { name: string; code: string; own: string | null; major: string | null }[]
  /**
   * The unit binds whoever it admits (公费师范, 定向 …: smart-match/model/obligations.ts): all of it (its own label or
   * every major), or some majors, with those of them the list names; the labels say what each kind binds to
   */
  obligation?: { all: boolean; labels: string[]; listed: string[] }
  /** The school's own 院校代号 in the plan, where it has one (school_code_mismatch's message) */
  ownCode?: string
  /** The option's key (smart-match's Option.key) when matched */
  optionKey?: string
  sid?: number
  /** Expected lowest rank of the choice, when matched */
  expected?: number
  /** The group as written, for group_not_found */
  group?: string
  /** group_not_found: the school's one group that holds the listed majors (match.ts Matched.majorsGroup) */
  majorsGroup?: string
  /** The unit's own 选科 requirement rules the candidate out (the text, for the message) */
  ruledOut?: string
  majorsRuledOut: string[]
  /** Listed majors the unit's plan does not have */
  majorsUnknown: string[]
  /** Of those, the ones another group of the school has, with that group (a group province's mixed-up groups) */
  majorsElsewhere: { name: string; group: string }[]
  /** Listed majors named bare that the plan has twice or more with notes, and the one the simulation takes */
  majorsAmbiguous: { name: string; options: string[]; taken: string }[]
  majorsListed: number
  /** 服从调剂 as the list says it; undefined when it does not */
  tiaoji: boolean | undefined
  /** A unit whose listed majors are all its majors */
  coversUnit: boolean
  /** How many options the school has (group_missing's message) */
  schoolOptions: number
  /** The school's group codes in the candidate's batch and category, as published (the group messages name them) */
  schoolGroups: string[]
  /**
   * A 专业组 province's choice matched to an option without a group: no source names the school's groups, only its
   * lowest line (河南's and 四川's private colleges), so the form's group code is not known and the chance is the
   * school's, not the group's
   */
  groupUnknown?: boolean
  /**
   * A 专业+院校 province's choice matched to its school's option: the data name none of the school's majors in the
   * plan, so the major listed is judged by the school's lowest line, which a sought-after major's is above
   */
  schoolLineOnly?: boolean
}

export interface RuleFacts {
  /** 1 院校 (+专业), 2 院校专业组, 3 专业+院校 */
  volunteerType: 1 | 2 | 3
  volunteerNumMax: number
  majorNumMax: number
  batch: string
  /**
   * Where the plan holds only the programmes open to candidates of other subjects than this candidate's (浙江 2026:
   * 物理+化学+生物; smart-match/model/plan-book.ts): those subjects, and the plan's year. A programme not found may
   * be one the data miss, not one the plan lacks.
   */
  planOpenTo?: { subjects: string; year: number }
}

/** Thresholds; each warning's test (test/features/check/warnings.test.ts) sits on either side of them. */
export const WARNING_LIMITS = {
  /** A choice is a 保 from this chance of admitting alone: its 档 (tiers.ts, 97 %) */
  baoChance: TIER_FROM.bao,
  /** Fewer 保 than this (or than the rule's number of choices, if smaller) is too few */
  baoMin: 2,
  /** ... and so is any list whose P(滑档) reaches this */
  slide: 0.05,
  /** An earlier choice this much likelier to admit alone than a later one, with a lower expected rank ... */
  orderGap: 0.15,
  /**
   * ... or, where both are likely (a gap of 0.15 cannot open above 85 %), one whose chance of failing is at most this
   * share of the later one's ...
   */
  orderFailRatio: 0.5,
  /** ... and at least this much lower (100 % before 93 %: 0 against 7 %; 99.9 % before 98 % is no warning) ... */
  orderFailGap: 0.05,
  /** ... that takes away at least this share of the later one's chance, is out of order */
  orderLoss: 0.05,
  /** One earlier choice out of order before this many later ones is said in one warning */
  orderManyLater: 3,
  /** A later choice of the same school whose chance falls this much when the earlier fails stands or falls with it */
  togetherDrop: 0.15,
  /** P(退档) of a choice from which it is worth a warning */
  tuidang: 0.01,
} as const

/** 37%; a chance above 0 that rounds to 0 is <1% (a 0% would read as impossible) */
const pct = (x: number) => (x > 0 && x < 0.005 ? '<1%' : `${Math.round(x * 100)}%`)
/** A chance alone as smart-match shows it, cut to the percent below (shownChance): its 保 is "96% 以上" there too */
const chancePct = (x: number) => `${Math.round(shownChance(x) * 100)}%`
const pos = (p: number) => `第 ${p} 志愿`

/**
 * A group as a counsellor types it: the code inside 专业组（…）, or the published name without the school's in front
 * (楚天测试大学02组（物理） → 02组（物理）).
 */
function groupText(group: string, school: string): string {
  const code = /^专业组[（(](.+)[）)]$/u.exec(group)?.[1]
  if (code !== undefined) return code
  return group.startsWith(school) && group.length > school.length ? group.slice(school.length) : group
}

/** One group in a sentence: "04 组", "02组（物理）". */
function groupInText(group: string, school: string): string {
  const text = groupText(group, school)
  return /组/u.test(text) ? text : `${text} 组`
}

/** A school's groups for a message, the first GROUPS_NAMED of them. */
function groupsNamed(groups: readonly string[], school: string): string {
  const texts = groups.map((g) => groupText(g, school))
  return `${texts.slice(0, GROUPS_NAMED).join('、')}${texts.length > GROUPS_NAMED ? ` 等 ${texts.length} 个` : ''}`
}

const GROUPS_NAMED = 12

/** The province's rule: the number of choices, majors per choice, 调剂. */
export function ruleWarnings(rule: RuleFacts, choices: readonly ChoiceFacts[]): CheckWarning[] {
  const out: CheckWarning[] = []
  if (choices.length > rule.volunteerNumMax) {
    const extra = choices.slice(rule.volunteerNumMax).map((c) => c.position)
    out.push({
      code: 'too_many_choices',
      level: 'error',
      message: `共填 ${choices.length} 个志愿, 超过${rule.batch}最多 ${rule.volunteerNumMax} 个志愿的规定: 第 ${rule.volunteerNumMax + 1} 个起不会被投档, 请删减`,
      choices: extra,
    })
  }
  for (const c of choices) {
    if (c.majorsListed > rule.majorNumMax)
      out.push({
        code: 'too_many_majors',
        level: 'error',
        message:
          rule.volunteerType === 3
            ? `${pos(c.position)} ${c.label} 填了 ${c.majorsListed} 个专业: 本批次为"专业+院校"志愿, 每个志愿只能填 1 个专业, 只按第一个判断`
            : `${pos(c.position)} ${c.label} 填了 ${c.majorsListed} 个专业, 超过每个志愿最多 ${rule.majorNumMax} 个专业的规定: 多出的专业不会录取`,
        choices: [c.position],
      })
    if (rule.volunteerType === 3 && c.tiaoji === true)
      out.push({
        code: 'tiaoji_not_allowed',
        level: 'warning',
        message: `${pos(c.position)} ${c.label}: 本批次为"专业+院校"志愿, 一个志愿就是一个专业, 没有专业调剂, "服从调剂"不起作用`,
        choices: [c.position],
      })
  }
  return out
}

/** What could not be matched, or was listed twice. */
export function matchWarnings(
  rule: RuleFacts,
  choices: readonly ChoiceFacts[],
  category: string,
): CheckWarning[] {
  const out: CheckWarning[] = []
  const seen = new Map<string, number>()
  const groupless: ChoiceFacts[] = []
  const schoolLined: ChoiceFacts[] = []
  const partial = rule.planOpenTo
    ? `; ${rule.planOpenTo.year} 年计划数据只含${rule.planOpenTo.subjects}考生可报的专业, 要求其他选考科目的专业不在其中, 请对照招生计划`
    : ''
  for (const c of choices) {
    const at = [c.position]
    switch (c.status) {
      case 'school_not_found':
        out.push({
          code: 'school_not_found',
          level: 'error',
          message: `${pos(c.position)}: 找不到院校 "${c.school}"${c.suggestions?.length ? `, 是否指 ${c.suggestions.join('、')}?` : ''}${c.notFoundWhy ? `: ${c.notFoundWhy}` : ' (请核对院校全称或代码)'}`,
          choices: at,
        })
        break
      case 'no_option':
        out.push({
          code: 'no_option',
          level: 'warning',
          message: `${pos(c.position)} ${c.school}: 本批次${category}没有该校可判断的招生 (不在招生计划中, 或往年没有录取位次)${partial}, 未计入模拟`,
          choices: at,
        })
        break
      case 'group_missing':
        out.push({
          code: 'group_missing',
          level: 'error',
          message: `${pos(c.position)} ${c.school} 有 ${c.schoolOptions} 个专业组${c.schoolGroups.length > 0 ? ` (${groupsNamed(c.schoolGroups, c.school)})` : ''}, 未填专业组代码: 无法判断, 未计入模拟`,
          choices: at,
        })
        break
      case 'group_not_found':
        out.push({
          code: 'group_not_found',
          level: 'error',
          message: `${pos(c.position)}: ${c.school} 没有专业组 "${c.group ?? ''}"${c.schoolGroups.length > 0 ? ` (本批次${category}的专业组: ${groupsNamed(c.schoolGroups, c.school)})` : ''}${c.majorsGroup ? `; 所填专业在 ${groupInText(c.majorsGroup, c.school)}` : ''}, 请核对当年招生计划中的专业组代码; 未计入模拟`,
          choices: at,
        })
        break
      case 'major_missing':
        out.push({
          code: 'major_missing',
          level: 'error',
          message: `${pos(c.position)} ${c.school}: 本批次为"专业+院校"志愿, 须填一个专业; 该校有 ${c.schoolOptions} 个专业, 未计入模拟`,
          choices: at,
        })
        break
      case 'major_not_found':
        out.push({
          code: 'major_not_found',
          level: 'error',
          message: `${pos(c.position)} ${c.label}: 该校招生计划中没有这个专业 (或往年没有录取位次)${partial}${nearText(c)}, 未计入模拟`,
          choices: at,
        })
        break
      case 'ok':
        break
    }
    if (c.codeOther)
      out.push({
        code: 'school_code_mismatch',
        level: 'warning',
        message:
          c.codeOther.name === null
            ? `${pos(c.position)}: 院校代号 ${c.codeOther.code} 不是本省该年计划中的院校代号${c.ownCode ? ` (${c.school} 是 ${c.ownCode})` : ''}; 投档按代号, 请核对; 现按院校名称判断`
            : `${pos(c.position)}: 院校 "${c.school}" 与${c.codeOther.kind} ${c.codeOther.code} (${c.codeOther.name}) 不是同一所院校, 请核对${c.codeOther.kind === '院校代号' ? ' (投档按代号)' : ''}; 现按院校名称判断`,
        choices: at,
      })
    for (const m of c.majorCodesOther ?? [])
      out.push({
        code: 'major_code_mismatch',
        level: 'warning',
        message: `${pos(c.position)} ${c.label}: 专业 ${m.name} 的专业代号是 ${m.own ?? '?'}, 表中写的 ${m.code} ${m.major ? `是 ${m.major} 的代号` : '不是该志愿中任何专业的代号'}; 投档按代号, 请核对; 现按专业名称判断`,
        choices: at,
      })
    for (const a of c.majorsAmbiguous)
      out.push({
        code: 'major_ambiguous',
        level: 'warning',
        message: `${pos(c.position)} ${c.label}: 计划中有 ${a.options.length} 个 ${a.name}: ${a.options.join('、')}; 志愿表上要写明是哪一个 (各有专业代号), 现按其中最难录取的 ${a.taken} 估计`,
        choices: at,
      })
    if (c.status === 'ok' && rule.volunteerType !== 3) {
      if (c.majorsUnknown.length > 0)
        out.push({
          code: 'majors_unknown',
          // where the plan year's plan names the unit's majors, one it does not name cannot be filed there
          level: c.planNamesMajors ? 'error' : 'warning',
          message: `${pos(c.position)} ${c.label}: 专业 ${c.majorsUnknown.join('、')} 不在该志愿的招生计划中${c.majorsElsewhere.length > 0 ? ` (${c.majorsElsewhere.map((x) => `${x.name} 在 ${groupInText(x.group, c.school)}`).join(', ')})` : ''}${nearText(c)}; 志愿表上只能填计划内的专业 (按专业代号), 现按没有往年线的专业估计`,
          choices: at,
        })
      if (c.groupUnknown) groupless.push(c)
      if (c.majorsListed === 0 && !c.groupUnknown)
        out.push({
          code: 'no_majors',
          level: 'info',
          message: `${pos(c.position)} ${c.label}: 未填专业, 只估计投档, 不判断专业录取与调剂`,
          choices: at,
        })
    }
    if (c.status === 'ok' && c.schoolLineOnly) schoolLined.push(c)
    if (c.optionKey !== undefined) {
      const earlier = seen.get(c.optionKey)
      if (earlier !== undefined)
        out.push({
          code: 'duplicate',
          level: 'error',
          message: `${pos(c.position)}与${pos(earlier)}是同一个志愿 (${c.label}): 重复填报白占一个位置, 后一个永远不会投档`,
          choices: [earlier, c.position],
        })
      else seen.set(c.optionKey, c.position)
    }
  }
  // one warning for them all, as for groups (a 山东 list's 保 can hold a dozen)
  if (schoolLined.length > 0)
    out.push({
      code: 'school_line_only',
      level: 'warning',
      message: `${namedChoices(schoolLined)}: 数据中没有${schoolLined.length === 1 ? '该校' : '这些院校'}本年在本省的分专业计划 (只有院校最低分), 所填专业按院校最低位次估计: 热门专业通常更难录, 单独录取可能偏高; 专业是否招生、专业代号须查当年招生计划`,
      choices: schoolLined.map((c) => c.position),
    })
  // one warning for them all: a list's 保 of private colleges drew one each (河南 2026: 14)
  if (groupless.length > 0)
    out.push({
      code: 'group_unknown',
      level: 'warning',
      message: `${namedChoices(groupless)}: 数据中没有${groupless.length === 1 ? '该校' : '这些院校'}的专业组 (只有院校最低分), 志愿表上要填的专业组代码和专业须查当年招生计划; 单独录取可能按院校最低位次估计, 所填专业组可能更难`,
      choices: groupless.map((c) => c.position),
    })
  return out
}

/** `; 计划中相近的专业: 计算机类 → 计算机科学与技术、软件工程` for the majors not found that have near ones */
const nearText = (c: ChoiceFacts): string =>
  c.majorsNear && c.majorsNear.length > 0
    ? `; 计划中相近的专业: ${c.majorsNear.map((x) => `${x.name} → ${x.near.join('、')}`).join('; ')}`
    : ''

/** 第 3 志愿 楚天测试大学, or 第 3、5 志愿 (楚天测试大学、江汉测试大学): the choices one warning is about */
const namedChoices = (cs: readonly ChoiceFacts[]): string =>
  cs.length === 1
    ? `${pos(cs[0]?.position ?? 0)} ${cs[0]?.school}`
    : `第 ${cs.map((c) => c.position).join('、')} 志愿 (${cs.map((c) => c.school).join('、')})`

/** What rules a choice (or the whole list) out before any line is drawn: 选科, the batch's control line. */
export function eligibilityWarnings(
  rule: RuleFacts,
  choices: readonly ChoiceFacts[],
  belowLine: { score: number; line: number } | undefined,
): CheckWarning[] {
  const out: CheckWarning[] = []
  if (belowLine)
    out.push({
      code: 'batch_line',
      level: 'error',
      message: `${belowLine.score} 分低于${rule.batch}控制线 ${belowLine.line} 分: 本批次不会投档, 整张志愿表无效, 请改报下一批次`,
      choices: choices.map((c) => c.position),
    })
  for (const c of choices) {
    if (c.ruledOut !== undefined)
      out.push({
        code: 'xuanke',
        level: 'error',
        message: `${pos(c.position)} ${c.label} 的选科要求 (${c.ruledOut}) 与考生选科不符: 不会被投档, 请换掉`,
        choices: [c.position],
      })
    else if (c.majorsRuledOut.length > 0)
      out.push({
        code: 'xuanke_major',
        level: 'warning',
        message: `${pos(c.position)} ${c.label}: 专业 ${c.majorsRuledOut.join('、')} 的选科要求与考生选科不符, 不会录取到这些专业`,
        choices: [c.position],
      })
  }
  return out
}

/**
 * What the simulation shows: choices out of order, too few 保, choices that stand or fall together, 退档.
 * `sim.pairs` must hold the same-school pairs (togetherPairs).
 */
export function riskWarnings(
  rule: RuleFacts,
  choices: readonly ChoiceFacts[],
  sim: SimResult,
): CheckWarning[] {
  const out: CheckWarning[] = []
  const chance = (i: number) => sim.choices[i]?.alone ?? 0
  const judged = choices.map((c, i) => ({ c, i })).filter(({ c }) => c.status === 'ok')
  // An earlier choice safer than a later one: by the chances of admitting, or, near certainty, of failing.
  const safer = (i: number, j: number) => {
    const failsFirst = 1 - chance(i)
    const failsLater = 1 - chance(j)
    return (
      chance(i) >= chance(j) + WARNING_LIMITS.orderGap ||
      (failsFirst <= failsLater * WARNING_LIMITS.orderFailRatio &&
        failsLater - failsFirst >= WARNING_LIMITS.orderFailGap)
    )
  }
  // Out of order: a later choice much harder to get into than an earlier one, which takes its chance away.
  const blocked: { earlier: { c: ChoiceFacts; i: number }; later: ChoiceFacts; j: number; lost: number }[] =
    []
  for (const { c: later, i: j } of judged) {
    if (later.expected === undefined) continue
    const lost = chance(j) - (sim.choices[j]?.filed ?? 0)
    if (lost < WARNING_LIMITS.orderLoss) continue
    const earlier = judged.find(
      ({ c, i }) =>
        i < j && c.expected !== undefined && c.expected > (later.expected as number) && safer(i, j),
    )
    if (earlier) blocked.push({ earlier, later, j, lost })
  }
  // One safe choice placed before many harder ones (a 保 moved to the top) is one fix, said once, not once a choice
  for (const [i, all] of groupBy(blocked, (b) => String(b.earlier.i))) {
    const earlier = all[0]?.earlier as { c: ChoiceFacts; i: number }
    if (all.length >= WARNING_LIMITS.orderManyLater) {
      const positions = all.map((b) => b.later.position)
      out.push({
        code: 'order',
        level: 'warning',
        message: `${pos(earlier.c.position)} ${earlier.c.label} (单独录取可能 ${pct(chance(Number(i)))}) 排在 ${all.length} 个更难录取的志愿之前 (第 ${positions.join('、')} 志愿): 它们能录取的年份, 多半已被${pos(earlier.c.position)}先投档 (各自失去的录取可能 ${pct(Math.min(...all.map((b) => b.lost)))} 到 ${pct(Math.max(...all.map((b) => b.lost)))}); 宜把${pos(earlier.c.position)}移到这些志愿之后`,
        choices: [earlier.c.position, ...positions],
      })
      continue
    }
    for (const { later, j, lost } of all)
      out.push({
        code: 'order',
        level: 'warning',
        message: `${pos(later.position)} ${later.label} (单独录取可能 ${pct(chance(j))}) 比排在前面的${pos(earlier.c.position)} ${earlier.c.label} (${pct(chance(earlier.i))}) 更难录取: 前者能录取的年份, 多半已被后者先投档 (因此失去的录取可能 ${pct(lost)}); 宜把${pos(later.position)}移到${pos(earlier.c.position)}之前`,
        choices: [earlier.c.position, later.position],
      })
  }
  // Too few 保. Choices not found in the data are unknown, not failures: with none found nothing is known of the
  // list's 滑档 (the not-found warnings say so), and with some, the simulated P(滑档) is only what the others leave.
  const bao = choices.filter((_, i) => chance(i) >= WARNING_LIMITS.baoChance).length
  const wanted = Math.min(WARNING_LIMITS.baoMin, rule.volunteerNumMax)
  const unknown = choices.length - judged.length
  if (judged.length > 0 && (sim.slide >= WARNING_LIMITS.slide || bao < wanted))
    out.push({
      code: 'few_bao',
      level: sim.slide >= WARNING_LIMITS.slide ? 'error' : 'warning',
      message: `保底不足: 单独录取可能在 ${chancePct(WARNING_LIMITS.baoChance)} 以上的志愿${bao === 0 ? '一个也没有' : `只有 ${bao} 个`}, 滑档概率 ${pct(sim.slide)}${unknown > 0 ? ` (不计数据中找不到的 ${unknown} 个志愿)` : ''}; 宜在表尾补充 ${Math.max(1, wanted - bao)} 个以上把握大的志愿 (往年最低位次明显低于本人位次的院校)`,
      choices: [],
    })
  // Stand or fall together: a later choice of the same school that mostly fails when the earlier does. Not in a
  // 专业+院校 province: there several majors of one school are how a family chooses the school (smart-match's own
  // 辽宁 and 山东 lists drew 11-20 such warnings, each telling to replace a major by another school's)
  for (const p of rule.volunteerType === 3 ? [] : sim.pairs) {
    const first = choices[p.first]
    const second = choices[p.second]
    if (!first || !second || Number.isNaN(p.secondGivenFirstFails) || p.firstFails < 0.05) continue
    const alone = chance(p.second)
    if (alone < 0.2 || alone > 0.99) continue
    if (p.secondGivenFirstFails > alone - WARNING_LIMITS.togetherDrop) continue
    out.push({
      code: 'together',
      level: 'warning',
      message: `${pos(first.position)}和${pos(second.position)}同属 ${first.school}, 录取与否高度相关 (同进同退): ${pos(first.position)}录不上时, ${pos(second.position)}的录取可能只有 ${pct(p.secondGivenFirstFails)} (单独看 ${pct(alone)}); 两者不能互为保底, 宜换一所院校`,
      choices: [first.position, second.position],
    })
  }
  // 退档
  choices.forEach((c, i) => {
    const t = sim.choices[i]?.tuidang ?? 0
    if (t < WARNING_LIMITS.tuidang) return
    out.push({
      code: 'tuidang',
      level: 'warning',
      message: `${pos(c.position)} ${c.label}${c.tiaoji === false ? ' 不服从调剂' : ' 所填专业不能调剂'}: 投档后所填专业都录不上而被退档的可能 ${pct(t)}; ${c.tiaoji === false ? '宜服从调剂, 或' : '宜'}多填该志愿中把握大的专业`,
      choices: [c.position],
    })
  })
  return out
}

/** Same-school pairs of simulated choices (earlier, later): the pairs whose joint outcome riskWarnings reads. */
export function togetherPairs(
  choices: readonly { sid?: number; live: boolean }[],
  limit = 2000,
): [number, number][] {
  const out: [number, number][] = []
  for (let j = 0; j < choices.length && out.length < limit; j++) {
    const b = choices[j]
    if (!b?.live || b.sid === undefined) continue
    for (let i = 0; i < j && out.length < limit; i++) {
      const a = choices[i]
      if (a?.live && a.sid === b.sid) out.push([i, j])
    }
  }
  return out
}

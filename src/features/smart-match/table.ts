import { findProvince } from '../../domain/provinces.js'
import type { TableView } from '../../endpoints/define.js'
import { calibratedBand, shownChance } from './model/calibration.js'
import type { Granularity } from './model/estimate.js'
import { labelKind, readObligationText } from './model/obligations.js'
import { strategyOf, type TierName } from './model/strategies.js'
import { parseXuanke } from './model/subjects.js'
import type { SmartMatchData, ZybItem } from './response.js'

/** How the CLI shows a list: the candidate's line, then one table per tier (冲 red, 稳 yellow, 保 green). */

export const TIER_LABEL: Record<TierName, string> = { chong: '冲', wen: '稳', bao: '保' }
const TIER_TONE: Record<TierName, NonNullable<TableView['tone']>> = {
  chong: 'red',
  wen: 'yellow',
  bao: 'green',
}
export const VOLUNTEER_TYPE: Record<number, string> = { 1: '院校 + 专业', 2: '院校专业组', 3: '专业 + 院校' }

/** The group without the school's name in front: 南京大学01组（物理+化学） → 01组（物理+化学）. */
const groupLabel = (item: ZybItem) =>
  item.sg_name.startsWith(item.schoolName) && item.sg_name.length > item.schoolName.length
    ? item.sg_name.slice(item.schoolName.length)
    : item.sg_name

// the JSON's chance, already cut to the percent below (shownChance, model/calibration.ts)
const pct = (x: number | null) => (x === null ? '' : `${Math.round(x * 100)}%`)
const signed = (x: number | null) => (x === null ? '' : x > 0 ? `+${x}` : String(x))

const GRANULARITY_ORDER = { major: 0, group: 1, school: 2 } as const
const BORROWED = { group: '组线', school: '校线', major: '' } as const
/** The 专业组 cell of a group province's item whose group no source names (a school known by its school line). */
export const UNKNOWN_GROUP = '代码未知'
/** The mark under majors that the plan year's plan does not name (compose.ts): check them in the plan book. */
const COMPOSITION_MARK = {
  plan: '',
  plan_prev_year: '[专业取自上年计划]',
  admitted_prev_year: '[专业取自上年录取]',
} as const

/**
 * "2024: 12345 (610分)" for the latest published lowest rank; "… 校线" when it is not the item's own line but its
 * school's (or, for a major, its group's): a counsellor must not take it for the item's own history.
 */
export function latest(item: ZybItem, own: Granularity): string {
  const h = item.history[0]
  if (!h) return ''
  const borrowed = GRANULARITY_ORDER[h.level] > GRANULARITY_ORDER[own] ? ` ${BORROWED[h.level]}` : ''
  return `${h.year}: ${h.min_section}${h.min === null ? '' : ` (${h.min}分)`}${borrowed}`
}

/**
 * 军 / 警: military and police academies admit in 提前批 after 政审 and 体检, and some sources file their lines
 * under the ordinary batch: a counsellor must see them at a glance.
 */
export function academyMark(item: ZybItem): string {
  if (item.school_type === '军事类') return ' (军)'
  if (/警|公安/u.test(item.schoolName)) return ' (警)'
  return ''
}

/** What one item of a rule's list is: volunteerType 1 a school, 2 a group, 3 a major. */
export const ITEM_LEVEL: Record<number, Granularity> = { 1: 'school', 2: 'group', 3: 'major' }

/**
 * A school's national 5-digit 院校代码 (10284), null when the datasets know none: their own id of such a school
 * (gk1218, 东北大学秦皇岛分校) stays the JSON's schoolCode, the spec's "school code" the endpoints take as a slug, but
 * the CSV and the printed 志愿表 leave it out, so that no family types it for a code.
 */
export const nationalCode = (code: string): string | null =>
  /^\d{5}$/u.test(code.trim()) ? code.trim() : null

/**
 * Which 选科 a list or count was made for, for its title: `选科 物理+化学+生物`, or `未限定选科` when none was
 * given (综合, 不限: no group was left out for its subject requirements). Empty for a 文理 category (理科, 文科),
 * where groups have no such requirements.
 */
export function xuankeLabel(xuanke: unknown, category: string): string {
  if (category === '理科' || category === '文科') return ''
  const chosen = typeof xuanke === 'string' ? parseXuanke(xuanke) : null
  return chosen ? `选科 ${[...chosen].join('+')}` : '未限定选科'
}

/** What a list made from a plan filtered for other subjects' candidates misses (candidate.plan_open_to) */
export const planOpenToText = (planYear: number, openTo: string) =>
  `${planYear} 年计划数据只含${openTo}考生可报的专业 (来源所限); 要求其他选考科目的专业未列入, 请对照招生计划补充`

/**
 * Why a 保 tier is short where far safer schools exist: 保 lists only those not wasted, whose expected lowest rank
 * is within baoCap times the candidate's (model/classify.ts). Without it, "not enough" read as "none safe" (四川 at
 * rank 22,303: 11 of 14, beside hundreds of safer schools).
 */
const baoShort = (type: number | undefined) => {
  const cap = strategyOf(type ?? 1)?.baoCap
  return cap ? `: 保只列往年最低位次在本人位次 ${cap} 倍以内的, 更稳的院校不列, 以免浪费分数` : ''
}

export function smartMatchTables(
  data: SmartMatchData,
  req?: { province?: unknown; xuanke?: unknown },
): TableView[] {
  const rule = data.zyb_rule
  const c = data.candidate
  const strategy = data.zyb_type.find((t) => t.is_default === 1)
  const counts = data.zyb_data.zybData
  const head = [
    '#',
    '院校',
    '专业组',
    '专业 (预估位次)',
    '预估最低位次',
    '位次差',
    '概率',
    '最近一年最低位次',
  ]
  // Most provinces' newest plans name a few schools only: say how much of the list rests on an older plan.
  const all = [...counts.chong, ...counts.wen, ...counts.bao]
  const carried = all.filter((item) => item.plan_carried).length
  const planNote =
    carried > 0 && c.plan_year === c.rank_year && c.earlier_plan_year !== null
      ? `; ${carried} 项院校未见于该年计划, 沿用 ${c.earlier_plan_year} 年计划, 标 *`
      : ''
  // A list for a candidate below the batch's control line is no list: the batch admits nobody below it.
  const belowLine =
    c.score !== null && c.batch_line !== null && c.score < c.batch_line
      ? `\n注意: ${c.score} 分低于${rule.batchName}控制线 ${c.batch_line} 分, 该批次不会录取; 请改查下一批次`
      : ''
  // Schools the data cannot judge are not in any tier: without this a short 冲 looked like nothing above the rank.
  const unjudged =
    c.unjudged_schools > 0
      ? `\n计划中另有 ${c.unjudged_schools} 所院校没有可用的往年最低位次 (只有分数, 或无录取数据), 无法判断, 未列入`
      : ''
  // A plan filtered for other subjects' candidates (浙江 2026) lacks programmes this candidate could take: say so
  const openTo = c.plan_open_to ? `\n注意: ${planOpenToText(c.plan_year, c.plan_open_to)}` : ''
  // The subjects the list was filtered by: without 选科 half of a 3+1+2 list can change (groups it cannot take)
  const subjects = xuankeLabel(req?.xuanke, c.category)
  const views: TableView[] = [
    {
      title: `${typeof req?.province === 'string' ? `${findProvince(req.province)?.name ?? req.province} ` : ''}${c.category} ${c.score === null ? '' : `${c.score} 分 `}位次 ${c.rank}${subjects ? ` · ${subjects}` : ''}${c.preferences ? ` · 只列: ${c.preferences}` : ''} · ${rule.batchName} ${VOLUNTEER_TYPE[rule.volunteerType] ?? ''} ${rule.volunteerNumMax} 个志愿 × ${rule.majorNumMax} 专业 · 策略 ${strategy?.name ?? ''} · ${c.rank_year} 年 (计划 ${c.plan_year} 年${planNote})${belowLine}${openTo}${unjudged}`,
      head: [],
      rows: [],
    },
  ]
  for (const tier of ['chong', 'wen', 'bao'] as const) {
    const items = counts[tier]
    const planned = strategy?.rule[tier] ?? items.length
    views.push({
      // Fewer than planned: not enough options of that tier (near the batch's last ranks there are no safe ones).
      title: `${TIER_LABEL[tier]} ${items.length} 项 (计划 ${planned} 项${items.length < planned ? `; 达到该档把握的可选项不够${tier === 'bao' ? baoShort(strategy?.type) : ''}` : ''})`,
      tone: TIER_TONE[tier],
      head,
      rows: items.map((item) => [
        item.index,
        // the province's own codes before the names, where a plan book gives them: the form asks for both
        `${item.local_school_code ? `${item.local_school_code} ` : ''}${item.schoolName}${academyMark(item)}${item.plan_carried && planNote ? ' *' : ''}`,
        // In a 专业组 province an item must name its group to be typed in: say when no source knows it.
        groupLabel(item) || (rule.volunteerType === 2 ? UNKNOWN_GROUP : ''),
        // A plan that lists the group without its majors (some sources): say so rather than leave a blank.
        item.zyList.length === 0
          ? ['未列专业', ...unlistedObligation(item, rule.volunteerType !== 3)].join('\n')
          : [
              ...item.zyList.map(
                (z) =>
                  `${z.local_sp_code ? `${z.local_sp_code} ` : ''}${z.zyName}${z.min_section === null ? '' : ` ${z.min_section}`}${feeNote(z.tuition)}${obligationMark(z.obligation)}`,
              ),
              ...unlistedObligation(item, rule.volunteerType !== 3),
              ...(item.composition && COMPOSITION_MARK[item.composition]
                ? [COMPOSITION_MARK[item.composition]]
                : []),
            ].join('\n'),
        item.min_section,
        signed(item.min_section - c.rank),
        pct(item.chance),
        latest(item, ITEM_LEVEL[rule.volunteerType] ?? 'group'),
      ]),
      numeric: [0, 4, 5, 6],
    })
  }
  const last = views[views.length - 1]
  if (last)
    last.footer =
      `预估最低位次: 往年最低位次按考生人数折算到本年并加权 (近年权重大); 位次差 = 预估最低位次 − 本人位次 (正数: 往年录到比你靠后的位次); 概率为录取可能性, 按往年的回测校准 (2025 年检验: 各区间与实际相差不超过 6 个百分点)${bandsNote(data.zyb_data.zyb_type)}.` +
      (c.majors_from_school_lines
        ? '\n该省没有公布专业录取线: 专业的预估位次由院校线 (校线, 该校最低的专业) 推算, 按该校同一专业在有专业线的省份高出本校最低线的幅度 (没有记录的专业按平均幅度); 误差比有专业线的省份大, 请以当年招生计划和投档情况核对.'
        : '') +
      (rule.volunteerType === 3 && all.some((item) => item.zyList.length > 1)
        ? '\n列出多个专业的一项是一所院校: 该校计划未列专业, 概率按该校录取线 (最低的专业) 计; 每个志愿填其中一个专业, 热门专业更难.'
        : '') +
      (rule.volunteerType === 2 && all.some((item) => item.sg_name === '')
        ? `\n${UNKNOWN_GROUP}: 数据中只有该校的院校最低分, 没有专业组; 填报前请在当年招生计划中查专业组代码和专业.`
        : '') +
      (all.some((item) => item.composition !== null && item.composition !== 'plan')
        ? '\n[专业取自上年计划] / [专业取自上年录取]: 当年计划未列该志愿的专业, 所列专业来自上一年的计划或录取, 填报前请以当年招生计划核对.'
        : '') +
      (all.some((item) => academyMark(item) !== '')
        ? '\n(军) 军队院校, (警) 公安院校: 多在提前批录取, 需政审、体检 (军校另需面试), 填报前核对招生章程.'
        : '') +
      obligationsNote(all)
  return views
}

/**
 * The mark after a major that binds whoever is admitted (ZyItem.obligation): its kind, `[公费师范]`; the footer says
 * what each kind binds to. Beside the name, like a high fee: a family must see it before listing the major.
 */
const obligationMark = (label: string | null) => (label === null ? '' : ` [${labelKind(label)}]`)

/**
 * A line under the majors when the item binds (ZybItem.obligation) but none of its listed majors says so: the group's
 * own label, or majors the list does not show (more than a choice holds), which 调剂 can place a candidate in.
 */
function unlistedObligation(item: ZybItem, adjustable: boolean): string[] {
  if (item.obligation === null || item.zyList.some((z) => z.obligation !== null)) return []
  const { partly, labels } = readObligationText(item.obligation)
  const kinds = labels.map(labelKind).join('、')
  // a 专业+院校 choice is one major: no 调剂 places a candidate in one it does not list
  if (partly && !adjustable) return []
  return [partly ? `[未列出的专业中有${kinds}, 调剂可能录取到]` : `[${kinds}]`]
}

/** The footer's line for the kinds of obligation the list holds, each with what it binds to. */
function obligationsNote(items: readonly ZybItem[]): string {
  // an item's labels hold its listed majors' (its obligation is read from all of its majors)
  const labels = new Set(
    items.flatMap((item) => (item.obligation === null ? [] : readObligationText(item.obligation).labels)),
  )
  if (labels.size === 0) return ''
  return `\n须履约的专业 (录取后须按协议到指定地区或单位工作, 违约一般须退还费用并缴纳违约金; 填报前读招生章程, 不想列入可加 --exclude-obligated 1): ${[...labels].join('; ')}.`
}

/**
 * A fee the terminal's table names beside the major: many times an ordinary public major's (5,000-7,000 元), as a
 * 中外合作办学 programme's or a private college's. The workbook and the CSV give every known fee.
 */
export const HIGH_FEE = 20_000
const feeNote = (tuition: number | null) =>
  tuition !== null && tuition >= HIGH_FEE ? ` (学费 ${tuition}/年)` : ''

/** The major fields of a record, empty: the same columns for every record of the CSV. */
const NO_MAJOR = {
  major_index: null,
  major: null,
  sp_code: null,
  local_sp_code: null,
  tuition: null,
  obligation: null,
  expected_rank: null,
  expected_score: null,
  diff: null,
  chance: null,
  latest_year: null,
  latest_min: null,
  latest_min_section: null,
  latest_level: null,
  num: null,
}

/**
 * `--format csv|ndjson`: one record per major of the list, and one with empty major fields for an item whose plan
 * lists no majors (a group or school published without them), so that every item of the list is there.
 */
export function smartMatchRecords(data: SmartMatchData): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  for (const tier of ['chong', 'wen', 'bao'] as const) {
    for (const item of data.zyb_data.zybData[tier]) {
      const itemFields = {
        tier: TIER_LABEL[tier],
        index: item.index,
        school: item.schoolName,
        school_code: nationalCode(item.schoolCode),
        // the province's own 院校代号, where a plan book gives it: what its 志愿表 asks for
        local_school_code: item.local_school_code,
        group: item.sg_name,
        item_expected_rank: item.min_section,
        item_chance: item.chance,
        // The item's own latest line, as the table shows it (its majors may have none of their own).
        item_latest_year: item.history[0]?.year ?? null,
        item_latest_min: item.history[0]?.min ?? null,
        item_latest_min_section: item.history[0]?.min_section ?? null,
        // Whose line it is (major, group or school), as the table's 校线 / 组线 marks say.
        item_latest_level: item.history[0]?.level ?? null,
        // Where the majors come from (plan, plan_prev_year, admitted_prev_year; empty when none are named).
        composition: item.composition,
        // The plan the item is offered in (its majors of composition plan are that plan's), and whether it is an
        // earlier plan carried over because the plan year's does not name the school (plan_carried).
        plan_year: item.plan_year,
        plan_carried: item.plan_carried,
        // The contract admission binds to (公费师范, 定向 …), `部分专业 …` when only some of its majors bind
        item_obligation: item.obligation,
      }
      if (item.zyList.length === 0) out.push({ ...itemFields, ...NO_MAJOR })
      for (const z of item.zyList) {
        out.push({
          ...itemFields,
          major_index: z.index,
          major: z.zyName,
          sp_code: z.sp_code,
          local_sp_code: z.local_sp_code,
          tuition: z.tuition,
          obligation: z.obligation,
          expected_rank: z.min_section,
          expected_score: z.min,
          diff: z.diff,
          chance: z.chance,
          latest_year: z.history[0]?.year ?? null,
          latest_min: z.history[0]?.min ?? null,
          latest_min_section: z.history[0]?.min_section ?? null,
          latest_level: z.history[0]?.level ?? null,
          num: z.num,
        })
      }
    }
  }
  return out
}

/**
 * The strategy's tiers as the chance shown tells them (model/calibration.ts), cut to the percent below as every
 * chance shown is (shownChance): `; 冲 6%-44%, 稳 44%-96%, 保 96% 以上`. Rounded, the legend said 保 97% 以上 above
 * 保 items that showed 96 %.
 */
export function bandsNote(type: number): string {
  const bands = strategyOf(type)?.bands
  if (!bands) return ''
  const p = (raw: number) => `${Math.round(shownChance(calibratedBand(raw)) * 100)}%`
  return `; 冲 ${p(bands.chong)}-${p(bands.wen)}, 稳 ${p(bands.wen)}-${p(bands.bao)}, 保 ${p(bands.bao)} 以上`
}

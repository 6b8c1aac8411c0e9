import { groupCode } from '../check/model/match.js'
import type { Composition } from './model/compose.js'
import { labelKind, readObligationText } from './model/obligations.js'
import type { EvidenceRow } from './queries.js'
import type { SmartMatchData, ZybItem } from './response.js'
import type { MatchRequest } from './run.js'
import {
  academyMark,
  ITEM_LEVEL,
  latest,
  nationalCode,
  planOpenToText,
  TIER_LABEL,
  UNKNOWN_GROUP,
  VOLUNTEER_TYPE,
  xuankeLabel,
} from './table.js'

/**
 * smart-match's answer as the 志愿表 a family prints (`gaokao smart-match --out 志愿表.xlsx`, and one per student of
 * `smart-match batch`): pure, answer → sheets; workbook-file.ts gathers the sources and writes the file.
 *
 * Sheet 1 "志愿表" is the province's form: 志愿序号, 院校代码, 院校, 专业组 (where a choice is a group), 专业 1-N (N the
 * rule's majors per choice), 是否服从调剂 (not in 专业+院校 provinces, whose choice is one major), then what the
 * list knows of each row (tier, chance, expected lowest rank, where the majors come from). Its header names are the
 * ones `gaokao check` reads (features/check/file.ts), so a saved 志愿表 can be checked as it is. Sheet 2 "说明" says
 * for whom and on which assumptions it was made, from which data, and which figures are estimated or synthetic.
 */

export type CellValue = string | number | null

export interface SheetSpec {
  name: string
  rows: CellValue[][]
  /** Column widths, in characters */
  widths: number[]
  /** Rows at the top that stay in view and print bold (the title and the header) */
  headRows: number
  /** Columns holding a chance (0-1), shown as a percent */
  percentColumns: number[]
  /** Rows (indexes) that head a section of the cover */
  sectionRows: number[]
}

/** The request a list was made for, as given (0 / 综合: not given). */
export interface WorkbookRequest
  extends Pick<MatchRequest, 'province' | 'batch' | 'rankYear' | 'rank' | 'score' | 'subject' | 'xuanke'> {
  /** The student's name (a class done with `smart-match batch`), when known */
  student?: string
  type: number
  /** The family's preferences the list was narrowed by, as flag and value (workbook-file.ts workbookRequest) */
  preferenceFlags?: readonly (readonly [string, string])[]
}

/** Where the data come from: datasets/manifest.json and the rows behind the list (workbook-file.ts). */
export interface WorkbookSources {
  datasetsDir: string | null
  /** null when the directory has no readable manifest.json */
  manifest: {
    sha256: string
    /** The file's modification date, YYYY-MM-DD: manifest.json states no build date of its own */
    date: string
    /** source id → "owner/repo@snapshot" */
    repos: ReadonlyMap<string, string>
  } | null
  evidence: readonly EvidenceRow[]
  /** When the file was written, as shown */
  generatedAt: string
  version: string
}

export const SHEET_NAMES = { list: '志愿表', cover: '说明' } as const

/** A 专业组 province's group as the form writes it: 专业组（02） → 02; the label itself when it holds no code. */
export function groupCell(item: Pick<ZybItem, 'sg_name' | 'schoolName'>): string {
  if (item.sg_name === '') return ''
  return groupCode(item.sg_name, item.schoolName) ?? item.sg_name
}

/**
 * composition in words a counsellor checks against the plan book. `carriedFrom`: the earlier plan an item the plan
 * year's plan does not name was carried from (plan_carried), whose majors it lists.
 */
export function compositionText(
  composition: Composition | null,
  planYear: number,
  carriedFrom: number | null = null,
): string {
  if (composition === 'plan')
    return carriedFrom === null ? `${planYear} 年计划` : `${carriedFrom} 年计划 (沿用)`
  if (composition === 'plan_prev_year') return `${planYear - 1} 年计划 (当年计划未列专业, 请核对)`
  if (composition === 'admitted_prev_year') return '往年录取 (当年计划未列专业, 请核对)'
  return '未列专业 (请查当年计划)'
}

/** Column widths of the form in characters; a major's column 18, the others 10 */
const LIST_WIDTHS: Readonly<Record<string, number>> = {
  院校: 22,
  最近一年最低位次: 20,
  专业来源: 24,
  备注: 30,
  '学费 (元/年)': 14,
}

const majorHeads = (n: number) => (n <= 1 ? ['专业'] : Array.from({ length: n }, (_, i) => `专业${i + 1}`))

/**
 * The major cells of an item: one major per cell; more majors than cells (a 专业+院校 item that is a whole school
 * whose plan names no majors) share the last cell, since the form has no more.
 */
export function majorCells(names: readonly string[], n: number): string[] {
  const cells = Array.from({ length: Math.max(n, 1) }, (_, i) => names[i] ?? '')
  if (names.length > cells.length) cells[cells.length - 1] = names.slice(cells.length - 1).join('、')
  return cells
}

/** The earlier plan a carried item comes from (its plan_year before the list's), else null. */
const carriedFrom = (item: ZybItem, data: SmartMatchData): number | null =>
  item.plan_year === data.candidate.plan_year ? null : item.plan_year

/**
 * The cover's 专业来源: which plan the items' majors come from. Items carried from an earlier plan (the plan year's
 * does not name their schools) are counted apart: their majors are that plan's, not the plan year's.
 */
function majorsSource(all: readonly ZybItem[], data: SmartMatchData): string {
  const c = data.candidate
  const borrowed = all.filter((i) => i.composition !== null && i.composition !== 'plan').length
  const unnamed = all.filter((i) => i.zyList.length === 0).length
  const carried = all.filter((i) => i.composition === 'plan' && carriedFrom(i, data) !== null).length
  const own = all.filter((i) => i.composition === 'plan').length - carried
  if (carried === 0)
    return borrowed + unnamed > 0
      ? `${borrowed} 项的专业取自上年计划或往年录取, ${unnamed} 项未列专业: 填报前请以当年招生计划核对`
      : `全部取自 ${c.plan_year} 年计划`
  const earlier = `${c.earlier_plan_year} 年计划 (沿用: ${c.plan_year} 年计划未见这些院校)`
  if (own + borrowed + unnamed === 0) return `全部取自 ${earlier}: 填报前请以当年招生计划核对`
  const parts = [
    ...(own > 0 ? [`${own} 项取自 ${c.plan_year} 年计划`] : []),
    `${carried} 项取自 ${earlier}`,
    ...(borrowed > 0 ? [`${borrowed} 项的专业取自上年计划或往年录取`] : []),
    ...(unnamed > 0 ? [`${unnamed} 项未列专业`] : []),
  ]
  return `${parts.join(', ')}: 填报前请以当年招生计划核对`
}

function notes(item: ZybItem, data: SmartMatchData, majorsPerChoice: number): string {
  const out: string[] = []
  const mark = academyMark(item).trim()
  if (mark === '(军)') out.push('军队院校: 多在提前批, 需政审、体检、面试')
  if (mark === '(警)') out.push('公安院校: 多在提前批, 需政审、体检')
  const from = carriedFrom(item, data)
  if (from !== null) out.push(`该年计划未见此校, 沿用 ${from} 年计划`)
  if (data.zyb_rule.volunteerType === 2 && item.sg_name === '')
    out.push(`专业组${UNKNOWN_GROUP}: 请查当年计划`)
  if (item.zyList.length > majorsPerChoice && majorsPerChoice <= 1)
    out.push('该校计划未列专业: 任选其一 (概率按该校最低的专业计)')
  // a major the plan book lists twice under one name (two 专业代号, their places added): its code is written ?
  if (item.local_school_code !== null && item.zyList.some((z) => z.local_sp_code === null))
    out.push('专业代号为 ? 的专业: 计划书中有同名的两个专业 (代号不同), 请查计划书后填写')
  const binds = obligationNote(item, data.zyb_rule.volunteerType !== 3)
  if (binds !== '') out.push(binds)
  return out.join('; ')
}

/**
 * What the item binds a candidate to (ZybItem.obligation): its label when the whole item binds; when some majors do,
 * which of the listed ones, and that 调剂 can place a candidate there (or that unlisted ones bind).
 */
export function obligationNote(item: ZybItem, adjustable: boolean): string {
  if (item.obligation === null) return ''
  const { partly, labels } = readObligationText(item.obligation)
  if (!partly) return `须履约: ${labels.join('; ')}`
  const marked = item.zyList.filter((z) => z.obligation !== null)
  if (marked.length === 0)
    return `未列出的专业中有${labels.map(labelKind).join('、')}${adjustable ? ', 服从调剂可能录取到' : ''}: ${labels.join('; ')}`
  return `须履约的专业: ${marked.map((z) => `${z.zyName} — ${z.obligation}`).join('; ')}${adjustable ? '; 服从调剂也可能录取到' : ''}`
}

/** The title above the form: who, which list, under which rule. */
export function listTitle(data: SmartMatchData, req: WorkbookRequest): string {
  const c = data.candidate
  const rule = data.zyb_rule
  return [
    '志愿表',
    req.student,
    `${req.province} ${c.category} ${c.score === null ? '' : `${c.score} 分 `}位次 ${c.rank}`,
    `${c.rank_year} 年 ${rule.batchName} (${VOLUNTEER_TYPE[rule.volunteerType] ?? ''} ${rule.volunteerNumMax} 个志愿 × ${rule.majorNumMax} 专业)`,
    xuankeLabel(req.xuanke, c.category),
  ]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ')
}

export function listSheet(data: SmartMatchData, req: WorkbookRequest): SheetSpec {
  const rule = data.zyb_rule
  const c = data.candidate
  const grouped = rule.volunteerType === 2
  const adjustable = rule.volunteerType !== 3
  const n = Math.max(rule.majorNumMax, 1)
  // the province's own codes, where the plan book gives them: what its 志愿表 asks for beside the names
  const items = (['chong', 'wen', 'bao'] as const).flatMap((tier) =>
    data.zyb_data.zybData[tier].map((item) => ({ tier, item })),
  )
  const localCodes = items.some(
    ({ item }) => item.local_school_code !== null || item.zyList.some((z) => z.local_sp_code !== null),
  )
  // every fee the plan gives, per major: a 中外合作办学 programme's 60,000 beside its school's 5,000
  const fees = items.some(({ item }) => item.zyList.some((z) => z.tuition !== null))
  const head = [
    '志愿序号',
    '院校代码',
    ...(localCodes ? ['院校代号'] : []),
    '院校',
    ...(grouped ? ['专业组'] : []),
    ...majorHeads(n),
    ...(localCodes ? ['专业代号'] : []),
    ...(adjustable ? ['是否服从调剂'] : []),
    '冲稳保',
    '录取概率',
    '预估最低位次',
    '位次差',
    '最近一年最低位次',
    // after the form's columns: the fees, per major in the order of the major columns
    ...(fees ? ['学费 (元/年)'] : []),
    '专业来源',
    '备注',
  ]
  const rows: CellValue[][] = items.map(({ tier, item }) => [
    item.index,
    nationalCode(item.schoolCode),
    ...(localCodes ? [item.local_school_code ?? ''] : []),
    item.schoolName,
    ...(grouped ? [groupCell(item)] : []),
    ...majorCells(
      item.zyList.map((z) => z.zyName),
      n,
    ),
    // the majors' 专业代号 in the order of the major columns (专业1 …), one cell: 01、03、05
    ...(localCodes ? [item.zyList.map((z) => z.local_sp_code ?? '?').join('、')] : []),
    ...(adjustable ? ['是'] : []),
    TIER_LABEL[tier],
    item.chance,
    item.min_section,
    item.min_section - c.rank,
    latest(item, ITEM_LEVEL[rule.volunteerType] ?? 'group'),
    // ? where the plan gives none
    ...(fees ? [item.zyList.map((z) => z.tuition ?? '?').join('、')] : []),
    compositionText(item.composition, c.plan_year, carriedFrom(item, data)),
    notes(item, data, n),
  ])
  return {
    name: SHEET_NAMES.list,
    rows: [[listTitle(data, req)], head, ...rows],
    widths: head.map((h) => LIST_WIDTHS[h] ?? (/^专业\d*$/u.test(h) ? 18 : 10)),
    headRows: 2,
    percentColumns: [head.indexOf('录取概率')],
    sectionRows: [],
  }
}

const TABLE_NAME: Record<EvidenceRow['table'], string> = {
  plans: '招生计划与往年录取',
  score_ranks: '一分一段表',
}

/** A source id cell (LG, LG+IM) → its ids. */
const idsOf = (source: string) =>
  source
    .split(/[+,;]/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')

/** The command line that makes the same list again. */
export function commandLine(req: WorkbookRequest): string {
  const quote = (v: string) => (/^[\p{L}\p{N},._-]+$/u.test(v) ? v : `'${v.replaceAll("'", `'\\''`)}'`)
  const parts = [
    'gaokao smart-match',
    `--province ${quote(req.province)}`,
    `--batch ${quote(req.batch)}`,
    `--rank-year ${req.rankYear}`,
    ...(req.rank > 0 ? [`--rank ${req.rank}`] : []),
    ...(req.score > 0 ? [`--score ${req.score}`] : []),
    `--subject ${quote(req.subject)}`,
    `--xuanke ${quote(req.xuanke)}`,
    `--type ${req.type}`,
    ...(req.preferenceFlags ?? []).map(([flag, value]) => `${flag} ${quote(value)}`),
  ]
  return parts.join(' ')
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0%')

export function coverSheet(data: SmartMatchData, req: WorkbookRequest, sources: WorkbookSources): SheetSpec {
  const c = data.candidate
  const rule = data.zyb_rule
  const strategy = data.zyb_type.find((t) => t.is_default === 1)
  const all = (['chong', 'wen', 'bao'] as const).flatMap((t) => data.zyb_data.zybData[t])
  const counts = (['chong', 'wen', 'bao'] as const)
    .map((t) => `${TIER_LABEL[t]} ${data.zyb_data.zybData[t].length}`)
    .join(', ')
  const planned = strategy
    ? (['chong', 'wen', 'bao'] as const).map((t) => `${TIER_LABEL[t]} ${strategy.rule[t]}`).join(', ')
    : ''
  const carried = all.filter((i) => carriedFrom(i, data) !== null).length
  const rows: CellValue[][] = [[`${listTitle(data, req)} · 说明`], ['项目', '内容']]
  const sections: number[] = []
  const section = (title: string) => {
    sections.push(rows.length)
    rows.push([title, ''])
  }
  const line = (label: string, text: string | number) => rows.push([label, text])

  section('考生')
  if (req.student !== undefined) line('姓名', req.student)
  line('省份', req.province)
  line(
    '科类',
    `${c.category}${req.subject.trim() && req.subject !== '综合' ? ` (首选科目: ${req.subject})` : ''}`,
  )
  const subjects = xuankeLabel(req.xuanke, c.category)
  line(
    '选科',
    subjects === ''
      ? '文理分科: 没有选科要求'
      : subjects.startsWith('选科 ')
        ? subjects.slice(3)
        : `${subjects} (未填写): 没有按专业组的选科要求筛选, 表中可能有考生不能报的志愿`,
  )
  line(
    '分数',
    c.score === null
      ? '未知'
      : `${c.score}${req.score > 0 ? '' : ` (由位次在 ${c.rank_year} 年一分一段表中查得)`}`,
  )
  line(
    '位次',
    `${c.rank}${req.rank > 0 ? '' : ` (由分数在 ${c.rank_year} 年一分一段表中查得: 同分考生的最后一名)`}`,
  )
  // Below the batch's control line the batch admits nobody: the table's title warns, and so does the cover
  const below = c.score !== null && c.batch_line !== null && c.score < c.batch_line
  line(
    '批次',
    `${rule.batchName}${c.batch_line === null ? '' : ` (${c.rank_year} 年${c.category}控制线 ${c.batch_line} 分)`}${below ? `; 注意: ${c.score} 分低于控制线, 该批次不会录取, 请改查下一批次` : ''}`,
  )
  line(
    '志愿形式',
    `${VOLUNTEER_TYPE[rule.volunteerType] ?? ''}: ${rule.volunteerNumMax} 个志愿, 每个志愿 ${rule.majorNumMax} 个专业${rule.volunteerType === 3 ? '' : ', 是否服从调剂'}`,
  )

  section('假设')
  line('位次年份', `${c.rank_year} (位次与一分一段表的年份)`)
  line(
    '招生计划',
    `${c.plan_year} 年${carried > 0 && c.earlier_plan_year !== null ? `; ${carried} 项院校未见于该年计划, 沿用 ${c.earlier_plan_year} 年计划` : ''}`,
  )
  line('策略', `${strategy?.name ?? ''} (计划 ${planned}; 实列 ${counts}, 共 ${all.length} 项)`)
  if (c.preferences) line('只列', `${c.preferences} (按考生的要求; 不合要求的学校和专业未列入)`)
  line(
    '往年录取',
    `只用 ${c.rank_year} 年以前的最低位次, 按考生人数折算到 ${c.rank_year} 年并加权 (近年权重大)`,
  )
  if (c.plan_open_to) line('计划不全', planOpenToText(c.plan_year, c.plan_open_to))
  if (c.unjudged_schools > 0)
    line('未列入', `计划中另有 ${c.unjudged_schools} 所院校没有可用的往年最低位次, 无法判断, 未列入`)
  if (c.majors_from_school_lines)
    line(
      '专业的位次',
      '该省没有公布专业录取线: 专业的预估位次由院校线按其他省份同校同专业的幅度推算, 误差较大',
    )
  line('命令', commandLine(req))

  section('哪些是估计, 哪些是合成')
  line(
    '录取概率、预估最低位次、位次差',
    '模型估计, 不是官方数据 (方法与回测: docs/smart-match.md); 位次差 = 预估最低位次 − 本人位次',
  )
  line('最近一年最低位次', '公布的数据; 标 "组线" / "校线" 的是专业组或院校的线, 不是该志愿自己的线')
  const plans = sources.evidence.filter((e) => e.table === 'plans')
  const planRows = plans.reduce((s, e) => s + e.rows, 0)
  const derived = plans.reduce((s, e) => s + e.derived, 0)
  line(
    '往年最低位次',
    planRows > 0
      ? `表中院校 ${c.rank_year} 年及以前的计划与录取 ${planRows} 行, 其中 ${derived} 行 (${percent(derived, planRows)}) 的最低位次由分数经当年一分一段表推算, 不是公布的位次`
      : '无',
  )
  line('专业来源', majorsSource(all, data))
  line(
    '院校代码',
    '全国统一的 5 位院校代码 (教育部), 不是本省的院校代号; 数据中没有这个代码的院校 (一些分校、医学院、军队院校) 留空, 请按院校名称在本省招生计划中查找; 填表时以本省招生计划中的院校代号、专业组代号为准',
  )
  const synthetic = sources.evidence.filter((e) => e.provenance === 'synthetic')
  line(
    '合成数据',
    synthetic.length === 0
      ? '无: 本表所用的计划、录取和一分一段数据都是公布的数据 (或由其推算)'
      : `有: ${synthetic.map((e) => `${TABLE_NAME[e.table]} ${e.rows} 行`).join(', ')} 为合成数据 (测试或演示用), 不能据此填报`,
  )

  section('数据来源')
  line('数据目录', sources.datasetsDir ?? '未知')
  line(
    '数据版本',
    sources.manifest
      ? `manifest.json ${sources.manifest.sha256.slice(0, 12)}, 文件日期 ${sources.manifest.date}`
      : '数据目录中没有 manifest.json: 来源与日期未知',
  )
  const ids = new Map<string, Map<string, number>>()
  for (const e of sources.evidence)
    for (const id of idsOf(e.source)) {
      const tables = ids.get(id) ?? new Map<string, number>()
      tables.set(TABLE_NAME[e.table], (tables.get(TABLE_NAME[e.table]) ?? 0) + e.rows)
      ids.set(id, tables)
    }
  for (const [id, tables] of [...ids].sort(([a], [b]) => a.localeCompare(b)))
    line(
      `来源 ${id}`,
      // A row merged from several sources (LG+IM) counts for each
      `${sources.manifest?.repos.get(id) ?? '(manifest.json 未载此来源)'}; 参与${[...tables].map(([t, n]) => `${t} ${n} 行`).join(', ')}`,
    )
  line('生成', `gaokao ${sources.version}, ${sources.generatedAt}`)
  line('提醒', '本表依据往年数据估计, 填报前请以省考试院当年公布的招生计划、选科要求和招生章程为准')
  return {
    name: SHEET_NAMES.cover,
    rows,
    widths: [30, 100],
    headRows: 2,
    percentColumns: [],
    sectionRows: sections,
  }
}

export const workbookSheets = (
  data: SmartMatchData,
  req: WorkbookRequest,
  sources: WorkbookSources,
): SheetSpec[] => [listSheet(data, req), coverSheet(data, req, sources)]

import { examModeIn } from '../../domain/provinces.js'
import { artName, baseTrack, normalizeKm, provinceOf } from '../normalize.js'
import { normalizeSchoolName } from '../schools/normalize.js'
import type { BatchName, PlanType } from './types.js'

/**
 * Label normalisation shared by the plan adapters: categories, batches and plan types, major groups, subject
 * requirements, school and major names, numbers. Pure functions; every rule is listed in README.md.
 */

/** NFKC (full-width brackets, digits and letters become ASCII), whitespace removed. */
export function clean(s: unknown): string {
  if (s === null || s === undefined) return ''
  return String(s).normalize('NFKC').replace(/\s+/gu, '').trim()
}

/** NFKC, whitespace runs collapsed to one space, trimmed (for labels whose spaces separate parts). */
export function cleanSpaced(s: unknown): string {
  if (s === null || s === undefined) return ''
  return String(s).normalize('NFKC').replace(/\s+/gu, ' ').trim()
}

// ---------------------------------------------------------------------------------------------------------
// Numbers

/** A whole number from '612', '612.0', 612; null for blanks, '-', '--', '/', non-numbers and fractions. */
export function intOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'number') return Number.isFinite(v) && Number.isInteger(v) ? v : null
  const s = clean(v).replace(/,/gu, '')
  if (s === '' || !/^-?\d+(\.0+)?$/u.test(s)) return null
  return Number.parseInt(s, 10)
}

/** A score: whole numbers only (fractional scores are rounded down only when the fraction is .0). */
export function scoreOrNull(v: unknown): number | null {
  const n = intOrNull(v)
  return n !== null && n > 0 ? n : null
}

/** A rank: a positive whole number. */
export function rankOrNull(v: unknown): number | null {
  const n = intOrNull(v)
  return n !== null && n > 0 ? n : null
}

/** Tuition in yuan per year: the first number of '5000', '5000.0', '5000元/年'; null when absent or 0. */
export function tuitionOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null
  const m = /(\d+(?:\.\d+)?)/u.exec(clean(v).replace(/,/gu, ''))
  if (!m) return null
  const n = Math.round(Number(m[1]))
  return n > 0 && n < 1_000_000 ? n : null
}

/**
 * The largest planned number one row may carry. No school plans 10,000 places for one major, group or even its
 * whole intake in one province; a larger figure is a source error (LG's 西北民族大学 新疆 2025 row says 1,812,181).
 */
export const PLAN_NUM_MAX = 10_000

/** Planned number: a whole number from 0 to PLAN_NUM_MAX, else null (unknown). */
export function planNumOrNull(v: unknown): number | null {
  const n = intOrNull(v)
  return n !== null && n >= 0 && n <= PLAN_NUM_MAX ? n : null
}

const YEARS_CN = ['', '一年', '二年', '三年', '四年', '五年', '六年', '七年', '八年']

/** Study length as the majors table writes it: 4 / '4.0' / '4年' / '四年' → '四年'; null when unknown. */
export function lengthOrNull(v: unknown): string | null {
  const s = clean(v)
  if (s === '') return null
  const m = /^(\d)(?:\.0+)?年?(?:制)?$/u.exec(s)
  if (m) return YEARS_CN[Number(m[1])] ?? null
  const c = /^([一二三四五六七八])年(?:制)?$/u.exec(s)
  if (c) return `${c[1]}年`
  return null
}

// ---------------------------------------------------------------------------------------------------------
// Subject category

const ART_OR_SPORT = /艺术|美术|设计|音乐|舞蹈|播音|主持|书法|戏剧|影视|表演|编导|体育|服装|摄制|航空服务/u

/**
 * The normalised category of a record, like score_ranks.km: ordinary labels (物理/物理类/理科/理工/文史/综合改革 …)
 * become 物理类 历史类 (3+1+2), 理科 文科 (文理) or 综合 (3+3) by the exam mode in force that year; art and sport
 * labels keep their name (NFKC, LG's 艺术 / 艺术统考 prefix dropped). Anything else (vocational tracks, 单列类,
 * 蒙授 minority-language tracks, '官网未列科类' outside a 3+3 year …) gives null: the record is dropped.
 */
export function normalizeSubjectType(province: string, year: number, label: string): string | null {
  const prov = provinceOf(province)
  const s = clean(label).replace(/^艺术统考/u, '艺术')
  if (s === '') return null
  if (baseTrack(s) !== null) return normalizeKm(prov, year, s)
  if (/单列|对口|三校生|中职|专升本|预科|蒙授|民族/u.test(s)) return null
  if (ART_OR_SPORT.test(s)) return artName(s)
  return null
}

/** A category label that is not a category at all (官网未列科类, 不分科目类 …): in a 3+3 year it means 综合. */
export function unlabelledSubjectType(province: string, year: number, label: string): string | null {
  const s = clean(label)
  if (!/未列|不分|默认|^无$|^不限$|^普通类$|综合/u.test(s)) return null
  return examModeIn(provinceOf(province), year) === '3+3' ? '综合' : null
}

/** True for the ordinary categories, whose scores are on the 一分一段 tables (art and sport scores are not). */
export function isOrdinarySubject(subjectType: string): boolean {
  return ['物理类', '历史类', '理科', '文科', '综合'].includes(subjectType)
}

// ---------------------------------------------------------------------------------------------------------
// Batches and plan types

/** Tracks and rounds that are not the ordinary gaokao admission of an ordinary candidate: dropped. */
const EXCLUDED_TRACKS: readonly [RegExp, string][] = [
  [/专升本|专接本/u, 'upgrade track (专升本)'],
  [
    /对口|单招|单独招生|单独考试|三校生|中职|高职分类|分类考试|春季|秋季招生|职教高考/u,
    'vocational exam track',
  ],
  [/征集|征求|补录|降分|补充志愿|第[二三四2-4]次投档|第[二三四2-4]次填报/u, 'vacancy round (征集/征求/补录)'],
  [/预科/u, 'preparatory class (预科)'],
  // 广西's 精准专项 (GX's groups 9xx): places for candidates of named counties, as LG's batch of that name, which
  // classifyBatch drops as a 专项 of no known type
  [/精准专项/u, 'special plan (专项) of no known type'],
  [/民族班|少数民族|民族专项|民考|汉考|民汉|双语|蒙授|蒙语|藏文|民语/u, 'minority-only class'],
  [
    /内高班|内地班|内地高中|新疆班|西藏班|内高|援疆|援藏|南疆|南单|单列|藏区|藏医|非西/u,
    'region-restricted class',
  ],
  [
    /(?<!非)定向|面向(?!全省)|农技推广|林业工作站|国有林场|自然保护地|乡村教师|全科教师/u,
    'directed / domicile-restricted plan',
  ],
  [/男生|女生/u, 'gender-split line'],
  [/综合评价|三位一体|保送|体育单招|运动训练|高水平|港澳台|华侨/u, 'special admission route'],
  [/部队|军人子女|军士/u, 'military-only plan'],
]

/**
 * Words of major names that look like a dropped track but name an ordinary programme: 双语 (the language of
 * teaching), 内地与港澳台合作办学, 中外高水平大学学生交流计划, 对口支援 (a partner university), the major
 * 中国少数民族语言文学, 面向地方公安机关入警就业 (where graduates work, not who may apply), 只招男生 (one gender, not
 * a gender-split line), 运动训练 (a sport major of the 体育类 batch, not the 单招 route); in CG's notes also
 * 执行…少数民族地区加分办法 (四川's bonus points, open to all), the 专科 major 自然保护地建设与管理 (not a 自然保护地
 * 定向 plan) and a 面向 that names what is studied, not where
 * from (面向国家深空探测…, 面向“智能无人+”方向, 面向人工智能…). Removed before the name or note is read for tracks.
 */
export const NOT_A_TRACK =
  /自然保护地建设与管理|双语|内地与港澳台合作办学|高水平大学学生交流计划|对口支援|中国少数民族语言文学|面向[^,，、()]*就业|[只仅]招[男女]生|运动训练|少数民族地区加分|面向(?=国家|全校|数字|人工|人形|“|")/gu

/**
 * The reasons of excludedTrack that make a whole group line a track's (民族班, 预科, 定向 …): a copy of such a line in
 * another source is no ordinary group either (special-copies.ts). Not a gender-split line: the group's own line
 * for one gender.
 */
export const TRACK_LINE_REASONS: ReadonlySet<string> = new Set(
  EXCLUDED_TRACKS.map(([, reason]) => reason).filter((r) => r !== 'gender-split line'),
)

/** The reason a batch / programme label excludes the record, or null. */
export function excludedTrack(...labels: readonly (string | null | undefined)[]): string | null {
  for (const label of labels) {
    const s = clean(label)
    if (s === '') continue
    for (const [re, reason] of EXCLUDED_TRACKS) if (re.test(s)) return reason
  }
  return null
}

/**
 * Plan types by their labels, the first that matches wins: 强基 / 国家专项 (incl. 国家贫困专项) / 高校专项 / 地方专项.
 * 高校 before 地方: the 高校专项计划 is also called 高校农村专项计划 (农村学生单独招生), which 农村专项 would take.
 */
const PLAN_TYPES: readonly [RegExp, PlanType][] = [
  [/强基/u, '强基计划'],
  [/国家专项|国专|国家贫困|贫困专项|国家.{0,4}专项计划/u, '国家专项'],
  [
    /高校专项|高校农村专项|区域(教育)?均衡|自强计划|筑梦计划|圆梦计划|腾飞计划|励志计划|情系|宏志计划|农村学生/u,
    '高校专项',
  ],
  [/地方专项|农村专项|地方农村|苏区专项|地方.{0,4}专项计划|建档立卡专项|革命老区专项/u, '地方专项'],
]

/** Plan type from the batch and programme labels (PLAN_TYPES); 普通 when none says otherwise. */
export function planTypeOf(...labels: readonly (string | null | undefined)[]): PlanType {
  const s = labels.map(clean).join('|')
  return PLAN_TYPES.find(([re]) => re.test(s))?.[1] ?? '普通'
}

export interface BatchInfo {
  batchName: BatchName
  planType: PlanType
  localBatchName: string
  level: '本科' | '专科'
}

/**
 * Classifies a record's batch. `local` is the province's batch name as the source gives it (kept, cleaned, as
 * local_batch_name); `hints` are further programme labels of the source (LG admissionType / admissionSubtype,
 * the major-group label, LB's sheet prefix) used for the plan type; `vocational` says the source file or
 * record type is a 专科 one, used when the labels do not say 本科 or 专科.
 *
 * batch_name: a special plan's type (国家专项 地方专项 高校专项 强基计划); else 本科批 / 本科提前批 / 专科批 /
 * 专科提前批 from the level (专科|高职|高专 → 专科; 本科|一批|二批|一本 … → 本科; else the vocational hint) and
 * 提前 in the label. The exclusions of excludedTrack apply first (the caller drops the record).
 */
export function classifyBatch(
  local: string | null | undefined,
  hints: readonly (string | null | undefined)[] = [],
  vocational = false,
): BatchInfo | { excluded: string } {
  const reason = excludedTrack(local, ...hints)
  if (reason) return { excluded: reason }
  const lb = clean(local)
  const localBatchName = /^(官网未列批次|批次|不限|\/|1|其他|普通类|普通|高考|普通高考)$/u.test(lb) ? '' : lb
  const text = [lb, ...hints.map(clean)].join('|')
  const planType = planTypeOf(lb, ...hints)
  if (planType === '普通' && /特殊类型/u.test(lb))
    return { excluded: 'special-type batch of no known plan type' }
  // A batch of its own for 公费师范 / 优师 students (a service contract, often a domicile): no ordinary line. Read on
  // the batch only: a major named 汉语言文学(公费师范) in a plan is a programme of the plan, kept.
  if (/公费|免费师范|优师/u.test(lb)) return { excluded: 'directed / domicile-restricted plan' }
  // 专项计划, 精准专项 …: a special plan, but none that says which
  if (planType === '普通' && /专项/u.test(lb)) return { excluded: 'special plan (专项) of no known type' }
  const voc = /专科|高职|高专|专项?科批/u.test(lb)
  const ug = /本科|[一二三]批|[一二三]本|本[一二三]|[一二]段|普通批|强基/u.test(lb)
  const level: '本科' | '专科' = voc ? '专科' : ug ? '本科' : vocational ? '专科' : '本科'
  const advance = /提前/u.test(lb) || (lb === '' && /提前批/u.test(text))
  const batchName: BatchName =
    planType !== '普通' ? planType : (`${level}${advance ? '提前批' : '批'}` as BatchName)
  return { batchName, planType, localBatchName, level }
}

// ---------------------------------------------------------------------------------------------------------
// Major groups

const NOT_A_GROUP =
  /平行志愿|征集|专业代号|专业编号|填报|院校代码|投档线|校线|原始志愿|^普通类|中外合作办学专业/u

/**
 * The code of a major group (院校专业组) in a source's label, or null: 第06组 / 北京大学第06组 / 103 第103组 →
 * the number; 04专业组(化学) / 203专业组 / D02专业组 → the code before 专业组; 专业组003 / 院校专业组 000201 → the
 * code after (a 6-digit school+group code keeps its last two digits); 复旦大学(01) → 01; a bare code (01, 01 物理,
 * 206) → itself. Labels that are batches, rounds or major numbers (本科批平行志愿, 专业代号01) give null.
 */
export function groupCode(label: string | null | undefined): string | null {
  const s = cleanSpaced(label)
  if (s === '' || NOT_A_GROUP.test(s)) return null
  const fix = (c: string): string => (/^\d{6}$/u.test(c) ? c.slice(4) : c)
  const m =
    /第\s*([A-Z]?\d{1,4})\s*组/u.exec(s) ??
    /([A-Z]?\d{1,4})\s*专业组/u.exec(s) ??
    /专业组\s*([A-Z]?\d{1,6})(?!\d)/u.exec(s) ??
    /^[^()]*\(\s*([A-Z]?\d{1,4})\s*\)$/u.exec(s) ??
    /^([A-Z]?\d{1,4})(?:\s|$)/u.exec(s)
  const code = m?.[1]
  return code ? fix(code) : null
}

/** The stored group name: 专业组（06）. The full-width brackets let SPEC 4.17's formatting show '(06)'. */
export function sgName(code: string | null): string | null {
  return code ? `专业组（${code}）` : null
}

/** Group code as a merge key: leading zeros dropped ('006' and '6' are one group). */
export function groupKey(code: string | null): string {
  if (!code) return ''
  return code.replace(/^0+(?=\w)/u, '')
}

// ---------------------------------------------------------------------------------------------------------
// Subject requirements (选科)

const SUBJECTS: readonly [RegExp, string][] = [
  [/^(物理|物)$/u, '物理'],
  [/^(化学|化)$/u, '化学'],
  [/^(生物学|生物|生)$/u, '生物'],
  [/^(思想政治|政治|思政|政)$/u, '政治'],
  [/^(历史|历|史)$/u, '历史'],
  [/^(地理|地)$/u, '地理'],
  [/^(技术|技)$/u, '技术'],
]
const SUBJECT_ORDER = ['物理', '历史', '化学', '生物', '政治', '地理', '技术']
const subjectToken = /思想政治|生物学|物理|化学|生物|政治|思政|历史|地理|技术|[物化生政史历地]/gu
/** Words around the subjects in the sources' labels (programmes, campuses) that must not be read as subjects. */
const NOISE =
  /中外合作办学|中外合办|合作办学|中外学分互认|联合培养|分段培养|项目|[^()+、/]*校区|[^()+、/]*学院|[^()+、/]*大学|地方专项|国家专项|高校专项|文化|学生|考生|行政|基地|选考科目|科目|要求/gu

function canonSubject(t: string): string | null {
  for (const [re, name] of SUBJECTS) if (re.test(t)) return name
  return null
}

/** Clauses of a requirement: every clause must hold; a clause holds when any of its subjects is chosen. */
type Clauses = string[][]

function parseClauses(text: string, technology: boolean): Clauses | null {
  // '物理+化学/生物', '物理*(化学+生物)', '化学、物理（均须选考）', '物理/化学/生物(选考一门即可)', '化学或生物'
  const anyOne = /选考一门|选一|任选|之一|[1-3一二三]选[1一]/u.test(text)
  const parts = text
    .replace(/\(?(均须选考|必须选考|必选|须选|均需选考|选考一门即可|选考其中一门即可)\)?/gu, '')
    .replace(NOISE, '')
    .split(/[+*、和及与&,，;；]/u)
    .map((p) => p.replace(/[()]/gu, ''))
    .filter((p) => p !== '')
  let clauses: Clauses = []
  for (const part of parts) {
    const subs = [...part.matchAll(subjectToken)]
      .map((m) => canonSubject(m[0]))
      .filter((x): x is string => x !== null && (technology || x !== '技术'))
    if (subs.length === 0) continue
    clauses.push([...new Set(subs)])
  }
  if (clauses.length === 0) return null
  if (anyOne) return [[...new Set(clauses.flat())]]
  // simplify: a subject required alone makes any other clause naming it redundant; identical clauses merge
  const required = new Set(clauses.filter((c) => c.length === 1).map((c) => c[0] as string))
  clauses = clauses.filter((c) => c.length === 1 || !c.some((x) => required.has(x)))
  const seen = new Set<string>()
  return clauses.filter((c) => {
    const k = [...c].sort().join('|')
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function formatClauses(clauses: Clauses): string {
  const sorted = clauses
    .map((c) => [...c].sort((a, b) => SUBJECT_ORDER.indexOf(a) - SUBJECT_ORDER.indexOf(b)))
    .sort((a, b) => SUBJECT_ORDER.indexOf(a[0] as string) - SUBJECT_ORDER.indexOf(b[0] as string))
  if (sorted.length === 1) return (sorted[0] as string[]).join('或')
  return sorted.map((c) => (c.length > 1 ? `(${c.join('或')})` : c[0])).join('和')
}

/** The subject part of a group label: the last bracket of 04专业组(化学) / 第009组(化学); null for other labels. */
export function requirementInGroupLabel(label: string | null | undefined): string | null {
  const s = clean(label)
  if (!/组/u.test(s)) return null
  const m = /\(([^()]*)\)[^()]*$/u.exec(s)
  return m?.[1] ?? null
}

const NO_REQUIREMENT = /不限|不提|无要求|无限制|没有要求|^无$/u

/**
 * A readable subject requirement, or null when the source says nothing usable.
 *
 * - 文理 years: null (there are no subject requirements).
 * - 3+3 (综合): the required subjects, '和' = all of them, '或' = any one: 物理和化学, 物理或化学, 物理和(化学或生物);
 *   nothing required → 不限.
 * - 3+1+2: 首选<物理|历史>,再选<…> with the first choice taken from the category (物理类 → 物理) and dropped from the
 *   再选 part: 首选物理,再选化学 / 首选物理,再选化学和生物 / 首选历史,再选不限. A label naming only the first
 *   choice (首选物理, 仅物理) gives 首选物理 (再选 not stated).
 *
 * Labels that carry a group code or a programme (14（物理+不限）, 江西理工大学04专业组(化学), 不限中外合作办学) are read
 * for their subjects only; labels without subjects (传统理工, 特殊路径, 第502组) give null.
 */
export function normalizeRequirement(
  raw: string | null | undefined,
  province: string,
  year: number,
  subjectType: string,
): string | null {
  const mode = examModeIn(provinceOf(province), year)
  if (mode === '文理') return null
  let s = clean(raw)
  if (s === '' || s === '\\' || s === '-' || s === '/') return null
  // group codes and school names in front of the subjects
  s = s.replace(/^.*?(专业组|组)(?=[(（]|$)/u, '').replace(/^[A-Z]?\d{1,4}\.?(?=[(（]|物|历|不)/u, '')
  s = s.replace(/首选物理或历史/u, '')
  const firstOnly = /^(首选|仅)?(物理|历史)(类)?$/u.exec(s)
  const first =
    subjectType === '物理类' ? '物理' : subjectType === '历史类' ? '历史' : mode === '3+1+2' ? null : null
  if (mode === '3+1+2') {
    if (!first) return null
    if (firstOnly) return firstOnly[2] === first ? `首选${first}` : null
    const body = s.replace(/首选(物理|历史)[,，]?/u, '').replace(/^(物理|历史)类/u, '')
    const again = body.replace(/^再选/u, '').replace(/再选/gu, '')
    if (NO_REQUIREMENT.test(again) && !/[化生政地]/u.test(again.replace(/不限/u, '')))
      return `首选${first},再选不限`
    const clauses = parseClauses(again, false)
    if (!clauses) return NO_REQUIREMENT.test(again) ? `首选${first},再选不限` : null
    const rest = clauses
      .map((c) => c.filter((x) => x !== '物理' && x !== '历史'))
      .filter((c, i) => c.length > 0 || (clauses[i] ?? []).length === 0)
    // a clause that only named the first choice (or the other first-choice subject) is dropped
    const kept = rest.filter((c) => c.length > 0)
    return kept.length === 0 ? `首选${first},再选不限` : `首选${first},再选${formatClauses(kept)}`
  }
  if (NO_REQUIREMENT.test(s) && !/[物化生政史历地技]/u.test(s.replace(/不限|不提/gu, ''))) return '不限'
  const clauses = parseClauses(s.replace(/综合改革/u, ''), province === '浙江')
  if (!clauses) return NO_REQUIREMENT.test(s) ? '不限' : null
  return formatClauses(clauses)
}

// ---------------------------------------------------------------------------------------------------------
// Names

/**
 * Names that are not a major but a whole group or school: 院校专业组投档线, 院校投档线, XX大学本科批录取概况,
 * 全校汇总, 普通类专业组 … (their record's outcome is a group's or a school's).
 */
export function isAggregateName(name: string): boolean {
  const s = clean(name)
  if (s === '') return true
  // 行级分数: a school's own table whose major column was empty, its rows named by the source
  // (南京邮电大学2025河北普通类（物理+化学）官网行级分数（代码16）): each row a major of no known name, so together
  // only the school’s line. 统计 outside brackets names a statistics row, never 统计学 or 应用统计学(金融统计).
  return /投档|概况|录取分数|录取最低分|汇总|分数线|分省|院校|专业组|^普通类|^[^(（]*统计(?!学)|录取日报|总体|校线|最低分$|录取情况|^普通本科|^合计$|行级分数|调档线/u.test(
    s,
  )
}

/** Major name as stored: NFKC, no whitespace, full-width brackets as ASCII (化学(师范)). */
export function cleanMajorName(name: unknown): string {
  // a stray mark before the name is no part of it (GX's .法学, 21 rows)
  return clean(name)
    .replace(/【/gu, '[')
    .replace(/】/gu, ']')
    .replace(/^[.．。·、,，;；]+/u, '')
}

/** Notes in a remark bracket that are no 方向 (study place, colour-vision and language notes, plan labels …). */
const NOT_A_DIRECTION =
  /校本部|章程|语种|要求|须|只招|只录取|限[招报选]|不限|仅限|限制|分数|加分|成绩|[，,、:：;；。]|以下|学习|专项计划|体检|色觉|色盲|色弱|单色|详询|咨询|包含|学费|详见|^含|^口$|^类$|^或|面向|定向|免费|授课|教材|^授予|任选|就读/u

/** The top-level brackets of a text: '(与XX(集团)有限公司联合培养)(师范)' → ['与XX(集团)有限公司联合培养', '师范']. */
function topBrackets(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of text) {
    if (ch === '(') {
      if (depth > 0) cur += ch
      depth++
    } else if (ch === ')' && depth > 0) {
      depth--
      if (depth === 0) {
        out.push(cur)
        cur = ''
      } else cur += ch
    } else if (depth > 0) cur += ch
  }
  return out
}

/** The remark's brackets that name a 方向 or programme ((师范), (中外合作办学), (5+3一体化), (南京校区)). */
export function directionsOf(remark: string | null | undefined): string[] {
  return remarkBrackets(remark).filter((b) => !NOT_A_DIRECTION.test(b.slice(1, -1)))
}

/**
 * Majors of one name whose 方向 agree, told apart (JSP, CG): each keeps its 方向 (`own`) and every bracket of its
 * notes (`all`) that not all of them have, in the notes' order, even those read as no 方向 (lists, sentences).
 */
export function bracketsApart(
  all: readonly (readonly string[])[],
  own: readonly (readonly string[])[],
): string[][] {
  const common = (b: string) => all.every((bs) => bs.includes(b))
  return all.map((bs, i) => bs.filter((b) => own[i]?.includes(b) || !common(b)))
}

/** Every non-empty top-level bracket of a remark, brackets included: '(A、B)(X学院,含Y班)' → ['(A、B)', '(X学院,含Y班)']. */
export function remarkBrackets(remark: string | null | undefined): string[] {
  return topBrackets(cleanMajorName(remark))
    .filter((inner) => inner !== '')
    .map((inner) => `(${inner})`)
}

/** 只招男生 / 只招女生 in a remark: majors of one group and name split by it are gender-split lines. */
export const ONE_GENDER = /只招(男|女)生/u

/** Merge key of a major name: brackets and their spacing unified, trailing punctuation dropped. */
export function majorKey(name: string): string {
  return cleanMajorName(name)
    .replace(/[\s·]/gu, '')
    .replace(/[（]/gu, '(')
    .replace(/[）]/gu, ')')
    .replace(/[,，、;；]+$/u, '')
}

/** A 6-character catalogue code (080901, 510201, 080910T …) or null: provincial 专业代号 (23, 0F, 5B1) are not. */
export function catalogueCode(code: unknown): string | null {
  const s = clean(code).toUpperCase()
  return /^\d{6}[TKH]{0,2}$/u.test(s) ? s : null
}

/**
 * A school name that names one programme of the school (较高收费, 中外合作 …) or one campus that is no school of its
 * own (campusOf): its line is not the school's. `school` is the name of the school it resolved to: 合肥工业大学
 * (宣城校区) is a school of the table, and its lines are its own.
 */
export function programmeAnnotation(name: string, school: string): boolean {
  const n = normalizeSchoolName(name)
  if (n === normalizeSchoolName(school)) return false
  return (
    /较高收费|高收费|中外合作|合作办学|联合办学|国际班|国际学院/u.test(n) || campusOf(name, school) !== null
  )
}

/**
 * The campus a school name carries when the school it resolved to is another (电子科技大学(沙河校区) → 电子科技大学:
 * 沙河校区; LB's 哈尔滨理工大学荣成校区 → 哈尔滨理工大学: 荣成校区), else null (合肥工业大学(宣城校区), 山东大学威海分校 →
 * 山东大学(威海): the campus is the school). Such a campus's line is not its school's, and its majors are the
 * campus's programmes (电子信息类(沙河校区)), as the plan books name them.
 */
export function campusOf(name: string, school: string): string | null {
  const n = normalizeSchoolName(name)
  const m =
    /[(]([^()]*?)(校区|分校)[)]$/u.exec(n) ?? /^.+?(?:大学|学院|学校)([^()]{1,12}?)(校区|分校)$/u.exec(n)
  if (!m?.[1] || !m[2]) return null
  const place = m[1].replace(/^(办学地点|在)/u, '')
  return school.includes(place) ? null : `${place}${m[2]}`
}

/** Brackets that name a campus or a branch school (山东大学(威海), 中国石油大学(北京)), never stripped. */
const CAMPUSES =
  /^(北京|威海|深圳|珠海|华东|保定|秦皇岛|青岛|武汉|重庆|烟台|南京|苏州|上海|天津|广州|西安|成都|长沙|哈尔滨|沈阳|大连|兰州|贵阳|昆明|南宁|海南|克拉玛依|华南|华北|西北|西南|东北)$/u

/**
 * Spellings of a school name to try against the schools table, best first: the name as published, then without
 * annotations the sources add: [公办] / 【民办】 tags, (较高收费) / (中外合作办学) / (原XX学院) / (XX市) / (校本部)
 * brackets at the end, a 6-digit code in front.
 */
export function schoolNameVariants(name: string): string[] {
  const out: string[] = []
  const add = (n: string) => {
    const s = clean(n).replace(/（/gu, '(').replace(/）/gu, ')')
    if (s !== '' && !out.includes(s)) out.push(s)
  }
  add(name)
  let s = clean(name).replace(/（/gu, '(').replace(/）/gu, ')')
  s = s.replace(/^\d{4,6}/u, '').replace(/[[【][^\]】]*[\]】]/gu, '')
  add(s)
  // trailing annotations, one at a time; a campus ((威海), (深圳校区)) is part of the name and stops the stripping
  for (let i = 0; i < 3; i++) {
    const m = /^(.+?)\(([^()]*)\)$/u.exec(s)
    if (!m) break
    const inner = m[2] as string
    if (/校区$/u.test(inner)) {
      add(`${m[1]}(${inner.replace(/校区$/u, '')})`)
      break
    }
    if (CAMPUSES.test(inner)) break
    s = m[1] as string
    add(s)
  }
  // A 高职 upgraded to a 职业本科 university keeps its national code and changes its name (温州职业技术学院 →
  // 温州职业技术大学, 2025): the 2026 plan books use the new name, the schools table the one its sources knew
  for (const v of [...out]) if (/职业技术大学$/u.test(v)) add(v.replace(/职业技术大学$/u, '职业技术学院'))
  const former = FORMER_NAMES[s]
  if (former) add(former)
  return out
}

/** Names of the plan books whose school the schools table knows by another name only. */
const FORMER_NAMES: Readonly<Record<string, string>> = {
  复旦大学医学院: '复旦大学上海医学院',
}

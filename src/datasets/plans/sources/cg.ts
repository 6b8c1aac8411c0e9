import { examModeIn, findProvince } from '../../../domain/provinces.js'
import { provinceOf } from '../../normalize.js'
import { join, listDir, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  type BatchInfo,
  bracketsApart,
  catalogueCode,
  classifyBatch,
  clean,
  cleanMajorName,
  directionsOf,
  excludedTrack,
  groupCode,
  groupKey,
  lengthOrNull,
  majorKey,
  NOT_A_TRACK,
  normalizeRequirement,
  normalizeSubjectType,
  ONE_GENDER,
  planNumOrNull,
  rankOrNull,
  remarkBrackets,
  scoreOrNull,
  TRACK_LINE_REASONS,
  tuitionOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { acceptsGroups } from './common.js'

/**
 * CG = hamajun-tao/gaokao-pro `cli/data/college-groups/<school-slug>-2025.json.gz` (INVENTORY §6.2.1): 2025 院校专业组
 * → majors of 343 universities in every province, from gaokao.cn's `schoolspecialplan` (plan by major) joined with
 * `schoolprovincescore` (the group's lowest score and rank); some provinces of some files are hand / LLM-compiled.
 *
 * The schema varies per file (about 40 variants), so every field is read from the first of its known spellings:
 * school `uni` | `university` | `_university` (a string or `{name}`) | `meta.uni`; provinces a list of
 * `{province|province_name|name, groups}` or a dict keyed by name, GB code or pinyin; group code `sg_name` （01） |
 * `group_code` | `group_name` | `group` | `code`; category `first_subject` (gaokao.cn subject codes: 70000 物理, 70004
 * 历史) | `track_name` | `track` | `track_code` (2073 物理类, 2074 历史类, 3 综合, 1 理科, 2 文科) | `shou` …; 选科
 * `sg_xuanke` (gaokao.cn codes, `_` = all of, `^` = any of: the allowed subject combinations) | `reselect_raw`
 * | the texts `reselect_requirement`, `subject_req`, `xuanke` …; lowest score `min_score` | `min` |
 * `group_min_score`; majors under `majors` | `items`, named `sp_name` | `name` | `spname`, plan `num` | `plan` |
 * `plan_num`.
 *
 * Records: one per (group, major) after dropping exact duplicate major objects inside a group (30% of the entries),
 * with the plan type and name its note gives (nameEntries), carrying plan fields only (the plan number flagged
 * `numUnverified`: gaokao.cn seat counts disagree with the provincial plans, INVENTORY §6.3 check 2); and one group
 * record per group with a lowest score (outcome level 'group', no plan; the plan type all its majors say). In 浙江 and 山东 (and the other 专业+院校 provinces) gaokao.cn's "groups" are bundles of a
 * school's majors, not application units: majors only, no group code, no group outcome.
 *
 * Dropped (counted): groups given only as a `majors_summary` text or a partial `majors_representative` list (their
 * majors; the group line stays), entries without a usable name, the tracks the README drops, and group minimums that
 * are a school's value copied onto several groups of the school in a province (repeatedLines).
 */
export const REPO = 'hamajun-tao__gaokao-pro'
const DIR = ['cli', 'data', 'college-groups']
const YEAR = 2025

/**
 * Provinces whose CG group numbers do not line up with the ones the other sources store: their records would carry
 * no group code (rather than an invented group) and no group line. Measured against the shipped 2025 table (same
 * school and group number, same lowest score): 江苏 1,540 of 1,571, 广东 1,505 / 1,532, 湖北 1,633 / 1,662, 湖南
 * 1,711 / 1,866, 北京 667 / 729, 海南 405 / 406, 上海 640 / 677, and 天津 548 / 613 (INVENTORY §6.3 found no 天津
 * match; against LG's 天津 official lines now in the table they do line up). The misses are the school-level values
 * copied onto several groups (repeatedLines). No province is excluded today.
 */
const UNALIGNED_GROUPS = new Set<string>()

/**
 * Width of the group codes the other sources store for a province (LG official tables, IM, HB …): CG's codes are
 * re-padded to it (a code is only ever trimmed of leading zeros or given some, never cut) so 江苏's （001） is （01）.
 */
const GROUP_CODE_WIDTH: Record<string, number> = {
  上海: 2,
  安徽: 3,
  甘肃: 3,
  北京: 2,
  海南: 2,
  湖北: 2,
  江苏: 2,
  天津: 2,
  内蒙古: 3,
  吉林: 3,
  四川: 3,
  宁夏: 3,
  山西: 3,
  广东: 3,
  广西: 3,
  江西: 3,
  河南: 3,
  湖南: 3,
  福建: 3,
  陕西: 3,
  黑龙江: 3,
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The first field of `o` among `keys` whose cleaned value is not blank. */
function pick(o: Obj, keys: readonly string[]): unknown {
  for (const k of keys) {
    const v = o[k]
    if (v === null || v === undefined) continue
    if (typeof v === 'string' && clean(v) === '') continue
    return v
  }
  return null
}

/** gaokao.cn subject codes (sg_xuanke, reselect_raw, first_subject). */
const SUBJECT_CODES: Record<string, string> = {
  '70000': '物理',
  '70001': '化学',
  '70002': '生物',
  '70003': '政治',
  '70004': '历史',
  '70005': '地理',
  '70006': '技术',
}
const NO_SUBJECT = '70008'

// ---------------------------------------------------------------------------------------------------------
// School

export interface CgSchool {
  name: string
  /** The national 5-digit 院校代码 when the file gives one (zs_code and its spellings; never the provincial code) */
  code: string | null
}

const NATIONAL_CODE_KEYS = [
  'zs_code',
  'zs_code_guobiao',
  '_zs_code_guobiao',
  'guobiao_code',
  '_code_enroll_guobiao',
  '_zs_code',
  'moe_zs_code',
  '_code_eolcn',
]

/**
 * School name and national code of a file. `code` is gaokao.cn's or a 4-digit enrolment code, and `zs_code` is
 * sometimes a 7-digit provincial code (1087800): only a 5-digit 1xxxx value counts as the national code.
 */
export function cgSchool(doc: Obj): CgSchool {
  const meta = isObj(doc.meta) ? doc.meta : {}
  const uniObj = [doc._university, doc.university, doc.uni].find(isObj) ?? {}
  const rawName = [meta.uni, meta.university, doc.uni, doc.university, doc._university, uniObj.name].find(
    (v): v is string => typeof v === 'string' && clean(v) !== '',
  )
  const name = clean(rawName)
  let code: string | null = null
  for (const src of [doc, meta, uniObj]) {
    for (const k of NATIONAL_CODE_KEYS) {
      const v = clean(src[k])
      if (code === null && /^1\d{4}$/u.test(v)) code = v
    }
  }
  return { name, code }
}

// ---------------------------------------------------------------------------------------------------------
// Category

/** The ordinary track a group names (物理 / 历史 / 综合 / 理科 / 文科), or '' when it names none. */
export function cgTrack(g: Obj): string {
  const codes: Record<string, string> = {
    '70000': '物理',
    '70004': '历史',
    '2073': '物理',
    '2074': '历史',
    '3': '综合',
    '1': '理科',
    '2': '文科',
  }
  for (const k of [
    'first_subject',
    'track_name',
    'track',
    'track_code',
    'shou',
    'shouxuan',
    '首选',
    'first_choice',
    'first_km',
    'subject_type',
    'type',
  ]) {
    const s = clean(g[k])
    if (s === '') continue
    const fromCode = codes[s]
    if (fromCode) {
      if (k === 'type' && !/^207[34]$/u.test(s)) continue
      return fromCode
    }
    if (/^(物理|物理类|物|physics)$/iu.test(s)) return '物理'
    if (/^(历史|历史类|史|history)$/iu.test(s)) return '历史'
    if (/^(综合|综合改革|不限|不分文理|0)$/u.test(s)) return '综合'
    if (/^(理科|理工)$/u.test(s)) return '理科'
    if (/^(文科|文史)$/u.test(s)) return '文科'
  }
  // the requirement text names the first choice (首选物理，再选化学)
  const text = clean(pick(g, ['reselect_requirement', 'subject_req', 'sg_info', 'subject_require']))
  const m = /首选(物理|历史)/u.exec(text)
  return m?.[1] ?? ''
}

/** The normalised category: 综合 in a 3+3 province whatever gaokao.cn's track says, else via normalizeSubjectType. */
function subjectTypeOf(province: string, track: string): string | null {
  const mode = examModeIn(provinceOf(province), YEAR)
  if (mode === '3+3') return '综合'
  if (track === '' || track === '综合') return null
  const label = track === '物理' ? '物理类' : track === '历史' ? '历史类' : track
  return normalizeSubjectType(province, YEAR, label)
}

// ---------------------------------------------------------------------------------------------------------
// Subject requirements

/** All selections a candidate may make: first choice + 2 of 4 (3+1+2) or 3 of 6 (3+3; 7 with 技术 in 浙江). */
function selections(province: string, first: string | null): string[][] {
  const mode = examModeIn(provinceOf(province), YEAR)
  const choose = (pool: string[], k: number): string[][] =>
    k === 0 ? [[]] : pool.flatMap((s, i) => choose(pool.slice(i + 1), k - 1).map((rest) => [s, ...rest]))
  if (mode === '3+1+2') {
    if (!first) return []
    return choose(['化学', '生物', '政治', '地理'], 2).map((c) => [first, ...c])
  }
  const pool = ['物理', '化学', '生物', '政治', '历史', '地理']
  if (province === '浙江') pool.push('技术')
  return choose(pool, 3)
}

/**
 * A requirement text from gaokao.cn's allowed combinations (`70000_70001_70002^70000_70001_70003`: `_` = all of,
 * `^` = any of): the subjects every allowed selection holds (和), plus one clause of subjects any of which suffices
 * (或) when that describes the combinations exactly; null when it does not (or a code is unknown).
 */
export function requirementFromCombos(raw: string, province: string, first: string | null): string | null {
  const s = clean(raw)
  if (s === '') return null
  if (s === NO_SUBJECT) return '不限'
  const combos: string[][] = []
  for (const part of s.split('^')) {
    const subs = part.split('_').filter((c) => c !== NO_SUBJECT)
    const names = subs.map((c) => SUBJECT_CODES[c])
    if (names.some((n) => n === undefined)) return null
    combos.push(names as string[])
  }
  const all = selections(province, first)
  if (all.length === 0) return null
  const ok = (sel: string[]) => combos.some((c) => c.every((x) => sel.includes(x)))
  const allowed = all.filter(ok)
  if (allowed.length === 0) return null
  if (allowed.length === all.length) return '不限'
  const required = (allowed[0] as string[]).filter((x) => allowed.every((sel) => sel.includes(x)))
  const withRequired = all.filter((sel) => required.every((x) => sel.includes(x)))
  const same = (a: string[][]) => a.length === allowed.length && a.every(ok)
  const rest = required.filter((x) => x !== first)
  if (same(withRequired)) return rest.length === 0 ? '不限' : rest.join('和')
  // one 'any of' clause: the subjects whose every selection (with the required ones) is allowed
  const anyOf = [...new Set(withRequired.flat())].filter(
    (x) => !required.includes(x) && withRequired.filter((sel) => sel.includes(x)).every(ok),
  )
  if (anyOf.length === 0) return null
  const either = withRequired.filter((sel) => sel.some((x) => anyOf.includes(x)))
  if (!same(either)) return null
  const clause = anyOf.length === 1 ? (anyOf[0] as string) : `(${anyOf.join('或')})`
  return [...rest, clause].join('和')
}

/** A requirement text of the sources' own (首选物理，再选化学 / 物理、化学(2科必选) / 化学+生物), or null when vague. */
function requirementText(raw: unknown): string | null {
  let s = clean(isObj(raw) ? raw.info : raw)
  if (s === '' || /\/|差异|按专业|详见|分组|细分|或.*或|共\d种/u.test(s)) return null
  if (/^[物化生政史地]{2,3}$/u.test(s)) s = [...s].join('+')
  return s
}

/** The group's normalised requirement (README "sg_infos"); null in 文理 years or when nothing usable is said. */
export function cgRequirement(g: Obj, province: string, subjectType: string): string | null {
  const first = subjectType === '物理类' ? '物理' : subjectType === '历史类' ? '历史' : null
  const fromCodes = requirementFromCombos(clean(g.sg_xuanke), province, first)
  let text: string | null = fromCodes
  if (text === null && clean(g.sg_xuanke) === '') {
    const raw = clean(g.reselect_raw)
    if (raw === NO_SUBJECT) text = '不限'
    else if (SUBJECT_CODES[raw]) text = SUBJECT_CODES[raw] as string
  }
  if (text === null) {
    text = requirementText(
      pick(g, [
        'reselect_requirement',
        'subject_req',
        'subject_require',
        'sg_info',
        'xuanke',
        're_subject',
        'zai',
        '再选',
        'second_subject',
      ]),
    )
    if (text === '70008') text = '不限'
  }
  return text === null ? null : normalizeRequirement(text, province, YEAR, subjectType)
}

// ---------------------------------------------------------------------------------------------------------
// Groups

/** The group code as the source writes it (（01）, 001, 999组), or null. */
export function cgGroupCode(g: Obj): string | null {
  const raw = clean(pick(g, ['sg_name', 'group_code', 'group_name', 'sg_name_raw', 'group', 'code']))
  const bare = /^\(?([A-Z]?\d{1,4})\)?组?$/u.exec(raw)?.[1]
  return bare ?? groupCode(raw)
}

/** The code re-padded to the province's width (see GROUP_CODE_WIDTH). */
export function padGroupCode(code: string, province: string): string {
  const width = GROUP_CODE_WIDTH[province]
  if (!width || !/^\d+$/u.test(code)) return code
  const bare = groupKey(code)
  return bare.length >= width ? bare : bare.padStart(width, '0')
}

interface ProvinceEntry {
  key: string | null
  value: unknown
}

function provinceEntries(doc: Obj): ProvinceEntry[] {
  const p = doc.provinces
  if (Array.isArray(p)) return p.map((value) => ({ key: null, value }))
  if (isObj(p)) return Object.entries(p).map(([key, value]) => ({ key, value }))
  return []
}

function provinceName(e: ProvinceEntry): string | null {
  const v = isObj(e.value) ? e.value : {}
  for (const cand of [v.province, v.province_name, v.province_cn, v.name, e.key, v.province_id]) {
    const s = clean(cand)
    if (s === '') continue
    const p = findProvince(s)
    if (p) return p.name
  }
  return null
}

const groupsOf = (e: ProvinceEntry): unknown[] => {
  const v = e.value
  if (Array.isArray(v)) return v
  if (isObj(v) && Array.isArray(v.groups)) return v.groups
  return []
}

const majorListOf = (g: Obj): unknown[] | null => {
  for (const k of ['majors', 'items'])
    if (Array.isArray(g[k]) && (g[k] as unknown[]).length > 0) return g[k] as unknown[]
  return null
}

/** The group's outcome numbers (its lowest score and the rank of it). */
function groupOutcome(g: Obj): { min: number | null; rank: number | null } {
  const min = scoreOrNull(pick(g, ['min_score', 'min', 'group_min_score', 'min_score_2025', '投档分']))
  const rank =
    min === null
      ? null
      : rankOrNull(pick(g, ['min_rank', 'group_min_rank', 'min_rank_2025', '最低位次', 'min_section']))
  return { min, rank }
}

const lineKey = (min: number | null, rank: number | null) => `${min}|${rank}`

/**
 * The (score, rank) pairs of a school's province entry that are a school-level value copied onto several groups
 * (INVENTORY §6.2.1: 北京外国语大学 623 on every group in 湖南; 合肥工业大学 642 on five of its eight 安徽 groups):
 * the same score and rank on three or more groups, or on groups of two categories (two tables cannot give one
 * rank). Against the official lines (LG), a pair shared by three or more groups is wrong 55% of the time, by two
 * groups 8%, a pair of its own 0.7%.
 */
function repeatedLines(groups: readonly unknown[], province: string): Set<string> {
  const seen = new Map<string, { groups: Set<string>; types: Set<string> }>()
  for (const g of groups) {
    if (!isObj(g)) continue
    const { min, rank } = groupOutcome(g)
    if (min === null) continue
    const type = subjectTypeOf(province, cgTrack(g)) ?? ''
    const k = lineKey(min, rank)
    const entry = seen.get(k) ?? { groups: new Set<string>(), types: new Set<string>() }
    entry.groups.add(`${type}|${groupKey(cgGroupCode(g))}`)
    entry.types.add(type)
    seen.set(k, entry)
  }
  const out = new Set<string>()
  for (const [k, e] of seen) if (e.groups.size >= 3 || (e.types.size >= 2 && !k.endsWith('|null'))) out.add(k)
  return out
}

/** A major's record of a CG province entry, before it is named (nameEntries). */
interface CgEntry {
  record: PlanRecord
  /** `sp_name` (or its spellings), cleaned */
  name: string
  /** What the entry says beside its name: `info`, `info_short`, `note`, `remark`, or the rest of its full name */
  note: string
}

/** The note of a major entry (NFKC: full-width brackets become ASCII ones). */
function entryNote(mo: Obj, name: string): string {
  const note = cleanMajorName(pick(mo, ['info', 'info_short', 'note', 'remark']))
  if (note !== '') return note
  const full = cleanMajorName(pick(mo, ['spname', 'full_name', 'spname_full']))
  return full.startsWith(name) ? full.slice(name.length) : ''
}

/**
 * The usable major entries of a group: exact duplicate objects (30% of the entries) and entries without a usable
 * name or of a dropped track (read on the name) counted and left out, the tracks' reasons added to `excludedTracks`.
 */
function uniqueEntries(
  majors: readonly unknown[],
  drops: Drops,
  excludedTracks: string[] = [],
): { mo: Obj; name: string; note: string }[] {
  const out: { mo: Obj; name: string; note: string }[] = []
  const seen = new Set<string>()
  for (const m of majors) {
    const key = JSON.stringify(m)
    if (seen.has(key)) {
      drops.add('exact duplicate of a major in the same group')
      continue
    }
    seen.add(key)
    const mo: Obj = isObj(m) ? m : { name: m }
    const name = cleanMajorName(pick(mo, ['sp_name', 'name', 'spname', 'spname_full', 'full_name']))
    // not isAggregateName: its 统计 (a school's statistics row) would drop 统计学, 应用统计学 …
    if (name === '' || /投档|分数线|汇总|^合计$|^小计$/u.test(name)) {
      drops.add('major entry without a usable name')
      continue
    }
    const excluded = excludedTrack(name)
    if (excluded) {
      drops.add(excluded)
      excludedTracks.push(excluded)
      continue
    }
    const { major, remark } = remarkOf(name)
    out.push({ mo, name: major, note: remark + entryNote(mo, name) })
  }
  return out
}

/**
 * A name that carries the plan book's remark (天津大学's 工科试验班(智能与计算类;计算机科学与技术、人工智能…;办学地点:
 * 北洋园校区), 429 entries of a few schools): the major with its 方向 (工科试验班(智能与计算类)), and the remark, read
 * as the entry's note. A bracket is a remark when it lists or explains (; : 、).
 */
function remarkOf(name: string): { major: string; remark: string } {
  const open = name.indexOf('(')
  const rest = open > 0 ? name.slice(open) : ''
  if (!/[;:、]/u.test(rest)) return { major: name, remark: '' }
  return { major: name.slice(0, open) + noteDirections(rest).join(''), remark: rest }
}

/**
 * The 方向 and programme brackets of a CG note. Its brackets hold several notes apart by ；。，, read one by one:
 * (中美卓越师范生；外语语种：英语) → (中美卓越师范生); (5+3一体化，儿科学) → (5+3一体化)(儿科学). A note without
 * brackets (4,133 of CG's `info_short`: 软件学院牵头;开封校区) is read as one bracket.
 */
const noteDirections = (note: string): string[] => [
  ...new Set(
    directionsOf((note.startsWith('(') ? note : `(${note})`).replace(/[;。,]/gu, ')(')).filter(
      (d) => !NOT_A_CG_DIRECTION.test(d),
    ),
  ),
]

/**
 * CG's notes that are no 方向 beyond JSP's (directionsOf): a fee, a length, seats by gender, the plan type
 * the record already has, an honour (国家级一流本科专业建设点), 选科 and health standards, the majors a 类 holds
 * (车辆工程等), conditions on the candidate (身高不低于1.70米, 进校后不得转专业), and the pieces of a sentence that
 * the split at ， leaves (专业分流时, 如生源不足, 由高校择优录取, 多退少补, 学生入学后需签署承诺书 …).
 */
const NOT_A_CG_DIRECTION =
  /元|¥|\/年|学制|收费|^\([\d一二三四五六七八九十]+年\)$|^\([—\-－_]*\)$|^\([男女]\)$|[男女]\d|不予录取|按大类招生|^\((专业|公办|高中)\)$|一流|建设点|建设高校|专项\)$|分流|择优|认可|生源|口试|讲授|考试|确定专业|等专业|等\)$|等.个专业|类专业\)$|首选|再选|必选|选科|仅招|标准|简章|查看|处理|承诺|签署|重修|暂按|多退少补|审批|为准|不低于|不超过|不得|不允许|不招|慎报|周岁|身高|视力|面试|口语|扎实|入学后|毕业生|特殊类型|万|林吉特/u

/**
 * Names the majors of a school's province entry as the plan books do, so that no two of one key (category, local
 * batch, plan type, group) share a name and fold into one row that keeps one entry's seats: CG names an entry by
 * its major alone, and about 19,500 entries repeat a name of their group beside another note (a campus, 中外合作办学,
 * a 班, 师范), as do the bundles of the 专业+院校 provinces, which have no group. Where a name repeats, each entry takes
 * the 方向 and programme brackets of its note (工程管理(长安学堂计划); 工程管理 keeps its name when its note has
 * none). Entries that still share a name and differ only by 只招男生 / 只招女生 are gender-split lines, dropped as
 * every source's are; others that still share one (notes differing only in words that are no 方向: 不招色盲 …, or
 * a group listed twice) are the same programme written twice and fold into one row, as before.
 */
function nameEntries(entries: CgEntry[], drops: Drops): PlanRecord[] {
  const collide = (): CgEntry[][] => {
    const by = new Map<string, CgEntry[]>()
    for (const e of entries) {
      const r = e.record
      const k = `${r.subjectType}|${r.localBatchName}|${r.planType}|${r.sgCode ?? ''}|${majorKey(r.spname)}`
      const list = by.get(k)
      if (list) list.push(e)
      else by.set(k, [e])
    }
    return [...by.values()].filter((l) => l.length > 1)
  }
  for (const list of collide())
    for (const e of list) e.record.spname = e.name + noteDirections(e.note).join('')
  const split = new Set<CgEntry>()
  for (const list of collide()) {
    const genders = new Set(list.map((e) => ONE_GENDER.exec(e.note)?.[1] ?? ''))
    if (genders.has('男') && genders.has('女')) for (const e of list) split.add(e)
    else nameApart(list)
  }
  if (split.size > 0) drops.add('gender-split line', split.size)
  return entries.filter((e) => !split.has(e)).map((e) => e.record)
}

/**
 * Entries of one name whose 方向 brackets agree are told apart by the brackets of their notes that not all of them
 * have, even those read as no 方向 (上海财经大学's 四川 2025 专业组（101）: 金融学 with 3 places and 金融学
 * (双学士学位、金融学和统计学) with 1, which had folded into one row of 3). Those whose notes hold no bracket the
 * others lack stay one name and fold (a group listed twice).
 */
function nameApart(list: readonly CgEntry[]): void {
  const kept = bracketsApart(
    list.map((e) => noteBrackets(e.note)),
    list.map((e) => noteDirections(e.note)),
  )
  list.forEach((e, i) => {
    e.record.spname = e.name + (kept[i] ?? []).join('')
  })
}

/** Every bracket of a CG note, its notes apart by ；。， read one by one (noteDirections without the filter). */
const noteBrackets = (note: string): string[] => [
  ...new Set(remarkBrackets((note.startsWith('(') ? note : `(${note})`).replace(/[;。,]/gu, ')('))),
]

/** What a CG record of a group holds before its own fields: the source, the school, the group and the batch. */
interface CgBase {
  province: string
  subjectType: string
  school: CgSchool
  sgCode: string | null
  sourceFile: string
}

const cgBase = (b: CgBase, batch: BatchInfo) => ({
  source: 'CG' as const,
  sourceFile: b.sourceFile,
  tier: 4 as const,
  province: b.province,
  year: YEAR,
  subjectType: b.subjectType,
  batchName: batch.batchName,
  localBatchName: batch.localBatchName,
  planType: batch.planType,
  level: batch.level,
  schoolName: b.school.name,
  schoolCode: b.school.code,
  sgCode: b.sgCode,
  rankDerived: false,
  rankBlocked: false,
  average: null,
  max: null,
})

/** A group's line: its lowest score and rank, no major. */
const cgGroupLine = (
  b: CgBase,
  batch: BatchInfo,
  sgInfos: string | null,
  min: number,
  rank: number | null,
): PlanRecord => ({
  ...cgBase(b, batch),
  spname: '',
  spcode: null,
  sgInfos,
  num: null,
  tuition: null,
  length: null,
  min,
  minSection: rank,
  outcomeLevel: 'group',
})

/**
 * Records of one CG file. `sourceFile` is its path relative to the sources dir; drops are counted in `drops`.
 */
export function cgRecords(
  doc: Obj,
  sourceFile: string,
  drops: Drops,
  trackLines: PlanRecord[] = [],
): PlanRecord[] {
  const out: PlanRecord[] = []
  const school = cgSchool(doc)
  const entries = provinceEntries(doc)
  if (school.name === '') {
    drops.add('file without a school name', entries.length)
    return out
  }
  for (const e of entries) {
    const province = provinceName(e)
    const groups = groupsOf(e)
    if (!province) {
      drops.add('unknown province (groups)', groups.length)
      continue
    }
    const repeated = repeatedLines(groups, province)
    const withGroups = acceptsGroups(province, YEAR)
    const majorsOfProvince: CgEntry[] = []
    for (const g of groups) {
      if (!isObj(g)) {
        drops.add('group that is not an object')
        continue
      }
      const majors = majorListOf(g)
      const size = 1 + (majors?.length ?? 0)
      const subjectType = subjectTypeOf(province, cgTrack(g))
      if (!subjectType) {
        drops.add('category unknown or not of the exam mode (group and its majors)', size)
        continue
      }
      if (/^(男|女)$/u.test(clean(g.sex))) {
        drops.add('gender-split line', size)
        continue
      }
      const hints = [
        clean(pick(g, ['zslx_name', 'zslx', 'type_name'])),
        /^\d+$/u.test(clean(g.type)) ? '' : clean(g.type),
        clean(g.batch_name),
        clean(g.name_in_plan),
        clean(g.campus),
      ]
      const batch = classifyBatch(clean(g.batch), hints)
      const code = cgGroupCode(g)
      const aligned = withGroups && !UNALIGNED_GROUPS.has(province)
      const sgCode = aligned && code ? padGroupCode(code, province) : null
      const at: CgBase = { province, subjectType, school, sgCode, sourceFile }
      if ('excluded' in batch) {
        drops.add(batch.excluded, size)
        // a track's group line (民族班, 预科 …) as a source without its label would file it (special-copies.ts)
        const plain = classifyBatch(clean(g.batch), [])
        const { min, rank } = groupOutcome(g)
        if (TRACK_LINE_REASONS.has(batch.excluded) && !('excluded' in plain) && sgCode && min !== null)
          trackLines.push(cgGroupLine(at, plain, null, min, rank))
        continue
      }
      const base = cgBase(at, batch)
      const sgInfos = cgRequirement(g, province, subjectType)
      const own: CgEntry[] = []
      const excluded: string[] = []
      // a group of 预科班 entries only is a 预科 group (长安大学 内蒙古 （301）, 590): its line goes with them
      for (const { mo, name, note } of uniqueEntries(majors ?? [], drops, excluded)) {
        // an entry's note may make it a special plan (国家专项计划) or a track the README drops (定向, 民族班, 预科 …),
        // and so may its name (清华大学 湖北 理科试验班(国家专项), in a group gaokao.cn labels 普通类)
        const label = note + (/\((国家|地方|高校)专项(计划)?\)/u.exec(name)?.[0] ?? '')
        const its =
          label === '' ? batch : classifyBatch(clean(g.batch), [...hints, label.replace(NOT_A_TRACK, '')])
        if ('excluded' in its) {
          drops.add(its.excluded)
          excluded.push(its.excluded)
          continue
        }
        const num = planNumOrNull(pick(mo, ['num', 'plan', 'plan_num']))
        const req = requirementText(pick(mo, ['sp_xuanke', 'xuanke', 'sp_xuanke_info']))
        const record: PlanRecord = {
          ...base,
          batchName: its.batchName,
          planType: its.planType,
          spname: name,
          spcode: catalogueCode(mo.spcode),
          sgInfos: req === null ? sgInfos : normalizeRequirement(req, province, YEAR, subjectType),
          num,
          ...(num === null ? {} : { numUnverified: true }),
          tuition: tuitionOrNull(mo.tuition),
          length: lengthOrNull(mo.length),
          min: null,
          minSection: null,
          outcomeLevel: '',
        }
        own.push({ record, name, note })
      }
      majorsOfProvince.push(...own)
      const { min, rank } = groupOutcome(g)
      // the group is what all its majors are: gaokao.cn labels some 国家专项 groups 普通类 and says so on every
      // major (厦门大学 甘肃 （013）, a line of 539 beside ordinary groups from 612), and a group of 定向 majors only
      // is a 定向 group, whose line no ordinary candidate can use
      const onePlan = new Set(own.map((e) => e.record.planType)).size === 1 ? own[0]?.record : undefined
      const lineBatch = onePlan ?? base
      if (min !== null) {
        if (!withGroups) drops.add('group line of a province without 院校专业组 (a bundle of majors)')
        else if (!sgCode) drops.add('group line without a usable group code (or groups not aligned)')
        else if (repeated.has(lineKey(min, rank)))
          drops.add('group line repeating a school-level score on several groups')
        else if (own.length === 0 && excluded.length > 0) {
          drops.add(excluded[0] as string)
          if (TRACK_LINE_REASONS.has(excluded[0] as string))
            trackLines.push(cgGroupLine(at, batch, null, min, rank))
        } else
          out.push({
            ...cgGroupLine(at, batch, sgInfos, min, rank),
            batchName: lineBatch.batchName,
            planType: lineBatch.planType,
          })
      }
      if (!majors) {
        if (g.majors_summary !== undefined)
          drops.add('group given only as a majors_summary text (its majors)')
        else if (g.majors_representative !== undefined)
          drops.add('group given only as a partial majors_representative list (its majors)')
        else drops.add('group without majors')
      }
    }
    out.push(...nameEntries(majorsOfProvince, drops))
  }
  return out
}

export const cgPlans: PlanAdapter = {
  id: 'CG',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('CG')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const trackLines: PlanRecord[] = []
    const dir = join(sourcesDir, REPO, ...DIR)
    for (const name of await listDir(dir)) {
      if (!/-\d{4}\.json(\.gz)?$/u.test(name)) continue
      const path = join(dir, name)
      const file = relPath(sourcesDir, path)
      result.files.push(file)
      let doc: unknown
      try {
        doc = JSON.parse(await readText(path))
      } catch {
        drops.add('file that does not parse')
        continue
      }
      if (!isObj(doc)) continue
      const year = Number(clean(pick(doc, ['_year', 'year'])) || YEAR)
      if (year !== YEAR) {
        drops.add('file of another year')
        continue
      }
      for (const rec of cgRecords(doc, file, drops, trackLines)) result.records.push(rec)
    }
    result.dropped = drops.list()
    result.trackLines = trackLines
    return result
  },
}

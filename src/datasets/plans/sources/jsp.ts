import { existsSync } from 'node:fs'
import { JOINT_PROGRAMME } from '../../../domain/joint-programme.js'
import { csvRecords, join, listDir, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  bracketsApart,
  classifyBatch,
  clean,
  cleanMajorName,
  directionsOf,
  excludedTrack,
  lengthOrNull,
  NOT_A_TRACK,
  normalizeRequirement,
  normalizeSubjectType,
  ONE_GENDER,
  planNumOrNull,
  rankOrNull,
  remarkBrackets,
  scoreOrNull,
  tuitionOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { localCode } from './common.js'

/**
 * JSP = ycxukun/jiangsu-plan: a third-party "专家版" 江苏 2026 志愿 Excel turned into a static site (tier 3, not
 * official). 22,147 majors in 5,617 groups of 本科批 and 提前本科批, 物理/历史, with the same Excel row's 2023-2025
 * lowest score and rank of the major.
 *
 * - `identity_key_full_audit.csv.gz`: the core columns, one row per major: subject, batch, school,
 *   schoolGroupCode (4-digit 江苏 院校代号 + 2-digit 组号), majorCode (专业代号), majorName (with every note),
 *   plan26, score/rank 23-25.
 * - `data-major-details-part-NN.js.gz`: one JSON object per major keyed `m_<schoolGroupCode>_<majorCode>`, each
 *   file one JS statement (`window.MAJOR_DETAIL_PARTS.push({...});`, stripped here). Read for planCategory (the
 *   提前批 section: 军队 / 公安 / 高校专项 / 地方专项 / 定向医学生 …), rawGroupName, undergraduateName + majorRemark
 *   (the name without notes and the notes), subjectRequirement, duration, tuition ('待定' and 港元 amounts → null)
 *   and plan23-25. Third-party ratings in the same objects (softRank, softRating, schoolRank, baoyanRate,
 *   disciplineEval …) are proprietary and never read; neither is groupScore25 (the Excel's group value for the
 *   2026 group, which disagrees with the official 2025 line in 44% of cases, INVENTORY §6.2.2).
 * - `group_change_mapping_audit.csv.gz`: the repo's 2026 group ↔ 2025 group continuity (本科批 only), used to file
 *   a 2025 outcome under the 2025 group code (see CONFIDENT_MAPPING).
 *
 * Records: a 2026 plan record per major (num = plan26, group code, requirement, tuition, length) and an outcome
 * record per major and year 2023-2025 that has a score (min = scoreYY, minSection = rankYY: published with the
 * score; every 2025 pair lies in the band of the official 2025 一分一段 table, INVENTORY §6.3 check 3; num = planYY).
 * Group numbers change between years, so a 2023/2024 outcome has no group code and a 2025 one has its 2025 group
 * code only where the mapping is confident; the merge joins such a record to the row of the same major name.
 * No group rows: no other adapter makes plan-only group rows.
 */
export const REPO = 'ycxukun__jiangsu-plan'

export const AUDIT_FILE = 'identity_key_full_audit.csv.gz'
export const MAPPING_FILE = 'group_change_mapping_audit.csv.gz'
const DETAIL_FILE = /^data-major-details-part-\d+\.js(\.gz)?$/u
const PROVINCE = '江苏'
const PLAN_YEAR = 2026
const OUTCOME_YEARS = [2025, 2024, 2023] as const

/**
 * Mapping statuses trusted for the 2025 group code, by the source's own confidence: 高 (高度延续, 2,092 groups)
 * and 中高 (延续调整, 654). Checked against LG's official 2025 江苏 group 投档线 (same school, category and mapped
 * group): the lowest 2025 major score of the 2026 group equals the official line in 1,944 of 2,076 comparable
 * 高度延续 groups (94%) and 505 of 652 延续调整/中高 ones (77%, the rest mostly above it, as when the 2025 group's
 * lowest major left), and lies below it — impossible under a right mapping — in 65 (3.1%) and 29 (4.4%). The
 * 中低/低 statuses (疑似对应/待核对, 由25大组拆分形成, 25小组并入26大组, 延续调整/中低) are by definition guesses
 * (splits and merges give one major's 2025 group only by luck; 延续调整/中低 is below the line in 15%) and
 * 26新增组/无25承接 has no 2025 group: those outcomes keep no group code.
 */
export const CONFIDENT_MAPPING = new Set(['高', '中高'])

/** The fields read from a data-major-details object (only these; the ratings are never touched). */
export interface JspDetail {
  school?: string
  group?: string
  schoolGroupCode?: string
  rawGroupCode?: string
  rawGroupName?: string
  planCategory?: string
  undergraduateName?: string
  majorRemark?: string
  subjectRequirement?: string
  duration?: string | number | null
  tuition?: string | number | null
  plan25?: number | null
  plan24?: number | null
  plan23?: number | null
  oldBatch25?: string
  oldBatch24?: string
  oldBatch23?: string
}

/** The object of one data-major-details-part file: the JSON inside `window.MAJOR_DETAIL_PARTS.push(...)`. */
export function parseDetailPart(text: string): Record<string, JspDetail> {
  const start = text.indexOf('.push(')
  const end = text.trimEnd().lastIndexOf(')')
  if (start < 0 || end <= start) throw new Error('JSP: data-major-details file without its push(...) wrapper')
  return JSON.parse(text.slice(start + 6, end)) as Record<string, JspDetail>
}

/** 2025 group code per 2026 group (`<subject>|<batch>|<school>|<group label>`), or null when not confident. */
export function groupMapping(rows: readonly Record<string, string>[]): Map<string, string | null> {
  const out = new Map<string, string | null>()
  for (const r of rows) {
    const key = clean(r.current_key)
    if (key === '') continue
    const school = key.split('|')[2] ?? ''
    const g25 = clean(r.group25)
    const code = g25.startsWith(school) ? g25.slice(school.length) : ''
    out.set(key, CONFIDENT_MAPPING.has(clean(r.confidence)) && /^\d{2}$/u.test(code) ? code : null)
  }
  return out
}

/** Tuition in yuan: '待定' or an amount in another currency (港元) is unknown. */
export function jspTuition(v: unknown): number | null {
  const s = clean(v)
  if (/港元|港币|美元|澳门元|澳元|欧元/u.test(s)) return null
  return tuitionOrNull(s)
}

/** The 2-digit 组号: the last two characters of the 6-character code, else the detail's rawGroupCode. */
export function groupNo(schoolGroupCode: string, rawGroupCode: string | undefined): string | null {
  const tail = clean(schoolGroupCode).slice(4)
  if (/^\d{2}$/u.test(tail)) return tail
  const raw = clean(rawGroupCode)
  return /^\d{2}$/u.test(raw) ? raw : null
}

interface MajorRow {
  core: Record<string, string>
  detail: JspDetail
  /** the name without notes */
  base: string
  /** (中外合作办学) when a note or the group's label says it, which every name of the row keeps */
  coop?: string
  spname: string
  /** all the direction brackets, used when two majors of one group share spname */
  fullName: string
}

/**
 * The records of one major row (the 2026 plan and its 2023-2025 outcomes), or the reason the row is dropped.
 * Outcome-level drops are added to `drops` directly.
 */
export function jspRecords(
  row: MajorRow,
  mapping: ReadonlyMap<string, string | null>,
  sourceFile: string,
  drops: Drops,
): PlanRecord[] | string {
  const { core, detail } = row
  const subjectType = normalizeSubjectType(PROVINCE, PLAN_YEAR, core.subject ?? '')
  if (!subjectType) return 'category does not fit the exam mode'
  const remark = cleanMajorName(detail.majorRemark)
  const hints = [detail.planCategory, detail.rawGroupName, row.spname]
  const batch = classifyBatch(core.batch, hints)
  if ('excluded' in batch) return batch.excluded
  // the notes: directed places (为XX市定向培养), 预科, minority classes; not 只招男生 (a plan, not a gender-split line),
  // nor what names an ordinary programme (NOT_A_TRACK: 双语 teaching, 面向地方公安机关入警就业 of the police academies)
  const noted = excludedTrack(remark.replace(NOT_A_TRACK, ''))
  if (noted && noted !== 'gender-split line' && noted !== 'special admission route') return noted
  const schoolName = clean(core.school)
  if (schoolName === '') return 'no school name'
  const sgCode = groupNo(core.schoolGroupCode ?? '', detail.rawGroupCode)
  if (!sgCode) return 'no group code'
  const num = planNumOrNull(core.plan26)
  if (num === null) return 'no 2026 plan number'
  const base = {
    source: 'JSP' as const,
    sourceFile,
    tier: 3 as const,
    province: PROVINCE,
    subjectType,
    level: batch.level,
    schoolName,
    schoolCode: null,
    spname: row.spname,
    spcode: null,
    rankDerived: false,
    rankBlocked: false,
    average: null,
    max: null,
  }
  const out: PlanRecord[] = [
    {
      ...base,
      year: PLAN_YEAR,
      batchName: batch.batchName,
      localBatchName: batch.localBatchName,
      planType: batch.planType,
      sgCode,
      sgInfos: normalizeRequirement(detail.subjectRequirement, PROVINCE, PLAN_YEAR, subjectType),
      // the form's codes: 院校代号 (the first 4 characters of schoolGroupCode) and 专业代号
      localSchoolCode: localCode(clean(core.schoolGroupCode).slice(0, 4), /^\d{4}$/u),
      localSpcode: localCode(clean(core.majorCode), /^[0-9A-Z]{2}$/u),
      num,
      tuition: jspTuition(detail.tuition),
      length: lengthOrNull(detail.duration),
      min: null,
      minSection: null,
      outcomeLevel: '',
    },
  ]
  const group = clean(detail.group) || `${schoolName}${sgCode}`
  const mapKey = `${clean(core.subject)}|${clean(core.batch)}|${schoolName}|${group}`
  for (const year of OUTCOME_YEARS) {
    const yy = String(year).slice(2)
    const rawScore = clean(core[`score${yy}`])
    if (rawScore === '') continue
    const min = scoreOrNull(rawScore)
    if (min === null) {
      drops.add(`${year} outcome: score not a whole number`)
      continue
    }
    const rank = rankOrNull(core[`rank${yy}`])
    if (rank === null) {
      drops.add(`${year} outcome: score without a rank`)
      continue
    }
    // that year's batch as the Excel gives it (本科批 / 本科提前批), else the 2026 one
    const old = clean(detail[`oldBatch${yy}` as 'oldBatch25'])
    const yb = classifyBatch(old || core.batch, hints)
    if ('excluded' in yb) continue // not reached: the 2026 labels passed
    const sg = year === 2025 ? (mapping.get(mapKey) ?? null) : null
    out.push({
      ...base,
      year,
      batchName: yb.batchName,
      localBatchName: yb.localBatchName,
      planType: yb.planType,
      sgCode: sg,
      sgInfos: null,
      num: planNumOrNull(detail[`plan${yy}` as 'plan25']),
      tuition: null,
      length: null,
      min,
      minSection: rank,
      outcomeLevel: 'major',
    })
  }
  return out
}

/**
 * Major names of the rows: base name + first 方向; all 方向 where two majors of one group would share a name.
 * Majors of one group and name that differ only by 只招男生 / 只招女生 (the military schools' plans split by
 * gender) are gender-split lines: returned, to be dropped like every source's. Majors of one group whose names
 * still agree are told apart by the brackets of their notes that they do not share, even those read as no 方向
 * (lists, commas): 上海交通大学's 江苏 2026 专业组（07） has two 电子信息类(中外合作办学), (巴黎卓越工程师学院,含笛卡尔班)
 * with 10 places and (浦江国际学院,依托张江国际理工学院) with 68, which had folded into one row of 12.
 */
function nameRows(rows: MajorRow[]): Set<MajorRow> {
  const split = new Set<MajorRow>()
  const collide = (key: (r: MajorRow) => string): MajorRow[][] => {
    const by = new Map<string, MajorRow[]>()
    for (const r of rows) {
      const k = `${r.core.subject}|${r.core.schoolGroupCode}|${key(r)}`
      const list = by.get(k)
      if (list) list.push(r)
      else by.set(k, [r])
    }
    return [...by.values()].filter((l) => l.length > 1)
  }
  for (const list of collide((r) => r.spname)) for (const r of list) r.spname = r.fullName
  for (const list of collide((r) => r.spname)) {
    const genders = new Set(list.map((r) => ONE_GENDER.exec(cleanMajorName(r.detail.majorRemark))?.[1] ?? ''))
    if (genders.has('男') && genders.has('女')) for (const r of list) split.add(r)
    else nameApart(list)
  }
  return split
}

/** Names majors of one name apart by the brackets of their notes that not all of them have (see nameRows). */
function nameApart(list: readonly MajorRow[]): void {
  const kept = bracketsApart(
    list.map((r) => remarkBrackets(r.detail.majorRemark)),
    list.map((r) => directionsOf(r.detail.majorRemark)),
  )
  list.forEach((r, i) => {
    const own = kept[i] ?? []
    r.spname = r.base + own.join('') + (r.coop && !own.includes(r.coop) ? r.coop : '')
  })
}

/**
 * Outcomes that land on one key of the adapter (a major name in two 2026 groups whose year's group is unknown, or
 * two 2026 groups mapped to one 2025 group): kept once when they agree, else all dropped (which group's is it?).
 */
export function dedupeOutcomes(records: PlanRecord[], drops: Drops): PlanRecord[] {
  const key = (r: PlanRecord) =>
    [r.year, r.subjectType, r.batchName, r.localBatchName, r.schoolName, r.sgCode ?? '', r.spname].join('|')
  const by = new Map<string, PlanRecord[]>()
  for (const r of records) {
    if (r.outcomeLevel === '') continue
    const list = by.get(key(r))
    if (list) list.push(r)
    else by.set(key(r), [r])
  }
  const out: PlanRecord[] = []
  for (const r of records) {
    const list = r.outcomeLevel === '' ? [r] : (by.get(key(r)) ?? [r])
    if (list.length === 1) out.push(r)
    else if (list.every((x) => x.min === r.min && x.minSection === r.minSection)) {
      if (list[0] === r) out.push(r)
      else drops.add('outcome repeated on two 2026 majors of one name')
    } else drops.add("outcome of one major name in two groups (that year's group unknown)")
  }
  return out
}

export const jspPlans: PlanAdapter = {
  id: 'JSP',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('JSP')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const dir = join(sourcesDir, REPO)
    const auditPath = join(dir, AUDIT_FILE)
    if (!existsSync(auditPath)) return result
    const auditFile = relPath(sourcesDir, auditPath)
    result.files.push(auditFile)
    const details = new Map<string, JspDetail>()
    for (const name of await listDir(dir)) {
      if (!DETAIL_FILE.test(name)) continue
      const path = join(dir, name)
      result.files.push(relPath(sourcesDir, path))
      for (const [k, v] of Object.entries(parseDetailPart(await readText(path)))) details.set(k, v)
    }
    const mappingPath = join(dir, MAPPING_FILE)
    let mapping = new Map<string, string | null>()
    if (existsSync(mappingPath)) {
      result.files.push(relPath(sourcesDir, mappingPath))
      mapping = groupMapping(csvRecords(await readText(mappingPath)))
    }
    const rows: MajorRow[] = []
    for (const core of csvRecords(await readText(auditPath))) {
      const detail = details.get(`m_${clean(core.schoolGroupCode)}_${clean(core.majorCode)}`)
      if (!detail) {
        drops.add('no data-major-details entry')
        continue
      }
      const name = cleanMajorName(detail.undergraduateName) || cleanMajorName(core.majorName)
      if (name === '') {
        drops.add('no major name')
        continue
      }
      const dirs = directionsOf(detail.majorRemark)
      // 中外合作办学 stays in the name wherever it stands among the notes (or only the group's label says it):
      // its fees are many times an ordinary major's (哈尔滨工业大学's 江苏 专业组（05）: 68,000 元 a year)
      const coop =
        dirs.find((d) => JOINT_PROGRAMME.test(d)) ??
        (JOINT_PROGRAMME.test(clean(detail.rawGroupName)) ? '(中外合作办学)' : undefined)
      const first = dirs[0] ?? ''
      const spname = name + first + (coop && coop !== first ? coop : '')
      const fullName = name + dirs.join('') + (coop && !dirs.includes(coop) ? coop : '')
      rows.push({ core, detail, base: name, spname, fullName, ...(coop ? { coop } : {}) })
    }
    const split = nameRows(rows)
    const records: PlanRecord[] = []
    for (const row of rows) {
      if (split.has(row)) {
        drops.add('gender-split line')
        continue
      }
      const recs = jspRecords(row, mapping, auditFile, drops)
      if (typeof recs === 'string') drops.add(recs)
      else records.push(...recs)
    }
    result.records = dedupeOutcomes(records, drops)
    result.dropped = drops.list()
    return result
  },
}

import { existsSync } from 'node:fs'
import { groupBy } from '../../../domain/group-by.js'
import { join, listDir, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  cleanSpaced,
  groupCode,
  lengthOrNull,
  majorKey,
  NOT_A_TRACK,
  normalizeRequirement,
  normalizeSubjectType,
  planNumOrNull,
  scoreOrNull,
  TRACK_LINE_REASONS,
  tuitionOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { acceptsGroups, collectRecords, lineOnly, localCode, PLAN_ONLY } from './common.js'

/**
 * GX = Linear27/guangxi-gaokao-2026-physics: the full 广西 2026 plan from the official plan book
 * (《2026年广西高考指南招生计划篇》, 物理类 and 历史类) and the 2025 group lines of gxeea.cn.
 *
 * - `public/data/tracks/{physics,history}/schools/<schoolCode>.json.gz`: `{school, programs[]}`; a programme has
 *   batchName, schoolCode (national 5-digit), schoolName, majorGroupCode (3 digits, as LG stores 广西's groups),
 *   firstSubject / secondSubject (选科), majorCode (3-digit provincial 专业代号: never a spcode), majorName,
 *   planCount (a number, or 不编制分省计划 / 以高校公布计划为准 / 不作分省计划: unknown), durationYears,
 *   tuitionPerYear (yuan, or 免费 / 待定 / 11万元/(生·年)), campus, remarks. One record per programme, 2026, tier 0.
 * - `…/history/2025/guangxi-{track}-admission-lines.json.gz`, `admissionLines[]`: one group 投档线 each (min only:
 *   the file's rank was derived from the 区内 table for every school, so the builder derives its own with the
 *   区内/区外 rule). LG holds the same official lines (the scores agree); the merge keeps one row per key.
 *
 * The programme label is the start of `remarks`, before the length and tuition (国家专项计划, 民族班, 预科类,
 * 地方公费师范生, 高水平运动队, 定向培养军士生 …): it gives the plan type and the dropped tracks (README.md); the
 * rest of a remark (身高, 只招男生, 色盲 …) is a requirement of the programme, not a track, and is not read. An art
 * 校考 item names its 方向 before 艺术校考类 (钢琴 艺术校考类): it goes into the major name's brackets.
 * Art and sport batches (本科提前批艺术类…, …体育类) are 艺术类 / 体育类 rows (composite scores; their groups
 * differ between the two tracks, and the 本科第一批 校考 items printed in both books are one list).
 * Programmes repeated on one key (same batch, group and major name: 师范/非师范, two campuses or 方向 the book puts
 * only in the remarks) are named apart by their remarks (nameApartByRemarks: 英语(师范类)); those the remarks do
 * not tell apart become one record whose plan number is their sum.
 */
export const REPO = 'Linear27__guangxi-gaokao-2026-physics'

const TRACKS: Record<string, '物理' | '历史'> = { physics: '物理', history: '历史' }
const PLAN_YEAR = 2026
const LINES_YEAR = 2025

export interface GxProgram {
  batchName?: string
  schoolCode?: string
  schoolName?: string
  majorGroupCode?: string
  firstSubject?: string | null
  secondSubject?: string | null
  majorCode?: string
  majorName?: string
  planCount?: number | string | null
  durationYears?: number | string | null
  tuitionPerYear?: number | string | null
  campus?: string | null
  remarks?: string | null
}

export interface GxLine {
  year?: number
  batchName?: string
  schoolCode?: string
  schoolName?: string
  majorGroupCode?: string
  minScore?: number | string | null
  rank?: number | null
  remarks?: string | null
}

/** A remark segment that states the length or the fee: the programme label ends before it. */
const LENGTH_OR_FEE = /\d\s*年|元|免费|待定|学费/u

/**
 * The programme label of a plan-book remark and the 方向 of an art 校考 item: `国家专项计划，4 年，5458 元/年` →
 * labels [国家专项计划]; `钢琴 艺术校考类,4年,…` → labels [艺术校考类], direction 钢琴; `4 年,5000 元/年,只招男生` →
 * no label.
 */
export function programmeLabel(remarks: string | null | undefined): { labels: string[]; direction: string } {
  const labels: string[] = []
  let direction = ''
  const segs = cleanSpaced(remarks).split(/[,，;；]/u)
  if (!segs.some((s) => LENGTH_OR_FEE.test(s))) return { labels, direction }
  for (const seg of segs) {
    const s = seg.trim()
    if (LENGTH_OR_FEE.test(s)) break
    if (s === '') continue
    const art = /^(.+?)\s*艺术校考类$/u.exec(s)
    if (art) {
      direction = clean(art[1])
      labels.push('艺术校考类')
    } else labels.push(clean(s))
  }
  return { labels, direction }
}

/** Requirement text in a 2025 line's remarks (not a programme label): 身高, 色盲, 只招男生 … */
const REQUIREMENT =
  /身高|色盲|色弱|视力|听力|四肢|残疾|文身|仅招|只招|限招|招收|军籍|政治面貌|应届|唱法|^男|^女/u

/** The programme labels of a 2025 line's remarks: 国家专项计划, 民族班, 预科类, 人防定向 (requirements left out). */
export function lineLabels(remarks: string | null | undefined): string[] {
  return cleanSpaced(remarks)
    .split(/[,，;；]/u)
    .map(clean)
    .filter((s) => s !== '' && !REQUIREMENT.test(s))
}

/** The category of a programme: 艺术类 / 体育类 in the art and sport batches, else the track's (物理类, 历史类). */
export function gxSubjectType(batchName: string, track: '物理' | '历史', year: number): string | null {
  const b = clean(batchName)
  if (/艺术/u.test(b)) return normalizeSubjectType('广西', year, '艺术类')
  if (/体育/u.test(b)) return normalizeSubjectType('广西', year, '体育类')
  return normalizeSubjectType('广西', year, track)
}

/**
 * Tuition in yuan per year: 5000, '5000元/年'; 免费 → 0; '11万元/(生·年)' → 110000 (the first year's when the book
 * gives one per year); 待定 and other words → null.
 */
export function gxTuition(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : null
  const s = clean(v)
  if (s === '') return null
  if (/^(免费|免学费|免收学费)$/u.test(s)) return 0
  const wan = /(\d+(?:\.\d+)?)万/u.exec(s)
  if (wan) return Math.round(Number(wan[1]) * 10_000)
  return tuitionOrNull(s)
}

/** The requirement of a programme (3+1+2): 首选物理,再选化学和生物; '不' (cut off) is 不限. */
function requirement(p: GxProgram, track: '物理' | '历史'): string | null {
  const second = clean(p.secondSubject)
  const first = clean(p.firstSubject) || (second === '' ? '' : track)
  if (first === '') return null
  const again = second === '不' ? '不限' : second
  const raw = again === '' ? `首选${first}` : `首选${first},再选${again}`
  // the category of an art or sport row says nothing of the first choice: the track does
  return normalizeRequirement(raw, '广西', PLAN_YEAR, `${track}类`)
}

/** Normalises one programme of the plan book, or returns why it is dropped. */
export function gxProgram(p: GxProgram, track: '物理' | '历史', sourceFile: string): PlanRecord | string {
  const subjectType = gxSubjectType(p.batchName ?? '', track, PLAN_YEAR)
  if (!subjectType) return 'category does not fit the exam mode'
  const name = cleanMajorName(p.majorName)
  if (name === '') return 'no major name'
  const { labels, direction } = programmeLabel(p.remarks)
  const batch = classifyBatch(p.batchName, [...labels, name.replace(NOT_A_TRACK, '')])
  if ('excluded' in batch) return batch.excluded
  const code = groupCode(p.majorGroupCode)
  return {
    source: 'GX',
    sourceFile,
    tier: 0,
    province: '广西',
    year: PLAN_YEAR,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: batch.level,
    schoolName: clean(p.schoolName),
    schoolCode: /^1\d{4}$/u.test(clean(p.schoolCode)) ? clean(p.schoolCode) : null,
    // the form's codes: 广西's 院校代码 (the national one, or a campus's own: 19614) and the 3-digit 专业代号
    localSchoolCode: localCode(clean(p.schoolCode), /^\d{5}$/u),
    localSpcode: localCode(clean(p.majorCode), /^[0-9A-Z]{3}$/u),
    spname: direction !== '' && !name.includes(direction) ? `${name}(${direction})` : name,
    spcode: null,
    sgCode: acceptsGroups('广西', PLAN_YEAR) && code && /^[A-Z]?\d{1,4}$/u.test(code) ? code : null,
    sgInfos: requirement(p, track),
    num:
      typeof p.planCount === 'number' || /^\d+$/u.test(clean(p.planCount))
        ? planNumOrNull(p.planCount)
        : null,
    tuition: gxTuition(p.tuitionPerYear),
    length: lengthOrNull(p.durationYears),
    ...PLAN_ONLY,
  }
}

/** Normalises one 2025 group line, or returns why it is dropped. */
export function gxLine(l: GxLine, track: '物理' | '历史', sourceFile: string): PlanRecord | string {
  const year = Number(l.year ?? LINES_YEAR)
  const subjectType = gxSubjectType(l.batchName ?? '', track, year)
  if (!subjectType) return 'category does not fit the exam mode'
  const batch = classifyBatch(l.batchName, lineLabels(l.remarks))
  if ('excluded' in batch) return batch.excluded
  const min = scoreOrNull(l.minScore)
  if (min === null) return 'no score and no plan number'
  const code = groupCode(l.majorGroupCode)
  if (!acceptsGroups('广西', year) || !code || !/^[A-Z]?\d{1,4}$/u.test(code)) return 'no major group code'
  return {
    source: 'GX',
    sourceFile,
    tier: 0,
    province: '广西',
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: batch.level,
    schoolName: clean(l.schoolName),
    schoolCode: /^1\d{4}$/u.test(clean(l.schoolCode)) ? clean(l.schoolCode) : null,
    spname: '',
    spcode: null,
    sgCode: code,
    sgInfos: null,
    // the file's rank is derived from the 区内 table for every school: the builder derives its own
    ...lineOnly(min, null, 'group'),
  }
}

/** The key a record will have in the table (the school by its code or name). */
function recordKey(r: PlanRecord): string {
  return [
    r.year,
    r.subjectType,
    r.batchName,
    r.planType,
    r.localBatchName,
    r.schoolCode ?? r.schoolName,
    r.sgCode ?? '',
    majorKey(r.spname),
  ].join('|')
}

/**
 * Folds plan records of one source that share a key into the first of them: the plan numbers are added (unknown
 * only when every one is unknown); the other fields stay the first's, their gaps filled. Returns the records in
 * their first order; counts the folded ones.
 */
export function foldSameKey(records: readonly PlanRecord[], drops: Drops, reason: string): PlanRecord[] {
  const byKey = new Map<string, PlanRecord>()
  const out: PlanRecord[] = []
  for (const r of records) {
    const k = recordKey(r)
    const first = byKey.get(k)
    if (!first) {
      byKey.set(k, r)
      out.push(r)
      continue
    }
    if (r.num !== null) first.num = (first.num ?? 0) + r.num
    // two programmes' 专业代号 are no one code: the folded row has none
    if (r.localSpcode !== first.localSpcode) first.localSpcode = null
    first.tuition ??= r.tuition
    first.length ??= r.length
    first.sgInfos ??= r.sgInfos
    drops.add(reason)
  }
  return out
}

/**
 * A remark's piece that tells nothing apart a family would read in a name: the length and the fee (the record keeps
 * them), and health or score requirements (色弱 worded two ways on two programmes of one school).
 */
const NOT_A_NAME_PIECE =
  /\d\s*年制?$|^\d\s*年|元|免费|待定|学费|色盲|色弱|色觉|身高|视力|听力|只招|不招|仅招|限招|要求|不予录取|成绩|分数/u

/** The pieces of a plan-book remark, in order: GX's are split by commas, ZJP's by full stops. */
function remarkPieces(remark: string): string[] {
  return cleanSpaced(remark)
    .split(/[,，;；。]/u)
    .map((s) =>
      clean(s)
        .replace(/^在(.+)办学$/u, '$1')
        .replace(/^包含专业[:：]?/u, '含'),
    )
    .filter((s) => s !== '' && !NOT_A_NAME_PIECE.test(s))
}

/** A piece as a name's note: long sentences cut, brackets of the piece kept as the name's (全角 → ASCII). */
const MAX_NOTE = 24
const asNote = (piece: string) =>
  `(${piece.length > MAX_NOTE ? `${[...piece].slice(0, MAX_NOTE).join('')}…` : piece})`

/**
 * Programmes of one key (batch, group, major name) that the plan book lists apart, each with its own 专业代号, are
 * named apart by the first piece of their remarks the others do not share, as the plan books name such programmes
 * (英语 and 英语(师范类), 西安外国语大学 024 and 025; 电气工程及其自动化 and 电气工程及其自动化(国际本科学术互认课程),
 * 5,200 and 25,000 元 a year). Folded, they had shown one programme with the first one's fee and both one's places,
 * and no 专业代号. Programmes whose remarks leave them alike still fold (foldSameKey).
 */
export function nameApartByRemarks(
  records: readonly PlanRecord[],
  remarkOf: ReadonlyMap<PlanRecord, string>,
): void {
  for (const list of groupBy(records, recordKey).values()) {
    if (list.length < 2 || new Set(list.map((r) => r.localSpcode)).size < list.length) continue
    const pieces = list.map((r) => remarkPieces(remarkOf.get(r) ?? ''))
    const notes = pieces.map((ps) => ps.find((p) => !pieces.every((other) => other.includes(p))))
    const names = list.map((r, i) => (notes[i] ? `${r.spname}${asNote(notes[i])}` : r.spname))
    // only when every programme gets a name of its own: else which one a shared name means is unknown
    if (new Set(names.map(majorKey)).size < list.length) continue
    list.forEach((r, i) => {
      r.spname = names[i] as string
    })
  }
}

const FOLDED = 'programme repeating another of its key (plan numbers added)'

/** A campus entry of the book: 电子科技大学(沙河校区) → 电子科技大学. */
const CAMPUS_ENTRY = /^(.+)\([^()]*校区\)$/u

/**
 * Drops the records of a campus entry (电子科技大学(沙河校区), its own 院校代码 19614) that repeat a key of its main
 * school's (same batch, group and major, or the same group line): where the schools table has no separate campus
 * (沙河, 荣昌) both resolve to one school and would fold into one row (the lower line winning). Campus records of
 * their own keys stay.
 */
export function dropCampusRepeats(records: readonly PlanRecord[], drops: Drops): PlanRecord[] {
  const keyOf = (r: PlanRecord, school: string) => recordKey({ ...r, schoolCode: null, schoolName: school })
  const main = new Set(
    records.filter((r) => !CAMPUS_ENTRY.test(r.schoolName)).map((r) => keyOf(r, r.schoolName)),
  )
  return records.filter((r) => {
    const m = CAMPUS_ENTRY.exec(r.schoolName)
    if (!m || !main.has(keyOf(r, m[1] as string))) return true
    drops.add(CAMPUS_REPEAT)
    return false
  })
}

const CAMPUS_REPEAT = 'campus entry repeating a key of its main school (one school in the schools table)'

export const gxPlans: PlanAdapter = {
  id: 'GX',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('GX')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const base = join(sourcesDir, REPO, 'public', 'data', 'tracks')
    const trackLines: PlanRecord[] = []
    for (const [slug, track] of Object.entries(TRACKS)) {
      const dir = join(base, slug, 'schools')
      const plans: PlanRecord[] = []
      const remarks = new Map<PlanRecord, string>()
      const names = (await listDir(dir)).filter((n) => /^\d+\.json(\.gz)?$/u.test(n))
      if (names.length > 0) result.files.push(`${relPath(sourcesDir, dir)}/*.json.gz`)
      for (const name of names) {
        const path = join(dir, name)
        const doc = JSON.parse(await readText(path)) as { programs?: GxProgram[] }
        const file = relPath(sourcesDir, path)
        collectRecords(
          doc.programs ?? [],
          (p) => {
            const r = gxProgram(p, track, file)
            if (typeof r !== 'string') remarks.set(r, p.remarks ?? '')
            return r
          },
          plans,
          drops,
        )
      }
      nameApartByRemarks(plans, remarks)
      const kept: PlanRecord[] = foldSameKey(plans, drops, FOLDED)

      const lines = join(base, slug, 'history', String(LINES_YEAR), `guangxi-${slug}-admission-lines.json.gz`)
      if (existsSync(lines)) {
        const file = relPath(sourcesDir, lines)
        result.files.push(file)
        const doc = JSON.parse(await readText(lines)) as { admissionLines?: GxLine[] }
        collectRecords(
          doc.admissionLines ?? [],
          (l) => {
            const r = gxLine(l, track, file)
            // a track's line (民族班, 预科 …) as it would read without its remarks: LG carries it as ordinary
            const asOrdinary =
              typeof r === 'string' && TRACK_LINE_REASONS.has(r)
                ? gxLine({ ...l, remarks: '' }, track, file)
                : r
            if (typeof r === 'string' && typeof asOrdinary !== 'string') trackLines.push(asOrdinary)
            return r
          },
          kept,
          drops,
        )
      }
      for (const r of dropCampusRepeats(kept, drops)) result.records.push(r)
    }
    result.dropped = drops.list()
    result.trackLines = trackLines
    return result
  },
}

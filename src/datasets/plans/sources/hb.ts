import { existsSync } from 'node:fs'
import { csvRecords, join, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import { classifyBatch, clean, normalizeRequirement, TRACK_LINE_REASONS } from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { lineOnly, localCode } from './common.js'

/**
 * HB = cathyjay/hubei-gaokao-volunteer-2026, `data/derived/hubei-<year>-physics-toudang-parsed.csv` (2023-2025):
 * 湖北's official 本科普通批 (首选物理) 院校专业组 投档线, transcribed from the exam authority's PDFs (2023, 2024) and
 * OCR'd from its 71 images (2025). One group line per row: `code` (院校代码 + 组号, A00105), `name`
 * (北京大学第05组), `req` (再选要求: 不限 / 化 / 化或生 / 化和生 …), `score`, tie-break columns, `备注` (国家专项计划,
 * 地方专项计划, 少数民族预科班, 民族班, 护理类 …) and `row`, the whole printed line (`code | name | req | score |
 * tie-breaks | 志愿号 | 备注`). No ranks: the builder derives them from the year's 一分一段 table.
 *
 * The line is read from `row` in every year (it reproduces the 2023 and 2024 columns; 2025 has no 备注 column):
 * the 2025 columns are misaligned where OCR lost a cell. Of its 16 scores below 300, 10 are a lost requirement
 * cell (石家庄学院第04组: the line 497 sits in `req`, its 语数之和 209 in `score`) and one a line read as `445.`
 * (the CSV took the next number, 180): `row` gives their line. Repairs: page-watermark characters printed into
 * the requirement cell (招化, 北不限, 厅化, 生化或生) or in front of a school name (众北京体育大学, 等湖对外经济贸易大学)
 * are removed; OCR misreadings 个限 → 不限, 国冢 → 国家, 预料班 → 预科班, 三峽 → the 三峡 of the code's other groups;
 * a name cut over two cells (山东第 | 一医科大学第09组) is joined; characters after 第NN组 (上海大学第05组人) are
 * dropped; a group number misread (第TI组) is taken from the code.
 *
 * Dropped: 预科 and 民族班 groups (normalize.ts's excluded tracks); a score that cannot be read (49］); and a score
 * below that year's 本科 control line (UNDERGRADUATE_LINE): in 湖北's 本科普通批 no ordinary or 专项 group is
 * admitted below it, so such a score is a misreading (2025: four lines that lost or misread their leading digit,
 * 180 for 480, 133, 135; 新疆科技学院第06组 408 for LG's 468).
 */
export const REPO = 'cathyjay__hubei-gaokao-volunteer-2026'

const YEARS = [2023, 2024, 2025] as const

/**
 * 湖北's 首选物理 本科 control line (本科批 最低控制分数线) by year, from the exam authority's announcements (2023 424
 * and 2025 426 are in score_lines; 2024's 437 is missing there). It is the lowest plausible line: the lowest
 * ordinary line of each year's table equals it (2023 424, 2024 437, 2025 426), and only 预科 groups, dropped
 * before this check, go below it (2024 398, 2025 380 and 393).
 */
export const UNDERGRADUATE_LINE: Readonly<Record<number, number>> = { 2023: 424, 2024: 437, 2025: 426 }

/** Characters of the page watermarks (湖北省教育厅 / 招生 …) that the PDF text puts in front of a requirement. */
const WATERMARK = new Set([...'湖北省教育厅招生信息网微'])

/** A requirement as the tables print it: 不限, or 化 / 生 / 地 / 政 joined by 或 / 和. */
const REQUIREMENT = /^(不限|[化生地政](?:[或和][化生地政])*)$/u

/** The requirement of a cell, repaired (OCR 个限, watermark characters in front); null when it is none. */
export function hbRequirement(cell: string): string | null {
  let s = clean(cell).replace(/^[个不]限$/u, '不限')
  if (REQUIREMENT.test(s)) return s
  while (s.length > 1 && WATERMARK.has(s[0] as string)) {
    s = s.slice(1)
    if (REQUIREMENT.test(s)) return s
  }
  return null
}

/** One line of the table, read from `row`. */
export interface HbLine {
  code: string
  /** school name as printed, with its group label (北京大学第05组) */
  name: string
  req: string | null
  score: number
  /** the 备注 cells (国家专项计划 …), OCR misreadings repaired */
  remark: string
}

/** Parses a `row` cell (cells joined by '|'), or returns why it cannot be read. */
export function hbLine(row: string): HbLine | string {
  const cells = row
    .split('|')
    .map((c) => clean(c))
    .filter((c) => c !== '')
  const code = cells[0] ?? ''
  // the name: one cell, or two when the printed name was cut (山东第 | 一医科大学第09组)
  let name = ''
  let i = 1
  while (i < cells.length && i <= 2) {
    name += cells[i]
    i++
    if (/第.{1,3}组/u.test(name)) break
  }
  if (!/第.{1,3}组/u.test(name)) return 'group label unreadable (OCR)'
  let req: string | null = null
  let score: number | null = null
  while (i < cells.length && score === null) {
    const cell = cells[i] as string
    i++
    const r: string | null = req === null ? hbRequirement(cell) : null
    if (r !== null) req = r
    else if (/^\d{3}\.?$/u.test(cell)) score = Number.parseInt(cell, 10)
    else if (/\d/u.test(cell)) return 'score unreadable (OCR)'
    // else a stray cell (OCR noise such as 抖): skipped
  }
  if (score === null) return 'score unreadable (OCR)'
  const remark = cells
    .slice(i)
    .filter((c) => /\p{Script=Han}{2}/u.test(c))
    .join('|')
    .replace(/[】］\]]/gu, '')
    .replace(/国.专项/gu, '国家专项')
    .replace(/预料班/gu, '预科班')
  return { code, name, req, score, remark }
}

/** The school name and group number of a label: 北京大学第05组 → [北京大学, 05] (characters after 组 dropped). */
export function splitGroupLabel(name: string): { school: string; group: string } | null {
  const m = /^(.+?)第(.{1,3})组/u.exec(clean(name))
  if (!m) return null
  return { school: m[1] as string, group: m[2] as string }
}

/** The 院校代码 of a code with OCR's letter-for-digit misreadings repaired (FO01 → F001, KOT2 → K072). */
function schoolCode(code: string): string {
  const c = clean(code).toUpperCase()
  const digits = c.slice(1, 4).replace(/O/gu, '0').replace(/[IL]/gu, '1').replace(/T/gu, '7')
  return `${c.slice(0, 1)}${digits}`
}

/** The group number: the label's two digits, else the code's last two (第TI组 of C12811 → 11). */
function groupNumber(label: string, code: string): string | null {
  if (/^\d{2}$/u.test(label)) return label
  const tail = clean(code).slice(-2).replace(/O/gu, '0').replace(/[IL]/gu, '1')
  return /^\d{2}$/u.test(tail) ? tail : null
}

/**
 * Characters of the page watermarks that the PDF text puts in front of a school name (众北京体育大学,
 * 等湖对外经济贸易大学, 北【大连海事大学, 信哈尔滨理工大学): a leading run of them is dropped. Most begin no school's
 * name; 湖, 北, 公 and 信 do, so they are dropped only when the next character begins no school's name after them
 * (the schools table has 湖南 湖州 湖北, 北京 北华 北方 北师 北部 北海, 公安, 信阳 信息).
 */
const WATERMARK_PREFIX =
  /^(?:[众学【等号省高微教校院考试招生育厅]|湖(?![南州北])|北(?![京华方师部海])|公(?!安)|信(?![阳息]))+/u

/** Two names of one length that differ in one character (an OCR misreading: 三峽大学 / 三峡大学). */
function oneCharacterApart(a: string, b: string): boolean {
  const x = [...a]
  const y = [...b]
  if (x.length !== y.length) return false
  let diff = 0
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diff++
  return diff === 1
}

/** `printed` is `usual` spoiled: watermark characters in front (up to 3), or one character misread. */
function spoiled(printed: string, usual: string): boolean {
  if (printed === usual) return false
  if (printed.endsWith(usual) && [...printed].length - [...usual].length <= 3) return true
  return [...usual].length >= 4 && oneCharacterApart(printed, usual)
}

/**
 * The school name of each 院校代码 (every group of a code is one school): among the names its groups print, the
 * one that the most groups print either exactly or spoiled (see `spoiled`), then the most printed exactly,
 * then the shortest.
 */
function schoolNames(lines: readonly HbLine[]): Map<string, string> {
  const byCode = new Map<string, string[]>()
  for (const l of lines) {
    const split = splitGroupLabel(l.name)
    if (!split) continue
    const code = schoolCode(l.code)
    const names = byCode.get(code) ?? []
    names.push(split.school.replace(WATERMARK_PREFIX, ''))
    byCode.set(code, names)
  }
  const out = new Map<string, string>()
  for (const [code, names] of byCode) {
    const scored = [...new Set(names)].map((c) => ({
      name: c,
      covers: names.filter((n) => n === c || spoiled(n, c)).length,
      exact: names.filter((n) => n === c).length,
    }))
    scored.sort(
      (a, b) =>
        b.covers - a.covers ||
        b.exact - a.exact ||
        a.name.length - b.name.length ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    const best = scored[0]
    if (best) out.set(code, best.name)
  }
  return out
}

/** OCR misreadings of campus names (合肥工业大学(宜城校区) is 宣城). */
const NAME_FIXES: readonly [RegExp, string][] = [[/宜城校区/gu, '宣城校区']]

/** The school name of a line: watermark characters dropped; the code's usual name when the printed one spoils it. */
export function repairSchool(printed: string, usual: string | undefined): string {
  let name = printed.replace(WATERMARK_PREFIX, '')
  for (const [re, to] of NAME_FIXES) name = name.replace(re, to)
  return usual && spoiled(name, usual) ? usual : name
}

/** Normalises one line of year `year`, or returns why it is dropped. */
export function hbRecord(
  line: HbLine,
  year: number,
  sourceFile: string,
  usualName?: string,
): PlanRecord | string {
  const split = splitGroupLabel(line.name)
  if (!split) return 'group label unreadable (OCR)'
  const batch = classifyBatch('本科普通批', [line.remark])
  if ('excluded' in batch) return batch.excluded
  const group = groupNumber(split.group, line.code)
  if (group === null) return 'group label unreadable (OCR)'
  const floor = UNDERGRADUATE_LINE[year]
  if (floor !== undefined && line.score < floor) return 'score below the 本科 control line (OCR misreading)'
  return {
    source: 'HB',
    sourceFile,
    tier: 1,
    province: '湖北',
    year,
    subjectType: '物理类',
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: '本科',
    schoolName: repairSchool(split.school, usualName),
    schoolCode: null,
    // 湖北's own 院校代号, the first four characters of the group's code (A00105: 北京大学 A001, group 05)
    localSchoolCode: localCode(schoolCode(line.code), /^[A-Z]\d{3}$/u),
    spname: '',
    spcode: null,
    sgCode: group,
    sgInfos: line.req === null ? null : normalizeRequirement(line.req, '湖北', year, '物理类'),
    ...lineOnly(line.score, null, 'group'),
  }
}

/** A campus entry of the table: 电子科技大学(沙河校区) → 电子科技大学. */
const CAMPUS_ENTRY = /^(.+)\([^()]*校区\)$/u

/**
 * Drops the group lines of a campus entry (电子科技大学(沙河校区), its own 院校代码 A361) whose group number and plan
 * type repeat a group of its main school: campus entries number their groups from 01 again, and where the schools
 * table has no separate campus (沙河, 宏福) both resolve to one school and would fold into one row, the lower line
 * winning (as GX does; campuses the table lists, 宣城 or 盘锦, lose those lines too: the adapter cannot tell).
 */
function dropCampusRepeats(records: readonly PlanRecord[], drops: Drops): PlanRecord[] {
  const key = (r: PlanRecord, school: string) => `${r.year}|${r.planType}|${school}|${r.sgCode}`
  const main = new Set(
    records.filter((r) => !CAMPUS_ENTRY.test(r.schoolName)).map((r) => key(r, r.schoolName)),
  )
  return records.filter((r) => {
    const m = CAMPUS_ENTRY.exec(r.schoolName)
    if (!m || !main.has(key(r, m[1] as string))) return true
    drops.add('campus entry repeating a group of its main school (one school in the schools table)')
    return false
  })
}

/**
 * Records of one year's file (its CSV text), and the group lines dropped as tracks (民族班, 预科 …), as they would
 * read without their 备注: LG carries the same lines as ordinary (special-copies.ts).
 */
export function hbFile(
  text: string,
  year: number,
  sourceFile: string,
  drops: Drops,
): { records: PlanRecord[]; trackLines: PlanRecord[] } {
  const lines: HbLine[] = []
  for (const row of csvRecords(text)) {
    const line = hbLine(row.row ?? '')
    if (typeof line === 'string') drops.add(line)
    else lines.push(line)
  }
  const names = schoolNames(lines)
  const out: PlanRecord[] = []
  const trackLines: PlanRecord[] = []
  for (const line of lines) {
    const usual = names.get(schoolCode(line.code))
    const rec = hbRecord(line, year, sourceFile, usual)
    if (typeof rec !== 'string') {
      out.push(rec)
      continue
    }
    drops.add(rec)
    const asOrdinary = TRACK_LINE_REASONS.has(rec)
      ? hbRecord({ ...line, remark: '' }, year, sourceFile, usual)
      : rec
    if (typeof asOrdinary !== 'string') trackLines.push(asOrdinary)
  }
  return { records: dropCampusRepeats(out, drops), trackLines }
}

export const hbPlans: PlanAdapter = {
  id: 'HB',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('HB')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    for (const year of YEARS) {
      const path = join(sourcesDir, REPO, 'data', 'derived', `hubei-${year}-physics-toudang-parsed.csv`)
      if (!existsSync(path)) continue
      const file = relPath(sourcesDir, path)
      result.files.push(file)
      const { records, trackLines } = hbFile(await readText(path), year, file, drops)
      for (const rec of records) result.records.push(rec)
      result.trackLines = [...(result.trackLines ?? []), ...trackLines]
    }
    result.dropped = drops.list()
    return result
  },
}

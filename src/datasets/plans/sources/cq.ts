import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relPath } from '../../sources/files.js'
import { readXlsx, type SheetRow } from '../../sources/xlsx.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  normalizeSubjectType,
  rankOrNull,
  scoreOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { lineOnly } from './common.js'

/**
 * CQ = la667-j/chongqinggaokao2026, `source-data/重庆2023物理类.xlsx` and `source-data/历史/重庆2023历史类.xlsx`,
 * sheet `全部专业明细`: 重庆's 2023 本科批 平行志愿 投档 lines by major (重庆 fills 专业+院校 choices), transcribed
 * from the exam authority's 《本科批-物理/历史-平行志愿》 PDFs. Columns 院校代号, 院校名称, 专业代号 (provincial: no
 * group, no catalogue code), 专业名称, 投档最低分, 位次, 层次 (985/211 tags, not read). The 位次 is the repo's
 * derivation from the 2023 一分一段 table (含加分): rank_derived.
 *
 * The school name carries the programme: (地方专项) → plan type 地方专项 (the major's (地方专项计划) is dropped from
 * its name); (中外合作) is dropped (the major's name says 中外合作办学); (预科班), (民族班), (非西藏生定藏就业) and
 * majors (只招少数民族考生) are excluded tracks (normalize.ts). Repairs of the PDF's column wrap: a school name
 * whose last character went into the 专业代号 cell (上海外国语大学贤达经济人文学 | 1院09) gets it back, an unclosed
 * bracket (…(宏福校区)(中外合作) is closed; rows whose cells interleave two lines (合10国0际 | 新学闻院传…) are
 * dropped. Majors printed twice for one school (西南政法大学's 法学 on ten 专业代号: 双学位 programmes cut to
 * 法学) are kept: the builder folds them into one row, the lowest line.
 */
export const REPO = 'la667-j__chongqinggaokao2026'

const FILES = ['source-data/重庆2023物理类.xlsx', 'source-data/历史/重庆2023历史类.xlsx'] as const
const SHEET = '全部专业明细'

/** Column letters of the sheet's header row, by header text. */
function columns(header: SheetRow): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [col, text] of Object.entries(header)) out[clean(text)] = col
  return out
}

/** Bracketed programme labels of a school name that are not part of the school's name. */
const PROGRAMME = /\((?:[^()]*(?:中外合作|地方专项|国家专项|高校专项|预科|民族班|定藏就业)[^()]*)\)/gu
/**
 * Bracketed labels of a major name that restrict or type its plan ((只招少数民族考生), (民族班), (面向武陵山片区),
 * (地方专项计划)); other brackets (双语班, 中外高水平大学学生交流计划, the 彝语言 of 中国少数民族语言文学) are not read
 * for exclusions.
 */
const RESTRICTION = /少数民族考生|民族班|预科|定向|面向|定藏就业|专项/u
/** A plan-type label at the end of a major name: 临床医学(地方专项计划) → 临床医学. */
const PLAN_LABEL = /\((?:地方|国家|高校)专项(?:计划)?\)/gu

export interface CqCells {
  school: string
  code: string
  major: string
  score: string
  rank: string
}

/** Normalises one row of the `<year><category>` file, or returns why it is dropped. */
export function cqRecord(
  cells: CqCells,
  year: number,
  label: string,
  sourceFile: string,
): PlanRecord | string {
  const subjectType = normalizeSubjectType('重庆', year, label)
  if (!subjectType) return 'category does not fit the exam mode'
  let school = clean(cells.school).replace(/（/gu, '(').replace(/）/gu, ')')
  const code = clean(cells.code)
  // the PDF's column wrap: characters of the school name (and its closing bracket) printed into the 专业代号 cell
  const wrapped = code.match(/[\p{Script=Han})]/gu) ?? []
  const han = wrapped.filter((c) => c !== ')').length
  if (han > 1) return 'cells of two lines interleaved (PDF column wrap)'
  if (han === 1) school += wrapped.join('')
  if ((school.match(/\(/gu) ?? []).length > (school.match(/\)/gu) ?? []).length) school += ')'
  const major = cleanMajorName(cells.major)
  if (major === '') return 'no major name'
  const labels = [...major.matchAll(/\(([^()]*)\)/gu)]
    .map((x) => x[1] as string)
    .filter((x) => RESTRICTION.test(x))
  const batch = classifyBatch('本科批', [school.replace(/^[^(]*/u, ''), ...labels])
  if ('excluded' in batch) return batch.excluded
  const min = scoreOrNull(cells.score)
  if (min === null) return 'no score'
  return {
    source: 'CQ',
    sourceFile,
    tier: 1,
    province: '重庆',
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: '本科',
    schoolName: school.replace(PROGRAMME, ''),
    schoolCode: null,
    spname: batch.planType === '普通' ? major : major.replace(PLAN_LABEL, ''),
    spcode: null,
    sgCode: null,
    sgInfos: null,
    ...lineOnly(min, rankOrNull(cells.rank), 'major', true),
  }
}

/** Records of one workbook. */
export function cqWorkbook(buf: Buffer, sourceFile: string, drops: Drops): PlanRecord[] {
  const name = sourceFile.split('/').pop() ?? ''
  const m = /(20\d\d)(物理类|历史类)/u.exec(name.normalize('NFC'))
  if (!m) return []
  const year = Number(m[1])
  const rows = readXlsx(buf, [SHEET]).get(SHEET) ?? []
  const [header, ...body] = rows
  if (!header) return []
  const col = columns(header)
  const cell = (row: SheetRow, title: string): string => row[col[title] ?? ''] ?? ''
  const out: PlanRecord[] = []
  for (const row of body) {
    const school = cell(row, '院校名称')
    if (clean(school) === '') continue
    const rec = cqRecord(
      {
        school,
        code: cell(row, '专业代号'),
        major: cell(row, '专业名称'),
        score: cell(row, '投档最低分'),
        rank: cell(row, '位次'),
      },
      year,
      m[2] as string,
      sourceFile,
    )
    if (typeof rec === 'string') drops.add(rec)
    else out.push(rec)
  }
  return out
}

export const cqPlans: PlanAdapter = {
  id: 'CQ',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('CQ')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    for (const file of FILES) {
      const path = join(sourcesDir, REPO, ...file.split('/'))
      if (!existsSync(path)) continue
      const rel = relPath(sourcesDir, path)
      result.files.push(rel)
      for (const rec of cqWorkbook(await readFile(path), rel, drops)) result.records.push(rec)
    }
    result.dropped = drops.list()
    return result
  },
}

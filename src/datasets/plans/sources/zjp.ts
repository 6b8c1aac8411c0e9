import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relPath } from '../../sources/files.js'
import { readXlsx, type SheetRow } from '../../sources/xlsx.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  excludedTrack,
  lengthOrNull,
  majorKey,
  NOT_A_TRACK,
  normalizeRequirement,
  planNumOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { collectRecords, localCode, PLAN_ONLY } from './common.js'
import { foldSameKey, gxTuition, nameApartByRemarks } from './gx.js'

/**
 * ZJP = SatoriYoukai/2026_Zhejiang_gaokao_enrollment_database,
 * `2026年_普通类平行计划1_普通类平行录取_物理化学生物.xlsm`: the 浙江 exam authority's 2026 plan-query export
 * (普通类平行录取), Sheet1. Row 1 is the query form's header, row 2 the column names: 预选志愿序号, 院校代码 (4-digit
 * 浙江 code, not the national one), 院校名称 (with tags: （“双一流”建设高校）, (省重点建设高校) …), 专业代码 (3-digit
 * provincial: never a spcode), 专业名称, 学制 (4, 八年医), 省, 城市, 本专科 (本科 / 高职(专科)), 计划数, 选考科目要求
 * (不提科目要求 / 物理,化学(2门科目考生均须选考方可报考) / 物理(1门科目考生必须选考方可报考) …), 收费标准 (5000,
 * 10万, 见简注, 免费, 5520（另有较高收费，详见简注）), 备注. The copy has had its VBA part removed; the sheet is read
 * with the repo's xlsx reader (a zip of XML; macros are never run).
 *
 * CAVEAT: the export was filtered for a 物理+化学+生物 candidate, so it holds only the items open to 物化生
 * candidates; majors requiring 政治, 历史, 地理 or 技术 are missing (the repo's full plan_2026.csv was not in the
 * snapshot). The plan is complete for what it lists, not for 浙江.
 *
 * One major record per row: 2026, 浙江, 综合, 本科批 or 专科批 by 本专科, local batch 普通类平行录取, plan type 普通
 * (the file is the ordinary parallel round; a class name such as 智能金融强基班 is no 强基计划), no group (浙江 fills
 * 专业+院校 choices), tier 0. Dropped by the README's rules, read on the major name (少数民族班, 定向 …) and on a
 * 定向培养 remark; words of the names that only look like a track (双语, 内地与港澳台合作办学, 对口支援 …: gx.ts
 * NOT_A_TRACK) are not read. Items repeating a major name of their school are named apart by their 备注 (gx.ts
 * nameApartByRemarks: 沈阳建筑大学's 电气工程及其自动化 013, 5,200 元, and 016, 25,000 元, (国际本科学术互认课程));
 * those it does not tell apart become one record whose plan number is their sum.
 */
export const REPO = 'SatoriYoukai__2026_Zhejiang_gaokao_enrollment_database'
export const FILE = '2026年_普通类平行计划1_普通类平行录取_物理化学生物.xlsm'

const YEAR = 2026
const LOCAL_BATCH = '普通类平行录取'

/** The school's name without the plan's honour tags (the campus in brackets stays). */
export function zjpSchoolName(name: unknown): string {
  return clean(name)
    .replace(/[（(][“"]?双一流[”"]?建设高校[）)]/gu, '')
    .replace(/[（(](省重点建设高校|省市共建重点高校|入选[“"]?2011计划[”"]?高校)[）)]/gu, '')
}

/** Study length: 4 → 四年; 八年医 (a long medical programme) → 八年. */
export function zjpLength(v: unknown): string | null {
  const s = clean(v)
  const m = /^([一二三四五六七八九])年/u.exec(s)
  return m ? lengthOrNull(`${m[1]}年`) : lengthOrNull(s)
}

/** Tuition in yuan per year: 5000, 10万, 约15万, '5520（另有较高收费，详见简注）' → 5520; 见简注, 港元 → null. */
export function zjpTuition(v: unknown): number | null {
  const s = clean(v)
  if (/港元|港币|澳门元|美元|英镑/u.test(s)) return null
  return gxTuition(s)
}

/** Normalises one row of Sheet1, or returns why it is dropped. */
export function zjpRow(row: SheetRow, sourceFile: string): PlanRecord | string {
  const name = cleanMajorName(row.E)
  if (name === '') return 'no major name'
  const reason =
    excludedTrack(name.replace(NOT_A_TRACK, '')) ??
    (/定向(培养|就业|招生|生|班)|只招少数民族/u.test(clean(row.M)) ? excludedTrack(clean(row.M)) : null)
  if (reason) return reason
  const vocational = !/^本科$/u.test(clean(row.I))
  const batch = classifyBatch(LOCAL_BATCH, [], vocational)
  if ('excluded' in batch) return batch.excluded
  const num = planNumOrNull(row.J)
  return {
    source: 'ZJP',
    sourceFile,
    tier: 0,
    province: '浙江',
    year: YEAR,
    subjectType: '综合',
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: '普通',
    level: batch.level,
    schoolName: zjpSchoolName(row.C),
    // the 4-digit 浙江 院校代码 is no national code: it is the form's, with the 3-digit 专业代码
    schoolCode: null,
    localSchoolCode: localCode(clean(row.B), /^\d{4}$/u),
    localSpcode: localCode(clean(row.D), /^[0-9A-Z]{3}$/u),
    spname: name,
    spcode: null,
    sgCode: null,
    sgInfos: normalizeRequirement(row.K, '浙江', YEAR, '综合'),
    num,
    tuition: zjpTuition(row.L),
    length: zjpLength(row.F),
    ...PLAN_ONLY,
  }
}

/**
 * Items of one school and name that differ in length are two programmes, each with its own 专业代码 (四川大学's
 * 口腔医学: 015 五年, 017 八年医): the later takes its length into its name (口腔医学(八年制)), as the plan books
 * write 临床医学(八年制), instead of folding into the first with their places added.
 */
export function nameApartByLength(records: readonly PlanRecord[]): void {
  const first = new Map<string, PlanRecord>()
  for (const r of records) {
    const k = `${r.schoolName}|${r.batchName}|${majorKey(r.spname)}`
    const f = first.get(k)
    if (!f) first.set(k, r)
    else if (r.length && f.length && r.length !== f.length) r.spname = `${r.spname}(${r.length}制)`
  }
}

/** The data rows of Sheet1: after the form header and the column names (found by 院校代码 in column B). */
export function zjpRows(rows: readonly SheetRow[]): SheetRow[] {
  const head = rows.findIndex((r) => clean(r.B) === '院校代码' && clean(r.E) === '专业名称')
  if (head < 0) return []
  return rows.slice(head + 1).filter((r) => clean(r.B) !== '' || clean(r.E) !== '')
}

export const zjpPlans: PlanAdapter = {
  id: 'ZJP',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('ZJP')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const path = join(sourcesDir, REPO, FILE)
    if (!existsSync(path)) return result
    const file = relPath(sourcesDir, path)
    result.files.push(file)
    const sheet = readXlsx(await readFile(path), ['Sheet1']).get('Sheet1') ?? []
    const records: PlanRecord[] = []
    const remarks = new Map<PlanRecord, string>()
    collectRecords(
      zjpRows(sheet),
      (row) => {
        const r = zjpRow(row, file)
        if (typeof r !== 'string') remarks.set(r, clean(row.M))
        return r
      },
      records,
      drops,
    )
    nameApartByLength(records)
    nameApartByRemarks(records, remarks)
    for (const r of foldSameKey(
      records,
      drops,
      'item repeating a major name of its school (plan numbers added)',
    ))
      result.records.push(r)
    result.dropped = drops.list()
    return result
  },
}

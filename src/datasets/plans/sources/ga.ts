import { existsSync } from 'node:fs'
import { csvRecords, join, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  lengthOrNull,
  normalizeRequirement,
  normalizeSubjectType,
  planNumOrNull,
  rankOrNull,
  tuitionOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { collectRecords, outcomeNumbers, PLAN_ONLY } from './common.js'

/**
 * GA = insensible104/GaokaoAgent (广东 only).
 *
 * - `backend/data/<year>_<physics|history>.csv` (2021-2024): 本科批 admissions by major. Columns (header cells
 *   hold newlines, trimmed away): 年份, 代码 (national 院校代码), 院校名称, 专业编号, 专业/类, 选科, 最高分, 最低分,
 *   最低分平均排位 (the published rank of the lowest score), 专业组, 学院部, 平均分, 录取人数, 备注. 备注 男/女 rows
 *   (gender-split lines) and 公师/普师 rows (师范 plans admitted in the 提前批, which the file does not say) are
 *   dropped; 中外合作 and campus notes stay (the major name carries them).
 * - `backend/data/2025_enrollment_历史.csv`: the 2025 历史类 plan by major: 批次, 专业组代码, 专业名称, 专业备注,
 *   选科要求, 计划招数, 学制, 学费. Its 2021-2024 最低分/最低位次 columns repeat the group's line on every major
 *   and are not read (the by-major files above cover those years). 特殊类型招生批 rows keep only 高校专项 (other
 *   special routes: 高水平运动队, 综合评价, are dropped).
 */
export const REPO = 'insensible104__GaokaoAgent'

const TRACKS: Record<string, string> = { physics: '物理', history: '历史' }

/** Header cells without their embedded newlines: '最低分\n平均排位' → '最低分平均排位'. */
function records(text: string): Record<string, string>[] {
  return csvRecords(text).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/\s+/gu, ''), v])),
  )
}

export function gaAdmission(
  row: Record<string, string>,
  track: string,
  sourceFile: string,
): PlanRecord | string {
  const year = Number(clean(row.年份))
  if (!Number.isInteger(year)) return 'no year'
  const subjectType = normalizeSubjectType('广东', year, track)
  if (!subjectType) return 'category does not fit the exam mode'
  const note = clean(row.备注)
  if (/^(男|女)$/u.test(note)) return 'gender-split line'
  if (/公师|普师/u.test(note)) return '师范 plan of the 提前批 (batch not stated)'
  const batch = classifyBatch('本科批', [note])
  if ('excluded' in batch) return batch.excluded
  const nums = outcomeNumbers(row.最低分, row.平均分, row.最高分)
  if (nums === 'fractional') return 'fractional score (a composite or computed score)'
  if (nums.min === null) return 'no score and no plan number'
  const code = clean(row.代码)
  const group = clean(row.专业组)
  return {
    source: 'GA',
    sourceFile,
    tier: 1,
    province: '广东',
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: '本科',
    schoolName: clean(row.院校名称),
    schoolCode: /^1\d{4}$/u.test(code) ? code : null,
    spname: cleanMajorName(row['专业/类']),
    spcode: null,
    sgCode: /^[A-Z]?\d{1,4}$/u.test(group) ? group : null,
    sgInfos: normalizeRequirement(row.选科, '广东', year, subjectType),
    num: null,
    tuition: null,
    length: null,
    min: nums.min,
    minSection: rankOrNull(row.最低分平均排位),
    rankDerived: false,
    rankBlocked: false,
    average: nums.average,
    max: nums.max,
    outcomeLevel: 'major',
  }
}

/**
 * The first bracket of a 专业备注 that tells the programme apart ((元培), (威海校区), (师范)), for the major name;
 * campus-of-origin (校本部), requirement notes and lists of the majors inside a 类 are skipped.
 */
export function directionOf(note: string): string {
  for (const m of note.matchAll(/\(([^()]*)\)/gu)) {
    const inner = m[1] ?? ''
    if (inner === '' || /校本部|章程|语种|要求|须|只招|限|分数|加分|成绩|[，,、:：]/u.test(inner)) continue
    return `(${inner})`
  }
  return ''
}

export function gaPlan(row: Record<string, string>, sourceFile: string): PlanRecord | string {
  const year = 2025
  const subjectType = normalizeSubjectType('广东', year, row.科类 ?? '历史')
  if (!subjectType) return 'category does not fit the exam mode'
  const note = clean(row.专业备注)
  const batch = classifyBatch(row.批次, [row.招生备注, note], /专科/u.test(row.批次 ?? ''))
  if ('excluded' in batch) return batch.excluded
  const num = planNumOrNull(row.计划招数)
  if (num === null) return 'no score and no plan number'
  const code = clean(row.院校代码)
  const group = clean(row.专业组代码)
  return {
    source: 'GA',
    sourceFile,
    tier: 1,
    province: '广东',
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: batch.level,
    schoolName: clean(row.院校名称),
    schoolCode: /^1\d{4}$/u.test(code) ? code : null,
    spname: cleanMajorName(row.专业名称) + directionOf(note),
    spcode: null,
    sgCode: /^[A-Z]?\d{1,4}$/u.test(group) ? group : null,
    sgInfos: normalizeRequirement(row.选科要求, '广东', year, subjectType),
    num,
    tuition: tuitionOrNull(row.学费),
    length: lengthOrNull(row.学制),
    ...PLAN_ONLY,
  }
}

export const gaPlans: PlanAdapter = {
  id: 'GA',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('GA')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const dir = join(sourcesDir, REPO, 'backend', 'data')
    for (let year = 2021; year <= 2024; year++) {
      for (const [file, track] of Object.entries(TRACKS)) {
        const path = join(dir, `${year}_${file}.csv`)
        if (!existsSync(path)) continue
        const rel = relPath(sourcesDir, path)
        result.files.push(rel)
        const rows = records(await readText(path))
        collectRecords(rows, (row) => gaAdmission(row, track, rel), result.records, drops)
      }
    }
    const plan = join(dir, '2025_enrollment_历史.csv')
    if (existsSync(plan)) {
      const rel = relPath(sourcesDir, plan)
      result.files.push(rel)
      collectRecords(records(await readText(plan)), (row) => gaPlan(row, rel), result.records, drops)
    }
    result.dropped = drops.list()
    return result
  },
}

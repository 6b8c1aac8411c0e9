import { existsSync } from 'node:fs'
import { findProvince } from '../../../domain/provinces.js'
import { csvRecords, join, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  normalizeRequirement,
  normalizeSubjectType,
  planNumOrNull,
  rankOrNull,
  scoreOrNull,
  tuitionOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { acceptsGroups, collectRecords } from './common.js'

/**
 * IM = immaotianyi/gaokao-volunteer-v2, `backend/data/plans_<year>.csv`. Columns: province, subject_group, batch,
 * university_code, university_name, group_code, major_code, major_name, plan_count, tuition, lowest_score_<y>,
 * lowest_rank_<y> (+ subject_requirement in 2026).
 *
 * What is kept (README.md, "IM"): 广东 2024 and 2025 (院校专业组 rows `<school>组<code>`: plan, tuition, the
 * group's 投档 score and rank of that year), 安徽 2025 (国家/地方/高校专项 plans by major) and 甘肃's group
 * outcomes (major_name names the programme: 普通类, 国家专项计划 …). The lowest_* columns are used only when their
 * year is the file's year.
 *
 * Repair: 甘肃's rows of plans_2025.csv are 2024 outcomes (each lowest_rank_2025 is the cumulative total of its
 * score in 甘肃's 2024 一分一段 table, not the 2025 one, and the scores equal LG's 2024 lines): they are stored as
 * 2024.
 *
 * Dropped by rule: plans_2026.csv rows of 安徽, 甘肃 and 广东 (the 2025 rows again: same plan numbers, scores
 * and group codes); 福建, 山东 and 河南 in every file (implausible: 四川大学 groups in 福建's 专科批, truncated
 * school names, 2025 plan numbers all 0; 北京大学 学前教育/中医学 in 河南 with one rank for every major);
 * plans_2024_history.csv (the 历史类 rows of plans_2024.csv again).
 */
export const REPO = 'immaotianyi__gaokao-volunteer-v2'

const FILES = ['plans_2024.csv', 'plans_2025.csv', 'plans_2026.csv'] as const
const IMPLAUSIBLE = new Set(['福建', '山东', '河南'])
const COPIED_2026 = new Set(['安徽', '甘肃', '广东'])

/** Normalises one IM row of the plans file of `year`, or returns why it is dropped. */
export function imRecord(
  row: Record<string, string>,
  fileYear: number,
  sourceFile: string,
): PlanRecord | string {
  const prov = findProvince(row.province ?? '')
  if (!prov) return 'unknown province'
  const year = prov.name === '甘肃' && fileYear === 2025 ? 2024 : fileYear
  if (IMPLAUSIBLE.has(prov.name)) return `implausible ${prov.name} rows (see README)`
  if (year === 2026 && COPIED_2026.has(prov.name)) return 'plans_2026 row repeating the 2025 file'
  const subjectType = normalizeSubjectType(prov.name, year, row.subject_group ?? '')
  if (!subjectType) return 'category does not fit the exam mode'
  const name = cleanMajorName(row.major_name)
  // a group row: 广东's `<school>组<code>`, or 甘肃's programme label in major_name with no major code
  const groupRow = /组[A-Z]?\d+$/u.test(name) || clean(row.major_code) === ''
  const batch = classifyBatch(row.batch, [name], /专科/u.test(row.batch ?? ''))
  if ('excluded' in batch) return batch.excluded
  const min = scoreOrNull(row[`lowest_score_${fileYear}`])
  const rank = min === null ? null : rankOrNull(row[`lowest_rank_${fileYear}`])
  // a plan of 0 beside an admission line is no plan: unknown (广东 2024's group rows, 155 of them, 昆明学院
  // 专业组（201） with 0 places and a line of 510, its rank 0.0 too)
  const given = planNumOrNull(row.plan_count)
  const num = given === 0 && min !== null ? null : given
  if (min === null && num === null) return 'no score and no plan number'
  const code = clean(row.group_code)
  const sgCode = acceptsGroups(prov.name, year) && /^[A-Z]?\d{1,4}$/u.test(code) ? code : null
  const uni = clean(row.university_code)
  return {
    source: 'IM',
    sourceFile,
    tier: 2,
    province: prov.name,
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: batch.level,
    schoolName: clean(row.university_name),
    schoolCode: prov.name === '广东' && /^1\d{4}$/u.test(uni) ? uni : null,
    spname: groupRow ? '' : name,
    spcode: null,
    sgCode,
    sgInfos: normalizeRequirement(row.subject_requirement, prov.name, year, subjectType),
    num,
    tuition: tuitionOrNull(row.tuition),
    length: null,
    min,
    minSection: rank,
    rankDerived: false,
    rankBlocked: false,
    average: null,
    max: null,
    outcomeLevel: min === null ? '' : groupRow ? (sgCode ? 'group' : 'school') : 'major',
  }
}

export const imPlans: PlanAdapter = {
  id: 'IM',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('IM')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const dir = join(sourcesDir, REPO, 'backend', 'data')
    for (const name of FILES) {
      const path = join(dir, name)
      if (!existsSync(path)) continue
      const year = Number(/(\d{4})/u.exec(name)?.[1])
      const file = relPath(sourcesDir, path)
      result.files.push(file)
      const rows = csvRecords(await readText(path))
      collectRecords(rows, (row) => imRecord(row, year, file), result.records, drops)
    }
    const history = join(dir, 'plans_2024_history.csv')
    if (existsSync(history)) {
      const rows = csvRecords(await readText(history)).length
      drops.add('plans_2024_history.csv repeats the 历史类 rows of plans_2024.csv', rows)
    }
    result.dropped = drops.list()
    return result
  },
}

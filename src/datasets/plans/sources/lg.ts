import { findProvince } from '../../../domain/provinces.js'
import { join, listDir, readText, relPath } from '../../sources/files.js'
import { lgReleaseDir } from '../../sources/lg.js'
import { Drops } from '../drops.js'
import {
  catalogueCode,
  classifyBatch,
  clean,
  cleanMajorName,
  groupCode,
  isAggregateName,
  lengthOrNull,
  normalizeRequirement,
  normalizeSubjectType,
  planNumOrNull,
  rankOrNull,
  requirementInGroupLabel,
  unlabelledSubjectType,
} from '../normalize.js'
import type { OutcomeLevel, PlanAdapter, PlanAdapterResult, PlanRecord, Tier } from '../types.js'
import { acceptsGroups, outcomeNumbers } from './common.js'

/**
 * LG = liuguanghui0226/gaokao-zhiyuan-site: the `records` of every province shard
 * `site/data/release-<version>/<slug>.json.gz` (`.json` accepted, for fixtures). dataTypes read: major-admission,
 * vocational-admission, admission-plan, major-group-admission, institution-admission, school-admission-summary
 * (control-line is score_lines' business).
 *
 * - tier: `sourceQuality` official-school-* → 1 (a school's own page); other official* → 0 (exam authority, also
 *   through a mirror); third-party* and exam-authority-attributed mirrors → 3.
 * - outcome level: a major name that is an aggregate (院校专业组投档线, XX大学录取概况 …) makes the record a group's
 *   (when a group code can be read from `majorGroup` in a group province) or a school's; major-group-admission
 *   records are groups'; otherwise the record is a major's.
 * - rank: `minRank`, else `minRankEnd`; rank_derived = `rankDerivedFromScore` or a rank range marked 换算. A
 *   `rankAlignmentStatus` blocked-* forbids deriving one here (新疆 2025: bonus scope of the score unknown).
 * - dropped: vacancy-round plans (西藏 征集计划), 定向培养军士 (conscript) plans, the tracks of excludedTrack,
 *   categories that are not a gaokao category, records without a usable score or plan, fractional scores, and
 *   third-party summary rows repeated from an earlier year (copyKey): the later copies.
 */
export const REPO = 'liuguanghui0226__gaokao-zhiyuan-site'

const DATA_TYPES = new Set([
  'major-admission',
  'vocational-admission',
  'admission-plan',
  'major-group-admission',
  'institution-admission',
  'school-admission-summary',
])

/** The fields of an LG record that the adapter reads. */
export interface LgRecord {
  province?: string
  year?: number
  subjectType?: string
  batch?: string
  schoolName?: string
  schoolCode?: string
  dataType?: string
  majorName?: string | null
  majorCode?: string | null
  majorGroup?: string | null
  electiveRequirement?: string | null
  planCount?: number | null
  tuition?: string | number | null
  programDuration?: string | null
  minScore?: number | null
  minRank?: number | null
  minRankEnd?: number | null
  rankRangeText?: string | null
  rankDerivedFromScore?: boolean
  rankAlignmentStatus?: string
  averageScore?: number | null
  avgScore?: number | null
  maxScore?: number | null
  sourceQuality?: string
  sourceId?: string
  sourceSubjectRaw?: string
  rankCategory?: string
  admissionType?: string
  admissionSubtype?: string
  sourceBatchRaw?: string
  sourcePlanTypeRaw?: string
  sourceAdmissionTypeRaw?: string
  candidateCategory?: string
  candidateClass?: string
  vacancyRound?: string
}

export function tierOf(quality: string | undefined): Tier {
  const q = quality ?? ''
  if (q.startsWith('official-school-')) return 1
  if (q.startsWith('official')) return 0
  return 3
}

function subjectOf(r: LgRecord, province: string, year: number): string | null {
  const label = r.subjectType ?? ''
  if (/艺术/u.test(label) && r.rankCategory) {
    const cat = normalizeSubjectType(province, year, r.rankCategory)
    if (cat) return cat
  }
  return (
    normalizeSubjectType(province, year, label) ??
    (r.sourceSubjectRaw ? normalizeSubjectType(province, year, r.sourceSubjectRaw) : null) ??
    unlabelledSubjectType(province, year, label)
  )
}

/** Normalises one LG record, or returns the reason it is dropped. */
export function lgRecord(r: LgRecord, sourceFile: string): PlanRecord | string {
  const dt = r.dataType ?? ''
  if (!DATA_TYPES.has(dt)) return `dataType ${dt || '(none)'} is not a plan or admission record`
  const prov = findProvince(r.province ?? '')
  if (!prov) return 'unknown province'
  const year = r.year ?? 0
  const quality = r.sourceQuality ?? ''
  if (r.vacancyRound || /vacancy/u.test(quality)) return 'vacancy round (征集/征求/补录)'
  if (/conscript/u.test(quality)) return 'military-only plan'
  const subjectType = subjectOf(r, prov.name, year)
  if (!subjectType) return 'category is not a gaokao category (vocational, 单列, 蒙授 or unlabelled)'
  const name = cleanMajorName(r.majorName)
  const batch = classifyBatch(
    r.batch,
    [
      r.admissionType,
      r.admissionSubtype,
      r.majorGroup,
      r.sourceBatchRaw,
      r.sourcePlanTypeRaw,
      r.sourceAdmissionTypeRaw,
      r.candidateCategory,
      r.candidateClass,
      name,
    ],
    dt === 'vocational-admission',
  )
  if ('excluded' in batch) return batch.excluded
  const plan = dt === 'admission-plan'
  const aggregate = isAggregateName(name)
  const sgCode = acceptsGroups(prov.name, year) ? groupCode(r.majorGroup) : null
  let outcomeLevel: OutcomeLevel
  if (dt === 'major-group-admission') outcomeLevel = sgCode ? 'group' : 'school'
  else if (aggregate) outcomeLevel = sgCode ? 'group' : 'school'
  else outcomeLevel = 'major'
  if (plan && aggregate) return 'plan record without a major name'
  const nums = outcomeNumbers(r.minScore, r.averageScore ?? r.avgScore, r.maxScore)
  if (nums === 'fractional') return 'fractional score (a composite or computed score)'
  const num = planNumOrNull(r.planCount)
  if (nums.min === null && (!plan || num === null)) return 'no score and no plan number'
  const rank = rankOrNull(r.minRank) ?? rankOrNull(r.minRankEnd)
  const derived = rank !== null && (r.rankDerivedFromScore === true || /换算/u.test(clean(r.rankRangeText)))
  const majorCode = catalogueCode(r.majorCode)
  const code = clean(r.schoolCode)
  return {
    source: 'LG',
    sourceFile,
    tier: tierOf(quality),
    province: prov.name,
    year,
    subjectType,
    batchName: batch.batchName,
    localBatchName: batch.localBatchName,
    planType: batch.planType,
    level: batch.level,
    schoolName: clean(r.schoolName),
    schoolCode: /^1\d{4}$/u.test(code) ? code : null,
    spname: outcomeLevel === 'major' ? name : '',
    spcode: outcomeLevel === 'major' ? majorCode : null,
    sgCode,
    sgInfos: normalizeRequirement(
      r.electiveRequirement ?? requirementInGroupLabel(r.majorGroup),
      prov.name,
      year,
      subjectType,
    ),
    num,
    tuition: plan || r.tuition ? tuitionOf(r.tuition) : null,
    length: lengthOrNull(r.programDuration),
    min: nums.min,
    minSection: nums.min === null ? null : rank,
    rankDerived: nums.min === null ? false : derived,
    rankBlocked: /^blocked/u.test(r.rankAlignmentStatus ?? ''),
    average: nums.average,
    max: nums.max,
    outcomeLevel: plan && nums.min === null ? '' : outcomeLevel,
  }
}

function tuitionOf(v: unknown): number | null {
  const s = clean(v)
  const m = /^(\d+(?:\.\d+)?)/u.exec(s)
  if (!m) return null
  const n = Math.round(Number(m[1]))
  return n > 0 && n < 1_000_000 ? n : null
}

/**
 * Key of a third-party summary row for the copy rule: everything a year's own row would change but the year and
 * the rank. The summary pages (dxsbb) list several years, and LG's import filed rows of earlier years under later
 * ones, unchanged down to the batch's old name and the plan count (池州学院 in 安徽: its 2025 rows hold the 2023 and
 * 2024 rows beside 2025's own). The rank is left out because LG derived it again from the later year's table.
 */
function copyKey(r: LgRecord): string | null {
  if (!/^third-party-school-score-summary/u.test(r.sourceQuality ?? '')) return null
  return [
    r.province,
    r.schoolName,
    r.majorName ?? '',
    r.subjectType,
    r.batch,
    r.minScore,
    r.planCount ?? '',
  ].join('|')
}

/**
 * Records of one shard; `sourceFile` is its path relative to the sources dir.
 *
 * A third-party summary row repeated unchanged under a later year is a copy of the earlier one, and is dropped: the
 * earliest year's row is kept. Which copy is right was measured where an independent source has the majors' own
 * outcomes (JSP, 江苏 2023-2025; scripts/lg-copies-vs-jsp.mjs): of the 249 repeated 江苏 rows it knows two of the
 * years of, the score is JSP's for the earliest year alone in 169, for a later year alone in 6, for every year (the
 * same score twice) in 21, for none in 53.
 */
export function lgRecords(records: readonly LgRecord[], sourceFile: string, drops: Drops): PlanRecord[] {
  const firstYear = new Map<string, number>()
  for (const r of records) {
    const k = copyKey(r)
    if (k === null) continue
    const y = r.year ?? 0
    if (y < (firstYear.get(k) ?? Number.POSITIVE_INFINITY)) firstYear.set(k, y)
  }
  const out: PlanRecord[] = []
  for (const r of records) {
    if (r.dataType === 'control-line') continue
    const k = copyKey(r)
    if (k !== null && (r.year ?? 0) > (firstYear.get(k) as number)) {
      drops.add('third-party summary row repeated from an earlier year')
      continue
    }
    const rec = lgRecord(r, sourceFile)
    if (typeof rec === 'string') drops.add(rec)
    else out.push(rec)
  }
  return out
}

export const lgPlans: PlanAdapter = {
  id: 'LG',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('LG')
    const dir = await lgReleaseDir(sourcesDir)
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    if (!dir) return result
    const names = (await listDir(dir)).filter(
      (n) => /\.json(\.gz)?$/u.test(n) && !/^(knowledge-core|manifest)/u.test(n),
    )
    for (const name of names) {
      const path = join(dir, name)
      const doc = JSON.parse(await readText(path)) as { records?: LgRecord[] }
      const file = relPath(sourcesDir, path)
      result.files.push(file)
      const recs = lgRecords(doc.records ?? [], file, drops)
      for (const rec of recs) result.records.push(rec)
    }
    result.dropped = drops.list()
    return result
  },
}

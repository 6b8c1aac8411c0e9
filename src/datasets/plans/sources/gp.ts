import { existsSync } from 'node:fs'
import { findProvince } from '../../../domain/provinces.js'
import { join, readText, relPath } from '../../sources/files.js'
import { Drops } from '../drops.js'
import {
  classifyBatch,
  clean,
  cleanMajorName,
  excludedTrack,
  isAggregateName,
  NOT_A_TRACK,
  normalizeSubjectType,
  planNumOrNull,
  rankOrNull,
  scoreOrNull,
} from '../normalize.js'
import type { PlanAdapter, PlanAdapterResult, PlanRecord } from '../types.js'
import { acceptsGroups, lineOnly } from './common.js'

/**
 * GP = hamajun-tao/gaokao-pro.
 *
 * - `cli/data/school-index.json.gz`, field `pro_type_min`: `{<GB province code>: [{year, type: {<id>: min}}]}`,
 *   a school's lowest admitted score in a province, year and category (gaokao.cn ids: 1 理科, 2 文科, 3 综合, 2073
 *   物理类, 2074 历史类; other ids are dropped). No batch is given: the school's level says 本科批 (本科) or
 *   专科批 (专科（高职）), or 本科提前批 / 专科提前批 for a 军事类 school; schools without a level are dropped.
 *   local_batch_name is ''. Covers 山东 and 浙江,
 *   whose LG shards are missing. gaokao_cn_id is kept as a hint for the school id.
 * - `cli/data/datasets/college-groups-2025.json`: 68 universities' 2025 院校专业组 in 7 provinces, compiled by LLM
 *   agents: plan numbers by major and some group lines. Major names cut off mid-bracket ('小语种(不限再选') and
 *   names that are no major (本科提前批, 珠海校区, the school's own name) are dropped; group codes are kept only when
 *   they look like one (1-4 characters, or （01） in subject_require).
 */
export const REPO = 'hamajun-tao__gaokao-pro'

const TYPE_IDS: Record<string, string> = {
  '1': '理科',
  '2': '文科',
  '3': '综合',
  '2073': '物理类',
  '2074': '历史类',
}

interface GpSchool {
  gaokao_cn_id?: number
  name?: string
  level?: string
  /** gaokao.cn's school type: 军事类 schools admit in the early batch only */
  type?: string
  pro_type_min?: Record<string, { year: number; type: Record<string, string | number> }[]>
}

export function gpSchoolRecords(s: GpSchool, sourceFile: string, drops: Drops): PlanRecord[] {
  const out: PlanRecord[] = []
  const level = clean(s.level)
  const entries = Object.entries(s.pro_type_min ?? {}).sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0,
  )
  if (entries.length === 0) return out
  const voc = /专科|高职/u.test(level)
  // A military academy admits in the early batch only (政审, 体检, 面试): its lowest score is that batch's, and
  // filed under 本科批 it made 网络空间部队信息工程大学 a 保 of 江苏's 本科批, a choice no 本科批 form can hold.
  const early = clean(s.type) === '军事类'
  const batchName = voc ? (early ? '专科提前批' : '专科批') : early ? '本科提前批' : '本科批'
  if (!voc && level !== '本科') {
    drops.add('school level unknown (no batch)', entries.length)
    return out
  }
  for (const [code, list] of entries) {
    const prov = findProvince(code)
    if (!prov) {
      drops.add('unknown province')
      continue
    }
    for (const e of list) {
      for (const [id, value] of Object.entries(e.type)) {
        const label = TYPE_IDS[id]
        if (!label) {
          drops.add('unknown category id')
          continue
        }
        const subjectType = normalizeSubjectType(prov.name, e.year, label)
        if (!subjectType) {
          drops.add('category does not fit the exam mode of that year')
          continue
        }
        const min = scoreOrNull(value)
        if (min === null) {
          drops.add('no score and no plan number')
          continue
        }
        out.push({
          source: 'GP',
          sourceFile,
          tier: 4,
          province: prov.name,
          year: e.year,
          subjectType,
          batchName,
          localBatchName: '',
          planType: '普通',
          level: voc ? '专科' : '本科',
          schoolName: clean(s.name),
          schoolCode: null,
          sidHint: s.gaokao_cn_id ?? null,
          spname: '',
          spcode: null,
          sgCode: null,
          sgInfos: null,
          ...lineOnly(min, null, 'school'),
        })
      }
    }
  }
  return out
}

interface GroupsDoc {
  universities?: {
    university?: string
    provinces?: {
      province?: string
      groups?: {
        group_code?: string | number | null
        track?: string | null
        subject_require?: string | null
        category?: string | null
        majors?: {
          name?: string
          plan?: number | null
          min_score?: number | null
          min_rank?: number | null
        }[]
        group_min_score?: number | null
        group_min_rank?: number | null
      }[]
    }[]
  }[]
}

export function gpGroupRecords(doc: GroupsDoc, sourceFile: string, drops: Drops): PlanRecord[] {
  const out: PlanRecord[] = []
  const year = 2025
  for (const u of doc.universities ?? []) {
    for (const p of u.provinces ?? []) {
      const prov = findProvince(p.province ?? '')
      if (!prov) continue
      for (const g of p.groups ?? []) {
        const subjectType = normalizeSubjectType(prov.name, year, clean(g.track))
        if (!subjectType) {
          drops.add('category does not fit the exam mode of that year', 1 + (g.majors?.length ?? 0))
          continue
        }
        const batch = classifyBatch('', [g.category])
        if ('excluded' in batch) {
          drops.add(batch.excluded, 1 + (g.majors?.length ?? 0))
          continue
        }
        const raw = clean(g.group_code)
        const fromReq = /^\((\d{1,4})\)$/u.exec(clean(g.subject_require))?.[1] ?? null
        const sgCode = acceptsGroups(prov.name, year) ? (/^[A-Z]?\d{1,4}$/u.test(raw) ? raw : fromReq) : null
        const base = {
          source: 'GP' as const,
          sourceFile,
          tier: 4 as const,
          province: prov.name,
          year,
          subjectType,
          batchName: batch.batchName,
          localBatchName: '',
          planType: batch.planType,
          level: batch.level,
          schoolName: clean(u.university),
          schoolCode: null,
          spcode: null,
          sgCode,
          sgInfos: null,
          tuition: null,
          length: null,
          rankDerived: false,
          rankBlocked: false,
          average: null,
          max: null,
        }
        // A group of 预科 or minority classes only (华中师范大学's 湖北 专业组（24）: 本科预科班) is no group an
        // ordinary candidate applies to: its line goes with its majors.
        const tracks = (g.majors ?? []).map((m) => trackOf(cleanMajorName(m.name)))
        const groupTrack = tracks.length > 0 && tracks.every((t) => t !== null) ? tracks[0] : null
        const groupMin = scoreOrNull(g.group_min_score)
        if (groupMin !== null && sgCode && groupTrack) drops.add(groupTrack)
        else if (groupMin !== null && sgCode) {
          out.push({
            ...base,
            spname: '',
            num: null,
            min: groupMin,
            minSection: rankOrNull(g.group_min_rank),
            outcomeLevel: 'group',
          })
        }
        for (const m of g.majors ?? []) {
          const name = cleanMajorName(m.name)
          if (name === '' || (name.match(/\(/gu) ?? []).length !== (name.match(/\)/gu) ?? []).length) {
            drops.add('major name cut off')
            continue
          }
          if (isAggregateName(name) || /批|校区|专项|计划|大学|学院|^(普通|中外合作)/u.test(name)) {
            drops.add('not a major name (a batch, campus, programme or school)')
            continue
          }
          const track = trackOf(name)
          if (track) {
            drops.add(track)
            continue
          }
          const num = planNumOrNull(m.plan)
          const min = scoreOrNull(m.min_score)
          if (num === null && min === null) {
            drops.add('no score and no plan number')
            continue
          }
          out.push({
            ...base,
            spname: name,
            num,
            min,
            minSection: min === null ? null : rankOrNull(m.min_rank),
            outcomeLevel: min === null ? '' : 'major',
          })
        }
      }
    }
  }
  return out
}

/**
 * The track a GP major name says it is not an ordinary candidate's (本科预科班, 少数民族预科班, 定向 …), as every
 * source's labels are read (NOT_A_TRACK words first taken out); a one-gender major is no gender-split line here.
 */
function trackOf(name: string): string | null {
  const track = excludedTrack(name.replace(NOT_A_TRACK, ''))
  return track === 'gender-split line' ? null : track
}

export const gpPlans: PlanAdapter = {
  id: 'GP',
  repo: REPO,
  async load(sourcesDir): Promise<PlanAdapterResult> {
    const drops = new Drops('GP')
    const result: PlanAdapterResult = { records: [], dropped: [], files: [] }
    const gz = join(sourcesDir, REPO, 'cli', 'data', 'school-index.json.gz')
    const index = existsSync(gz) ? gz : join(sourcesDir, REPO, 'cli', 'data', 'school-index.json')
    if (existsSync(index)) {
      const rel = relPath(sourcesDir, index)
      result.files.push(rel)
      const doc = JSON.parse(await readText(index)) as { rows?: GpSchool[] }
      for (const s of doc.rows ?? [])
        for (const rec of gpSchoolRecords(s, rel, drops)) result.records.push(rec)
    }
    const groups = join(sourcesDir, REPO, 'cli', 'data', 'datasets', 'college-groups-2025.json')
    if (existsSync(groups)) {
      const rel = relPath(sourcesDir, groups)
      result.files.push(rel)
      const doc = JSON.parse(await readText(groups)) as GroupsDoc
      for (const rec of gpGroupRecords(doc, rel, drops)) result.records.push(rec)
    }
    result.dropped = drops.list()
    return result
  },
}

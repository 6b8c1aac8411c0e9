import { existsSync } from 'node:fs'
import { findProvince } from '../../domain/provinces.js'
import { csvRecords, join, readText } from '../sources/files.js'
import { blankToNull } from './normalize.js'

/**
 * Adapters of the school-list sources (ids as in ../shared/data/INVENTORY.md). Each reads one file format and
 * returns plain records; the join (join.ts) decides what they mean together. Every adapter accepts a missing
 * file (returns null) so that the builder can name what is missing.
 */

export const GP_REPO = 'hamajun-tao__gaokao-pro'
export const LX_REPO = 'liuxusummer__gaokao-advisor'
export const MC_REPO = 'manmonthW__gaokao-canmou'

export const GP_SCHOOL_INDEX = `${GP_REPO}/cli/data/school-index.json.gz`
export const LX_COLLEGES = `${LX_REPO}/public/data/common/colleges.json`
export const MC_DFC = `${MC_REPO}/etl/data/dfc2022.csv`
export const GP_QIANGJI_FILES = [
  `${GP_REPO}/cli/data/datasets/qiangji-2024.json`,
  `${GP_REPO}/cli/data/datasets/special-admissions/qiangji-quota-2023.json`,
  `${GP_REPO}/cli/data/datasets/special-admissions/qiangji-quota-2024.json`,
  `${GP_REPO}/cli/data/datasets/special-admissions/qiangji-quota-2025.json`,
  `${GP_REPO}/cli/data/datasets/schools-adapters-2024.json`,
]

/** A path under the sources dir; a `.json.gz` file may be given as plain `.json` (fixtures). */
function locate(from: string, rel: string): string | null {
  const path = join(from, rel)
  if (existsSync(path)) return path
  if (rel.endsWith('.gz')) {
    const plain = join(from, rel.slice(0, -3))
    if (existsSync(plain)) return plain
  }
  return null
}

/** One GP minimum score: school's lowest admitted score in a (province, year, category) of gaokao.cn. */
export interface GpMinScore {
  /** GB code of the enrolment province (11 ... 65) */
  province: string
  year: number
  /** gaokao.cn category id: 1 理科, 2 文科, 3 综合, 2073 物理类, 2074 历史类 (32/33 occur too) */
  typeId: string
  score: number
}

/** GP `school-index.json.gz` row (gaokao.cn, snapshot 2026-05). */
export interface GpSchool {
  id: number
  /** GP's 5-digit code as given ('99999' and '0' are placeholders; see README) */
  zsCode: string
  name: string
  province: string
  city: string | null
  /** GP `level` as given: 本科, 普通本科, 专科（高职） or '' */
  level: string
  type: string | null
  nature: string | null
  belong: string | null
  f985: boolean
  f211: boolean
  dualClass: boolean
  minScores: GpMinScore[]
}

interface GpRaw {
  gaokao_cn_id: number
  zs_code?: string | number
  name: string
  province?: string
  city?: string
  level?: string
  type?: string
  nature?: string
  belong?: string
  f985?: boolean
  f211?: boolean
  dual_class?: string
  pro_type_min?: Record<string, { year: number; type: Record<string, string | number> }[]> | null
}

export function parseGpSchools(text: string): GpSchool[] {
  const doc = JSON.parse(text) as { rows?: GpRaw[] }
  return (doc.rows ?? []).map((r) => {
    const minScores: GpMinScore[] = []
    for (const [province, entries] of Object.entries(r.pro_type_min ?? {})) {
      for (const e of entries ?? []) {
        for (const [typeId, v] of Object.entries(e.type ?? {})) {
          const score = Number(v)
          if (Number.isInteger(score) && score > 0) minScores.push({ province, year: e.year, typeId, score })
        }
      }
    }
    return {
      id: r.gaokao_cn_id,
      zsCode: String(r.zs_code ?? '').trim(),
      name: r.name,
      province: (r.province ?? '').trim(),
      city: blankToNull(r.city),
      level: (r.level ?? '').trim(),
      type: blankToNull(r.type),
      nature: blankToNull(r.nature),
      belong: blankToNull(r.belong),
      f985: r.f985 === true,
      f211: r.f211 === true,
      dualClass: (r.dual_class ?? '').includes('双一流'),
      minScores,
    }
  })
}

export async function readGpSchools(from: string): Promise<GpSchool[] | null> {
  const path = locate(from, GP_SCHOOL_INDEX)
  return path ? parseGpSchools(await readText(path)) : null
}

/** LX `colleges.json` row: the MOE 2025 全国高等学校名单 (2,919 schools). */
export interface LxCollege {
  /** 10-digit 学校标识码; its last five digits are the national 院校代码 */
  moeCode: string
  name: string
  /** short province name (LX has full names: 江苏省) */
  province: string
  city: string | null
  /** 本科 or 专科 */
  level: string
  /** public / private / joint */
  nature: string
  affiliation: string | null
}

interface LxRaw {
  moeCode: string
  name: string
  province: string
  city?: string
  level?: string[] | string
  nature?: string
  affiliation?: string
}

export function parseLxColleges(text: string): LxCollege[] {
  const rows = JSON.parse(text) as LxRaw[]
  return rows.map((r) => ({
    moeCode: String(r.moeCode).trim(),
    name: r.name,
    province: findProvince(r.province)?.name ?? r.province,
    city: blankToNull(r.city),
    level: Array.isArray(r.level) ? (r.level[0] ?? '') : (r.level ?? ''),
    nature: r.nature ?? '',
    affiliation: blankToNull(r.affiliation),
  }))
}

export async function readLxColleges(from: string): Promise<LxCollege[] | null> {
  const path = locate(from, LX_COLLEGES)
  return path ? parseLxColleges(await readText(path)) : null
}

/** MC `dfc2022.csv`: 第二轮“双一流”建设高校及建设学科 (one row per discipline): the distinct school names. */
export function parseMcDualClass(text: string): string[] {
  const names = new Set<string>()
  for (const r of csvRecords(text)) {
    const name = (r.school_name ?? '').trim()
    if (name) names.add(name)
  }
  return [...names]
}

export async function readMcDualClass(from: string): Promise<string[] | null> {
  const path = locate(from, MC_DFC)
  return path ? parseMcDualClass(await readText(path)) : null
}

/** A school that a GP 强基计划 file names, with the file it came from. */
export interface QiangjiMention {
  name: string
  zsCode: string
  file: string
}

/**
 * GP 强基计划 files: `qiangji-2024.json` (`schools[]`), `special-admissions/qiangji-quota-<year>.json`
 * (`records[].school`) and `schools-adapters-2024.json` (`schools[]` with `programs.qiangji.offers`).
 * Placeholder records without a code ('强基总盘', '全 39 校(stub)', '(不适用)') are skipped.
 */
export function parseGpQiangji(text: string, file: string): QiangjiMention[] {
  const doc = JSON.parse(text) as {
    schools?: { name?: string; zs_code?: string; programs?: { qiangji?: { offers?: boolean } } }[]
    records?: { school?: { name_zh?: string; zs_code?: string } }[]
  }
  const out: QiangjiMention[] = []
  const add = (name: string | undefined, zsCode: string | undefined) => {
    const n = (name ?? '').trim()
    const c = String(zsCode ?? '').trim()
    if (n && /^\d{5}$/u.test(c)) out.push({ name: n, zsCode: c, file })
  }
  for (const s of doc.schools ?? []) {
    if (s.programs && s.programs.qiangji?.offers !== true) continue
    add(s.name, s.zs_code)
  }
  for (const r of doc.records ?? []) add(r.school?.name_zh, r.school?.zs_code)
  return out
}

export async function readGpQiangji(from: string): Promise<{ mentions: QiangjiMention[]; files: string[] }> {
  const mentions: QiangjiMention[] = []
  const files: string[] = []
  for (const rel of GP_QIANGJI_FILES) {
    const path = locate(from, rel)
    if (!path) continue
    files.push(rel)
    mentions.push(...parseGpQiangji(await readText(path), rel))
  }
  return { mentions, files }
}

import { existsSync } from 'node:fs'
import { join, readText } from '../sources/files.js'
import type { MajorLevel } from './types.js'

/**
 * Adapters of the major-catalogue sources (ids as in ../shared/data/INVENTORY.md). Each returns plain records,
 * or null when its file is missing; merge.ts decides what they mean together.
 */

export const FX_MAJORS =
  'FutureTechQuant__gaokao-xuezhi-crawler/data/stage/01_list_index/2026-04-14T021946/gaokao_major.jsonl'
export const LX_CATALOG = 'liuxusummer__gaokao-advisor/public/data/common/majors/catalog.json'
export const TK_SPECIALS = 'tking007__hugging_face_test/test_get_gaokao_data/specials/specials_lists.json'
export const TK_TREE = 'tking007__hugging_face_test/test_get_gaokao_data/specials/special_info.json'

async function readIfExists(from: string, rel: string): Promise<string | null> {
  const path = join(from, rel)
  return existsSync(path) ? readText(path) : null
}

/** FX: the 阳光高考 专业知识库 list (本科 普通 / 职业, 高职专科). */
export interface FxMajor {
  level: MajorLevel
  code: string
  name: string
  /** 门类 (本科) or 大类 (职业本科, 专科) */
  category: string
  className: string
  /** satisfaction 1-5, null where FX shows '-' */
  rating: number | null
}

const FX_LEVELS: Record<string, MajorLevel> = {
  本科普通教育: '本科',
  本科职业教育: '本科(职业教育)',
  高职专科: '专科',
}

/** FX level_name (本科（普通教育）, 本科（职业教育）, 高职（专科）) as the table's level; null when unknown. */
export function fxLevel(levelName: string): MajorLevel | null {
  return FX_LEVELS[levelName.normalize('NFKC').replace(/[()\s]/gu, '')] ?? null
}

/**
 * FX `gaokao_major.jsonl`: its records are separated by the two characters `\n` (a backslash and an n), not by
 * a newline; a real newline is accepted too.
 */
export function parseFxMajors(text: string): { rows: FxMajor[]; skipped: string[] } {
  const rows: FxMajor[] = []
  const skipped: string[] = []
  for (const chunk of text.split(/(?<=\})(?:\\n|\r?\n)+(?=\{|$)/u)) {
    const line = chunk.trim()
    if (!line) continue
    const r = JSON.parse(line) as Record<string, unknown>
    const level = fxLevel(String(r.level_name ?? ''))
    const code = String(r.major_code ?? '').trim()
    const name = String(r.major_name ?? '').trim()
    if (!level || !code || !name) {
      skipped.push(`${String(r.level_name)} ${code} ${name}`)
      continue
    }
    const sat = Number(r.major_satisfaction)
    rows.push({
      level,
      code,
      name,
      category: String(r.discipline_name ?? '').trim(),
      className: String(r.major_class_name ?? '').trim(),
      rating: Number.isFinite(sat) && sat >= 1 && sat <= 5 ? sat : null,
    })
  }
  return { rows, skipped }
}

export async function readFxMajors(from: string): Promise<{ rows: FxMajor[]; skipped: string[] } | null> {
  const text = await readIfExists(from, FX_MAJORS)
  return text === null ? null : parseFxMajors(text)
}

/** LX `catalog.json`: the 2026 普通高等学校本科专业目录. */
export interface LxMajor {
  /** with the T (特设) / K (国家控制布点) suffix: 020109T */
  code: string
  name: string
  category: string
  subCategory: string
  /** degree note: （注：可授工学或理学学士学位） */
  notes: string | null
}

export function parseLxCatalog(text: string): LxMajor[] {
  const rows = JSON.parse(text) as {
    majorCode: string
    majorName: string
    category?: string
    subCategory?: string
    notes?: string
  }[]
  return rows.map((r) => ({
    code: r.majorCode.trim(),
    name: r.majorName.trim(),
    category: (r.category ?? '').trim(),
    subCategory: (r.subCategory ?? '').trim(),
    notes: r.notes?.trim() || null,
  }))
}

export async function readLxCatalog(from: string): Promise<LxMajor[] | null> {
  const text = await readIfExists(from, LX_CATALOG)
  return text === null ? null : parseLxCatalog(text)
}

/** TK `specials_lists.json` (gaokao.cn 本科 majors, pre-2024 catalogue). */
export interface TkMajor {
  specialId: number
  code: string
  name: string
  category: string
  className: string
  /** 修业年限 as given: 四年, 五年, 四年，五年 */
  length: string | null
  degree: string | null
  /** yuan/month; null for 0 or blank */
  salary: number | null
  salary5y: number | null
  /** gaokao.cn page views (view_total) */
  views: number | null
}

const positiveInt = (v: unknown): number | null => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : null
}

export function parseTkSpecials(text: string): TkMajor[] {
  const doc = JSON.parse(text) as { data?: Record<string, unknown>[] | { item?: Record<string, unknown>[] } }
  const items = Array.isArray(doc.data) ? doc.data : (doc.data?.item ?? [])
  return items.map((r) => ({
    specialId: Number(r.special_id),
    code: String(r.spcode ?? '').trim(),
    name: String(r.name ?? '').trim(),
    category: String(r.level2_name ?? '').trim(),
    className: String(r.level3_name ?? '').trim(),
    length: String(r.limit_year ?? '').trim() || null,
    degree: String(r.degree ?? '').trim() || null,
    salary: positiveInt(r.salaryavg),
    salary5y: positiveInt(r.fivesalaryavg),
    views: positiveInt(r.view_total),
  }))
}

export async function readTkSpecials(from: string): Promise<TkMajor[] | null> {
  const text = await readIfExists(from, TK_SPECIALS)
  return text === null ? null : parseTkSpecials(text)
}

/**
 * TK `special_info.json`: gaokao.cn's category tree (本科 门类 → 专业类, 专科 大类 → 专业类), `data.id_<n>.item[]`
 * of `{code, name}`. Returns the 专业类 names by their 4-digit code (0101 哲学类, 4102 林业类).
 */
export function parseTkTree(text: string): Map<string, string> {
  type Item = { code?: string; name?: string; spe_id?: string | number }
  const doc = JSON.parse(text) as { data?: Record<string, { root_id?: string | number; item?: Item[] }> }
  const nodes = Object.values(doc.data ?? {})
  const codeOf = new Map<string, string>()
  for (const node of nodes)
    for (const item of node.item ?? []) codeOf.set(String(item.spe_id), String(item.code ?? ''))
  const classes = new Map<string, string>()
  for (const node of nodes) {
    // a class belongs under its parent (the item whose spe_id is the node's root_id): the tree also lists
    // classes of the 2015 catalogue under other parents (5903 食品药品管理类 under 49), which are skipped
    const parent = codeOf.get(String(node.root_id)) ?? ''
    for (const item of node.item ?? []) {
      const code = String(item.code ?? '').trim()
      const name = String(item.name ?? '').trim()
      if (/^\d{4}$/u.test(code) && name && parent && code.startsWith(parent) && !classes.has(code))
        classes.set(code, name)
    }
  }
  return classes
}

export async function readTkTree(from: string): Promise<Map<string, string> | null> {
  const text = await readIfExists(from, TK_TREE)
  return text === null ? null : parseTkTree(text)
}

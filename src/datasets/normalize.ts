import { examModeIn, findProvince, type Province } from '../domain/provinces.js'
import type { RankRow } from './types.js'

/** The five ordinary categories of score_ranks.km. */
export const BASE_KM = ['综合', '物理类', '历史类', '理科', '文科'] as const

const PHYSICS = new Set([
  '物理类',
  '物理',
  '物理组',
  '物理科目组合',
  '物理等科目类',
  '首选物理',
  'physics',
  '理科',
  '理工',
  '理工类',
  '理',
  'science',
])
const HISTORY = new Set([
  '历史类',
  '历史',
  '历史组',
  '历史科目组合',
  '历史等科目类',
  '首选历史',
  'history',
  '文科',
  '文史',
  '文史类',
  '文',
  'liberal',
])
const COMBINED = new Set(['综合', '综合类', '综合改革', 'combined', '不分文理'])

/** NFKC (full-width brackets and digits become ASCII) and trimmed. */
export function cleanLabel(label: string): string {
  return label.normalize('NFKC').replace(/\s+/gu, '').trim()
}

export type BaseTrack = 'physics' | 'history' | 'combined'

/** Which ordinary track a source label denotes, or null for art/sport/other labels. */
export function baseTrack(label: string): BaseTrack | null {
  const s = cleanLabel(label).toLowerCase()
  if (PHYSICS.has(s)) return 'physics'
  if (HISTORY.has(s)) return 'history'
  if (COMBINED.has(s)) return 'combined'
  return null
}

/**
 * Normalised km for an ordinary track, fixed by the exam mode in force that year:
 * 3+3 → 综合; 3+1+2 → 物理类/历史类; 文理 → 理科/文科. A physics/history label in a 3+3 year, or a
 * combined label outside 3+3, cannot be placed and gives null.
 */
export function ordinaryKm(province: Province, year: number, track: BaseTrack): string | null {
  const mode = examModeIn(province, year)
  if (mode === '3+3') return track === 'combined' ? '综合' : null
  if (track === 'combined') return null
  if (mode === '3+1+2') return track === 'physics' ? '物理类' : '历史类'
  return track === 'physics' ? '理科' : '文科'
}

/** The ordinary categories of a province in a year: 物理类 历史类 (3+1+2), 综合 (3+3) or 理科 文科. */
export function ordinaryCategories(province: Province, year: number): string[] {
  return (['physics', 'history', 'combined'] as const).flatMap((t) => ordinaryKm(province, year, t) ?? [])
}

/**
 * Normalised km for any source label. Ordinary labels go through ordinaryKm (so 文/理 labels in a
 * 3+1+2 year become 物理类/历史类 and the other way round). Art/sport labels keep the source's name
 * (NFKC-cleaned, see artName); `subject` (the physics/history split of an art or sport table) is appended in
 * brackets: 体育类(物理), or in a 文理 year 体育类(理).
 */
export function normalizeKm(
  province: Province,
  year: number,
  label: string,
  subject?: string,
): string | null {
  const track = baseTrack(label)
  if (track !== null && subject === undefined) return ordinaryKm(province, year, track)
  const name = artName(cleanLabel(label))
  if (name === '') return null
  if (subject === undefined) return name
  const sub = baseTrack(subject)
  if (sub === null || sub === 'combined') return name
  const mode = examModeIn(province, year)
  const tag = mode === '文理' ? (sub === 'physics' ? '理' : '文') : sub === 'physics' ? '物理' : '历史'
  return `${name}(${tag})`
}

/**
 * Art categories by their official names: LG prefixes 艺术 to them (艺术美术与设计类, 艺术舞蹈类); the
 * prefix is dropped when a category name follows (美术与设计类, 舞蹈类). 艺术类 itself is kept.
 */
export function artName(name: string): string {
  const m = /^艺术(.+类.*)$/u.exec(name)
  return m?.[1] ?? name
}

/** Province by any alias; throws on an unknown name so adapters never invent provinces. */
export function provinceOf(name: string): Province {
  const p = findProvince(name)
  if (!p) throw new Error(`unknown province: ${name}`)
  return p
}

/** The score column of score_ranks: '612' or '<low>-<high>'. */
export function scoreLabel(row: Pick<RankRow, 'scoreLow' | 'scoreHigh'>): string {
  return row.scoreLow === row.scoreHigh ? String(row.scoreLow) : `${row.scoreLow}-${row.scoreHigh}`
}

/** Sort rank of a km value: the ordinary categories first in BASE_KM order, then the rest by code point. */
export function kmOrder(a: string, b: string): number {
  const ia = (BASE_KM as readonly string[]).indexOf(a)
  const ib = (BASE_KM as readonly string[]).indexOf(b)
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib)
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The last bracketed annotation of a name (brackets already ASCII), with what comes before it: ['山东大学', '威海']
 * for 山东大学(威海), ['软件工程', '中外合作办学'] for 软件工程(中外合作办学); null without one.
 */
export function lastAnnotation(n: string): [string, string] | null {
  if (!n.endsWith(')')) return null
  let depth = 0
  for (let i = n.length - 1; i >= 0; i--) {
    if (n[i] === ')') depth++
    else if (n[i] === '(') {
      depth--
      if (depth === 0) return i > 0 ? [n.slice(0, i), n.slice(i + 1, -1)] : null
    }
  }
  return null
}

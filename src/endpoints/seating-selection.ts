import { categoriesOf, levelsOf, type StoredScoreRankRow, tableRows, yearsOf } from '../data/score-ranks.js'
import { profileKm, resolveKm, yearKmList } from '../domain/km.js'
import type { EndpointContext } from './define.js'

/** Which 一分一段 table a seating request means, after the spec's defaults are applied (SPEC 4.1, 4.2). */
export interface SeatingSelection {
  province: string
  /** Years with data for the province, descending */
  years: number[]
  /** Selected year: the requested one, else the latest; undefined when the province has no data */
  year: number | undefined
  /** Categories of the selected year, default first */
  kms: string[]
  /** Selected stored category; the requested name when nothing matched it */
  km: string | undefined
  level: string
  /** The levels stored for the year and category ('' the ordinary table); empty when none was looked up */
  levels?: string[]
  /** The table's rows, highest score first; empty when nothing matched */
  rows: StoredScoreRankRow[]
}

/**
 * `ownKm`: the caller's own category (a token's), the default of a request without km where the year has it (see
 * profileKm); where it has not, the year's default, so that a profile never answers less than anonymity would.
 */
export async function selectSeatingTable(
  ctx: EndpointContext,
  req: { province: string; year?: string; km?: string; level?: string },
  ownKm?: string,
): Promise<SeatingSelection> {
  const { db } = ctx
  const years = await yearsOf(db, req.province)
  const year = req.year !== undefined ? Number(req.year) : years[0]
  const kms = year === undefined ? [] : yearKmList(await categoriesOf(db, req.province, year))
  // Empty km: the caller's category, else the first category of the year. A short form (物理) takes the stored
  // name that has data.
  const km =
    req.km === undefined
      ? ((ownKm === undefined ? undefined : profileKm(ownKm, kms)) ?? kms[0])
      : (resolveKm(req.km, kms) ?? req.km)
  const empty = { province: req.province, years, year, kms, km, level: req.level ?? '', rows: [] }
  if (year === undefined || km === undefined || !kms.includes(km)) return empty
  const levels = await levelsOf(db, req.province, year, km)
  const level = req.level === undefined ? (levels[0] ?? '') : levelOf(req.level, levels)
  if (!levels.includes(level)) return { ...empty, level, levels }
  const rows = await tableRows(db, { province: req.province, year, km, level })
  return { ...empty, level, levels, rows }
}

/**
 * A requested table level as stored: the ordinary table is stored as '' (an undergraduate table beside a 专科
 * one, 广东 2026), so 本科 or 普通 name it where no level of that name is stored.
 */
function levelOf(requested: string, levels: readonly string[]): string {
  const t = requested.trim()
  if (levels.includes(t)) return t
  return ['本科', '普通', '普通表'].includes(t) && levels.includes('') ? '' : t
}

/** The table a selection names, as titles and messages show it: 江苏 2025 物理类, 广东 2026 物理类 (专科). */
export function selectionName(sel: SeatingSelection): string {
  const name = [sel.province, sel.year, sel.km].filter((v) => v !== undefined && v !== '').join(' ')
  return sel.level ? `${name} (${sel.level})` : name
}

/**
 * A selection without rows, said with what there is instead, so that a wrong year, category or level can be put
 * right (北京 has 综合, not 物理; 广东 2026 物理类 has the ordinary table and 专科).
 */
export function noTableMessage(sel: SeatingSelection): string {
  if (sel.years.length === 0) return `${sel.province} 暂无一分一段数据`
  const levels =
    sel.levels?.length && !sel.levels.includes(sel.level)
      ? `; 该科类的分表: ${sel.levels.map((l) => l || '普通表 (不加 --level)').join(' ')}`
      : ''
  return `${selectionName(sel)} 暂无一分一段数据 (有数据的年份: ${sel.years.join(' ')}; ${sel.year ?? ''} 年科类: ${sel.kms.join(' ') || '无'}${levels})`
}

/** SPEC 2.2: score and num are strings, total is a number. */
export const scoreRankRow = (r: StoredScoreRankRow) => ({
  score: r.score,
  num: String(r.num),
  total: r.total,
})

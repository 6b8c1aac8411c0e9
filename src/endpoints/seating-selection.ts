import { categoriesOf, levelsOf, type StoredScoreRankRow, tableRows, yearsOf } from '../data/score-ranks.js'
import { resolveKm, yearKmList } from '../domain/km.js'
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

export async function selectSeatingTable(
  ctx: EndpointContext,
  req: { province: string; year?: string; km?: string; level?: string },
): Promise<SeatingSelection> {
  const { db } = ctx
  const years = await yearsOf(db, req.province)
  const year = req.year !== undefined ? Number(req.year) : years[0]
  const kms = year === undefined ? [] : yearKmList(await categoriesOf(db, req.province, year))
  // Empty km: the first category of the year. A short form (物理) takes the stored name that has data.
  const km = req.km === undefined ? kms[0] : (resolveKm(req.km, kms) ?? req.km)
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

/** SPEC 2.2: score and num are strings, total is a number. */
export const scoreRankRow = (r: StoredScoreRankRow) => ({
  score: r.score,
  num: String(r.num),
  total: r.total,
})

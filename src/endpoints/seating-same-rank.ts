import { earlierTables } from '../data/score-ranks.js'
import { KM_SHORT_FORMS, profileKm } from '../domain/km.js'
import type { Province } from '../domain/provinces.js'
import { scoreAtRank } from '../domain/same-rank.js'
import { scaleOf } from '../domain/score-scale.js'
import type { EndpointContext, TableView } from './define.js'

/**
 * 同位分 beside `seating rank`: the candidate's rank read through each earlier year's table of the same category,
 * so that a family compares a score with the lines of years before by rank, not by score. An extra of ours beside
 * SPEC 2.4's fields (`same_rank`), given only where my_seating is: docs/api.md, Decisions › "What a figure is".
 */

export interface SameRankYear {
  year: number
  /** The category of that year's table: 理科 before a reform for today's 物理类 (SPEC 4.2's short form) */
  km: string
  /** The score (or top band, 657-750) at which that year's cumulative count reached the rank; null below the table */
  score: string | null
  /** The cumulative count of that row: the rank the score stood for */
  total: number | null
  full_score: number
  exam_mode: string
  /** The exam mode (文理, 3+1+2, 3+3) differs from the asked year's: the cohorts and papers are not alike */
  exam_mode_changed: boolean
}

export interface SameRank {
  /** The rank read: the last of the candidate's rank interval (the cumulative count at the score) */
  rank: number
  years: SameRankYear[]
}

/** The same rank in each earlier year with a table of the category (or its counterpart before a reform). */
export async function sameRankScores(
  ctx: EndpointContext,
  province: Province,
  year: number,
  km: string,
  rank: number,
): Promise<SameRank> {
  const asked = scaleOf(province, year)
  // The category and its counterparts across a reform (物理类 and 理科: SPEC 4.2's short form 物理), read at once.
  const family = Object.values(KM_SHORT_FORMS).find((names) => names.includes(km)) ?? [km]
  const rows = await earlierTables(ctx.db, province.name, year, [...new Set([km, ...family])])
  const tables = new Map<number, Map<string, typeof rows>>()
  for (const r of rows) {
    const byTable = tables.get(r.year) ?? new Map<string, typeof rows>()
    const key = `${r.km}\u0000${r.level}`
    const table = byTable.get(key) ?? []
    table.push(r)
    byTable.set(key, table)
    tables.set(r.year, byTable)
  }
  const out: SameRankYear[] = []
  for (const [earlier, byTable] of tables) {
    const kms = [...new Set([...byTable.keys()].map((k) => k.split('\u0000')[0] as string))]
    const then = profileKm(km, kms)
    if (then === undefined) continue
    // The ordinary table ('') where a year has several (广东 2026: 本科 / 专科 tables are separate)
    const levels = [...byTable.keys()].filter((k) => k.startsWith(`${then}\u0000`)).sort()
    const table = byTable.get(levels.includes(`${then}\u0000`) ? `${then}\u0000` : (levels[0] as string))
    const found = table && scoreAtRank(table, rank)
    if (!found) continue
    const scale = scaleOf(province, earlier)
    out.push({
      year: earlier,
      km: then,
      score: found.found ? found.score : null,
      total: found.found ? found.total : null,
      full_score: scale.fullScore,
      exam_mode: scale.mode,
      exam_mode_changed: scale.mode !== asked.mode,
    })
  }
  return { rank, years: out }
}

/** The terminal's small table of 同位分, under the seating table. */
export function sameRankTable(same: SameRank, province: Province, year: number): TableView {
  const today = scaleOf(province, year)
  const rows = same.years.map((y) => {
    const notes: string[] = []
    if (y.exam_mode_changed) notes.push(`${y.exam_mode} (当年考试模式, 今 ${today.mode})`)
    if (y.full_score !== today.fullScore) notes.push(`满分 ${y.full_score} (今 ${today.fullScore})`)
    if (y.score === null) notes.push('表内无此位次')
    return [y.year, y.km, y.score ?? '-', y.total, notes.join('; ')]
  })
  return {
    title: `\n同位分: 位次 ${same.rank} 在往年的分数`,
    head: ['年份', '科类', '同位分', '累计人数', '说明'],
    rows,
    numeric: [3],
    footer: '同位分按位次换算: 与往年批次线、院校分数比较时看同位分, 不看原始分',
  }
}

import type { Db } from '../data/db.js'
import { isEarlierScale } from '../domain/score-scale.js'
import type { LinesChart } from './chart-view.js'
import { type LineFilter, type LineRow, scoreLines } from './queries/score-lines.js'
import { scaleMarks } from './score-scale-note.js'

/** Lines read for a chart: a province's lines over thirteen years are a few hundred */
const CHART_ROWS = 2000
/** Series drawn at most; the others are named in the footer */
const MAX_SERIES = 6
const ORDINARY = ['物理类', '历史类', '理科', '文科', '综合']

/**
 * `score-lines --chart`: each (province, category, batch) line over the years under the filter (every page, not
 * only the one shown). Lines with a value in two years or more, the enabled (is_use 1) ordinary ones first; years
 * of an earlier score scale are marked.
 */
export async function scoreLinesChart(db: Db, filter: LineFilter): Promise<LinesChart | undefined> {
  const { rows } = await scoreLines(db, filter, { page: 1, size: CHART_ROWS, offset: 0 })
  return linesOverYears(rows)
}

/** The chart of a set of lines (pure: tests give rows). */
export function linesOverYears(rows: readonly LineRow[]): LinesChart | undefined {
  const provinces = new Set(rows.map((r) => r.province))
  const byLine = new Map<string, { name: string; rank: number; at: Map<number, number> }>()
  for (const r of rows) {
    const key = `${r.province}|${r.type_name}|${r.name}`
    const name = `${provinces.size > 1 ? `${r.province} ` : ''}${r.type_name} ${r.name}`
    const rank = (r.is_use === 1 ? 0 : 2) + (ORDINARY.includes(r.type_name) ? 0 : 1)
    const line = byLine.get(key) ?? { name, rank, at: new Map<number, number>() }
    line.at.set(r.year, r.score)
    byLine.set(key, line)
  }
  const drawable = [...byLine.values()]
    .filter((l) => l.at.size >= 2)
    .sort((a, b) => a.rank - b.rank || b.at.size - a.at.size)
  if (drawable.length === 0) return undefined
  const shown = drawable.slice(0, MAX_SERIES)
  const years = [...new Set(shown.flatMap((l) => [...l.at.keys()]))].sort((a, b) => a - b)
  const placed = rows
    .filter((r) => years.includes(r.year))
    .map((r) => ({ province: r.province, year: r.year }))
  const note = scaleMarks(placed).footer
  const more = drawable.length - shown.length
  const footer = [
    more > 0 ? `另有 ${more} 条批次线未画 (用 --type-name, --name 或 --province 缩小范围)` : undefined,
    note,
  ].filter(Boolean)
  return {
    kind: 'lines',
    title: '批次线历年走势',
    x: years,
    series: shown.map((l) => ({ name: l.name, values: years.map((y) => l.at.get(y) ?? null) })),
    markedX: years.filter((y) => [...provinces].some((p) => isEarlierScale(p, y))),
    ...(footer.length ? { footer: footer.join('\n') } : {}),
  }
}

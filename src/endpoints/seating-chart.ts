import { parseScoreCell } from '../domain/rank.js'
import type { BarsChart } from './chart-view.js'
import { type SeatingSelection, selectionName } from './seating-selection.js'

/** At most this many bars: the band width grows (10, 20, 50 points) until the table fits */
const MAX_BARS = 32
const BAND_WIDTHS = [5, 10, 20, 50]

interface TableRow {
  score: string
  num: string
  total: number
}

/**
 * `seating rank --chart`: how many candidates per score band, the band of the caller's score marked with its rank
 * and the share of the table above it. A band row of the table (the top 657-750) stays one bar of its own.
 */
export function seatingChart(
  data: { my_seating: { even_num: number; seating_sec: string } | null; arr: TableRow[] },
  selection: SeatingSelection,
  score: number | undefined,
): BarsChart | undefined {
  const rows = data.arr.flatMap((r) => {
    const cell = parseScoreCell(r.score)
    return cell ? [{ ...cell, num: Number(r.num), label: r.score }] : []
  })
  if (rows.length === 0) return undefined
  const singles = rows.filter((r) => r.low === r.high)
  const span = singles.length
    ? Math.max(...singles.map((r) => r.low)) - Math.min(...singles.map((r) => r.low))
    : 0
  const width = BAND_WIDTHS.find((w) => span / w < MAX_BARS) ?? (BAND_WIDTHS.at(-1) as number)
  // A band's scores (689-750) are its own bar: the band below it stops short of it (680-688, not 680-689).
  const bandFloor = Math.min(...rows.filter((r) => r.low !== r.high).map((r) => r.low))
  const bars = new Map<string, { label: string; value: number; low: number; high: number }>()
  for (const r of rows) {
    const low = r.low === r.high ? Math.floor(r.low / width) * width : r.low
    const top = low + width - 1
    const high = r.low === r.high ? (r.low < bandFloor && top >= bandFloor ? bandFloor - 1 : top) : r.high
    const label = r.low === r.high ? `${low}-${high}` : r.label
    const bar = bars.get(label) ?? { label, value: 0, low, high }
    bar.value += r.num
    bars.set(label, bar)
  }
  const last = data.arr[data.arr.length - 1] as TableRow
  const rankTo = data.my_seating ? Number(data.my_seating.seating_sec.split('~')[1]) : undefined
  const share =
    rankTo !== undefined && last.total > 0 ? `表内前 ${((rankTo / last.total) * 100).toFixed(1)}%` : ''
  const chart: BarsChart = {
    kind: 'bars',
    title: `${selectionName(selection)} 分数分布 (每 ${width} 分一段, 共 ${last.total} 人)`,
    unit: ' 人',
    bars: [...bars.values()].map((b) => {
      const mine = score !== undefined && rankTo !== undefined && score >= b.low && score <= b.high
      return mine
        ? {
            label: b.label,
            value: b.value,
            mark: true,
            note: `◀ 本人 ${score} 分, 位次 ${rankTo} (${share})`,
          }
        : { label: b.label, value: b.value }
    }),
  }
  if (score !== undefined && rankTo === undefined)
    chart.footer = `${score} 分不在表内 (表止于 ${last.score} 分): 位次在 ${last.total} 之后`
  return chart
}

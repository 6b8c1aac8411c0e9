import type { BarsChart, ChartView, LinesChart } from '../endpoints/chart-view.js'
import { displayWidth } from './table-fit.js'

/**
 * Terminal charts in plain text (`--chart`): horizontal bars of unicode blocks, and lines over the years on a grid
 * of characters. No dependency and no colour needed: a chart reads the same piped to a file or printed.
 */

/** Width a chart takes when the terminal does not say (piped output) */
const DEFAULT_WIDTH = 80
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']
/** One marker per series, in legend order */
const MARKERS = ['●', '▲', '■', '◆', '✚', '○', '△', '□']
const LINE_HEIGHT = 12

const padEnd = (s: string, width: number): string => s + ' '.repeat(Math.max(0, width - displayWidth(s)))
const padStart = (s: string, width: number): string => ' '.repeat(Math.max(0, width - displayWidth(s))) + s

export function renderChart(view: ChartView, width = DEFAULT_WIDTH): string {
  const lines = view.kind === 'bars' ? barLines(view, width) : lineChartLines(view, width)
  return `${[view.title, ...lines, ...(view.footer ? [view.footer] : [])].join('\n')}\n`
}

/** A bar `value / max` of `cells` columns, in eighths of a column. */
export function bar(value: number, max: number, cells: number): string {
  if (max <= 0 || value <= 0) return ''
  const eighths = Math.max(1, Math.round((value / max) * cells * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '')
}

function barLines(view: BarsChart, width: number): string[] {
  const labelWidth = Math.max(0, ...view.bars.map((b) => displayWidth(b.label)))
  const values = view.bars.map((b) => String(b.value))
  const valueWidth = Math.max(0, ...values.map((v) => v.length))
  const noteWidth = Math.max(0, ...view.bars.map((b) => (b.note ? displayWidth(b.note) + 1 : 0)))
  const cells = Math.max(10, Math.min(50, width - labelWidth - valueWidth - noteWidth - 6))
  const max = Math.max(0, ...view.bars.map((b) => b.value))
  return view.bars.map((b, i) => {
    const head = `${b.mark ? '▶' : ' '} ${padEnd(b.label, labelWidth)} │`
    const body = padEnd(bar(b.value, max, cells), cells)
    const unit = view.unit && b.value === max ? view.unit : ''
    return `${head}${body} ${padStart(values[i] as string, valueWidth)}${unit}${b.note ? ` ${b.note}` : ''}`.trimEnd()
  })
}

function lineChartLines(view: LinesChart, width: number): string[] {
  const all = view.series.flatMap((s) => s.values.filter((v): v is number => v !== null))
  if (all.length === 0 || view.x.length === 0) return ['(没有可画的数值)']
  let lo = Math.min(...all)
  let hi = Math.max(...all)
  if (hi === lo) {
    lo -= 5
    hi += 5
  }
  const marked = new Set(view.markedX ?? [])
  const xLabels = view.x.map((x) => `${x}${marked.has(x) ? '*' : ''}`)
  const yLabelWidth = Math.max(String(hi).length, String(lo).length)
  const room = Math.max(20, width - yLabelWidth - 3)
  const step =
    view.x.length === 1
      ? 1
      : Math.max(
          Math.max(...xLabels.map(displayWidth)) + 1,
          Math.min(10, Math.floor((room - 1) / (view.x.length - 1))),
        )
  const plotWidth = (view.x.length - 1) * step + 1
  const grid = Array.from({ length: LINE_HEIGHT }, () => Array<string>(plotWidth).fill(' '))
  const rowOf = (v: number) => Math.round(((hi - v) / (hi - lo)) * (LINE_HEIGHT - 1))
  view.series.forEach((s, k) => {
    const points = s.values.flatMap((v, i) => (v === null ? [] : [{ col: i * step, row: rowOf(v) }]))
    // The segments between two known years first, then the markers over them.
    for (let p = 1; p < points.length; p++) {
      const a = points[p - 1] as { col: number; row: number }
      const b = points[p] as { col: number; row: number }
      for (let c = a.col + 1; c < b.col; c++) {
        const r = Math.round(a.row + ((b.row - a.row) * (c - a.col)) / (b.col - a.col))
        const line = grid[r] as string[]
        if (line[c] === ' ') line[c] = '·'
      }
    }
    for (const { col, row } of points) (grid[row] as string[])[col] = MARKERS[k % MARKERS.length] as string
  })
  const labelRows = new Map([
    [0, String(hi)],
    [LINE_HEIGHT - 1, String(lo)],
    [Math.floor((LINE_HEIGHT - 1) / 2), String(Math.round((hi + lo) / 2))],
  ])
  const body = grid.map((cells, r) => {
    const label = labelRows.get(r)
    return `${padStart(label ?? '', yLabelWidth)} ${label ? '┤' : '│'}${cells.join('')}`.trimEnd()
  })
  const axis = `${' '.repeat(yLabelWidth)} └${'─'.repeat(plotWidth)}`
  let xLine = ' '.repeat(yLabelWidth + 2)
  xLabels.forEach((label, i) => {
    const at = yLabelWidth + 2 + i * step
    xLine = padEnd(xLine, at) + label
  })
  const legend = view.series.map((s, k) => {
    const known = s.values.filter((v): v is number => v !== null)
    const last = known[known.length - 1]
    return `  ${MARKERS[k % MARKERS.length]} ${s.name}${last === undefined ? '' : ` (最近 ${last})`}`
  })
  return [...body, axis, xLine, ...legend]
}

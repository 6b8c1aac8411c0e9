/**
 * What a terminal chart shows (`--chart` on the CLI), as TableView says what a table shows: the endpoint's
 * definition chooses the figures, src/cli/render-chart.ts draws them in plain text. Never on the wire.
 */

/** One bar per label: a distribution (how many candidates per score band). */
export interface BarsChart {
  kind: 'bars'
  title: string
  bars: { label: string; value: number; note?: string; mark?: boolean }[]
  /** What a bar counts, printed beside the largest: 人 */
  unit?: string
  footer?: string
}

/** Lines over the years: each series a value per x (null: no value that year). */
export interface LinesChart {
  kind: 'lines'
  title: string
  /** The x values, in order (years) */
  x: (number | string)[]
  series: { name: string; values: (number | null)[] }[]
  /** x labels to mark (a year of another score scale): drawn with a * */
  markedX?: (number | string)[]
  footer?: string
}

export type ChartView = BarsChart | LinesChart

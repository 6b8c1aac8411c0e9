import type { Command } from 'commander'
import type { AnyEndpoint, EndpointContext } from '../endpoints/define.js'
import type { Outcome } from '../endpoints/invoke.js'
import { badRequest } from '../errors.js'
import type { CliIo } from './io.js'
import { renderChart } from './render-chart.js'

/** `--chart` on a command whose endpoint draws one (EndpointDef.chart; the manifest's `chart`). */
export function addChartOption(cmd: Command): void {
  cmd.option('--chart', '在表格下画出图表 (纯文本, 终端查看)')
}

/** A chart is drawn under the terminal table only: JSON, NDJSON and CSV stay what a script reads. */
export function checkChartFormat(chart: unknown, format: string): void {
  if (chart === true && format !== 'table')
    throw badRequest(`--chart 只用于终端表格, 不能与 --format ${format} 同用`)
}

/** The chart text to print under the table; empty when the endpoint has nothing to draw for this answer. */
export async function chartText(
  def: AnyEndpoint,
  outcome: Outcome,
  ctx: EndpointContext,
  io: CliIo,
): Promise<string> {
  if (!def.chart) return ''
  // An answer the terminal says in one line (nothing matched) has nothing to draw either.
  if (def.emptyMessage?.(outcome.data, outcome.input, outcome.view)) return ''
  const view = await def.chart(outcome.data, outcome.input, ctx, outcome.view)
  return view ? `\n${renderChart(view, io.columns)}` : ''
}

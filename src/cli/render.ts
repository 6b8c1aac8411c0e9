import type { TableView } from '../endpoints/define.js'
import { fitToWidth } from './table-fit.js'

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const
export type Format = (typeof FORMATS)[number]

/** JSON exactly as the HTTP API sends it; indented on a terminal for reading. */
export function renderJson(body: unknown, pretty: boolean): string {
  return `${JSON.stringify(body, null, pretty ? 2 : undefined)}\n`
}

export function renderNdjson(records: readonly Record<string, unknown>[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('')
}

/**
 * RFC 4180 CSV; a UTF-8 byte-order mark first so that spreadsheet programs read Chinese correctly. Text that a
 * spreadsheet would run as a formula (`=HYPERLINK(…)` in an anonymous feedback) is written with a leading `'`,
 * as OWASP advises against CSV injection; numbers, negative ones included, stay numbers.
 */
export function renderCsv(records: readonly Record<string, unknown>[], bom: boolean): string {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))]
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return ''
    const raw = typeof v === 'object' ? JSON.stringify(v) : String(v)
    const s = typeof v === 'string' && FORMULA_START.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
  }
  const lines = [columns.map(cell).join(','), ...records.map((r) => columns.map((c) => cell(r[c])).join(','))]
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`
}

const FORMULA_START = /^[=+\-@\t\r]/
const NUMBER = /^[+-]?\d+(\.\d+)?%?$/

/** No rule between body rows: a 600-row 一分一段 table stays readable. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' }

/**
 * Terminal tables; cli-table3 and chalk are loaded only when a table is drawn. A table wider than the terminal
 * has its widest columns wrapped (fitToWidth). Without a terminal width (output piped to a file, grep or less)
 * nothing is wrapped or cut, so that every value can be searched whole.
 */
export async function renderTables(
  views: readonly TableView[],
  color: boolean,
  width = Number.POSITIVE_INFINITY,
): Promise<string> {
  const [{ default: Table }, { Chalk }] = await Promise.all([import('cli-table3'), import('chalk')])
  const chalk = new Chalk({ level: color ? 1 : 0 })
  const out: string[] = []
  for (const view of views) {
    if (view.title) out.push(chalk.bold(view.tone ? chalk[view.tone](view.title) : view.title))
    if (view.head.length > 0) {
      const numeric = new Set(view.numeric ?? [])
      const raw = view.rows.map((row) => row.map((c) => (c === null || c === undefined ? '' : String(c))))
      const { head, cells } = Number.isFinite(width)
        ? fitToWidth(view.head, raw, numeric, width)
        : { head: view.head, cells: raw }
      const table = new Table({
        head: head.map((h) => chalk.cyan(h)),
        style: { head: [], border: [] },
        chars: COMPACT,
        colAligns: view.head.map((_, i) => (numeric.has(i) ? 'right' : 'left')),
      })
      for (const row of cells) table.push(row)
      out.push(table.toString())
    }
    if (view.footer) out.push(chalk.dim(view.footer))
  }
  return `${out.join('\n')}\n`
}

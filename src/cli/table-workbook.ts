import type { TableView } from '../endpoints/define.js'
import type { CellValue, SheetSpec } from '../features/smart-match/workbook.js'
import { workbookBytes } from '../features/smart-match/workbook-file.js'

/**
 * `--out 文件.xlsx` of a command whose endpoint has no workbook of its own (all but smart-match): the tables the
 * terminal shows, one sheet each, with their Chinese column heads, their title above and their footer below, so
 * that a counsellor takes away what they read. Numbers stay numbers; nothing is recomputed.
 */
export async function tablesWorkbook(views: readonly TableView[], empty?: string): Promise<Uint8Array> {
  const names = new Set<string>()
  const sheets = views.filter((v) => v.head.length > 0).map((v, i) => sheetOf(v, i, names))
  const first = sheets[0]
  if (empty && first) first.rows.push([], [empty])
  if (sheets.length === 0) sheets.push(textSheet([empty ?? '没有记录', ...views.map((v) => v.footer ?? '')]))
  return workbookBytes(sheets)
}

function sheetOf(view: TableView, index: number, names: Set<string>): SheetSpec {
  const rows: CellValue[][] = []
  if (view.title) rows.push([view.title])
  rows.push(view.head)
  for (const row of view.rows)
    rows.push(row.map((c) => (c === null || c === undefined ? null : typeof c === 'number' ? c : String(c))))
  if (view.footer) rows.push([], ...view.footer.split('\n').map((line) => [line]))
  return {
    name: sheetName(view.title ?? `表${index + 1}`, names),
    rows,
    widths: view.head.map((h, c) => {
      // a loop, not Math.max(...rows): a list of 100,000 rows is more arguments than a call takes
      let widest = Math.max(6, displayWidth(h))
      for (const r of view.rows) widest = Math.max(widest, longestLine(r[c]))
      return Math.min(40, widest + 2)
    }),
    headRows: view.title ? 2 : 1,
    percentColumns: [],
    sectionRows: [],
  }
}

function textSheet(lines: readonly string[]): SheetSpec {
  return {
    name: '结果',
    rows: lines.filter((l) => l !== '').map((l) => [l]),
    widths: [80],
    headRows: 0,
    percentColumns: [],
    sectionRows: [],
  }
}

/** A sheet's name as Excel takes it: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(title: string, used: Set<string>): string {
  const base =
    title
      .replace(/[:\\/?*[\]]/gu, ' ')
      .trim()
      .slice(0, 28) || '表'
  let name = base
  for (let n = 2; used.has(name); n++) name = `${base} ${n}`
  used.add(name)
  return name
}

/** The width of a cell's longest line, a CJK character counting two. */
function longestLine(cell: unknown): number {
  if (cell === null || cell === undefined) return 0
  return Math.max(...String(cell).split('\n').map(displayWidth))
}

const displayWidth = (text: string): number => {
  let w = 0
  for (const ch of text) w += /[\u1100-\uffff]/u.test(ch) ? 2 : 1
  return w
}

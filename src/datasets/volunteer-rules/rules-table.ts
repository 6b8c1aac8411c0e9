import { type CsvRecord, DataFileError, once, readCsv } from '../data-files.js'
import type { RuleBatch, RulesRow } from './types.js'

/**
 * ../shared/data/RULES.md, section "Table", transcribed in two CSV files beside this loader (README.md):
 *
 * - `rules.csv`: one line per row of the table, `row` (0, 1, ... in the order of RULES.md), the row's eleven
 *   cells verbatim (province, year, exam_mode, batch, volunteer_mode, max_choices, max_majors_per_choice,
 *   full_score, source, parallel, notes) and `reading`, a remark on how the row was read (e.g. why it gives no
 *   batch).
 * - `rules-batches.csv`: the reading of the rows, by hand: one line per batch with known numbers and the years
 *   the row states (a year range the row calls "same" is expanded), and `unknown` lines (with the reason) for the
 *   batches and years the row marks `?` (never filled in, not even from another row or from G). `row` and
 *   `province` name the row of rules.csv; the lines of a row follow each other, rows in order.
 *
 * batch names: the names clients of smart-match and the plans table use (本科批, 本科提前批, 专科批,
 * 本科一批 / 本科二批 in 文理 years, 普通类一段 / 普通类二段 in 浙江 and 山东); a sub-batch that is not the
 * main one keeps its segment (本科提前批A段, 本科批B阶段). The row's own batch name is kept as `local`.
 */

const RULES_FILE = 'src/datasets/volunteer-rules/rules.csv'
const BATCHES_FILE = 'src/datasets/volunteer-rules/rules-batches.csv'

const CELL_COLUMNS = [
  'province',
  'year',
  'exam_mode',
  'batch',
  'volunteer_mode',
  'max_choices',
  'max_majors_per_choice',
  'full_score',
  'source',
  'parallel',
  'notes',
] as const
const BATCH_COLUMNS = [
  'row',
  'province',
  'batch',
  'local',
  'years',
  'volunteer_type',
  'volunteer_num_max',
  'major_num_max',
  'note',
  'unknown',
] as const

type Batch = CsvRecord<(typeof BATCH_COLUMNS)[number]>

/** `2020-2026 2028` → 2020, ..., 2026, 2028: years and ranges separated by spaces, ascending. */
function parseYears(text: string, fail: (m: string) => never): number[] {
  const years: number[] = []
  const tokens = text.split(' ')
  if (text === '' || tokens.some((t) => t === ''))
    fail(`years "${text}": years or ranges separated by one space`)
  for (const t of tokens) {
    const m = /^(\d{4})(?:-(\d{4}))?$/u.exec(t)
    if (!m) fail(`years "${text}": "${t}" is not a year (2024) or a range (2020-2026)`)
    const from = Number(m[1])
    const to = m[2] === undefined ? from : Number(m[2])
    if (m[2] !== undefined && to <= from) fail(`years "${text}": the range ${t} does not go up`)
    for (let y = from; y <= to; y++) {
      if (years.length > 0 && y <= (years.at(-1) as number)) fail(`years "${text}": not ascending`)
      years.push(y)
    }
  }
  return years
}

/** A positive integer cell, or undefined for an empty one. */
function int(
  b: Batch,
  column: 'volunteer_type' | 'volunteer_num_max' | 'major_num_max',
  fail: (m: string) => never,
) {
  const v = b.cells[column]
  if (v === '') return undefined
  if (!/^[1-9]\d*$/u.test(v)) fail(`${column} "${v}" is not a positive integer`)
  return Number(v)
}

function batchOf(file: string, b: Batch): RuleBatch {
  const fail = (m: string): never => {
    throw new DataFileError(`${file}:${b.line}: ${m}`)
  }
  const { batch, local, note, unknown } = b.cells
  if (batch === '') fail('batch is empty')
  const years = parseYears(b.cells.years, fail)
  const volunteerType = int(b, 'volunteer_type', fail)
  const volunteerNumMax = int(b, 'volunteer_num_max', fail)
  const majorNumMax = int(b, 'major_num_max', fail)
  if (unknown !== '') {
    // the row marks this batch `?`: no numbers, nothing read
    if (
      local !== '' ||
      note !== '' ||
      [volunteerType, volunteerNumMax, majorNumMax].some((v) => v !== undefined)
    )
      fail('an unknown line has only row, province, batch, years and unknown (the reason)')
    return { batch, local: '', years, unknown }
  }
  if (local === '') fail("local (the row's own batch name) is empty")
  if (volunteerType === undefined || volunteerType > 3) fail('volunteer_type must be 1, 2 or 3')
  if (volunteerNumMax === undefined) fail('volunteer_num_max is empty (or give the reason in unknown)')
  if (majorNumMax === undefined) fail('major_num_max is empty (or give the reason in unknown)')
  return {
    batch,
    local,
    years,
    volunteerType: volunteerType as 1 | 2 | 3,
    volunteerNumMax: volunteerNumMax as number,
    majorNumMax: majorNumMax as number,
    ...(note ? { note } : {}),
  }
}

/** The two files read (paths relative to the package root, or absolute); rulesRows() reads the checked-in ones. */
export function loadRulesRows(rulesFile = RULES_FILE, batchesFile = BATCHES_FILE): readonly RulesRow[] {
  const rows = readCsv(rulesFile, ['row', ...CELL_COLUMNS, 'reading']).map((r, i) => {
    const fail = (m: string): never => {
      throw new DataFileError(`${rulesFile}:${r.line}: ${m}`)
    }
    if (r.cells.row !== String(i)) fail(`row "${r.cells.row}", expected ${i} (rows are numbered 0, 1, ...)`)
    for (const c of CELL_COLUMNS)
      if (r.cells[c] === '') fail(`${c} is empty (RULES.md writes — or ?, never nothing)`)
    const cells = CELL_COLUMNS.map((c) => r.cells[c]) as unknown as RulesRow['cells']
    return { cells, batches: [] as RuleBatch[] }
  })
  let last = -1
  for (const b of readCsv(batchesFile, BATCH_COLUMNS)) {
    const fail = (m: string): never => {
      throw new DataFileError(`${batchesFile}:${b.line}: ${m}`)
    }
    const i = /^\d+$/u.test(b.cells.row) ? Number(b.cells.row) : -1
    const row = rows[i]
    if (!row) return fail(`row "${b.cells.row}" is not a row of ${rulesFile}`)
    if (row.cells[0] !== b.cells.province)
      fail(`row ${i} of ${rulesFile} is ${row.cells[0]}, not "${b.cells.province}"`)
    if (i < last) fail(`row ${i} after row ${last} (keep the lines in the order of the rows)`)
    last = i
    row.batches.push(batchOf(batchesFile, b))
  }
  return rows
}

/** The rows of the RULES.md table with their reading (read once; DataFileError when a file is malformed). */
export const rulesRows: () => readonly RulesRow[] = once(() => loadRulesRows())

import { decodeText, parseDelimited } from '../../datasets/import/read-delimited.js'
import { ImportInputError } from '../../datasets/import/read-error.js'
import { badRequest } from '../../errors.js'
import { checkInputFromSmartMatch, isSmartMatchOutput, type ListFromFile } from './from-smart-match.js'
import { workbookCandidate } from './from-workbook.js'
import { choiceOf, majorsWithCodes, parseChoices, splitMajors } from './input.js'
import type { ChoiceInput } from './model/match.js'

/**
 * A 志愿表 from a file, for `gaokao check <file>` (the CLI reads the bytes and passes them here): .csv / .tsv / .txt
 * (UTF-8 with or without BOM, else GB18030, what Excel on Chinese Windows saves), .xlsx (its first sheet, through
 * read-excel-file; in a workbook smart-match wrote, its 说明 sheet gives the candidate: from-workbook.ts) or .json
 * (smart-match's `--json` output, or the check's own `choices`). A table's header names its columns (院校 / 院校名称
 * / 学校, 院校代码, 院校代号, 专业组 / 专业组代码 / 专业组代号 / 院校专业组代码, 专业 or 专业1 … 专业6 / 专业名称1 …,
 * 专业代号 or 专业代号1 …, 调剂 / 服从调剂, 序号; or the English field names); title rows above the header are skipped,
 * and a 序号 column puts the choices in its order. A choice may take one row per major: the rows after its first that
 * repeat its 序号 and unit, or leave the school blank (merged cells), add their majors to it; other rows without a
 * school are not checked, and the notes say so.
 */

export type { ListFromFile }

/** The kind of file by its name's extension. */
export function fileKind(name: string): 'csv' | 'xlsx' | 'json' | undefined {
  const ext = /\.([a-z0-9]+)$/iu.exec(name)?.[1]?.toLowerCase()
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv'
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx'
  if (ext === 'json') return 'json'
  return undefined
}

export async function readChoicesFile(name: string, bytes: Uint8Array): Promise<ListFromFile> {
  const kind = fileKind(name)
  if (kind === 'json') return parseChoicesJson(fileText(bytes, name))
  if (kind === 'csv') return readTable(csvRows(bytes, name))
  if (kind === 'xlsx') {
    const table = readTable(await readXlsxRows(bytes))
    const candidate = workbookCandidate(await readXlsxRows(bytes, 2).catch(() => []))
    return candidate ? { ...table, candidate } : table
  }
  throw badRequest(`${name}: 不支持的文件类型; 志愿表请用 .csv .xlsx 或 .json`)
}

/** The text of a list file: the dataset import's decoder (UTF-8, UTF-16 with BOM, else GB18030). */
function fileText(bytes: Uint8Array, name: string): string {
  try {
    return decodeText(Buffer.from(bytes))
  } catch (err) {
    if (err instanceof ImportInputError) throw badRequest(`${name}: ${err.message}`)
    throw err
  }
}

/**
 * The rows of a delimited list file, read as the dataset import reads a CSV (comma, tab or semicolon; RFC 4180
 * quotes), so that a table a data person exports reads the same in both places.
 */
export function csvRows(bytes: Uint8Array, name: string): string[][] {
  return parseDelimited(fileText(bytes, name))
}

/** The rows of a sheet (the first by default), every cell as trimmed text, empty rows left out. */
async function readXlsxRows(bytes: Uint8Array, sheet = 1): Promise<string[][]> {
  const lib = await import('read-excel-file/node')
  let data: unknown[][]
  try {
    data = (await lib.readSheet(Buffer.from(bytes), sheet)) as unknown[][]
  } catch {
    throw badRequest('不是可读的 .xlsx 工作簿 (旧的 .xls 请另存为 .xlsx 或 .csv)')
  }
  return data
    .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim())))
    .filter((r) => r.some((c) => c !== ''))
}

const HEADER: Record<string, readonly string[]> = {
  school: ['院校', '院校名称', '学校', '学校名称', '高校', '院校全称', 'school', 'school_name', 'schoolname'],
  code: ['院校代码', '学校代码', '院校编码', 'school_code', 'code'],
  // the province's own code on its 志愿表 (湖北 A143, 江苏 5202), not the ministry's 院校代码: found among the codes
  // of the province's plan, where a source gives them
  local: ['院校代号', '学校代号', 'local_school_code'],
  id: ['school_id', 'sid', '院校id'],
  // 代号 is what the provinces' own forms call a group's code (湖北's 志愿草表: 专业组代号); 湖北's form asks for the
  // 院校专业组代码 whole (A14305: 院校代号 A143 and group 05), which the matching splits
  group: [
    '专业组',
    '专业组代码',
    '专业组代号',
    '院校专业组',
    '院校专业组代号',
    '院校专业组代码',
    '专业组号',
    '专业组编号',
    'group',
    'sg_name',
  ],
  major: ['专业', '专业名称', '所填专业', 'majors', 'major'],
  tiaoji: ['调剂', '服从调剂', '是否服从调剂', '专业调剂', '是否调剂', 'tiaoji'],
  order: ['序号', '志愿序号', '志愿顺序', '顺序', '志愿号', 'index', 'no'],
}

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/gu, '').toLowerCase()

const NUMBERED = '[0-9一二三四五六七八九十]+'

/**
 * What a header cell names: a known column, a numbered major (专业1 … 专业6, 专业一) or a 专业代号 (the province's
 * code of a major, 专业代号1 or one 专业代号 cell of several: not the ministry's 专业代码, 080901, which it does not
 * read).
 */
function columnOf(cell: string): keyof typeof HEADER | 'majorN' | 'majorCode' | undefined {
  const c = norm(cell)
  for (const [key, names] of Object.entries(HEADER)) if (names.includes(c)) return key as keyof typeof HEADER
  // 专业1 … 专业6, 第1专业, and the forms' 专业名称1 / 专业1名称 (beside their 专业代号1)
  if (
    new RegExp(`^(专业|专业名称|major)${NUMBERED}$`, 'u').test(c) ||
    new RegExp(`^第${NUMBERED}专业(名称)?$`, 'u').test(c) ||
    new RegExp(`^专业${NUMBERED}名称$`, 'u').test(c)
  )
    return 'majorN'
  if (
    new RegExp(`^专业代号(${NUMBERED})?$`, 'u').test(c) ||
    new RegExp(`^(专业${NUMBERED}|第${NUMBERED}专业)代号$`, 'u').test(c) ||
    c === 'major_codes'
  )
    return 'majorCode'
  return undefined
}

/** The choices of a table: its header row (the first naming a school column), then one choice per row. */
export const choicesFromRows = (rows: readonly (readonly string[])[]): ChoiceInput[] =>
  readTable(rows).choices

/** Columns that say which school (or, 湖北's 院校专业组代码, which school and group) a row is */
const SAYS_WHERE = new Set<string | undefined>(['school', 'code', 'local', 'group'])

/**
 * The choices of a table and what the reader did that the family should hear of: rows put in their 序号's order
 * (平行志愿 are filed by it, whatever the rows' order), a 序号 given twice, rows without one, rows that say no
 * school and are no choice's further majors (not checked).
 */
export function readTable(rows: readonly (readonly string[])[]): { choices: ChoiceInput[]; notes: string[] } {
  const at = rows.findIndex((r) => r.some((c) => SAYS_WHERE.has(columnOf(c))))
  if (at < 0) throw badRequest('志愿表中找不到表头: 应有 "院校" (或 院校名称、院校代码、院校代号) 一列')
  const header = (rows[at] as readonly string[]).map(columnOf)
  const col = (key: string) => header.indexOf(key as never)
  const nameCols = header.map((h, i) => (h === 'major' || h === 'majorN' ? i : -1)).filter((i) => i >= 0)
  const codeCols = header.map((h, i) => (h === 'majorCode' ? i : -1)).filter((i) => i >= 0)
  const out: Numbered[] = []
  const skipped: string[] = []
  let last: { order: string; unit: string; choice: ChoiceInput } | undefined
  rows.slice(at + 1).forEach((row, i) => {
    const cell = (key: string) => (col(key) >= 0 ? (row[col(key)] ?? '').trim() : '')
    const { majors, majorCodes } = rowMajors(row, nameCols, codeCols)
    const school = cell('school') || cell('code') || cell('local')
    const unit = `${school}|${cell('id')}|${cell('group')}`
    // One row per major (smart-match's own CSV, or a sheet whose merged cells leave the school blank below its
    // first row): a row that repeats the previous row's 序号 and unit, or names majors only, adds its majors to
    // that choice instead of being a choice of its own.
    const continues =
      last !== undefined &&
      majors.length > 0 &&
      (unit === '||' || (cell('order') !== '' && cell('order') === last.order && unit === last.unit))
    if (continues && last) {
      const before = last.choice.majors ?? []
      const merged = majorsWithCodes(
        [...before, ...majors],
        [...(last.choice.majorCodes ?? before.map(() => '')), ...(majorCodes ?? majors.map(() => ''))],
      )
      last.choice.majors = merged.majors
      if (merged.majorCodes) last.choice.majorCodes = merged.majorCodes
      return
    }
    const choice = choiceOf({
      school: cell('school'),
      school_code: cell('code'),
      local_school_code: cell('local'),
      school_id: cell('id'),
      group: cell('group'),
      majors,
      ...(majorCodes ? { major_codes: majorCodes } : {}),
      tiaoji: cell('tiaoji'),
    })
    if (!choice) {
      // a row that says something of a choice but not its school is not checked: said, never dropped unseen
      if (cell('group') !== '' || (majors.length > 0 && last === undefined))
        skipped.push(
          [cell('order') && `序号 ${cell('order')}`, cell('group'), ...majors].filter(Boolean).join(' '),
        )
      return
    }
    last = { order: cell('order'), unit, choice }
    const order = Number(cell('order'))
    out.push({ order: cell('order') !== '' && Number.isFinite(order) ? order : Number.NaN, row: i, choice })
  })
  if (out.length === 0) throw badRequest('志愿表中没有志愿 (表头下没有填了院校的行)')
  const notes = orderNotes(out)
  if (skipped.length > 0) notes.push(`这些行没有填院校, 未检查: ${skipped.join('; ')}`)
  // rows without a 序号 keep their place after the numbered ones, in the table's order
  const key = (x: Numbered) => (Number.isNaN(x.order) ? Number.POSITIVE_INFINITY : x.order)
  return { choices: out.sort((a, b) => key(a) - key(b) || a.row - b.row).map((x) => x.choice), notes }
}

/**
 * A row's majors and their 专业代号: 专业1 beside 专业代号1 when the table numbers both alike (a name left blank is
 * its code's major), else the names in order with the codes in order (smart-match's workbook: one 专业代号 cell,
 * 01、03、05, for 专业1 … 专业3).
 */
function rowMajors(
  row: readonly string[],
  nameCols: readonly number[],
  codeCols: readonly number[],
): { majors: string[]; majorCodes?: string[] } {
  const cells = (cols: readonly number[]) =>
    cols.map((c) => splitMajors(row[c] ?? '').filter((m) => m !== ''))
  const names = cells(nameCols)
  const codes = cells(codeCols)
  if (codeCols.length === 0) return { majors: names.flat() }
  if (nameCols.length !== codeCols.length) return majorsWithCodes(names.flat(), codes.flat())
  const pairs = names.map((n, k) => majorsWithCodes(n, codes[k] ?? []))
  const majors = pairs.flatMap((p) => p.majors)
  const majorCodes = pairs.flatMap((p) => p.majorCodes ?? p.majors.map(() => ''))
  return majorCodes.some((c) => c !== '') ? { majors, majorCodes } : { majors }
}

/** A choice of a table with its 序号 (NaN when blank) and its place among the table's rows */
interface Numbered {
  order: number
  row: number
  choice: ChoiceInput
}

/**
 * What the 序号 column does to the choices' order, said so that nobody files a list in an order they did not mean.
 * A choice is named by its 序号 and school, not by a line number: a spreadsheet's empty rows are not read.
 */
function orderNotes(out: readonly Numbered[]): string[] {
  const name = (x: Numbered) =>
    `${Number.isNaN(x.order) ? '' : `${x.order} `}${x.choice.school}${x.choice.group ? ` ${x.choice.group}` : ''}`
  const numbered = out.filter((x) => !Number.isNaN(x.order))
  if (numbered.length === 0) return []
  const notes: string[] = []
  const moved = numbered.findIndex((x, i) => i > 0 && x.order < (numbered[i - 1] as Numbered).order)
  if (moved > 0)
    notes.push(
      `表中的志愿不是按序号排列的 (序号 ${name(numbered[moved] as Numbered)} 在 ${name(numbered[moved - 1] as Numbered)} 之后): 已按序号的先后检查, 平行志愿按序号投档`,
    )
  const byOrder = new Map<number, Numbered[]>()
  for (const x of numbered) byOrder.set(x.order, [...(byOrder.get(x.order) ?? []), x])
  const twice = [...byOrder.values()].filter((same) => same.length > 1)
  if (twice.length > 0)
    notes.push(
      `序号重复: ${twice.map((same) => same.map(name).join(' 与 ')).join('; ')}; 同一序号的按表中先后检查`,
    )
  const blank = out.filter((x) => Number.isNaN(x.order))
  if (blank.length > 0) notes.push(`没有序号的志愿排在有序号的之后检查: ${blank.map(name).join('、')}`)
  return notes
}

/** A JSON list: smart-match's answer (envelope or data), `{ choices, ... }`, or an array of choices. */
export function parseChoicesJson(text: string): ListFromFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw badRequest('不是合法的 JSON 文件')
  }
  if (isSmartMatchOutput(json)) return checkInputFromSmartMatch(json)
  if (Array.isArray(json)) return { choices: parseChoices(json) }
  if (json && typeof json === 'object') {
    const o = json as Record<string, unknown>
    const { choices, ...rest } = o
    return { choices: parseChoices(choices), candidate: candidateFields(rest) }
  }
  throw badRequest('JSON 文件中没有志愿表 (应为 smart-match 的输出, 或含 choices 数组)')
}

/** The candidate's fields a JSON list may carry beside its choices (the check's request fields). */
function candidateFields(o: Record<string, unknown>): ListFromFile['candidate'] {
  const out: NonNullable<ListFromFile['candidate']> = {}
  for (const key of ['province', 'batch', 'rank_year', 'rank', 'score', 'subject', 'xuanke'] as const) {
    const v = o[key]
    if (typeof v === 'string' || typeof v === 'number') out[key] = v
  }
  return out
}

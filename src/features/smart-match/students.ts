import type { SheetRows } from '../../datasets/import/read-error.js'
import { badRequest } from '../../errors.js'
import { STRATEGIES } from './model/strategies.js'

/**
 * A class's students for `gaokao smart-match batch students.csv`: one student per row, the smart-match inputs as
 * columns named in Chinese or English (STUDENT_COLUMNS; docs/guide.md lists them). The rows come from the dataset
 * import's reader of delimited text (decodeText, parseDelimited); this module only reads the header and the cells,
 * and keeps each row's line in the file, which every message names.
 */

export type StudentField =
  | 'name'
  | 'province'
  | 'score'
  | 'rank'
  | 'subject'
  | 'xuanke'
  | 'batch'
  | 'rank_year'
  | 'type'
  | 'school_provinces'
  | 'school_level'
  | 'public_only'
  | 'major_keyword'
  | 'exclude_obligated'

/** The header names of each column; compared without spaces, case or full-width forms. */
export const STUDENT_COLUMNS: Readonly<Record<StudentField, readonly string[]>> = {
  name: ['姓名', '学生姓名', '考生姓名', '名字', 'name', 'student'],
  province: ['省份', '省', '生源地', '生源省份', '高考省份', 'province'],
  score: ['分数', '成绩', '总分', '高考分数', '高考成绩', 'score'],
  rank: ['位次', '排名', '全省位次', '省排名', 'rank'],
  subject: ['科类', '首选科目', '首选', 'subject', 'category'],
  xuanke: ['选科', '选考科目', '选科组合', 'xuanke', 'subjects'],
  batch: ['批次', 'batch'],
  rank_year: ['年份', '位次年份', '高考年份', 'rank_year', 'year'],
  type: ['策略', '志愿策略', 'type', 'strategy'],
  // a family's preferences (preferences.ts)
  school_provinces: ['学校省份', '院校省份', '学校所在省', 'school_provinces'],
  school_level: ['院校层次', '学校层次', 'school_level'],
  public_only: ['只要公办', '只列公办', 'public_only'],
  major_keyword: ['专业关键词', '想学专业', 'major_keyword'],
  exclude_obligated: ['不要须履约专业', '不要定向', 'exclude_obligated'],
}

export interface StudentRow {
  /** The row's first line in the file (1-based), named in every message about it */
  line: number
  /** The cells of the known columns, trimmed; blank cells are absent */
  fields: Partial<Record<StudentField, string>>
}

export interface StudentsTable {
  students: StudentRow[]
  /** Header cells no column is known by (shown once, so that a misspelt header is noticed) */
  ignored: string[]
}

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/gu, '').toLowerCase()

const FIELD_OF = new Map<string, StudentField>(
  Object.entries(STUDENT_COLUMNS).flatMap(([field, names]) =>
    names.map((n) => [norm(n), field as StudentField] as const),
  ),
)

/**
 * The line each row starts on: parseDelimited ends a row at each line break outside quotes, so a row spans one line
 * plus the breaks inside its quoted cells.
 */
function rowLines(rows: SheetRows): number[] {
  let line = 1
  return rows.map((row) => {
    const at = line
    line += 1 + row.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/gu)?.length ?? 0), 0)
    return at
  })
}

const blank = (row: readonly string[]) => row.every((c) => c.trim() === '')

/** The students of a table: its header (the first row that is not blank), then one student per row. */
export function readStudents(rows: SheetRows): StudentsTable {
  const lines = rowLines(rows)
  const at = rows.findIndex((r) => !blank(r))
  if (at < 0) throw badRequest('考生名单是空的')
  const header = (rows[at] as string[]).map((cell) => FIELD_OF.get(norm(cell)))
  const known = new Set(header.filter((f) => f !== undefined))
  if (!known.has('province') && !known.has('score') && !known.has('rank'))
    throw badRequest(
      `第 ${lines[at]} 行应为表头, 至少有 省份 (province) 和 分数 (score) 或 位次 (rank) 等列; 收到: ${(rows[at] as string[]).join(', ')}`,
    )
  const duplicate = [...known].find((f) => header.filter((h) => h === f).length > 1)
  if (duplicate)
    throw badRequest(`第 ${lines[at]} 行 (表头): 有两列都是${STUDENT_COLUMNS[duplicate][0]}, 请只留一列`)
  const students: StudentRow[] = []
  rows.forEach((row, i) => {
    if (i <= at || blank(row)) return
    const fields: StudentRow['fields'] = {}
    header.forEach((field, c) => {
      const cell = (row[c] ?? '').trim()
      if (field && cell !== '') fields[field] = cell
    })
    students.push({ line: lines[i] as number, fields })
  })
  if (students.length === 0) throw badRequest('考生名单中只有表头, 没有考生')
  return {
    students,
    ignored: (rows[at] as string[]).filter((cell, c) => header[c] === undefined && cell.trim() !== ''),
  }
}

/** A strategy as a cell writes it: 1-4, or its name (冲稳保, 合理保守, 标准均衡, 激进冲刺). */
export function strategyCell(cell: string): string {
  const named = STRATEGIES.find((s) => s.name === cell.normalize('NFKC').trim())
  return named ? String(named.type) : cell
}

/** A yes / no cell (只要公办): 是 / 否 as well as 1 / 0; anything else is left for the endpoint to refuse. */
export function yesNoCell(cell: string): string {
  const t = cell.normalize('NFKC').trim()
  return t === '是' ? '1' : t === '否' ? '0' : t
}

/**
 * The file name of a student's workbook: the name made safe for every file system, else the row's line; `taken`
 * holds the names given so far, lower-cased (file systems that ignore case).
 */
export function workbookName(student: StudentRow, taken: ReadonlySet<string>): string {
  const cleaned = (student.fields.name ?? '')
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^[\s.]+|[\s.]+$/gu, '')
  // At most 60 characters, cut between characters (not inside a surrogate pair)
  const safe = Array.from(cleaned).slice(0, 60).join('')
  // Names Windows reserves for devices, and the summary's own name, are not a student's file
  const reserved = /^(con|prn|aux|nul|com\d|lpt\d)$/iu.test(safe) || safe === SUMMARY_NAME
  const base = safe === '' || reserved ? `第${student.line}行${safe ? `-${safe}` : ''}` : safe
  const file = `${base}.xlsx`
  return taken.has(file.toLowerCase()) ? `${base}-第${student.line}行.xlsx` : file
}

export const SUMMARY_NAME = '汇总'

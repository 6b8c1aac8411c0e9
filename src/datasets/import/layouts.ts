import type { Column } from '../../data/schema.js'
import { ImportInputError, type SheetRows } from './read-error.js'

/**
 * Header names accepted for each column, besides the column's own name in schema.ts. Headers are compared
 * after normalize(): NFKC, lower case, no spaces, a trailing unit in brackets dropped (累计人数(人) → 累计人数).
 */
export const ALIASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  score_ranks: {
    score: [
      '分数',
      '分数段',
      '分数区间',
      '分值',
      '成绩',
      '总分',
      '考生成绩',
      '分数档',
      'scores',
      'score_range',
    ],
    num: [
      '人数',
      '本段人数',
      '同分人数',
      '本分数人数',
      '本分数段人数',
      '分段人数',
      '段人数',
      '本段',
      'count',
      'number',
    ],
    total: ['累计人数', '累计', '累计位次', '位次', '排名', '累计排名', '累计数', 'cumulative', 'rank'],
    province: ['省份', '省', '省市', '地区', '招生省份'],
    year: ['年份', '年度'],
    km: ['科类', '类别', '科目', '首选科目', '考生类别', 'category', 'subject'],
    level: ['层次'],
  },
  score_lines: {
    year: ['年份', '年度'],
    province: ['省份', '省', '省市', '地区'],
    type_name: ['科类', '类别', '科目', '考生类别', '首选科目', 'type', 'km', 'category', 'subject'],
    name: ['批次', '批次名称', '录取批次', '控制线名称', '控制线类别', 'batch', 'batch_name'],
    score: ['分数线', '控制线', '最低控制线', '最低控制分数线', '录取控制分数线', '分数', '文化分', 'line'],
    major_score: ['专业分', '专业成绩', '专业线', '专业控制线', '专业分数线'],
    is_use: ['是否启用', '启用'],
  },
  plans: {
    sid: ['院校id', '学校id', 'school_id'],
    school_name: ['院校名称', '学校名称', '院校', '学校', 'school'],
    major_id: ['专业id'],
    spname: ['专业名称', '专业', '招生专业', 'major', 'major_name'],
    spcode: ['专业代码', 'major_code'],
    province: ['省份', '招生省份', '生源地', '省'],
    year: ['年份', '年度'],
    subject_type: ['科类', '类别', '科目', '首选科目', 'kemu', 'km'],
    batch_name: ['批次', '录取批次', 'batch'],
    local_batch_name: ['本省批次', '批次名称', '省批次名称'],
    plan_type: ['计划类型', '招生类型'],
    sg_name: ['专业组', '专业组名称', '院校专业组'],
    sg_infos: ['选科要求', '选考科目要求', '科目要求', '再选科目'],
    num: ['计划数', '计划人数', '招生人数', '计划'],
    tuition: ['学费'],
    length: ['学制'],
    min: ['最低分', '最低分数', '最低录取分', '录取最低分'],
    // the published rank, kept as it is (rank_derived false); only a file without it gets a derived one
    min_section: ['最低位次', '最低排名', '最低录取位次', '录取最低位次', '最低分位次', '最低分排名'],
    average: ['平均分', '录取平均分'],
    max: ['最高分', '录取最高分'],
    is_dual_class: ['双一流学科', '一流学科'],
  },
  category_stats: {
    province: ['省份', '省'],
    year: ['年份', '年度'],
    subject_type: ['科类', '类别', '科目'],
    title: ['标题', '项目'],
    total_applicants: ['报名人数', '考生人数', '总人数'],
    undergrad_admitted: ['本科上线人数', '本科人数'],
    college_admitted: ['专科上线人数', '专科人数'],
  },
  volunteer_rules: {
    province: ['省份', '省'],
    year: ['年份', '年度'],
    batch_name: ['批次', '批次名称'],
  },
}

export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, '')
    .replace(/\([^()]*\)$/u, '')
}

/** Where each wanted column is: the header row and, per column name, its index. */
export interface HeaderMap {
  headerRow: number
  index: Map<string, number>
  /**
   * headers of the header row that name no wanted column (or one an earlier header already names), as written:
   * their cells are not imported, which the user is told (a misspelt `volunter_note` would silently be null)
   */
  ignored: string[]
}

/**
 * Finds the header row among the first 15 rows (official sheets put a title above it): the first row in
 * which every group of `required` has one column (a group is alternatives: [['score'], ['num', 'total']]).
 */
export function locateHeader(
  rows: SheetRows,
  columns: readonly string[],
  aliases: Readonly<Record<string, readonly string[]>>,
  required: readonly (readonly string[])[],
  what: string,
): HeaderMap {
  const lookup = new Map<string, string>()
  for (const c of columns) {
    lookup.set(normalizeHeader(c), c)
    for (const a of aliases[c] ?? []) if (!lookup.has(normalizeHeader(a))) lookup.set(normalizeHeader(a), c)
  }
  for (let r = 0; r < Math.min(rows.length, 15); r++) {
    const index = new Map<string, number>()
    const ignored: string[] = []
    ;(rows[r] ?? []).forEach((cell, i) => {
      const column = lookup.get(normalizeHeader(cell))
      if (column && !index.has(column)) index.set(column, i)
      else if (cell !== '') ignored.push(cell)
    })
    if (required.every((group) => group.some((c) => index.has(c)))) return { headerRow: r, index, ignored }
  }
  const want = required.map((g) =>
    g.map((c) => [c, ...(aliases[c] ?? []).slice(0, 3)].join('/')).join(' 或 '),
  )
  throw new ImportInputError(`找不到${what}的表头: 需要列 ${want.join('; ')} (前 15 行中)`)
}

const INTEGER = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/** A cell as a number: thousands separators, spaces, 人 / 分 / % units and a `.0` from spreadsheets dropped. */
export function parseNumberCell(cell: string, integer: boolean): number | null | undefined {
  const s = cell
    .normalize('NFKC')
    .replace(/[,\s]/gu, '')
    .replace(/(人|分|%|元)$/u, '')
  if (s === '' || s === '-' || s === '—') return null
  if (integer) {
    if (INTEGER.test(s)) return Number(s)
    if (DECIMAL.test(s) && Number.isInteger(Number(s))) return Number(s)
    return undefined
  }
  return DECIMAL.test(s) ? Number(s) : undefined
}

const TRUE = new Set(['true', '1', '是', 'yes', 'y', 't'])
const FALSE = new Set(['false', '0', '否', 'no', 'n', 'f'])
const truthOf = (cell: string): boolean | undefined => {
  const s = cell.normalize('NFKC').toLowerCase()
  return TRUE.has(s) ? true : FALSE.has(s) ? false : undefined
}

/**
 * INTEGER columns that hold a 1/0 flag (schema.ts: "1 enabled, 0 not"): a sheet writes them 是/否, so they
 * take the words of BOOLEAN columns too and store 1/0.
 */
export const FLAG_COLUMNS: ReadonlySet<string> = new Set(['is_use', 'is_dual_class'])

export type Cell = string | number | boolean | null

/** What a column's type is called where a value does not fit it. */
const TYPE_WORD: Readonly<Record<string, string>> = { INTEGER: '整数', DOUBLE: '数字' }

/**
 * Where a cell is, in the file's own terms: `第 3 行 第 2 列 (score)`, the line and the 1-based column of the
 * file (a spreadsheet user counts columns, and the header may be in any order) and the column it fills.
 */
export const cellPlace = (line: number, fileColumn: number | undefined, name: string): string =>
  `第 ${line} 行${fileColumn === undefined ? '' : ` 第 ${fileColumn} 列`} (${name})`

/**
 * A text cell as a value of the column's schema type. Empty means null in a nullable column and '' in a
 * non-null VARCHAR column; an unreadable value throws ImportInputError naming the line and the file's column
 * (`fileColumn`, 1-based).
 */
export function convertCell(cell: string, column: Column, rowNumber: number, fileColumn?: number): Cell {
  if (column.type === 'VARCHAR') return cell === '' && column.nullable ? null : cell
  if (cell === '') return null
  const flag = column.type === 'BOOLEAN' || FLAG_COLUMNS.has(column.name)
  const truth = flag ? truthOf(cell) : undefined
  if (truth !== undefined) return column.type === 'BOOLEAN' ? truth : truth ? 1 : 0
  if (column.type !== 'BOOLEAN') {
    const n = parseNumberCell(cell, column.type === 'INTEGER')
    if (n !== undefined) return n
  }
  const want = flag ? ' 是/否 (或 1/0)' : (TYPE_WORD[column.type] ?? ` ${column.type}`)
  throw new ImportInputError(`${cellPlace(rowNumber, fileColumn, column.name)}: '${cell}' 不是${want}`)
}

/**
 * Words of a summary line (合计 26159 under a 一分一段 table, a 总计 row under a plan export): such a row
 * repeats counts of the rows above, so it is no data. The one list; compared after NFKC with spaces and a
 * trailing colon dropped (合　计：).
 */
export const SUMMARY_LABELS: readonly string[] = ['合计', '总计', '小计']

const isSummaryCell = (cell: string): boolean =>
  cell !== '' && SUMMARY_LABELS.includes(cell.normalize('NFKC').replace(/\s+/gu, '').replace(/:$/u, ''))

/**
 * True for a row that carries no data, which the converters skip: no text at all, or a summary line (a cell
 * that reads one of SUMMARY_LABELS).
 */
export const carriesNoData = (row: readonly string[] | undefined): boolean =>
  !row || row.every((c) => c === '') || row.some(isSummaryCell)

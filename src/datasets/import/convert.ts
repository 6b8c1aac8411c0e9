import type { Column } from '../../data/schema.js'
import { findProvince, type Province } from '../../domain/provinces.js'
import { baseTrack, cleanLabel, normalizeKm, ordinaryCategories, scoreLabel } from '../normalize.js'
import { groupCode, sgName } from '../plans/normalize.js'
import { applyTopBand } from '../top-band.js'
import type { RankRow } from '../types.js'
import { KM_COLUMN } from '../validate/rules.js'
import { schemaOf } from '../validate/session.js'
import {
  ALIASES,
  type Cell,
  carriesNoData,
  cellPlace,
  convertCell,
  type HeaderMap,
  locateHeader,
  parseNumberCell,
} from './layouts.js'
import { ImportInputError, type SheetRows } from './read.js'
import type { RowOrigin } from './rows-origin.js'

export interface ImportOptions {
  province?: string
  year?: number
  km?: string
  level?: string
  /** the `source` column of rows that do not state one */
  source: string
}

/**
 * What the conversion of a file found out (its rows go to DuckDB as they are converted, see stage.ts): the
 * table, its columns, the slice columns, the file's columns, notes.
 */
export interface Converted {
  table: string
  columns: readonly Column[]
  /** the columns that identify the slice the file replaces: province, year, and the category with --km */
  sliceColumns: string[]
  /** columns the file has (after aliases) */
  given: Set<string>
  /** headers of the file that no column takes (HeaderMap.ignored) */
  ignoredColumns: string[]
  /** the file's column (1-based) of each table column it gives, for messages about a value */
  fileColumns: Map<string, number>
  notes: string[]
}

/** A row of a 一分一段 sheet as read, before its slice is sorted and completed (finishRankSlice). */
export interface RankCells {
  province: string
  year: number
  km: string
  level: string
  low: number
  high: number
  num: number | null
  total: number | null
  line: number
}

/**
 * The converter of one file, once its header is found: `convert` turns a data row (cells and file line) into a
 * row of the table in schema order with its origin, or, for score_ranks, into the RankCells of its slice (a
 * 一分一段 table is sorted and completed as a whole, finishRankSlice); null for a row without data.
 */
export type RowConverter =
  | {
      kind: 'rows'
      meta: Converted
      headerRow: number
      convert(cells: readonly string[], line: number): { cells: Cell[]; origin: RowOrigin } | null
    }
  | {
      kind: 'ranks'
      meta: Converted
      headerRow: number
      convert(cells: readonly string[], line: number): RankCells | null
    }

/** Tables an import can replace a slice of: those with both `province` and `year`. */
export function importable(table: string): boolean {
  const names = new Set((schemaOf(table) ?? []).map((c) => c.name))
  return names.has('province') && names.has('year')
}

/**
 * The converter of a file of `table`, from its first rows (`head`: the header is searched for in the first 15;
 * RowConverter.headerRow is its index there, the rows after it are data).
 */
export function openConverter(table: string, head: SheetRows, opts: ImportOptions): RowConverter {
  const columns = schemaOf(table)
  if (!columns) throw new ImportInputError(`未知的表 ${table}`)
  if (!importable(table))
    throw new ImportInputError(
      `${table} 没有 (province, year) 切片, 不能用 import 替换; 请用 gaokao datasets build 重建`,
    )
  if (opts.level !== undefined && table !== 'score_ranks')
    throw new ImportInputError('--level 只用于 score_ranks')
  // A table without a category column (volunteer_rules) took --km and ignored it, replacing every category.
  if (opts.km !== undefined && KM_COLUMN[table] === undefined)
    throw new ImportInputError(`--km 不适用于 ${table} (它没有科类列)`)
  return table === 'score_ranks' ? rankConverter(head, opts) : tableConverter(table, columns, head, opts)
}

/** The 1-based file column of each table column the header found. */
const fileColumnsOf = (header: HeaderMap): Map<string, number> =>
  new Map([...header.index].map(([name, i]) => [name, i + 1]))

/** --province: any alias of a known province, as its short name. */
export function provinceOption(value: string): Province {
  const p = findProvince(value)
  if (!p) throw new ImportInputError(`未知省份: ${value}`)
  return p
}

/**
 * A file's province as its short name; one that is no province stops the import naming the line (火星 went on as a
 * province of its own and failed later as a rule violation, or as an unknown category of 火星).
 */
const provinceAt =
  (line: number) =>
  (value: string): string => {
    const p = findProvince(value)
    if (!p) throw new ImportInputError(`第 ${line} 行: 未知省份 ${value}`)
    return p.name
  }

/** The category as stored: ordinary labels (物理, 理工, 文史 …) by the exam mode of that year, others cleaned. */
function normalizeCategory(label: string, province: string, year: number | null): string {
  const p = findProvince(province)
  if (!p || year === null) return cleanLabel(label)
  // An empty label is no category at all, not an ordinary one of the wrong exam mode. Only --km can be empty
  // here: an empty cell means "no category in the file".
  if (cleanLabel(label) === '')
    throw new ImportInputError(
      `--km 为空; ${p.name} ${year} 年的普通科类: ${ordinaryCategories(p, year).join(' ')}, 或艺术 / 体育类别`,
    )
  const km = normalizeKm(p, year, label)
  if (km === null) {
    const track = baseTrack(label)
    throw new ImportInputError(
      `科类 '${label}' 不适用于 ${p.name} ${year} 年 (${track === 'combined' ? '该年不是 3+3' : '该年是 3+3, 只有 综合'})`,
    )
  }
  return km
}

/** Reads the cell of `column` on a data row, or '' when the file has no such column. */
const cellOf = (row: readonly string[], header: HeaderMap, column: string): string => {
  const i = header.index.get(column)
  return i === undefined ? '' : (row[i] ?? '')
}

/**
 * One value of a slice column: from the file's column when it has one (and then equal to the option when both
 * are given), else from the option; missing both is an error.
 */
function sliceValue(
  fileValue: string,
  option: string | number | undefined,
  label: string,
  flag: string,
  rowNumber: number,
  normalize: (v: string) => string | number,
): string | number {
  if (fileValue !== '') {
    const v = normalize(fileValue)
    if (option !== undefined && v !== option)
      throw new ImportInputError(`第 ${rowNumber} 行: ${label} '${fileValue}' 与 ${flag} ${option} 不符`)
    return v
  }
  if (option === undefined)
    throw new ImportInputError(`第 ${rowNumber} 行没有${label}: 请加 ${flag} 或在文件中给出${label}列`)
  return option
}

const yearOf = (v: string): number => {
  const n = parseNumberCell(v, true)
  if (typeof n !== 'number' || n < 1000 || n > 9999) throw new ImportInputError(`年份 '${v}' 不是四位数年份`)
  return n
}

// ---------------------------------------------------------------------------------------------------------
// 一分一段 sheets → score_ranks

/** A score cell of a 一分一段 sheet: 612, 695-750, 695~750, 695以上, ≥695, 695+, 100以下, ≤100. */
export function parseScoreCell(cell: string, fullScore: number): { low: number; high: number } | null {
  const s = cell.normalize('NFKC').replace(/\s+/gu, '').replace(/分/gu, '')
  let m = /^(\d+)$/u.exec(s)
  if (m) return { low: Number(m[1]), high: Number(m[1]) }
  m = /^(\d+)[-~—–至到](\d+)$/u.exec(s)
  if (m) {
    const a = Number(m[1])
    const b = Number(m[2])
    return { low: Math.min(a, b), high: Math.max(a, b) }
  }
  m = /^(?:(\d+)(?:及以上|以上|\+)|[≥>]=?(\d+))$/u.exec(s)
  if (m) return { low: Number(m[1] ?? m[2]), high: fullScore }
  m = /^(?:(\d+)(?:及以下|以下)|[≤<]=?(\d+))$/u.exec(s)
  if (m) return { low: 0, high: Number(m[1] ?? m[2]) }
  return null
}

function rankConverter(head: SheetRows, opts: ImportOptions): RowConverter {
  const table = 'score_ranks'
  const columns = schemaOf(table) as readonly Column[]
  const header = locateHeader(
    head,
    ['score', 'num', 'total', 'province', 'year', 'km', 'level'],
    ALIASES.score_ranks ?? {},
    [['score'], ['num', 'total']],
    '一分一段表',
  )
  const fileColumns = fileColumnsOf(header)
  const convert = (row: readonly string[], line: number): RankCells | null => {
    if (carriesNoData(row)) return null
    const scoreText = cellOf(row, header, 'score')
    const numText = cellOf(row, header, 'num')
    const totalText = cellOf(row, header, 'total')
    if (scoreText === '' || (numText === '' && totalText === '')) return null // title, note or total line
    const province = String(
      sliceValue(
        cellOf(row, header, 'province'),
        opts.province,
        '省份',
        '--province',
        line,
        provinceAt(line),
      ),
    )
    const year = Number(sliceValue(cellOf(row, header, 'year'), opts.year, '年份', '--year', line, yearOf))
    const kmOption = opts.km === undefined ? undefined : normalizeCategory(opts.km, province, year)
    const km = String(
      sliceValue(cellOf(row, header, 'km'), kmOption, '科类', '--km', line, (v) =>
        normalizeCategory(v, province, year),
      ),
    )
    // level defaults to '' (the ordinary table), so a file without 层次 needs no --level; with both, they agree
    const levelCell = cellOf(row, header, 'level')
    const level =
      levelCell !== ''
        ? String(sliceValue(levelCell, opts.level, '层次', '--level', line, (v) => v))
        : (opts.level ?? '')
    const fullScore = findProvince(province)?.fullScore ?? 750
    const score = parseScoreCell(scoreText, fullScore)
    const at = (column: string, label: string) => cellPlace(line, fileColumns.get(column), label)
    if (!score)
      throw new ImportInputError(
        `${at('score', '分数')}: '${scoreText}' 无法识别 (应如 612, 695-750, 695以上)`,
      )
    const num = parseNumberCell(numText, true)
    const total = parseNumberCell(totalText, true)
    if (num === undefined) throw new ImportInputError(`${at('num', '人数')}: '${numText}' 不是整数`)
    if (total === undefined) throw new ImportInputError(`${at('total', '累计人数')}: '${totalText}' 不是整数`)
    return { province, year, km, level, ...score, num, total, line }
  }
  return {
    kind: 'ranks',
    headerRow: header.headerRow,
    convert,
    meta: {
      table,
      columns,
      sliceColumns: ['province', 'year', 'km', 'level'],
      given: new Set(columns.map((c) => c.name)),
      ignoredColumns: header.ignored,
      fileColumns,
      notes: [],
    },
  }
}

/**
 * One 一分一段 table of the file (its rows in file order) as rows of score_ranks: sorted from the highest score,
 * num or total completed from the other, the builder's top band applied, seq 1..n; with the file line of each
 * row and the notes that say what was done.
 */
export function finishRankSlice(
  slice: { province: string; year: number; km: string; level: string },
  rows: readonly RankCells[],
  source: string,
): { rows: Cell[][]; lines: number[]; notes: string[] } {
  const columns = schemaOf('score_ranks') as readonly Column[]
  const notes: string[] = []
  const out: Cell[][] = []
  const sorted = [...rows].sort((a, b) => b.low - a.low || b.high - a.high)
  if (sorted.some((r, i) => r !== rows[i])) notes.push(`${describe(slice)}: 行已按分数从高到低排序`)
  let ranks: RankRow[] = []
  const lines: number[] = []
  let prevTotal = 0
  for (const r of sorted) {
    if (r.num === null && r.total === null) continue
    const num = r.num ?? (r.total as number) - prevTotal
    const total = r.total ?? prevTotal + num
    ranks.push({ scoreLow: r.low, scoreHigh: r.high, num, total })
    lines.push(r.line)
    prevTotal = total
  }
  if (sorted.some((r) => r.num === null)) notes.push(`${describe(slice)}: 人数由累计人数相减得出`)
  if (sorted.some((r) => r.total === null)) notes.push(`${describe(slice)}: 累计人数由人数累加得出`)
  const fullScore = findProvince(slice.province)?.fullScore ?? 750
  const banded = applyTopBand(ranks, fullScore)
  if (banded[0] && ranks[0] && banded[0].scoreHigh !== ranks[0].scoreHigh)
    notes.push(`${describe(slice)}: 首行累计大于本段人数, 作为顶段 ${scoreLabel(banded[0])} (同构建规则)`)
  ranks = banded
  ranks.forEach((r, i) => {
    const row: Record<string, Cell> = {
      province: slice.province,
      year: slice.year,
      km: slice.km,
      level: slice.level,
      seq: i + 1,
      score: scoreLabel(r),
      score_low: r.scoreLow,
      score_high: r.scoreHigh,
      num: r.num,
      total: r.total,
      provenance: 'real',
      source,
    }
    out.push(columns.map((c) => row[c.name] ?? null))
  })
  return { rows: out, lines, notes }
}

const describe = (s: { province: string; year: number; km: string; level: string }): string =>
  `${s.province} ${s.year} ${s.km}${s.level ? ` ${s.level}` : ''}`

// ---------------------------------------------------------------------------------------------------------
// Tables in their own columns (plans, score_lines, category_stats, volunteer_rules, ...)

/** Values a column takes when the file does not give it, per table. */
const DEFAULTS: Readonly<Record<string, (row: Record<string, Cell>, opts: ImportOptions) => void>> = {
  plans: (row) => {
    row.spname ??= ''
    // A group as the column contract writes it (专业组（01）), whatever the file calls it (第01组, 01, 01专业组):
    // the same group under two names would be two groups.
    if (typeof row.sg_name === 'string' && row.sg_name.trim() !== '')
      row.sg_name = sgName(groupCode(row.sg_name)) ?? row.sg_name
    row.local_batch_name ??= row.batch_name ?? null
    row.plan_type ??= '普通'
    row.num ??= -1
    row.is_dual_class ??= 0
    row.num_unverified ??= false
    row.local_school_code ??= null
    row.local_spcode ??= null
    row.outcome_level ??=
      row.min === null || row.min === undefined
        ? ''
        : row.spname !== ''
          ? 'major'
          : row.sg_name
            ? 'group'
            : 'school'
  },
  score_lines: (row) => {
    row.is_use ??= 1
  },
}

/** Columns filled from the datasets after staging (import.ts), so not required in the file. */
export const FILLED_LATER: Readonly<Record<string, readonly string[]>> = {
  plans: ['id', 'sid', 'school_name', 'rank_derived'],
  score_lines: ['id'],
}

/** Columns of which the file must give at least one, besides the other required columns. */
const ONE_OF: Readonly<Record<string, readonly (readonly string[])[]>> = {
  plans: [['sid', 'school_name']],
}

function tableConverter(
  table: string,
  columns: readonly Column[],
  head: SheetRows,
  opts: ImportOptions,
): RowConverter {
  const names = columns.map((c) => c.name)
  const kmColumn = KM_COLUMN[table]
  const optionFor: Record<string, unknown> = { province: opts.province, year: opts.year }
  if (kmColumn) optionFor[kmColumn] = opts.km
  const later = new Set(FILLED_LATER[table] ?? [])
  const defaulted = new Set(['provenance', 'source'])
  const probe: Record<string, Cell> = {}
  DEFAULTS[table]?.(probe, opts)
  for (const k of Object.keys(probe)) defaulted.add(k)
  const required = columns
    .filter(
      (c) => !c.nullable && !later.has(c.name) && !defaulted.has(c.name) && optionFor[c.name] === undefined,
    )
    .map((c) => [c.name])
  const header = locateHeader(
    head,
    names,
    ALIASES[table] ?? {},
    [...required, ...(ONE_OF[table] ?? [])],
    table,
  )
  const given = new Set(header.index.keys())
  const hasProvenance = names.includes('provenance')
  const hasSource = names.includes('source')
  // --km as stored, per province and year (normalizeCategory is not free, and every row asks)
  const kmOptions = new Map<string, string>()

  const convert = (cells: readonly string[], line: number): { cells: Cell[]; origin: RowOrigin } | null => {
    if (carriesNoData(cells)) return null
    const row: Record<string, Cell> = {}
    for (const c of columns) {
      const at = header.index.get(c.name)
      if (at === undefined) continue
      const v = convertCell(cellOf(cells, header, c.name), c, line, at + 1)
      if (v !== null) row[c.name] = v
    }
    const province = String(
      sliceValue(
        typeof row.province === 'string' ? row.province : '',
        opts.province,
        '省份',
        '--province',
        line,
        provinceAt(line),
      ),
    )
    row.province = province
    const year = Number(
      sliceValue(row.year === undefined ? '' : String(row.year), opts.year, '年份', '--year', line, yearOf),
    )
    row.year = year
    if (kmColumn) {
      const given = typeof row[kmColumn] === 'string' ? (row[kmColumn] as string) : ''
      let option: string | undefined
      if (opts.km !== undefined) {
        const k = `${province}|${year}`
        option = kmOptions.get(k)
        if (option === undefined) {
          option = normalizeCategory(opts.km, province, year)
          kmOptions.set(k, option)
        }
      }
      if (given !== '' || option !== undefined)
        row[kmColumn] = String(
          sliceValue(given, option, '科类', '--km', line, (v) => normalizeCategory(v, province, year)),
        )
    }
    if (hasProvenance) row.provenance ??= 'real'
    if (hasSource) row.source ??= opts.source
    DEFAULTS[table]?.(row, opts)
    // plans: the school as the file names it, which the user searches for (the stored name may be the schools one)
    const school = row.school_name ?? (row.sid === undefined ? undefined : `院校id ${row.sid}`)
    return {
      cells: columns.map((c) => row[c.name] ?? null),
      origin: table === 'plans' && school !== undefined ? { line, label: String(school) } : { line },
    }
  }
  const sliceColumns = ['province', 'year', ...(kmColumn && opts.km !== undefined ? [kmColumn] : [])]
  return {
    kind: 'rows',
    headerRow: header.headerRow,
    convert,
    meta: {
      table,
      columns,
      sliceColumns,
      given,
      ignoredColumns: header.ignored,
      fileColumns: fileColumnsOf(header),
      notes: [],
    },
  }
}

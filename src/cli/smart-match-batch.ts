import { readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { type Db, openDb } from '../data/db.js'
import { decodeText, parseDelimited } from '../datasets/import/read-delimited.js'
import { ImportInputError } from '../datasets/import/read-error.js'
import { examModeIn, findProvince } from '../domain/provinces.js'
import { createContextFactory } from '../endpoints/context.js'
import type { AnyEndpoint, EndpointContext } from '../endpoints/define.js'
import { invoke } from '../endpoints/invoke.js'
import { badRequest, serviceError } from '../errors.js'
import {
  type StudentResult,
  SUMMARY_HEAD,
  summaryRow,
  summarySheet,
} from '../features/smart-match/batch-summary.js'
import { defaultBatch, defaultRankYear } from '../features/smart-match/defaults.js'
import type { SmartMatchData } from '../features/smart-match/response.js'
import {
  readStudents,
  STUDENT_COLUMNS,
  type StudentField,
  type StudentRow,
  SUMMARY_NAME,
  strategyCell,
  workbookName,
  yesNoCell,
} from '../features/smart-match/students.js'
import { xuankeLabel } from '../features/smart-match/table.js'
import {
  localTime,
  smartMatchWorkbook,
  workbookBytes,
  workbookRequest,
} from '../features/smart-match/workbook-file.js'
import { defineRun } from './commands/define.js'
import { existingDatasetsDir, jsonText, wantsJson } from './datasets-shared.js'
import { useColor } from './io.js'
import { loadEndpoint } from './manifest.js'
import { outDirectory, writeOut } from './out-file.js'
import { renderTables } from './render.js'

/**
 * `gaokao smart-match batch students.csv --out dir/`: a whole class, one 志愿表 workbook per student (the same one
 * `smart-match --out` writes) and 汇总.xlsx. A student whose row cannot be listed is reported with the row's line
 * and does not stop the others; the exit code then says that some failed.
 */

export interface BatchOptions {
  out: string
  province?: string
  batch?: string
  rankYear?: string
  subject?: string
  xuanke?: string
  type?: string
  schoolProvinces?: string
  schoolLevel?: string
  publicOnly?: string
  majorKeyword?: string
  excludeObligated?: string
  format?: string
  json?: boolean
  color?: boolean
  datasets?: string
}

export interface BatchAnswer {
  /** The class's file, as given */
  source: string
  dir: string
  summary: string
  students: StudentResult[]
}

/** A class's file: a few KB; anything much larger is not a list of students. */
const MAX_BYTES = 16 * 1024 * 1024

function readClass(file: string): StudentRow[] {
  let bytes: Buffer
  try {
    if (!statSync(file).isFile()) throw badRequest(`${file} 不是文件`)
    if (statSync(file).size > MAX_BYTES) throw badRequest(`${file} 过大; 考生名单应小于 16 MB`)
    bytes = readFileSync(file)
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT')
      throw badRequest(`找不到文件: ${file}`)
    throw err
  }
  try {
    return readStudents(parseDelimited(decodeText(bytes))).students
  } catch (err) {
    if (err instanceof ImportInputError) throw badRequest(`${file}: ${err.message}`)
    throw err
  }
}

/** The smart-match request of a student: the row's cells, else the command's options, else the defaults. */
async function requestOf(
  student: StudentRow,
  opts: BatchOptions,
  db: Db,
  now: Date,
): Promise<Record<string, unknown> | string> {
  const f = student.fields
  const provinceText = f.province ?? opts.province
  if (provinceText === undefined) return '缺少省份 (省份 / province 列, 或 --province)'
  const province = findProvince(provinceText)
  if (!province) return `未知省份: ${provinceText}`
  if (f.score === undefined && f.rank === undefined) return '缺少分数或位次 (分数 / score 或 位次 / rank 列)'
  const rankYearText = f.rank_year ?? opts.rankYear
  if (rankYearText !== undefined && !/^[1-9]\d{3}$/u.test(rankYearText))
    return `年份无效: ${rankYearText} (应为四位数年份, 如 2025)`
  const rankYear =
    rankYearText === undefined
      ? await defaultRankYear(db, province.name, now.getFullYear())
      : Number(rankYearText)
  const subject = f.subject ?? opts.subject
  const xuanke = f.xuanke ?? opts.xuanke
  // 3+1+2 and 文理 lists depend on the first choice: without it the list would be for a category nobody sits
  if (examModeIn(province, rankYear) !== '3+3' && subject === undefined && xuanke === undefined)
    return '缺少科类 (科类 / subject 列: 物理 历史 理科 文科) 或选科 (选科 / xuanke 列)'
  const batch = f.batch ?? opts.batch ?? (await defaultBatch(db, province.name, rankYear))
  if (batch === undefined)
    return `${province.name}没有 ${rankYear} 年前后的填报规则; 请在 批次 列或 --batch 给出批次`
  return {
    province: province.name,
    batch,
    rank_year: rankYearText ?? rankYear,
    score: f.score,
    rank: f.rank,
    subject,
    xuanke,
    type: f.type === undefined ? opts.type : strategyCell(f.type),
    school_provinces: f.school_provinces ?? opts.schoolProvinces,
    school_level: f.school_level ?? opts.schoolLevel,
    public_only: f.public_only === undefined ? opts.publicOnly : yesNoCell(f.public_only),
    major_keyword: f.major_keyword ?? opts.majorKeyword,
    exclude_obligated:
      f.exclude_obligated === undefined ? opts.excludeObligated : yesNoCell(f.exclude_obligated),
  }
}

/** The endpoint's `参数 score 无效: …` in the words of the class's file: `分数 (score) 无效: …`. */
const inColumns = (message: string) =>
  message
    .replace(/^参数 (\w+) 无效/u, (whole, field: string) =>
      field in STUDENT_COLUMNS ? `${STUDENT_COLUMNS[field as StudentField][0]} (${field}) 无效` : whole,
    )
    // the terminal's wording names flags (--subject); the class's file has columns instead
    .replace(/--([a-z][a-z-]*)/gu, (whole, flag: string) => {
      const field = flag.replaceAll('-', '_')
      return field in STUDENT_COLUMNS ? `${STUDENT_COLUMNS[field as StudentField][0]}列` : whole
    })

const nameOf = (s: StudentRow) => s.fields.name ?? null

function failed(student: StudentRow, error: string, request?: Record<string, unknown>): StudentResult {
  const text = (key: string) => (typeof request?.[key] === 'string' ? (request[key] as string) : null)
  return {
    line: student.line,
    name: nameOf(student),
    province: text('province') ?? student.fields.province ?? null,
    category: null,
    xuanke: null,
    score: null,
    rank: null,
    rankYear: null,
    batch: text('batch'),
    counts: null,
    file: null,
    error,
  }
}

async function listOne(
  student: StudentRow,
  def: AnyEndpoint,
  ctx: EndpointContext,
  opts: BatchOptions,
  dir: string,
  taken: Set<string>,
  now: Date,
): Promise<StudentResult> {
  const request = await requestOf(student, opts, ctx.db, now)
  if (typeof request === 'string') return failed(student, request)
  let internal: unknown
  const outcome = await invoke(def, request, ctx, (err) => {
    internal = err
  })
  if (outcome.error) {
    const detail = internal instanceof Error ? ` (${internal.message})` : ''
    // the terminal's wording where there is one (ApiError.terminalMessage): the summary is read at the terminal
    const message = outcome.error.terminalMessage ?? outcome.error.message
    return failed(student, `${inColumns(message)}${detail}`, request)
  }
  const data = outcome.data as SmartMatchData
  const input = outcome.input as Parameters<typeof workbookRequest>[0]
  const file = workbookName(student, taken)
  taken.add(file.toLowerCase())
  const name = nameOf(student)
  const bytes = await smartMatchWorkbook(ctx.db, data, workbookRequest(input, name ?? undefined), now)
  writeOut(join(dir, file), bytes)
  const tiers = data.zyb_data.zybData
  return {
    line: student.line,
    name,
    province: input.province,
    category: data.candidate.category,
    xuanke: xuankeLabel(input.xuanke, data.candidate.category).replace(/^选科 /u, '') || null,
    score: data.candidate.score,
    rank: data.candidate.rank,
    rankYear: data.candidate.rank_year,
    batch: data.zyb_rule.batchName,
    counts: { chong: tiers.chong.length, wen: tiers.wen.length, bao: tiers.bao.length },
    file,
    error: null,
  }
}

const progressLine = (i: number, n: number, r: StudentResult) =>
  `[${i}/${n}] 第 ${r.line} 行${r.name ? ` ${r.name}` : ''}: ${
    r.error ?? `冲 ${r.counts?.chong} 稳 ${r.counts?.wen} 保 ${r.counts?.bao} → ${r.file}`
  }\n`

export const batchRun = defineRun({
  async action([file], opts: BatchOptions, io): Promise<BatchAnswer> {
    if (file === undefined) throw badRequest('缺少考生名单文件 (如 students.csv)')
    // Everything that can be refused is refused before the first list: the file, the directory, the data
    const students = readClass(file)
    const dir = outDirectory(opts.out)
    const db = openDb({ datasetsDir: existingDatasetsDir(opts, io) })
    try {
      const def = await loadEndpoint('smart-match')
      const ctx = createContextFactory({ db }).forCaller(null)
      const now = ctx.now()
      const taken = new Set([`${SUMMARY_NAME}.xlsx`.toLowerCase()])
      const results: StudentResult[] = []
      for (const [i, student] of students.entries()) {
        const result = await listOne(student, def, ctx, opts, dir, taken, now)
        results.push(result)
        io.note(progressLine(i + 1, students.length, result))
      }
      const summary = join(dir, `${SUMMARY_NAME}.xlsx`)
      writeOut(summary, await workbookBytes([summarySheet(results, basename(file), localTime(now))]))
      io.note(`已写入 ${dir} (${results.filter((r) => !r.error).length} 份志愿表与 ${SUMMARY_NAME}.xlsx)\n`)
      return { source: file, dir, summary, students: results }
    } finally {
      await db.close()
    }
  },
  render: (answer, opts, io) =>
    wantsJson(opts)
      ? jsonText(answer)
      : renderTables(
          [
            {
              title: `志愿表汇总 · ${answer.summary}`,
              head: [...SUMMARY_HEAD],
              rows: answer.students.map(summaryRow),
              numeric: [0, 5, 6, 7, 9, 10, 11, 12],
            },
          ],
          useColor(io, opts.color),
          io.columns,
        ),
  failure(answer) {
    const bad = answer.students.filter((r) => r.error !== null)
    if (bad.length === 0) return undefined
    const message = `${bad.length} 名考生未生成志愿表 (第 ${bad.map((r) => r.line).join('、')} 行, 原因见 ${SUMMARY_NAME}.xlsx 的 错误 列)`
    // A row that failed on our side (an unexpected error) is a failure of ours; bad rows are bad input
    return bad.some((r) => r.error?.startsWith('服务内部错误')) ? serviceError(message) : badRequest(message)
  },
})

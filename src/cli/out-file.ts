import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, resolve } from 'node:path'
import type { Command } from 'commander'
import type { AnyEndpoint, EndpointContext, TableView } from '../endpoints/define.js'
import type { Outcome } from '../endpoints/invoke.js'
import { badRequest, serviceError } from '../errors.js'
import type { CliIo } from './io.js'
import type { Format } from './render.js'

/**
 * `--out <file>` of every endpoint command: the answer goes to the file, its kind by the extension (.xlsx: the
 * endpoint's own workbook where it has one, smart-match's 志愿表, else the tables the terminal shows; .csv and
 * .json: what --format csv and --json print), and stderr says where. A file that cannot be written is bad input
 * found before any work is done (before the smart-match questions, before a query).
 */

export type OutKind = 'xlsx' | 'csv' | 'json'

export interface OutTarget {
  /** Absolute */
  path: string
  kind: OutKind
}

const KINDS: Readonly<Record<string, OutKind>> = { '.xlsx': 'xlsx', '.csv': 'csv', '.json': 'json' }

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory()

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/** The file --out names: a known extension, in a directory that exists and can be written. */
export function outTarget(file: string): OutTarget {
  const path = resolve(file)
  const kind = KINDS[extname(path).toLowerCase()]
  if (isDirectory(path)) throw badRequest(`--out ${file} 是一个目录; 请给出文件名, 如 志愿表.xlsx`)
  if (!kind) throw badRequest(`--out ${file}: 不支持的文件类型 "${extname(path)}"; 请用 .xlsx, .csv 或 .json`)
  const dir = dirname(path)
  if (!isDirectory(dir)) throw badRequest(`--out ${file}: 目录不存在: ${dir}`)
  if (!writable(dir) || (existsSync(path) && !writable(path))) throw badRequest(`--out ${file}: 没有写入权限`)
  return { path, kind }
}

/**
 * A directory to write many files in (`smart-match batch --out dir/`): created when missing (with its parents),
 * else it must be a directory that can be written.
 */
export function outDirectory(dir: string): string {
  const path = resolve(dir)
  if (existsSync(path) && !isDirectory(path)) throw badRequest(`--out ${dir} 不是目录`)
  // `--out 志愿表.xlsx` where a directory is wanted: said, rather than a directory of that name made
  if (!existsSync(path) && KINDS[extname(path).toLowerCase()])
    throw badRequest(`--out ${dir} 是文件名; 这里要一个目录 (每名考生一个文件), 如 志愿表/`)
  if (!existsSync(path)) {
    try {
      mkdirSync(path, { recursive: true })
    } catch {
      throw badRequest(`--out ${dir}: 无法创建目录`)
    }
  }
  if (!writable(path)) throw badRequest(`--out ${dir}: 没有写入权限`)
  return path
}

/** Writes a file --out named; a failure after the checks (a full disk) is on our side. */
export function writeOut(path: string, bytes: Uint8Array | string): void {
  try {
    writeFileSync(path, bytes)
  } catch (err) {
    throw serviceError(`无法写入 ${path}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** --out on the command, checked before anything else the command does (preAction hooks run in order). */
export function addOutOption(cmd: Command, workbook: boolean): void {
  cmd.option(
    '--out <file>',
    workbook
      ? '写入文件, 不输出到终端: .xlsx 可打印的志愿表 (含说明页), .csv 或 .json'
      : '写入文件, 不输出到终端: .xlsx (与终端相同的表格), .csv 或 .json',
  )
  cmd.hook('preAction', (_self, action) => {
    if (action !== cmd) return
    const out = cmd.opts().out
    if (typeof out !== 'string') return
    const { kind } = outTarget(out)
    // The file's kind is its format: another one asked for on the command line contradicts it
    const format = cmd.opts().json === true ? 'json' : cmd.opts().format
    const explicit = cmd.opts().json === true || cmd.getOptionValueSource('format') === 'cli'
    if (explicit && format !== kind)
      throw badRequest(`--out ${out} 按扩展名写 ${kind}, 不能同时用 --format ${format} / --json`)
  })
}

/**
 * The answer written to --out's file instead of stdout: the workbook (the endpoint's own, else its terminal
 * tables), or the text of --format csv / --json (`render`); stderr says where.
 */
export async function writeOutcome(
  file: string,
  def: AnyEndpoint,
  outcome: Outcome,
  ctx: EndpointContext,
  io: Pick<CliIo, 'stderr'>,
  render: (format: Format) => Promise<string>,
): Promise<void> {
  const { path, kind } = outTarget(file)
  if (kind === 'xlsx') {
    if (def.workbook) writeOut(path, await def.workbook(outcome.data, outcome.input, ctx))
    else {
      const { views, empty } = tableViews(def, outcome)
      writeOut(path, await (await import('./table-workbook.js')).tablesWorkbook(views, empty))
    }
  } else writeOut(path, await render(kind))
  io.stderr(`已写入 ${path}\n`)
}

/** The tables the terminal shows (or the records as one table), and what an empty answer says: for --out .xlsx. */
function tableViews(
  def: AnyEndpoint,
  { data, view, input }: Outcome,
): { views: TableView[]; empty?: string } {
  const empty = def.emptyMessage?.(data, input, view)
  const views = def.table ? def.table(data, input, view) : recordsView(def, data, view)
  return { views: Array.isArray(views) ? views : [views], ...(empty ? { empty } : {}) }
}

function recordsView(def: AnyEndpoint, data: unknown, view: unknown): TableView {
  const records = (def.records ? def.records(data, view) : Array.isArray(data) ? data : [data]) as Record<
    string,
    unknown
  >[]
  const head = [...new Set(records.flatMap((r) => Object.keys(r)))]
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? null
      : typeof v === 'number'
        ? v
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v)
  return { head, rows: records.map((r) => head.map((h) => cell(r[h]))) }
}

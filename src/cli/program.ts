import { resolve } from 'node:path'
import { Command, CommanderError, Help, Option } from 'commander'
import { createContextFactory } from '../endpoints/context.js'
import type { AnyEndpoint, Caller, EndpointContext } from '../endpoints/define.js'
import { fail } from '../endpoints/envelope.js'
import { ApiError } from '../endpoints/errors.js'
import type { Outcome } from '../endpoints/invoke.js'
import { numberOf } from '../endpoints/numbers.js'
import { VERSION } from '../version.js'
import { checkDatasetsOption, isDirectory } from './datasets-shared.js'
import { flagHelp, requestFromFlags } from './flags.js'
import { badInputError, briefMessage, CliError, type CliIo, reportInternal, useColor } from './io.js'
import { type CommandEntry, loadEndpoint, loadManifest } from './manifest.js'
import { FORMATS, type Format, renderCsv, renderJson, renderNdjson, renderTables } from './render.js'
import type { Prompter } from './smart-match-prompts.js'
import { registerToolCommands } from './tool-commands.js'
import { usageErrorText } from './usage-errors.js'

/** Exit codes: 0 success, 1 failure on our side, 2 bad input (a usage error or an invalid request). */
export const EXIT = { ok: 0, failure: 1, badInput: 2 } as const

export interface CliDeps {
  /** Builds the request context; tests inject fixture datasets here */
  context?: (opts: { datasets?: string; store?: string; caller: Caller | null }) => EndpointContext
  /** The smart-match questions in a terminal; tests inject answers here (default: @inquirer/prompts) */
  prompter?: () => Promise<Prompter>
}

interface OutputOptions {
  format?: string
  json?: boolean
  color?: boolean
  bom?: boolean
  datasets?: string
  store?: string
}

/**
 * Builds the commander program from the endpoint manifest, plus the tool commands (serve, datasets, call).
 * Endpoint modules (and zod) are imported only by the command that runs.
 */
const HELP_TITLES: Readonly<Record<string, string>> = {
  'Usage:': '用法:',
  'Options:': '选项:',
  'Commands:': '命令:',
  'Arguments:': '参数:',
  'Global Options:': '全局选项:',
}
const chineseExtras = (text: string) =>
  text.replaceAll('(choices: ', '(可选: ').replaceAll('choices: ', '可选: ').replaceAll('default: ', '默认: ')

/** commander's help, its headings and the extras it adds to descriptions (choices, default) in Chinese. */
const CHINESE_HELP: Partial<Help> = {
  styleTitle: (title: string) => HELP_TITLES[title] ?? title,
  optionDescription(this: Help, option) {
    return chineseExtras(Help.prototype.optionDescription.call(this, option))
  },
  argumentDescription(this: Help, argument) {
    return chineseExtras(Help.prototype.argumentDescription.call(this, argument))
  },
}

export function buildProgram(
  manifest: readonly CommandEntry[],
  io: CliIo,
  deps: CliDeps,
  setExit: (code: number) => void,
): Command {
  const program = new Command('gaokao')
    .description(
      '高考志愿数据工作台: 一分一段, 批次线, 计划与历年分数, 冲稳保志愿表 (离线, 基于 DuckDB + Parquet)',
    )
    .version(VERSION, '-V, --version', '显示版本号')
    // Help in the language of the rest of the tool (commander writes Usage, Options, default: …)
    .configureHelp(CHINESE_HELP)
    .helpOption('-h, --help', '显示帮助')
    .helpCommand('help [command]', '显示某个命令的帮助')
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      // A usage error is one line like every other error, in the same language, with the way to the help.
      outputError: (message, write) => write(`错误: ${usageErrorText(message)} (用 --help 查看用法)\n`),
    })
    .exitOverride()

  for (const entry of manifest) addEndpointCommand(program, entry, io, deps, setExit)
  registerToolCommands(program, io, setExit, deps.prompter)
  program.addHelpText(
    'after',
    `
常用:
  $ gaokao seating list --province 江苏 --year 2025 --km 物理类     一分一段表
  $ gaokao seating rank --province 江苏 --km 物理 --score 612        本人位次
  $ gaokao serve --port 3000                                        本地 HTTP API
  $ gaokao <命令> --help                                            每个命令的参数与示例
输出: 终端表格 (默认), --json 与 HTTP 接口相同的 JSON, --format ndjson|csv`,
  )
  return program
}

/** What the group words of the CLI stand for, in `gaokao --help`. */
const GROUPS: Readonly<Record<string, string>> = {
  seating: '一分一段: list 全表, rank 本人位次与同分人数, options 筛选项',
  meta: '有数据的科类 (subjects) 与批次 (batches)',
  plans: '招生计划: list 院校计划 (4.9), special 专项计划 (4.4)',
  charts: '图表: provinces 各省计划数 (4.6), categories 科类统计 (4.10)',
  content: '资讯与常见问题 (4.11)',
  feedback: '反馈: submit 提交 (4.12), list 查看与导出',
}

function commandFor(program: Command, words: readonly string[]): Command {
  let parent = program
  for (const [i, word] of words.entries()) {
    const existing = parent.commands.find((c) => c.name() === word)
    if (existing) parent = existing
    else {
      // A command that is also the parent of others (`open-majors` and `open-majors list`), and every command
      // above it, stops reading options at a subcommand's name, so that `open-majors list --school-id 1` reaches
      // `list` instead of `open-majors` taking the flags it shares with it.
      if (parent !== program)
        for (let c: Command | null = parent; c; c = c.parent) c.enablePositionalOptions()
      const created = parent.command(word)
      // A group word (`seating`) without its own endpoint just lists its subcommands.
      if (i < words.length - 1) created.description(GROUPS[word] ?? `${word} 相关命令`)
      parent = created
    }
  }
  return parent
}

function addEndpointCommand(
  program: Command,
  entry: CommandEntry,
  io: CliIo,
  deps: CliDeps,
  setExit: (code: number) => void,
): void {
  const cmd = commandFor(program, entry.command).description(
    `${entry.summary}\n${entry.http.method} ${entry.http.path}`,
  )
  const flags = entry.flags
  const positional = flags.find((f) => f.key === entry.positional)
  if (positional) cmd.argument(`<${positional.meta.placeholder ?? positional.key}>`, flagHelp(positional))
  for (const spec of flags) {
    if (spec.meta.hidden || spec === positional) continue
    cmd.option(`--${spec.flag} <${spec.meta.placeholder ?? 'value'}>`, flagHelp(spec))
  }
  for (const cf of entry.callerFlags) cmd.option(cf.flag, cf.description)
  if (entry.usesStore)
    cmd.option('--store <dir>', '反馈与令牌的存储目录 (默认: $GAOKAO_HOME, 否则 ~/.local/share/gaokao)')
  addOutputOptions(cmd)
  cmd.addHelpText('after', `\n示例:\n${entry.examples.map((e) => `  $ ${e}`).join('\n')}`)

  // commander passes the declared positional argument first, then the options.
  cmd.action(async (...args: unknown[]) => {
    const opts = (positional ? args[1] : args[0]) as Record<string, unknown> & OutputOptions
    const format = chooseFormat(opts)
    const caller = callerFrom(entry, opts)
    const [{ invoke }, def] = await Promise.all([import('../endpoints/invoke.js'), loadEndpoint(entry.name)])
    const ctx = (deps.context ?? defaultContext)({ datasets: opts.datasets, store: opts.store, caller })
    const request = requestFromFlags(flags, opts)
    if (positional) request[positional.key] = args[0]
    let internal: { err: unknown } | undefined
    const outcome = await invoke(def, request, ctx, (err) => {
      internal = { err }
    })
    try {
      await ctx.db.close()
    } catch (err) {
      // Datasets that failed to open reject again on close; that failure is already the outcome's error.
      if (!outcome.error) throw err
    }
    if (outcome.error) {
      // The envelope carries the generic message for a failure on our side; the terminal gets one line naming it.
      if (format === 'json') io.stdout(renderJson(outcome.body, io.isTTY))
      if (internal) reportInternal(io, internal.err)
      // a hint (what to do about it) only on the terminal's line; the envelope keeps the spec's message
      else
        io.stderr(`错误: ${outcome.error.message}${outcome.error.hint ? ` (${outcome.error.hint})` : ''}\n`)
      setExit(outcome.error.badInput ? EXIT.badInput : EXIT.failure)
      return
    }
    io.stdout(await renderOutcome(def, format, outcome, opts, io))
  })
}

function addOutputOptions(cmd: Command): void {
  cmd
    .addOption(new Option('--format <format>', '输出格式').choices(FORMATS).default('table'))
    .option('--json', '输出与 HTTP 接口相同的 JSON (即 --format json)')
    .option('--no-color', '不使用颜色 (也可设 NO_COLOR)')
    .option('--no-bom', 'CSV 不写 UTF-8 BOM')
    .option('--datasets <dir>', '数据目录 (默认: 内置 datasets/, 或环境变量 GAOKAO_DATASETS)')
}

function chooseFormat(opts: OutputOptions): Format {
  return opts.json ? 'json' : ((opts.format as Format | undefined) ?? 'table')
}

/** `--score 612` and the like: the trusted local user's own data, which HTTP takes from a token instead. */
function callerFrom(entry: CommandEntry, opts: Record<string, unknown>): Caller | null {
  const caller: Caller = {}
  let any = false
  for (const cf of entry.callerFlags) {
    const attribute = /^--([\w-]+)/
      .exec(cf.flag)?.[1]
      ?.replace(/-([a-z])/g, (_: string, c: string) => c.toUpperCase())
    const raw = attribute ? opts[attribute] : undefined
    if (raw === undefined) continue
    if (cf.key === 'score' || cf.key === 'rank') {
      const n = numberOf(raw)
      if (!Number.isInteger(n) || n < 0)
        throw badInputError(`${cf.flag.split(' ')[0]} 应为非负整数, 收到 ${String(raw)}`)
      caller[cf.key] = n
    } else caller[cf.key] = String(raw)
    any = true
  }
  return any ? caller : null
}

async function renderOutcome(
  def: AnyEndpoint,
  format: Format,
  { body, data, input }: Outcome,
  opts: OutputOptions,
  io: CliIo,
): Promise<string> {
  if (format === 'json') return renderJson(body, io.isTTY)
  const records = def.records ? def.records(data) : Array.isArray(data) ? data : [data]
  if (format === 'ndjson') return renderNdjson(records)
  if (format === 'csv') return renderCsv(records, opts.bom !== false)
  const empty = def.emptyMessage?.(data, input)
  if (empty) return `${empty}\n`
  if (!def.table) return renderJson(data, true)
  const views = def.table(data, input)
  return renderTables(Array.isArray(views) ? views : [views], useColor(io, opts.color), io.columns)
}

const defaultContext = (opts: {
  datasets?: string
  store?: string
  caller: Caller | null
}): EndpointContext =>
  createContextFactory({ datasetsDir: opts.datasets, storeDir: opts.store }).forCaller(opts.caller)

/** Parses and runs one command line; returns the exit code instead of exiting, so tests can run it in-process. */
export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  let exit: number = EXIT.ok
  const program = buildProgram(await loadManifest(), io, deps, (code) => {
    exit = code
  })
  // The command about to run, once commander has parsed its options: its --json / --format decide the output.
  // Then, before it runs (and before smart-match asks anything), a --datasets directory that does not exist is
  // bad input, for every command alike (see checkDatasetsOption for the rule).
  let action: Command | undefined
  program.hook('preAction', (_program, cmd) => {
    action = cmd
    // --json is --format json: with another --format it was taken silently over it
    const format = cmd.opts().format
    if (cmd.opts().json === true && cmd.getOptionValueSource('format') === 'cli' && format !== 'json')
      throw badInputError(`--json 与 --format ${format} 不能同时使用 (--json 即 --format json)`)
    const datasets = cmd.opts().datasets
    checkDatasetsOption(typeof datasets === 'string' ? datasets : undefined)
    // $GAOKAO_DATASETS naming no directory: said as such (a failure of the set-up, exit 1), not as each table
    // "未安装: 请运行 gaokao datasets build"
    const env = io.env.GAOKAO_DATASETS
    if (
      datasets === undefined &&
      env &&
      cmd.options.some((o) => o.long === '--datasets') &&
      !isDirectory(env)
    )
      throw new CliError(1, `数据目录不存在: ${resolve(env)} (环境变量 GAOKAO_DATASETS)`)
  })
  try {
    await program.parseAsync([...argv], { from: 'user' })
  } catch (err) {
    const json = action ? jsonRequested(action.opts()) : jsonInArgv(argv)
    return reportError(err, io, json)
  }
  return exit
}

/** Ctrl-C at a question of @inquirer/prompts (its ExitPromptError): a cancel, not an error. */
const EXIT_CANCELLED = 130

/**
 * Every error that escapes a command, reported alike: one line on stderr (commander writes its own usage
 * errors), and with --json the error envelope on stdout as the endpoints print it: code 400 for bad input, 500
 * for a failure on our side, with the generic message for an unexpected exception (its details stay on stderr).
 * Returns the exit code.
 */
async function reportError(err: unknown, io: CliIo, json: boolean): Promise<number> {
  const envelope = (code: number, message: string) => {
    if (json) io.stdout(renderJson(fail(code, message), io.isTTY))
  }
  if (err instanceof CommanderError) {
    // --help and --version are answers; help shown because a command was left out (`gaokao seating`, which
    // commander exits 1 for) is a usage error, so that a script does not take it for a result.
    if (err.code === 'commander.help' && err.exitCode !== 0) return EXIT.badInput
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      err.code === 'commander.help' ||
      err.exitCode === 0
    )
      return EXIT.ok
    // commander has already printed the error on stderr (configureOutput above).
    envelope(400, usageErrorText(err.message))
    return EXIT.badInput
  }
  if (err instanceof Error && err.name === 'ExitPromptError') {
    io.stderr('已取消\n')
    return EXIT_CANCELLED
  }
  if (err instanceof CliError || err instanceof ApiError) {
    const badInput = err instanceof CliError ? err.exitCode === EXIT.badInput : err.badInput
    const message = briefMessage(err)
    io.stderr(`错误: ${message}\n`)
    envelope(err instanceof ApiError ? err.code : badInput ? 400 : 500, message)
    return badInput ? EXIT.badInput : EXIT.failure
  }
  reportInternal(io, err)
  if (json) {
    const { INTERNAL_ERROR_MESSAGE } = await import('../endpoints/invoke.js')
    envelope(500, INTERNAL_ERROR_MESSAGE)
  }
  return EXIT.failure
}

const jsonRequested = (opts: Record<string, unknown>): boolean => opts.json === true || opts.format === 'json'

/** --json or --format json on a command line commander could not parse (options end at `--`). */
function jsonInArgv(argv: readonly string[]): boolean {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--') return false
    if (arg === '--json' || arg === '--format=json' || (arg === '--format' && argv[i + 1] === 'json'))
      return true
  }
  return false
}

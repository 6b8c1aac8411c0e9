import { resolve } from 'node:path'
import { Command, Help, Option } from 'commander'
import type { AnyEndpoint, Caller } from '../endpoints/define.js'
import type { Outcome } from '../endpoints/invoke.js'
import { numberOf } from '../endpoints/numbers.js'
import { badRequest, serviceError } from '../errors.js'
import { VERSION } from '../version.js'
import { addChartOption, chartText, checkChartFormat } from './chart-output.js'
import { fileFields, fileNotes } from './cli-file.js'
import { askForCommandValues } from './command-questions.js'
import { commandFor } from './command-tree.js'
import { STORE } from './commands/define.js'
import { CLI_COMMANDS } from './commands/index.js'
import { addCommand } from './commands/register.js'
import { checkDatasetsOption, isDirectory } from './datasets-shared.js'
import { findNamesBeforeRun } from './find-names.js'
import { flagHelp, requestFromFlags } from './flags.js'
import { type CliIo, useColor } from './io.js'
import { type CommandEntry, loadEndpoint, loadManifest } from './manifest.js'
import { askForRequiredValues } from './missing-values.js'
import { addOutOption, writeOutcome } from './out-file.js'
import type { Prompter } from './prompter.js'
import { FORMATS, type Format, renderCsv, renderJson, renderNdjson, renderTables } from './render.js'
import { EXIT, reportError } from './report-error.js'
import { runEndpoint } from './run-endpoint.js'
import { type CliSession, type ContextMaker, cliSession, defaultContext } from './session.js'
import { askForMissingValues } from './smart-match-questions.js'

export interface CliDeps {
  /** Builds the request context; tests inject fixture datasets here */
  context?: ContextMaker
  /** The questions asked in a terminal (the menu, missing values); tests inject answers here (default: @inquirer/prompts) */
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

/**
 * Builds the commander program from the endpoint manifest, plus the CLI's own commands (commands/index.ts:
 * serve, datasets, tokens ...). Endpoint modules (and zod) are imported only by the command that runs. Every
 * command prints its answer or throws: runCli reports what it throws.
 */
export function buildProgram(
  manifest: readonly CommandEntry[],
  io: CliIo,
  deps: CliDeps,
  session: CliSession,
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
      // A usage error is reported by runCli like every other error (report-error.ts), not by commander.
      outputError: () => {},
    })
    .exitOverride()

  for (const entry of manifest) addEndpointCommand(program, entry, io, session)
  for (const spec of CLI_COMMANDS) addCommand(program, spec, io)
  addCompletionHelper(program, io, session)
  askForMissingValues(program, io, session, deps.prompter)
  askForRequiredValues(program, manifest, io, session, deps.prompter)
  askForCommandValues(program, CLI_COMMANDS, io, session, deps.prompter)
  // After the questions: a school or major typed at one is found like one on the command line
  findNamesBeforeRun(program, manifest, io, session, deps.prompter)
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

function addEndpointCommand(program: Command, entry: CommandEntry, io: CliIo, session: CliSession): void {
  const cmd = commandFor(program, entry.command).description(
    `${entry.summary}\n${entry.http.method} ${entry.http.path}`,
  )
  const flags = entry.flags
  const positional = flags.find((f) => f.key === entry.positional)
  // In a terminal a missing argument is asked (missing-values.ts), so commander must not refuse it first.
  const name = positional?.meta.placeholder ?? positional?.key
  if (positional) cmd.argument(io.interactive ? `[${name}]` : `<${name}>`, flagHelp(positional))
  for (const spec of flags) {
    if (spec.meta.hidden || spec === positional) continue
    cmd.option(`--${spec.flag} <${spec.meta.placeholder ?? 'value'}>`, flagHelp(spec))
  }
  for (const cf of entry.callerFlags) cmd.option(cf.flag, cf.description)
  if (entry.usesStore) cmd.option(STORE.flags, STORE.description)
  addOutputOptions(cmd)
  addOutOption(cmd, entry.workbook === true)
  if (entry.chart) addChartOption(cmd)
  cmd.addHelpText('after', `\n示例:\n${entry.examples.map((e) => `  $ ${e}`).join('\n')}`)

  // commander passes the declared positional argument first, then the options.
  cmd.action(async (...args: unknown[]) => {
    const opts = (positional ? args[1] : args[0]) as Record<string, unknown> & OutputOptions
    const format = chooseFormat(opts)
    checkChartFormat(opts.chart, format)
    const caller = callerFrom(entry, opts)
    const def = await loadEndpoint(entry.name)
    const ctx = session.context({ datasets: opts.datasets, store: opts.store, caller })
    let request = requestFromFlags(flags, opts)
    if (positional) request[positional.key] = args[0]
    const fromFile = await fileFields(def, args[0])
    if (fromFile) {
      const flags = withoutPositional(request, positional)
      const together = def.cliFile?.together ?? []
      const replaced = together.some((key) => flags[key] !== undefined)
      const kept = Object.entries(fromFile).filter(([key]) => !(replaced && together.includes(key)))
      request = { ...Object.fromEntries(kept), ...flags }
      for (const note of await fileNotes(def, args[0])) io.stderr(`注意: ${note}\n`)
    }
    // A failed request is thrown: runCli reports it (with --json, the same envelope HTTP answers).
    const outcome = await runEndpoint(def, request, ctx).catch(async (err: unknown) =>
      (await import('./suggest-values.js')).suggestOnFailure(err, entry, opts, ctx, request),
    )
    if (def.emptyMessage?.(outcome.data, outcome.input, outcome.view))
      await (await import('./suggest-values.js')).noteOnEmpty(entry, opts, ctx, io)
    if (typeof opts.out === 'string')
      return writeOutcome(opts.out, def, outcome, ctx, io, (kind) =>
        renderOutcome(def, kind, outcome, opts, io),
      )
    const chart = opts.chart === true ? await chartText(def, outcome, ctx, io) : ''
    io.stdout(`${await renderOutcome(def, format, outcome, opts, io)}${chart}`)
  })
}

/**
 * `gaokao __complete -- <words>`: the candidates for the last word, asked by the scripts of `gaokao completion`
 * (completion.ts). Hidden: a helper of the program about itself, like `help`, walking the tree built above.
 */
function addCompletionHelper(program: Command, io: CliIo, session: CliSession): void {
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .option('--datasets <dir>', '数据目录')
    .action(async (words: string[], opts: { datasets?: string }) => {
      const { completions } = await import('./completion.js')
      const candidates = await completions(program, words.length ? words : [''], {
        async batches(province) {
          const { ruleBatches, ruleBatchNames } = await import('../data/volunteer-rules.js')
          const { db } = session.context({ datasets: opts.datasets, store: undefined, caller: null })
          return province ? ruleBatches(db, province, new Date().getFullYear()) : ruleBatchNames(db)
        },
      })
      if (candidates.length) io.stdout(`${candidates.join('\n')}\n`)
    })
}

/** The fields given on the command line, but the positional one (its value was the file's name). */
function withoutPositional(request: Record<string, unknown>, positional: { key: string } | undefined) {
  return Object.fromEntries(
    Object.entries(request).filter(([key, value]) => key !== positional?.key && value !== undefined),
  )
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
        throw badRequest(`${cf.flag.split(' ')[0]} 应为非负整数, 收到 ${String(raw)}`)
      caller[cf.key] = n
    } else caller[cf.key] = String(raw)
    any = true
  }
  return any ? caller : null
}

async function renderOutcome(
  def: AnyEndpoint,
  format: Format,
  { body, data, view, input }: Outcome,
  opts: OutputOptions,
  io: CliIo,
): Promise<string> {
  if (format === 'json') return renderJson(body, io.isTTY)
  const records = def.records ? def.records(data, view) : Array.isArray(data) ? data : [data]
  if (format === 'ndjson') return renderNdjson(records)
  if (format === 'csv') return renderCsv(records, opts.bom !== false)
  const empty = def.emptyMessage?.(data, input, view)
  if (empty) return `${empty}\n`
  if (!def.table) return renderJson(data, true)
  const views = def.table(data, input, view)
  return renderTables(Array.isArray(views) ? views : [views], useColor(io, opts.color), io.columns)
}

/** Parses and runs one command line; returns the exit code instead of exiting, so tests can run it in-process. */
export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  // `gaokao` alone in a terminal opens the menu (menu/menu.ts), which runs each task through runCli; in a pipe
  // it prints the help as before.
  if (argv.length === 0 && io.interactive) return (await import('./menu/menu.js')).runMenu(io, deps, runCli)
  const session = cliSession(deps.context ?? defaultContext)
  // Whether the command printed its answer: a failure after it (a validation with violations) adds no envelope.
  let answered = false
  const out: CliIo = {
    ...io,
    stdout: (text) => {
      answered = true
      io.stdout(text)
    },
  }
  const program = buildProgram(await loadManifest(), out, deps, session)
  // The command about to run, once commander has parsed its options: its --json / --format decide the output.
  // Then, before it runs (and before smart-match asks anything), a --datasets directory that does not exist is
  // bad input, for every command alike (see checkDatasetsOption for the rule).
  let action: Command | undefined
  program.hook('preAction', (_program, cmd) => {
    action = cmd
    // --json is --format json: with another --format it was taken silently over it
    const format = cmd.opts().format
    if (cmd.opts().json === true && cmd.getOptionValueSource('format') === 'cli' && format !== 'json')
      throw badRequest(`--json 与 --format ${format} 不能同时使用 (--json 即 --format json)`)
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
      throw serviceError(`数据目录不存在: ${resolve(env)} (环境变量 GAOKAO_DATASETS)`)
  })
  const json = () => (action ? jsonRequested(action.opts()) : jsonInArgv(argv)) && !answered
  let exit: number = EXIT.ok
  try {
    await program.parseAsync([...argv], { from: 'user' })
  } catch (err) {
    exit = await reportError(err, io, json())
  }
  try {
    await session.close()
  } catch (err) {
    // Datasets that failed to open reject again on close: that failure has been reported already.
    if (exit === EXIT.ok) exit = await reportError(err, io, json())
  }
  return exit
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

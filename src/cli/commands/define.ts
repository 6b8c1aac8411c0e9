import type { ApiError } from '../../errors.js'
import type { CliIo } from '../io.js'

/**
 * The commands that are not endpoints (serve, datasets, tokens, feedback list, smart-match backtest ...), each
 * described once like an endpoint: its words, options and help here, what it does in a module loaded only when
 * it runs (so that `gaokao --help` loads neither DuckDB nor the HTTP server). A command returns its answer and
 * throws its errors; register.ts prints the answer and runCli (program.ts) turns every error into its line and
 * exit code.
 */

/** One option, as commander takes it. */
export interface OptionSpec {
  flags: string
  description: string
  default?: string
  choices?: readonly string[]
  /** Without it the command line is a usage error (commander's requiredOption) */
  required?: boolean
}

export interface CommandSpec {
  /** ['datasets', 'build'] gives `gaokao datasets build` */
  words: readonly string[]
  description: string
  /** Required positional arguments, in order */
  arguments?: readonly { name: string; description: string }[]
  options: readonly OptionSpec[]
  /** Printed after the options in --help (examples, exit codes) */
  help?: string
  /** What the command does, imported when it runs */
  load(): Promise<AnyRun>
}

/**
 * What a running command may use of the terminal: no stdout, since its answer is returned and printed by the
 * CLI in one place; stderr only for notes (progress, warnings, a token's id), never for its errors, which it
 * throws.
 */
export interface CommandIo extends Pick<CliIo, 'env' | 'isTTY' | 'columns' | 'stderrTTY'> {
  note(text: string): void
  /** A yes/no question at the terminal (default no); absent where none may be asked (a pipe, a script) */
  confirm?(message: string): Promise<boolean>
}

export interface CommandRun<O, A> {
  /** Does the work: returns the answer, throws ApiError (bad input: badRequest; our side: serviceError) */
  action(args: readonly string[], opts: O, io: CommandIo): Promise<A>
  /** The answer as printed on stdout in the format the options ask for; nothing is printed without it */
  render?(answer: A, opts: O, io: CommandIo): string | Promise<string>
  /** The failure a complete answer still stands for (a validation with violations), reported after it */
  failure?(answer: A): ApiError | undefined
}

// The registry holds commands of many option and answer types; this is the one place where that is erased.
// biome-ignore lint/suspicious/noExplicitAny: heterogeneous registry
export type AnyRun = CommandRun<any, any>

export const defineRun = <O, A>(run: CommandRun<O, A>): CommandRun<O, A> => run

/** --format and --json: the output options of the commands that answer in several formats. */
export const outputOptions = (
  formats: readonly string[],
  json = '输出 JSON (即 --format json)',
): OptionSpec[] => [
  { flags: '--format <format>', description: '输出格式', choices: formats, default: 'table' },
  { flags: '--json', description: json },
]

export const NO_COLOR: OptionSpec = { flags: '--no-color', description: '不使用颜色 (也可设 NO_COLOR)' }
export const NO_BOM: OptionSpec = { flags: '--no-bom', description: 'CSV 不写 UTF-8 BOM' }
export const DATASETS: OptionSpec = {
  flags: '--datasets <dir>',
  description: '数据目录 (默认: 内置 datasets/, 或环境变量 GAOKAO_DATASETS)',
}
/** The store: a directory or a postgres:// URL (src/store/location.ts, docs/deploy.md) */
const STORE_HELP =
  '反馈与令牌的存储: 目录, 或 postgres://用户:密码@主机:端口/数据库 (默认: 环境变量 GAOKAO_STORE, 否则 $GAOKAO_HOME, 否则 ~/.local/share/gaokao)'
export const STORE: OptionSpec = { flags: '--store <dir|url>', description: STORE_HELP }

import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { defaultDatasetsDir } from '../data/catalogue.js'
import { badRequest, serviceError } from '../errors.js'
import { type CliIo, useColor } from './io.js'

/** Options every `gaokao datasets` reporting command takes. */
export interface ReportOptions {
  datasets?: string
  format?: string
  json?: boolean
  color?: boolean
}

/** --datasets, else $GAOKAO_DATASETS (from the CLI's environment), else the embedded datasets. */
export function datasetsDirOf(opts: { datasets?: string }, io: Pick<CliIo, 'env'>): string {
  return resolve(opts.datasets ?? io.env.GAOKAO_DATASETS ?? defaultDatasetsDir())
}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}

/**
 * The rule for a datasets directory that does not exist, the same for every command (endpoint commands, serve,
 * call, datasets ...): named on the command line with --datasets, it is bad input (exit 2, envelope 400), since
 * the user can fix the command line; the default (embedded datasets/ or $GAOKAO_DATASETS) missing is a failure on
 * our side (exit 1, envelope 500), like a dataset that is not installed. runCli checks --datasets before any
 * command runs (checkDatasetsOption); commands that read the directory themselves check the default here.
 */
export function checkDatasetsOption(dir: string | undefined): void {
  if (dir !== undefined && !isDirectory(resolve(dir)))
    throw badRequest(`数据目录不存在: ${resolve(dir)} (--datasets)`)
}

/** The datasets directory of a command (see datasetsDirOf), which must exist (see checkDatasetsOption). */
export function existingDatasetsDir(opts: { datasets?: string }, io: Pick<CliIo, 'env'>): string {
  checkDatasetsOption(opts.datasets)
  const dir = datasetsDirOf(opts, io)
  if (!isDirectory(dir)) throw serviceError(`数据目录不存在: ${dir}`)
  return dir
}

export const wantsJson = (opts: ReportOptions): boolean => opts.json === true || opts.format === 'json'

/** The JSON of a datasets report: indented whether or not stdout is a terminal, since people read it too. */
export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

/** chalk-based paint functions, or identity when colour is off (not a terminal, NO_COLOR, --no-color). */
export async function paintFor(io: Pick<CliIo, 'env' | 'isTTY'>, opts: ReportOptions) {
  const { Chalk } = await import('chalk')
  const chalk = new Chalk({ level: useColor(io, opts.color) ? 1 : 0 })
  return {
    red: (s: string) => chalk.red(s),
    yellow: (s: string) => chalk.yellow(s),
    green: (s: string) => chalk.green(s),
    dim: (s: string) => chalk.dim(s),
    bold: (s: string) => chalk.bold(s),
  }
}

/** An integer flag of at least `min`, or undefined when absent; throws bad input (exit 2) otherwise. */
export function intFlag(name: string, raw: string | undefined, min = 0): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) throw badRequest(`${name} 应为 >= ${min} 的整数, 收到 ${raw}`)
  return n
}

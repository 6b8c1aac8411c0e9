import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { defaultDatasetsDir } from '../data/catalogue.js'
import { type CliIo, useColor } from './io.js'

/** Options every `gaokao datasets` reporting command takes. */
export interface ReportOptions {
  datasets?: string
  format?: string
  json?: boolean
  color?: boolean
}

/** --datasets, else $GAOKAO_DATASETS (from the CLI's environment), else the embedded datasets. */
export function datasetsDirOf(opts: { datasets?: string }, io: CliIo): string {
  return resolve(opts.datasets ?? io.env.GAOKAO_DATASETS ?? defaultDatasetsDir())
}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}

export const wantsJson = (opts: ReportOptions): boolean => opts.json === true || opts.format === 'json'

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`)
}

/** chalk-based paint functions, or identity when colour is off (not a terminal, NO_COLOR, --no-color). */
export async function paintFor(io: CliIo, opts: ReportOptions) {
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

/** A non-negative integer flag, or undefined with an error printed (exit 2 for the caller). */
export function intFlag(
  io: CliIo,
  name: string,
  raw: string | undefined,
  min = 0,
): number | undefined | null {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) {
    io.stderr(`错误: ${name} 应为 >= ${min} 的整数, 收到 ${raw}\n`)
    return null
  }
  return n
}

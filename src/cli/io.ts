/** What the CLI touches of the outside world, injectable so that tests run it in-process. */
export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** True when stdout is a terminal: tables get colour, JSON gets indentation */
  isTTY: boolean
  env: Record<string, string | undefined>
  /** Whether prompts may ask (stdin is a terminal) */
  interactive: boolean
  /** Terminal width for tables */
  columns?: number
}

export function processIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    columns: terminalWidth(process.stdout.isTTY, process.env.COLUMNS, process.stdout.columns),
  }
}

/**
 * The width tables fit on a terminal: COLUMNS when it is set to a width (asked for), else the terminal's; none
 * when the terminal reports 0 (a pty without a size squeezed every table to its narrowest) or output is not a
 * terminal (piped output is never wrapped, whatever COLUMNS says).
 */
export function terminalWidth(
  tty: boolean | undefined,
  env: string | undefined,
  reported: number | undefined,
): number | undefined {
  if (!tty) return undefined
  const asked = Number(env)
  if (env !== undefined && Number.isInteger(asked) && asked > 0) return asked
  return reported !== undefined && reported > 0 ? reported : undefined
}

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org) or --no-color. */
export function useColor(io: CliIo, flag: boolean | undefined): boolean {
  if (flag === false) return false
  const noColor = io.env.NO_COLOR
  if (noColor !== undefined && noColor !== '') return false
  return io.isTTY
}

/**
 * An error a command reports in one line on stderr (`错误: <message>`) and exits with: 2 for bad input, 1 for a
 * failure on our side. Commands throw it; runCli reports it, and with --json also prints the error envelope
 * (code 400 or 500, this message) on stdout.
 */
export class CliError extends Error {
  constructor(
    readonly exitCode: 1 | 2,
    message: string,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const badInputError = (message: string): CliError => new CliError(2, message)

/** Set GAOKAO_DEBUG=1 to get the stack of an internal error on stderr (never shown otherwise). */
export const debugEnabled = (io: CliIo): boolean => {
  const v = io.env.GAOKAO_DEBUG
  return v !== undefined && v !== '' && v !== '0'
}

/** The first line of an error's message: DuckDB messages carry multi-line SQL excerpts. */
export function briefMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return text.split('\n').find((l) => l.trim() !== '') ?? (err instanceof Error ? err.name : 'unknown error')
}

/**
 * The one stderr line of an unexpected exception (a failure on our side), plus its stack with GAOKAO_DEBUG=1.
 * Clients of --json get only the generic INTERNAL_ERROR_MESSAGE envelope.
 */
export function reportInternal(io: CliIo, err: unknown): void {
  io.stderr(`错误: 内部错误: ${briefMessage(err)}\n`)
  if (debugEnabled(io) && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`)
}

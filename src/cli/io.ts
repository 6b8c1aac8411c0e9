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
  /** True when stderr is a terminal: progress is drawn there as a bar (progress.ts), else as plain lines */
  stderrTTY?: boolean
}

export function processIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    columns: terminalWidth(process.stdout.isTTY, process.env.COLUMNS, process.stdout.columns),
    stderrTTY: Boolean(process.stderr.isTTY),
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
export function useColor(io: Pick<CliIo, 'env' | 'isTTY'>, flag: boolean | undefined): boolean {
  if (flag === false) return false
  const noColor = io.env.NO_COLOR
  if (noColor !== undefined && noColor !== '') return false
  return io.isTTY
}

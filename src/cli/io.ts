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
    columns: process.stdout.columns,
  }
}

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org) or --no-color. */
export function useColor(io: CliIo, flag: boolean | undefined): boolean {
  if (flag === false) return false
  const noColor = io.env.NO_COLOR
  if (noColor !== undefined && noColor !== '') return false
  return io.isTTY
}

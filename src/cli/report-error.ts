import { CommanderError } from 'commander'
import { fail } from '../endpoints/envelope.js'
import { ApiError } from '../errors.js'
import type { CliIo } from './io.js'
import { renderJson } from './render.js'
import { usageErrorText } from './usage-errors.js'

/** Exit codes: 0 success, 1 failure on our side, 2 bad input (a usage error or an invalid request), 130 cancelled. */
export const EXIT = { ok: 0, failure: 1, badInput: 2, cancelled: 130 } as const

/**
 * The one place where the CLI turns an error into what the user sees: one line on stderr, the exit code, and
 * with --json the error envelope on stdout as the endpoints print it (code 400 for bad input, the ApiError's own
 * code, 500 with the generic message for an unexpected exception, whose details stay on stderr). `envelope` is
 * false when the command asked for no JSON or already printed its answer.
 */
export async function reportError(err: unknown, io: CliIo, envelope: boolean): Promise<number> {
  const printEnvelope = (code: number, message: string) => {
    if (envelope) io.stdout(renderJson(fail(code, message), io.isTTY))
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
    // A usage error is one line like every other error, in the same language, with the way to the help.
    const message = usageErrorText(err.message)
    io.stderr(`错误: ${message} (用 --help 查看用法)\n`)
    printEnvelope(400, message)
    return EXIT.badInput
  }
  // Ctrl-C at a question of @inquirer/prompts (its ExitPromptError): a cancel, not an error.
  if (err instanceof Error && err.name === 'ExitPromptError') {
    io.stderr('已取消\n')
    return EXIT.cancelled
  }
  if (err instanceof ApiError) {
    // A failure on our side that carries its cause (a store that cannot be written): the line names the cause,
    // as for any internal error; the envelope keeps the answer's own code and message.
    if (!err.badInput && err.cause !== undefined) reportInternal(io, err.cause)
    // a hint (what to do about it), and a message the spec fixes said more plainly, only on the terminal's line; the
    // envelope keeps the spec's message
    else io.stderr(`错误: ${err.terminalMessage ?? err.message}${err.hint ? ` (${err.hint})` : ''}\n`)
    printEnvelope(err.code, err.message)
    return err.badInput ? EXIT.badInput : EXIT.failure
  }
  reportInternal(io, err)
  if (envelope) {
    const { INTERNAL_ERROR_MESSAGE } = await import('../endpoints/invoke.js')
    printEnvelope(500, INTERNAL_ERROR_MESSAGE)
  }
  return EXIT.failure
}

/** Set GAOKAO_DEBUG=1 to get the stack of an internal error on stderr (never shown otherwise). */
const debugEnabled = (io: CliIo): boolean => {
  const v = io.env.GAOKAO_DEBUG
  return v !== undefined && v !== '' && v !== '0'
}

/** The first line of an error's message: DuckDB messages carry multi-line SQL excerpts. */
function briefMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return text.split('\n').find((l) => l.trim() !== '') ?? (err instanceof Error ? err.name : 'unknown error')
}

/**
 * The one stderr line of an unexpected exception (a failure on our side), plus its stack with GAOKAO_DEBUG=1.
 * Clients of --json get only the generic INTERNAL_ERROR_MESSAGE envelope.
 */
function reportInternal(io: CliIo, err: unknown): void {
  io.stderr(`错误: 内部错误: ${briefMessage(err)}\n`)
  if (debugEnabled(io) && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`)
}

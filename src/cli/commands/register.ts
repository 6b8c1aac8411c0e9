import { type Command, Option } from 'commander'
import { commandFor } from '../command-tree.js'
import { terminalConfirm } from '../confirm.js'
import type { CliIo } from '../io.js'
import type { CommandIo, CommandSpec, OptionSpec } from './define.js'

/** `asked`: in a terminal a required value left out is asked (command-questions.ts), not refused by commander. */
function optionOf(spec: OptionSpec, asked: boolean): Option {
  const option = new Option(spec.flags, spec.description)
  if (spec.choices) option.choices(spec.choices)
  if (spec.default !== undefined) option.default(spec.default)
  if (spec.required && !asked) option.makeOptionMandatory()
  return option
}

/**
 * Adds one of the CLI's own commands to the program. Its action runs the command, prints the answer on stdout
 * and then throws the failure the answer stands for, if any; every error is left to runCli to report.
 */
export function addCommand(program: Command, spec: CommandSpec, io: CliIo): void {
  const cmd = commandFor(program, spec.words).description(spec.description)
  for (const a of spec.arguments ?? [])
    cmd.argument(io.interactive ? `[${a.name}]` : `<${a.name}>`, a.description)
  for (const o of spec.options) cmd.addOption(optionOf(o, io.interactive))
  if (spec.help) cmd.addHelpText('after', spec.help)
  // commander passes the declared arguments first, then the options.
  cmd.action(async (...params: unknown[]) => {
    const args = params.slice(0, spec.arguments?.length ?? 0) as string[]
    const opts = params[args.length] as Record<string, unknown>
    const commandIo: CommandIo = {
      env: io.env,
      isTTY: io.isTTY,
      columns: io.columns,
      stderrTTY: io.stderrTTY,
      note: io.stderr,
      confirm: io.interactive ? terminalConfirm : undefined,
    }
    const run = await spec.load()
    const answer = await run.action(args, opts, commandIo)
    if (run.render) io.stdout(await run.render(answer, opts, commandIo))
    const failure = run.failure?.(answer)
    if (failure) throw failure
  })
}

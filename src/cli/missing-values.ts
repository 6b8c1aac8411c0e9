import type { Command } from 'commander'
import type { EndpointContext } from '../endpoints/define.js'
import { badRequest } from '../errors.js'
import { fileFields } from './cli-file.js'
import type { FlagSpec } from './flags.js'
import type { CliIo } from './io.js'
import { type CommandEntry, loadEndpoint } from './manifest.js'
import { shownCommand } from './menu/command-line.js'
import type { Prompter } from './prompter.js'
import type { CliSession } from './session.js'

/**
 * Every endpoint command's required values (FlagSpec.required, read from its zod schema when the manifest is
 * derived): those the command line left out are asked in a terminal, one question each with the values the data
 * have where they are known (field-questions.ts); in a pipe they are named in one line, exit 2. A script that
 * asks for JSON gets the spec's own error envelope from the endpoint instead, as over HTTP. smart-match and its
 * counts ask their own questions (smart-match-questions.ts), which know the subject rules.
 */
const OWN_QUESTIONS = new Set(['smart-match', 'cwb-num'])

export function askForRequiredValues(
  program: Command,
  manifest: readonly CommandEntry[],
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): void {
  for (const entry of manifest) {
    if (OWN_QUESTIONS.has(entry.name)) continue
    const required = entry.flags.filter((f) => f.required && (!f.meta.hidden || f.key === entry.positional))
    if (required.length === 0) continue
    const cmd = commandAt(program, entry.command)
    // The hook of a parent command runs for its subcommands too (open-majors and open-majors list): only its own.
    cmd?.hook('preAction', async (_self, action) => {
      if (action === cmd) await complete(cmd, entry, required, io, session, prompter)
    })
  }
}

function commandAt(program: Command, words: readonly string[]): Command | undefined {
  let cmd: Command | undefined = program
  for (const word of words) cmd = cmd?.commands.find((c) => c.name() === word)
  return cmd
}

const present = (v: unknown): boolean =>
  (typeof v === 'string' && v.trim() !== '') || typeof v === 'number' || typeof v === 'boolean'

/** How the line of a pipe names a missing value: the flag (or the argument), and its choices when it has some. */
export function missingName(spec: FlagSpec, positional: boolean): string {
  const name = positional ? `<${spec.meta.placeholder ?? spec.key}>` : `--${spec.flag}`
  return spec.meta.choices ? `${name} (可选 ${spec.meta.choices.join(', ')})` : name
}

/** The one line of a pipe: what is missing, and where the help is. */
export function missingMessage(entry: CommandEntry, missing: readonly FlagSpec[]): string {
  const names = missing.map((f) => missingName(f, f.key === entry.positional))
  return `缺少 ${names.join('、')} (不在终端中运行, 无法逐项询问; 见 gaokao ${entry.command.join(' ')} --help)`
}

async function complete(
  cmd: Command,
  entry: CommandEntry,
  required: readonly FlagSpec[],
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): Promise<void> {
  const opts = cmd.opts() as Record<string, unknown>
  // commander passes the positional argument first (program.ts declares it optional in a terminal only)
  const given = (f: FlagSpec) => (f.key === entry.positional ? cmd.processedArgs[0] : opts[f.attribute])
  let missing = required.filter((f) => !present(given(f)))
  if (missing.length === 0) return
  // What the file the argument names says (smart-match's --json output: the rank year) is given too.
  if (entry.positional !== undefined) {
    const fromFile = await fileFields(await loadEndpoint(entry.name), cmd.processedArgs[0])
    if (fromFile) missing = missing.filter((f) => !present(fromFile[f.key]))
    if (missing.length === 0) return
  }
  if (!io.interactive) {
    if (opts.json === true || opts.format === 'json') return
    throw badRequest(missingMessage(entry, missing))
  }
  const [{ askField }, { inquirerPrompter }] = await Promise.all([
    import('./field-questions.js'),
    import('./prompter.js'),
  ])
  // The command's own context: the endpoint that runs next uses the same Db (runCli closes it).
  const ctx: EndpointContext = session.context({
    datasets: opts.datasets as string | undefined,
    store: opts.store as string | undefined,
    caller: null,
  })
  const ask = await (prompter ?? inquirerPrompter)()
  // what the later questions may depend on (the years of the province given or answered)
  const known: Record<string, string> = {}
  for (const f of entry.flags) {
    const v = given(f)
    if (present(v)) known[f.key] = String(v)
  }
  const answered = new Set<string>()
  for (const f of missing) {
    const answer = await askField(ctx, f, known, ask, {
      positional: f.key === entry.positional,
      command: entry.name,
    })
    known[f.key] = answer
    if (f.key === entry.positional) cmd.processedArgs[0] = answer
    else cmd.setOptionValue(f.attribute, answer)
    answered.add(f.attribute)
  }
  showTypedLine(cmd, entry.command, answered, io)
}

/**
 * After the questions, the command line that would have asked nothing (on stderr: stdout keeps the answer), so
 * that the user learns the flags: `等价命令: gaokao charts categories --province 江苏 --year 2025 ...`.
 */
export function showTypedLine(
  cmd: Command,
  words: readonly string[],
  answered: ReadonlySet<string>,
  io: Pick<CliIo, 'stderr'>,
): void {
  const argv = [...words]
  for (const [i, arg] of (cmd.processedArgs as unknown[]).entries())
    if (i < cmd.registeredArguments.length && typeof arg === 'string') argv.push(arg)
  for (const option of cmd.options) {
    const key = option.attributeName()
    if (!option.long || (cmd.getOptionValueSource(key) !== 'cli' && !answered.has(key))) continue
    const value: unknown = cmd.getOptionValue(key)
    if (value === true || (value === false && option.negate)) argv.push(option.long)
    else if (typeof value === 'string') argv.push(option.long, value)
  }
  io.stderr(`等价命令: ${shownCommand(argv)}\n`)
}

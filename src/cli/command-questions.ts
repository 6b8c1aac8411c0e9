import type { Command } from 'commander'
import type { CommandSpec } from './commands/define.js'
import type { CliIo } from './io.js'
import { showTypedLine } from './missing-values.js'
import type { Prompter } from './prompter.js'
import type { CliSession } from './session.js'

/**
 * The CLI's own commands (datasets import, tokens create, completion ...) ask in a terminal for the arguments
 * and required options left out, as the endpoint commands do (missing-values.ts): there commands/register.ts
 * declares them optional, so that commander does not refuse them first. In a pipe they stay required, and
 * commander's usage error names them (usage-errors.ts: `缺少参数 <file>`, `缺少必需的选项 --from`).
 */
export function askForCommandValues(
  program: Command,
  specs: readonly CommandSpec[],
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): void {
  if (!io.interactive) return
  for (const spec of specs) {
    const required = spec.options.filter((o) => o.required)
    if ((spec.arguments ?? []).length === 0 && required.length === 0) continue
    let cmd: Command | undefined = program
    for (const word of spec.words) cmd = cmd?.commands.find((c) => c.name() === word)
    const own = cmd
    own?.hook('preAction', async (_self, action) => {
      if (action === own) await complete(own, spec, io, session, prompter)
    })
  }
}

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '')
const notBlank = (v: string) => (v.trim() === '' ? '不能为空' : true)

async function complete(
  cmd: Command,
  spec: CommandSpec,
  io: CliIo,
  session: CliSession,
  prompter?: () => Promise<Prompter>,
): Promise<void> {
  const args = (spec.arguments ?? []).map((a, i) => ({ a, i })).filter(({ i }) => blank(cmd.processedArgs[i]))
  const options = spec.options
    .filter((o) => o.required)
    .map((o) => cmd.options.find((c) => c.flags === o.flags))
    .filter((o) => o !== undefined && blank(cmd.getOptionValue(o.attributeName())))
  if (args.length === 0 && options.length === 0) return
  const ask = await (prompter ?? (await import('./prompter.js')).inquirerPrompter)()
  const answered = new Set<string>()
  for (const { a, i } of args)
    cmd.processedArgs[i] = (await ask.input(`${a.description} (<${a.name}>)`, notBlank)).trim()
  for (const option of options) {
    if (!option) continue
    const message = `${option.description} (${option.long})`
    let answer: string
    if (option.argChoices)
      answer = await ask.select(
        message,
        option.argChoices.map((c) => ({ name: c, value: c })),
      )
    else if (option.long === '--province') {
      const { choicesOf, provinceChoices } = await import('./data-choices.js')
      const opts = cmd.opts() as { datasets?: string }
      const ctx = session.context({ datasets: opts.datasets, store: undefined, caller: null })
      answer = await ask.select(message, choicesOf(await provinceChoices(ctx)))
    } else answer = (await ask.input(message, notBlank)).trim()
    cmd.setOptionValue(option.attributeName(), answer)
    answered.add(option.attributeName())
  }
  showTypedLine(cmd, spec.words, answered, io)
}

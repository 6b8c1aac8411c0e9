import type { Command, Option } from 'commander'
import { PROVINCES } from '../domain/provinces.js'

/**
 * Shell completion. `gaokao completion bash|zsh|fish` prints a script that, at each TAB, asks the program itself:
 * `gaokao __complete -- <the words so far> <the word being typed>`, which walks the very commander tree that parses
 * the command line (endpoint and CLI commands alike) and prints the candidates, one per line. So commands, flags and
 * their choices never drift from the program; values that come from the data (a province's batches) are looked up.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]
export const isShell = (name: string | undefined): name is Shell => SHELLS.some((s) => s === name)

export function completionScript(shell: Shell): string {
  if (shell === 'bash')
    return `# gaokao: bash completion. Load it with: source <(gaokao completion bash)
_gaokao() {
  local IFS=$'\\n'
  COMPREPLY=($(gaokao __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _gaokao gaokao
`
  if (shell === 'zsh')
    return `#compdef gaokao
# gaokao: zsh completion. Load it with: source <(gaokao completion zsh)
_gaokao() {
  local -a candidates
  candidates=("\${(@f)$(gaokao __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a candidates
}
compdef _gaokao gaokao
`
  return `# gaokao: fish completion. Load it with: gaokao completion fish | source
complete -c gaokao -f -a '(gaokao __complete -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`
}

/** Values of options that the data supply, looked up only when such an option is being completed. */
export interface ValueSource {
  /** The batches with a filing rule in a province (all provinces' when none is given) */
  batches(province: string | undefined): Promise<string[]>
}

/** The categories (科类) every km / subject option takes, long and short forms. */
const CATEGORIES = ['物理类', '历史类', '理科', '文科', '综合', '物理', '历史']

/**
 * The candidates for the last of `words` (the word being typed, possibly empty), the others being complete:
 * a subcommand, a flag of the command reached, or a value of the flag just before it.
 */
export async function completions(
  program: Command,
  words: readonly string[],
  values: ValueSource,
): Promise<string[]> {
  const typed = words.at(-1) ?? ''
  const done = words.slice(0, -1)
  let cmd = program
  const given = new Map<string, string>()
  for (let i = 0; i < done.length; i++) {
    const word = done[i] as string
    if (word.startsWith('-')) {
      const option = findOption(cmd, word)
      if (option && takesValue(option) && i + 1 < done.length)
        given.set(option.long ?? '', done[++i] as string)
      continue
    }
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word))
    if (sub) cmd = sub
  }
  const before = done.at(-1)
  const pending = before?.startsWith('-') ? findOption(cmd, before) : undefined
  let candidates: string[]
  if (pending && takesValue(pending)) candidates = await optionValues(pending, given, values)
  else if (typed.startsWith('-'))
    candidates = [...cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined), '--help']
  else candidates = cmd.commands.filter((c) => !hidden(c)).map((c) => c.name())
  return [...new Set(candidates)].filter((c) => c.startsWith(typed))
}

const findOption = (cmd: Command, word: string): Option | undefined =>
  cmd.options.find((o) => o.long === word || o.short === word)

const takesValue = (option: Option) => option.required || option.optional

// commander keeps a command's `hidden` flag private; the completion helper itself is the only hidden command.
const hidden = (cmd: Command) => cmd.name().startsWith('__')

async function optionValues(
  option: Option,
  given: ReadonlyMap<string, string>,
  values: ValueSource,
): Promise<string[]> {
  if (option.argChoices) return [...option.argChoices]
  const name = option.long ?? ''
  if (name === '--province') return PROVINCES.map((p) => p.name)
  if (/^--(km|subject|subject-type)$/.test(name)) return CATEGORIES
  if (name === '--batch') return values.batches(given.get('--province'))
  return []
}

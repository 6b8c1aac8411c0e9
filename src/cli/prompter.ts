/**
 * The questions the CLI asks in a terminal (the menu, a command's missing values), behind one small interface so
 * that tests answer them (CliDeps.prompter) and the real prompts (@inquirer/prompts) load only when one is asked.
 */

export interface Choice {
  name: string
  value: string
}

/** The three kinds of question, injectable so that tests answer them. */
export interface Prompter {
  select(message: string, choices: readonly Choice[], fallback?: string): Promise<string>
  /** Free text; `fallback` is taken when the answer is left empty */
  input(message: string, validate: (value: string) => true | string, fallback?: string): Promise<string>
  /** Several values; `validate` checks the selection before the prompt accepts it (true, or what is wrong). */
  checkbox(
    message: string,
    choices: readonly Choice[],
    validate: (values: readonly string[]) => true | string,
  ): Promise<string[]>
}

/** The key hints under a question, in the language of the rest of the tool (inquirer writes them in English). */
const KEY_WORDS: Readonly<Record<string, string>> = {
  navigate: '移动',
  select: '选择',
  submit: '确认',
  all: '全选',
  invert: '反选',
}
const keysHelpTip = (keys: [string, string][]) =>
  keys
    .map(([key, action]) =>
      // Enter is 'select' in a list and 'submit' in a checkbox: the same key, one word
      key === '⏎' ? '回车 确认' : `${key === 'space' ? '空格' : key} ${KEY_WORDS[action] ?? action}`,
    )
    .join(' · ')
const theme = { style: { keysHelpTip } }

/** The real prompts (@inquirer/prompts), loaded only when a question is asked. */
export async function inquirerPrompter(): Promise<Prompter> {
  const { select, input, checkbox } = await import('@inquirer/prompts')
  return {
    select: (message, choices, fallback) =>
      // more lines than inquirer's 7: a province's list is long, and typing its first characters jumps to it
      select({ message, choices: [...choices], default: fallback, pageSize: 12, theme }),
    input: (message, validate, fallback) => input({ message, validate, default: fallback }),
    checkbox: (message, choices, validate) =>
      checkbox({
        message,
        choices: [...choices],
        pageSize: 12,
        theme,
        validate: (items) => validate(items.map((i) => i.value)),
      }),
  }
}

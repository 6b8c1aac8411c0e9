/**
 * commander's usage errors (unknown option, missing value, bad choice ...) in the language of every other message
 * of the CLI, on one line: `未知选项 --bogus`, `选项 --format 的值 "xml" 无效, 可选: table, json, ndjson, csv`.
 * commander writes them in English across two or three lines; its wording is matched here, and a message this
 * does not know (a later commander's) is kept as commander wrote it, on one line.
 */

/** `--format <format>` → `--format`; `-f, --format <format>` → `--format` */
const flagName = (flags: string): string => {
  const words = flags.split(/[ ,|]+/).filter((w) => w.startsWith('-'))
  return words.at(-1) ?? flags
}

/** commander's `(Did you mean x?)` / `(Did you mean one of x, y?)` suffix, as `, 是否想用 x` */
const suggestion = (text: string | undefined): string => (text ? `, 是否想用 ${text}` : '')

const CHOICES = /^Allowed choices are (.*)\.$/s

const invalidValue = (what: string, value: string, reason: string): string => {
  const choices = CHOICES.exec(reason.trim())
  if (choices) return `${what} 的值 "${value}" 无效, 可选: ${choices[1]}`
  return `${what} 的值 "${value}" 无效${reason.trim() ? `: ${reason.trim()}` : ''}`
}

const RULES: readonly [RegExp, (...groups: string[]) => string][] = [
  [
    /^unknown option '(.+?)'(?:\s*\(Did you mean (?:one of )?(.+?)\?\))?$/s,
    (flag, like) => `未知选项 ${flag}${suggestion(like)}`,
  ],
  [
    /^unknown command '(.+?)'(?:\s*\(Did you mean (?:one of )?(.+?)\?\))?$/s,
    (name, like) => `未知命令 ${name}${suggestion(like)}`,
  ],
  [
    /^option '(.+?)' argument '(.*)' is invalid\.(.*)$/s,
    (flags, value, reason) => invalidValue(`选项 ${flagName(flags ?? '')}`, value ?? '', reason ?? ''),
  ],
  [
    /^command-argument value '(.*)' is invalid for argument '(.+?)'\.(.*)$/s,
    (value, name, reason) => invalidValue(`参数 <${name}>`, value ?? '', reason ?? ''),
  ],
  [/^option '(.+?)' argument missing$/s, (flags) => `选项 ${flagName(flags ?? '')} 缺少值`],
  [/^required option '(.+?)' not specified$/s, (flags) => `缺少必填选项 ${flagName(flags ?? '')}`],
  [/^missing required argument '(.+?)'$/s, (name) => `缺少参数 <${name}>`],
  [
    /^too many arguments(?: for '(.+?)')?\. Expected (\d+) arguments? but got (\d+)\.$/s,
    (_command, expected, got) => `参数过多: 应为 ${expected} 个, 收到 ${got} 个`,
  ],
  [/^(.+?) cannot be used with (.+)$/s, (a, b) => `${a} 不能与 ${b} 同时使用`],
]

export function usageErrorText(commanderMessage: string): string {
  const message = commanderMessage.trim().replace(/^error: /, '')
  for (const [pattern, text] of RULES) {
    const m = pattern.exec(message)
    if (m) return text(...m.slice(1).map((g) => g ?? ''))
  }
  return message.replace(/\s*\n\s*/g, ' ')
}

/**
 * Fitting a table to a terminal's width by wrapping its text columns ourselves: cli-table3's own word wrap
 * measures CJK text wrongly and drops characters of a name it cuts (哈尔滨工业大学（深圳） came out as 哈尔滨… 深圳）),
 * so cells reach it already broken into lines, which it draws as they are.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it matches
const ANSI = /\u001b\[[0-9;]*m/g

/** Display width of one line: CJK characters and full-width punctuation take two columns, colour codes none. */
export const displayWidth = (s: string): number =>
  [...s.replace(ANSI, '')].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0)

const blockWidth = (s: string): number => Math.max(0, ...s.split('\n').map(displayWidth))

/** A column is not narrowed below this many display columns (four CJK characters), whatever the terminal. */
const MIN_TEXT_WIDTH = 8

/**
 * A header broken as evenly as the same number of lines allows (最近一年 / 最低位次, not 最近一年最低位 / 次).
 * Cells are not: a school's name is better cut after its first full width (中国政法 / 大学).
 */
export function wrapEvenly(line: string, width: number): string[] {
  const lines = wrapLine(line, width)
  for (let w = Math.ceil(displayWidth(line) / lines.length); w < width; w++) {
    const even = wrapLine(line, w)
    if (even.length === lines.length) return even
  }
  return lines
}

/**
 * Breaks one line into lines of at most `width` display columns: between words where it has spaces
 * (`2024: 19075 (617分) 校线`), else between characters.
 */
export function wrapLine(line: string, width: number): string[] {
  const out: string[] = []
  let current = ''
  const push = () => {
    if (current !== '') out.push(current)
    current = ''
  }
  for (const word of line.split(' ')) {
    const joined = current === '' ? word : `${current} ${word}`
    if (displayWidth(joined) <= width) {
      current = joined
      continue
    }
    push()
    for (const ch of word) {
      if (displayWidth(current + ch) > width) push()
      current += ch
    }
  }
  push()
  return out.length > 0 ? out : ['']
}

/** A cell coloured as a whole (the backtest's 是 / 否) keeps its colour on each of its lines. */
function wrapBlock(s: string, width: number, wrap = wrapLine): string {
  const codes = s.match(ANSI) ?? []
  const open = codes.length > 0 && s.startsWith(codes[0] ?? '') ? (codes[0] ?? '') : ''
  const close = codes.length > 1 && s.endsWith(codes.at(-1) ?? '') ? (codes.at(-1) ?? '') : ''
  return s
    .replace(ANSI, '')
    .split('\n')
    .flatMap((line) => wrap(line, width))
    .map((line) => `${open}${line}${close}`)
    .join('\n')
}

/**
 * The header and cells wrapped so that the table (borders and one space of padding each side included) fits
 * `width` columns: the widest column gives up a display column at a time, numbers are never broken. A table that
 * cannot fit even then keeps its narrowest form and the terminal wraps it.
 */
export function fitToWidth(
  head: readonly string[],
  cells: readonly string[][],
  numeric: ReadonlySet<number>,
  width: number,
): { head: string[]; cells: string[][] } {
  const longestCell = head.map((_, i) => Math.max(0, ...cells.map((r) => blockWidth(r[i] ?? ''))))
  const natural = head.map((h, i) => Math.max(blockWidth(h), longestCell[i] ?? 0))
  // A number column narrows only by wrapping its header (预估最低 / 位次), never its numbers.
  const least = head.map((_, i) => (numeric.has(i) ? Math.max(longestCell[i] ?? 0, 4) : MIN_TEXT_WIDTH))
  const frame = head.length * 3 + 1
  const fitted = [...natural]
  let excess = fitted.reduce((a, b) => a + b, 0) + frame - width
  while (excess > 0) {
    let widest = -1
    fitted.forEach((w, i) => {
      if (w > (least[i] ?? 0) && (widest < 0 || w > (fitted[widest] ?? 0))) widest = i
    })
    if (widest < 0) break
    fitted[widest] = (fitted[widest] ?? 0) - 1
    excess--
  }
  const narrowed = (i: number) => fitted[i] !== natural[i]
  return {
    head: head.map((h, i) => (narrowed(i) ? wrapBlock(h, fitted[i] ?? 0, wrapEvenly) : h)),
    cells: cells.map((row) => row.map((c, i) => (narrowed(i) ? wrapBlock(c, fitted[i] ?? 0) : c))),
  }
}

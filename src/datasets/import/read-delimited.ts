import { ImportInputError, type SheetRows } from './read-error.js'

/**
 * The text of a CSV: UTF-8 (with or without BOM), UTF-16 with BOM, else GB18030 (what Excel on Chinese
 * Windows saves). Both guesses are strict, so bytes that are neither (a binary file, UTF-16 without BOM,
 * whose ASCII decodes to NULs) are reported instead of read as mojibake that then "has no header".
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8')
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      const text = new TextDecoder(encoding, { fatal: true }).decode(bytes)
      if (!text.includes('\0')) return text
    } catch {
      // not this encoding: try the next
    }
  }
  throw new ImportInputError('无法识别文件的编码; 支持 UTF-8, GB18030 (GBK) 和带 BOM 的 UTF-16')
}

const DELIMITERS = [',', '\t', ';'] as const
/** Lines sampled to guess the delimiter: enough to get past the title rows locateHeader allows (15). */
const SAMPLE_LINES = 30

/**
 * The delimiter of a text table: the one that splits the most of the first non-empty lines into the same
 * number of fields. Looking at line 1 alone fails when it is a title (no delimiter at all, or fewer padding
 * commas than the header has); a TSV whose cells hold commas still has its tabs on every line. Delimiters
 * inside quotes are not counted. Comma when no line has any (a one-column file).
 */
export function guessDelimiter(text: string): string {
  const lines: number[][] = []
  let counts = DELIMITERS.map(() => 0)
  let hasText = false
  let quoted = false
  for (let i = 0; i < text.length && lines.length < SAMPLE_LINES; i++) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++
        else quoted = false
      }
    } else if (ch === '"' && (i === 0 || '\r\n,\t;'.includes(text[i - 1] as string))) quoted = true
    else if (ch === '\n' || ch === '\r') {
      if (hasText) lines.push(counts)
      counts = DELIMITERS.map(() => 0)
      hasText = false
    } else {
      const d = DELIMITERS.indexOf(ch as (typeof DELIMITERS)[number])
      if (d >= 0) counts[d] = (counts[d] as number) + 1
      if (ch.trim() !== '') hasText = true
    }
  }
  if (hasText && lines.length < SAMPLE_LINES) lines.push(counts)

  let best: { delimiter: string; lines: number; fields: number } = { delimiter: ',', lines: 0, fields: 0 }
  DELIMITERS.forEach((delimiter, d) => {
    const tally = new Map<number, number>()
    for (const line of lines) {
      const n = line[d] as number
      if (n > 0) tally.set(n, (tally.get(n) ?? 0) + 1)
    }
    for (const [fields, count] of tally)
      if (count > best.lines || (count === best.lines && fields > best.fields))
        best = { delimiter, lines: count, fields }
  })
  return best.delimiter
}

/**
 * RFC 4180 fields (quotes, doubled quotes, line breaks inside quotes), split on `delimiter` (guessed by
 * guessDelimiter unless given).
 */
export function parseDelimited(text: string, delimiter = guessDelimiter(text)): SheetRows {
  return parseDelimitedLines(text, delimiter).rows
}

/**
 * parseDelimited with the file line each row starts on: a quoted cell holding line breaks (a 备注 typed with
 * Alt+Enter in Excel) makes the rows after it start further down than their index says, and messages name
 * the file's own line.
 */
export function parseDelimitedLines(
  text: string,
  delimiter = guessDelimiter(text),
): { rows: SheetRows; lines: number[] } {
  const rows: SheetRows = []
  const lines: number[] = []
  let start = 1
  let row: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let quoteLine = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field === '') {
      quoted = true
      quoteLine = line
    } else if (ch === delimiter) {
      row.push(field.trim())
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') {
        i++
        line++
      }
      row.push(field.trim())
      rows.push(row)
      lines.push(start)
      start = line
      row = []
      field = ''
    } else field += ch
  }
  if (quoted) throw new ImportInputError(`第 ${quoteLine} 行起有未闭合的引号`)
  if (field !== '' || row.length > 0) {
    row.push(field.trim())
    rows.push(row)
    lines.push(start)
  }
  return { rows, lines }
}

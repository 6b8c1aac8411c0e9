import { TextDecoder } from 'node:util'
import { ImportInputError, type SheetRows } from './read-error.js'

const ENCODING_ERROR = '无法识别文件的编码; 支持 UTF-8, GB18030 (GBK) 和带 BOM 的 UTF-16'

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
  throw new ImportInputError(ENCODING_ERROR)
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
  return pickDelimiter(sampleLines(text, true).lines)
}

/**
 * guessDelimiter over the beginning of a text read in chunks: the delimiter once `text` holds the lines it
 * samples, else undefined (read more; at the end of the file, guessDelimiter over what there is).
 */
export function guessDelimiterOfPrefix(text: string): string | undefined {
  const sample = sampleLines(text, false)
  return sample.complete ? pickDelimiter(sample.lines) : undefined
}

/**
 * The delimiters counted on each of the first SAMPLE_LINES non-empty lines (outside quotes); `complete` when
 * that many were found. A last line without a line break counts only at the end of the text (`final`).
 */
function sampleLines(text: string, final: boolean): { lines: number[][]; complete: boolean } {
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
  const complete = lines.length >= SAMPLE_LINES
  if (final && hasText && !complete) lines.push(counts)
  return { lines, complete }
}

function pickDelimiter(lines: readonly number[][]): string {
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
  const parser = new RecordParser(delimiter)
  const records = [...parser.push(text), ...parser.end()]
  return { rows: records.map((r) => r.cells), lines: records.map((r) => r.line) }
}

/** One row of a sheet: its trimmed cells and the file line it starts on (1-based). */
export interface SheetRecord {
  cells: string[]
  line: number
}

const QUOTE = 34
const LF = 10
const CR = 13

/**
 * The RFC 4180 reader of parseDelimitedLines fed piece by piece (a file read in chunks): `push` returns the
 * records completed so far, `end` the last one (and throws on a quote left open). A piece may end anywhere: in
 * a quoted cell, between the two quotes of `""`, between CR and LF; the records are those of the whole text.
 */
export class RecordParser {
  private readonly delimiter: number
  private row: string[] = []
  private field = ''
  private quoted = false
  private line = 1
  private start = 1
  private quoteLine = 0
  /** a last `"` or CR, whose meaning depends on the next character */
  private carry = ''

  constructor(delimiter: string) {
    this.delimiter = delimiter.charCodeAt(0)
  }

  push(piece: string): SheetRecord[] {
    const text = this.carry + piece
    this.carry = ''
    return this.run(text, false)
  }

  end(): SheetRecord[] {
    const out = this.run(this.carry, true)
    this.carry = ''
    if (this.quoted) throw new ImportInputError(`第 ${this.quoteLine} 行起有未闭合的引号`)
    if (this.field !== '' || this.row.length > 0) {
      this.row.push(this.field.trim())
      out.push({ cells: this.row, line: this.start })
      this.row = []
      this.field = ''
    }
    return out
  }

  /**
   * The loop of the whole-text reader. A `"` in a quoted cell or a CR whose next character is not yet there
   * (the end of a piece, not `final`) is kept, with what follows, for the next piece: `""` or CR LF.
   */
  private run(text: string, final: boolean): SheetRecord[] {
    const out: SheetRecord[] = []
    const n = text.length
    const delimiter = this.delimiter
    let i = 0
    while (i < n) {
      let j = i
      if (this.quoted) {
        for (; j < n; j++) {
          const c = text.charCodeAt(j)
          if (c === QUOTE || c === LF || c === CR) break
        }
        if (j > i) this.field += text.slice(i, j)
        if (j >= n) break
        const c = text.charCodeAt(j)
        if (j === n - 1 && !final && c !== LF) {
          this.carry = text.slice(j)
          break
        }
        if (c === QUOTE) {
          if (text.charCodeAt(j + 1) === QUOTE) {
            this.field += '"'
            i = j + 2
          } else {
            this.quoted = false
            i = j + 1
          }
        } else {
          // a line break inside quotes is the cell's; CR LF counts once, at the LF
          if (c === LF || text.charCodeAt(j + 1) !== LF) this.line++
          this.field += text[j]
          i = j + 1
        }
        continue
      }
      for (; j < n; j++) {
        const c = text.charCodeAt(j)
        if (c === QUOTE || c === delimiter || c === LF || c === CR) break
      }
      if (j > i) this.field += text.slice(i, j)
      if (j >= n) break
      const c = text.charCodeAt(j)
      if (c === CR && j === n - 1 && !final) {
        this.carry = '\r'
        break
      }
      if (c === QUOTE) {
        if (this.field === '') {
          this.quoted = true
          this.quoteLine = this.line
        } else this.field += '"'
      } else if (c === delimiter) {
        this.row.push(this.field.trim())
        this.field = ''
      } else {
        this.line++
        if (c === CR && text.charCodeAt(j + 1) === LF) j++
        this.row.push(this.field.trim())
        out.push({ cells: this.row, line: this.start })
        this.start = this.line
        this.row = []
        this.field = ''
      }
      i = j + 1
    }
    return out
  }
}

/** Bytes after the first non-ASCII byte that decide between UTF-8 and GB18030 (or all the file, if shorter). */
const DECIDING_BYTES = 64 * 1024

/**
 * decodeText for a file read in chunks, with the same encodings: a BOM says UTF-8 or UTF-16; without one, ASCII
 * is ASCII in both, and the first 64 KB from the first non-ASCII byte on decide: UTF-8 if they are UTF-8, else
 * GB18030. Both are then decoded strictly, so a file that is neither (or stops being the one chosen, or holds
 * NULs: UTF-16 without BOM) is refused as decodeText refuses it. A chunk may end inside a character.
 */
export class StreamTextDecoder {
  private decoder: TextDecoder | undefined
  /** guessed (no BOM): strict, and NUL is refused */
  private guessed = false
  private pending: Buffer = Buffer.alloc(0)
  private bomChecked = false

  decode(bytes: Uint8Array): string {
    return this.feed(bytes, false)
  }

  end(): string {
    return this.feed(new Uint8Array(0), true)
  }

  private feed(bytes: Uint8Array, final: boolean): string {
    if (this.decoder) return this.run(bytes, final)
    this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : Buffer.from(bytes)
    const head = this.pending
    if (!this.bomChecked) {
      if (head.length < 3 && !final) return ''
      this.bomChecked = true
      const bom =
        head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
          ? (['utf-8', 3] as const)
          : head[0] === 0xff && head[1] === 0xfe
            ? (['utf-16le', 2] as const)
            : head[0] === 0xfe && head[1] === 0xff
              ? (['utf-16be', 2] as const)
              : undefined
      if (bom) {
        // decodeText: Buffer.toString for UTF-8 (a second BOM is kept), TextDecoder's default for UTF-16
        this.decoder = new TextDecoder(bom[0], { ignoreBOM: bom[0] === 'utf-8' })
        this.pending = Buffer.alloc(0)
        return this.run(head.subarray(bom[1]), final)
      }
      this.guessed = true
    }
    let high = 0
    while (high < head.length && (head[high] as number) < 0x80) high++
    // ASCII so far: the same text in UTF-8 and GB18030
    const ascii = checked(head.toString('latin1', 0, high))
    const rest = head.subarray(high)
    if (rest.length < DECIDING_BYTES && !final) {
      this.pending = Buffer.from(rest)
      return ascii
    }
    this.pending = Buffer.alloc(0)
    if (rest.length === 0) return ascii
    for (const encoding of ['utf-8', 'gb18030']) {
      const decoder = new TextDecoder(encoding, { fatal: true })
      let text: string
      try {
        text = decoder.decode(rest, { stream: !final })
      } catch {
        continue // not this encoding: try the next
      }
      this.decoder = decoder
      return ascii + checked(text)
    }
    throw new ImportInputError(ENCODING_ERROR)
  }

  private run(bytes: Uint8Array, final: boolean): string {
    const decoder = this.decoder as TextDecoder
    if (!this.guessed) return decoder.decode(bytes, { stream: !final })
    try {
      return checked(decoder.decode(bytes, { stream: !final }))
    } catch (err) {
      if (err instanceof ImportInputError) throw err
      throw new ImportInputError(ENCODING_ERROR)
    }
  }
}

/** Guessed text must not hold NULs (ASCII read from UTF-16 without BOM). */
function checked(text: string): string {
  if (text.includes('\0')) throw new ImportInputError(ENCODING_ERROR)
  return text
}

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSheet } from '../../src/datasets/import/read.js'
import {
  decodeText,
  guessDelimiter,
  guessDelimiterOfPrefix,
  parseDelimitedLines,
  RecordParser,
  type SheetRecord,
  StreamTextDecoder,
} from '../../src/datasets/import/read-delimited.js'

/**
 * The streaming reader of `datasets import` (read-delimited.ts, read.ts): a file is decoded and parsed chunk by
 * chunk, and a chunk may end anywhere. Whatever the cuts, the rows (and their file lines) are those of the whole
 * text read at once. Fast tier: no DuckDB, small texts; the 100 MB import is test/datasets/import-memory.test.ts.
 */

/** The records of `text` fed to a RecordParser in pieces cut at `cuts`. */
function parsePieces(text: string, delimiter: string, cuts: readonly number[]): SheetRecord[] {
  const parser = new RecordParser(delimiter)
  const out: SheetRecord[] = []
  let at = 0
  for (const cut of [...cuts, text.length]) {
    out.push(...parser.push(text.slice(at, cut)))
    at = cut
  }
  return [...out, ...parser.end()]
}

const whole = (text: string, delimiter: string): SheetRecord[] => {
  const { rows, lines } = parseDelimitedLines(text, delimiter)
  return rows.map((cells, i) => ({ cells, line: lines[i] as number }))
}

/** The text decoded from `bytes` fed in pieces cut at `cuts`. */
function decodePieces(bytes: Buffer, cuts: readonly number[]): string {
  const decoder = new StreamTextDecoder()
  let text = ''
  let at = 0
  for (const cut of [...cuts, bytes.length]) {
    text += decoder.decode(bytes.subarray(at, cut))
    at = cut
  }
  return text + decoder.end()
}

const ENCODING = '无法识别文件的编码'

describe('RecordParser: a row cut anywhere reads as the whole text does', () => {
  // quoted cells with a delimiter, a doubled quote, line breaks (LF and CR LF) inside quotes, CR LF row ends,
  // a lone CR, an empty line, a quote in the middle of a cell, a last row without a line break
  const text =
    '院校,备注,计划\r\n南京大学,"首选物理,再选化学",3\r\n东南大学,"说 ""明""\r\n第二行\n第三行",4\r\n\r\n' +
    '河海大学,a"b,5\r苏州大学,"",6\n江南大学,"x" y ,7'

  it('at every single cut, and at every pair of cuts', () => {
    const want = whole(text, ',')
    expect(want.map((r) => r.line)).toEqual([1, 2, 3, 6, 7, 8, 9])
    expect(want[2]?.cells).toEqual(['东南大学', '说 "明"\r\n第二行\n第三行', '4'])
    for (let i = 0; i <= text.length; i++) expect(parsePieces(text, ',', [i]), `cut at ${i}`).toEqual(want)
    for (let i = 0; i <= text.length; i += 3)
      for (let j = i; j <= text.length; j += 2)
        expect(parsePieces(text, ',', [i, j]), `cuts at ${i}, ${j}`).toEqual(want)
  })

  it('one character at a time (CR LF, "" and the quotes of a cell split across pieces)', () => {
    const cuts = [...Array(text.length).keys()].slice(1)
    expect(parsePieces(text, ',', cuts)).toEqual(whole(text, ','))
  })

  it('an unclosed quote names the line it starts on, however the text came', () => {
    const open = '分数,人数\n700,1\n699,"2\n698,3\n'
    expect(() => parsePieces(open, ',', [13, 14])).toThrow('第 3 行起有未闭合的引号')
  })
})

describe('StreamTextDecoder: the encodings of decodeText, chunk by chunk', () => {
  const sample = '院校名称,专业名称,计划数\n南京大学,"计算机科学与技术（方向）",32\n𠀋大学,数学,1\n'
  const everyCut = (bytes: Buffer) => {
    const want = decodeText(bytes)
    for (let i = 0; i <= bytes.length; i++) expect(decodePieces(bytes, [i]), `cut at ${i}`).toBe(want)
    expect(decodePieces(bytes, [...Array(bytes.length).keys()].slice(1)), 'byte by byte').toBe(want)
    return want
  }

  it('UTF-8 without BOM: a cut inside a 3- or 4-byte character', () => {
    expect(everyCut(Buffer.from(sample))).toBe(sample)
  })

  it('UTF-8 with BOM (dropped), UTF-16 LE and BE with BOM', () => {
    expect(everyCut(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample)]))).toBe(sample)
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sample, 'utf16le')])
    expect(everyCut(le)).toBe(sample)
    const be = Buffer.from(le)
    be.swap16() // the BOM too: FE FF
    expect(everyCut(be)).toBe(sample)
  })

  it('GB18030 (Excel on Chinese Windows): a cut inside a two- or four-byte character', () => {
    const gb = Buffer.from([
      ...[0xb7, 0xd6, 0xca, 0xfd, 0x2c, 0xc8, 0xcb, 0xca, 0xfd, 0x0a], // 分数,人数
      ...[0x37, 0x30, 0x30, 0x2c, 0x31, 0x0a], // 700,1
      ...[0x81, 0x30, 0x81, 0x30, 0x2c, 0x32, 0x0a], // a four-byte character (U+0080), 2
    ])
    expect(everyCut(gb)).toBe('分数,人数\n700,1\n\u0080,2\n')
  })

  it('ASCII for pages, then Chinese: decided by the first non-ASCII bytes, wherever they are', () => {
    const gbTail = Buffer.concat([
      Buffer.from(`${'score,num\n700,1\n'.repeat(10_000)}`),
      Buffer.from([0xb7, 0xd6, 0xca, 0xfd, 0x0a]), // 分数 in GB18030
    ])
    const text = decodePieces(gbTail, [1000, 65_536, 160_000, 160_002])
    expect(text.endsWith('700,1\n分数\n')).toBe(true)
    expect(text).toBe(decodeText(gbTail))
  })

  it('refuses what decodeText refuses: binary, UTF-16 without BOM (NULs), a file that stops being UTF-8', () => {
    expect(() => decodePieces(Buffer.from([0xff, 0xfd, 0x81, 0x20, 0x00]), [2])).toThrow(ENCODING)
    expect(() => decodePieces(Buffer.from('分数,人数\n700,1\n', 'utf16le'), [3, 7])).toThrow(ENCODING)
    const broken = Buffer.concat([Buffer.from('分数,人数\n'.repeat(20_000)), Buffer.from([0xff, 0xfe, 0x0a])])
    expect(() => decodePieces(broken, [70_000, 140_000])).toThrow(ENCODING)
  })
})

describe('the delimiter of a text read in chunks', () => {
  it('is guessed once the first 30 non-empty lines are there, as guessDelimiter guesses it', () => {
    const tsv = `标题\n${'院校\t选科\t计划\n'}${'南大\t首选物理,再选化学\t3\n'.repeat(40)}`
    const cut = tsv.split('\n').slice(0, 32).join('\n').length + 1 // title, header, 30 rows
    expect(guessDelimiterOfPrefix(tsv.slice(0, 60))).toBeUndefined()
    expect(guessDelimiterOfPrefix(tsv.slice(0, cut))).toBe('\t')
    expect(guessDelimiter(tsv)).toBe('\t')
  })
})

describe('readSheet streams a file larger than a chunk', () => {
  it('rows and lines as the whole text gives them, in GB18030 and UTF-8, quoted line breaks across chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-read-stream-'))
    // ~1.3 MB: several 256 KB chunks, a quoted cell with line breaks every 997 rows
    const rows = Array.from({ length: 20_000 }, (_, i) =>
      i % 997 === 5 ? `南京大学${i},"备注\r\n第${i}行",${i}` : `南京大学${i},计算机科学与技术,${i}`,
    )
    const text = `院校名称,专业名称,计划数\r\n${rows.join('\r\n')}\r\n`
    const utf8 = join(dir, 'p.csv')
    writeFileSync(utf8, text)
    const gb = join(dir, 'gb.csv')
    writeFileSync(gb, Buffer.from(new TextEncoderGb().encode(text)))
    const want = parseDelimitedLines(text, ',')
    for (const file of [utf8, gb]) {
      const got = await readSheet(file)
      expect(got.rows.length).toBe(want.rows.length)
      expect(got.rows).toEqual(want.rows)
      expect(got.lines).toEqual(want.lines)
    }
    expect(want.lines.at(-1)).toBe(20_001 + 21) // 21 quoted cells with one line break each
  })
})

/**
 * GB18030 bytes of a text of ASCII and CJK ideographs, without an encoder library: each ideograph's two bytes
 * found by decoding (TextDecoder has gb18030, TextEncoder only UTF-8).
 */
class TextEncoderGb {
  private static table: Map<string, number[]> | undefined

  encode(text: string): number[] {
    const table = TextEncoderGb.build()
    const out: number[] = []
    for (const ch of text) {
      const code = ch.codePointAt(0) as number
      if (code < 0x80) out.push(code)
      else {
        const bytes = table.get(ch)
        if (!bytes) throw new Error(`no GB18030 two-byte code for ${ch}`)
        out.push(...bytes)
      }
    }
    return out
  }

  private static build(): Map<string, number[]> {
    if (TextEncoderGb.table) return TextEncoderGb.table
    const table = new Map<string, number[]>()
    const decoder = new TextDecoder('gb18030')
    for (let a = 0x81; a <= 0xfe; a++)
      for (let b = 0x40; b <= 0xfe; b++) {
        if (b === 0x7f) continue
        const ch = decoder.decode(Uint8Array.from([a, b]))
        if (ch.length === 1 && !table.has(ch)) table.set(ch, [a, b])
      }
    TextEncoderGb.table = table
    return table
  }
}

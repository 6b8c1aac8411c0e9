import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import {
  guessDelimiter,
  guessDelimiterOfPrefix,
  RecordParser,
  type SheetRecord,
  StreamTextDecoder,
} from './read-delimited.js'
import { ImportInputError, type SheetRows } from './read-error.js'
import { readXlsx } from './read-xlsx.js'

export {
  decodeText,
  guessDelimiter,
  parseDelimited,
  RecordParser,
  type SheetRecord,
  StreamTextDecoder,
} from './read-delimited.js'
export { ImportInputError, type SheetRows } from './read-error.js'

/**
 * The largest text file an import reads. A text file is read as a stream, a batch of rows at a time, so memory
 * does not grow with it (a 100 MB plans file imports in under 500 MB); a province's year of any table is a few
 * MB (江苏's 2026 plan: 4 MB).
 */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024
/** The largest .xlsx: read-excel-file reads a workbook whole, unpacked, into memory. */
export const XLSX_MAX_BYTES = 64 * 1024 * 1024
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * Bytes read from a text file at a time. Small enough that a chunk's text (up to twice as many bytes as a
 * JavaScript string) is an ordinary young object that dies young: with 256 KB each chunk went to V8's large-object
 * space, freed only by a full collection, and a 100 MB import peaked about 100 MB higher (Node 24: 595 MB against
 * 479 MB with 32 KB, the rest the same).
 */
const CHUNK_BYTES = 32 * 1024
/** Text kept to guess the delimiter from its first 30 non-empty lines, at most (a huge quoted first cell). */
const SAMPLE_CHARS = 4 * 1024 * 1024
/** Rows of an .xlsx handed on at a time. */
const XLSX_BATCH = 2000
/** Leading rows without text kept for the header search (locateHeader looks at the first 15 rows). */
const LEADING_ROWS = 15

/** The rows of readSheet, without their lines. */
export async function readSheetRows(file: string, opts: { sheet?: string } = {}): Promise<SheetRows> {
  return (await readSheet(file, opts)).rows
}

/** Why a file cannot be opened, in a user's words: a missing file is `找不到文件 zk.csv`, not ENOENT. */
function openFailure(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return `找不到文件 ${file}`
  if (code === 'EACCES' || code === 'EPERM') return `没有权限读取 ${file}`
  if (code === 'ENOTDIR') return `找不到文件 ${file} (路径中有一段不是目录)`
  return `无法读取 ${file}: ${code ?? String(err)}`
}

/** readRecords collected: every row and the file line each starts on (small files: tests, one sheet). */
export async function readSheet(
  file: string,
  opts: { sheet?: string } = {},
): Promise<{ rows: SheetRows; lines: number[] }> {
  const rows: SheetRows = []
  const lines: number[] = []
  for await (const batch of readRecords(file, opts))
    for (const r of batch) {
      rows.push(r.cells)
      lines.push(r.line)
    }
  return { rows, lines }
}

type Kind = 'text' | 'xlsx'

/** The kind of a file by its extension, or an ImportInputError for one we do not read. */
function kindOf(file: string, sheet: string | undefined): Kind {
  const ext = extname(file).toLowerCase()
  if (ext === '.xlsx' || ext === '.xlsm') return 'xlsx'
  if (ext === '.xls') throw new ImportInputError(`${file}: 旧的 .xls 格式不支持, 请另存为 .xlsx 或 .csv`)
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') {
    // Ignoring it would import the one table a text file has while the user meant some other sheet.
    if (sheet !== undefined)
      throw new ImportInputError(
        `${file}: --sheet 只用于 .xlsx 工作簿; ${basename(file)} 是文本文件, 只有一张表`,
      )
    return 'text'
  }
  throw new ImportInputError(`${file}: 不支持的文件类型 ${ext || '(无扩展名)'}; 支持 .csv .tsv .txt .xlsx`)
}

/**
 * The rows of a .csv / .tsv / .txt (UTF-8 with or without BOM, UTF-16 with BOM, else GB18030, the encoding of
 * spreadsheets saved on Chinese Windows) or of an .xlsx workbook (read-excel-file; the first sheet unless
 * `sheet` names one, by name or 1-based number), in batches, each row with the file line it starts on (a text
 * cell with line breaks moves the rows after it down; row n of a sheet is line n). A text file is streamed:
 * decoded chunk by chunk (StreamTextDecoder), its delimiter guessed from its first lines, its rows parsed as they
 * come (RecordParser), so memory does not grow with the file. Only a regular file is read (a pipe blocks for
 * ever, a name linked to /dev/zero never ends), of at most IMPORT_MAX_BYTES (XLSX_MAX_BYTES for a workbook).
 * Every failure is an ImportInputError naming the file; a file without any text is one before any row is given.
 */
export async function* readRecords(
  file: string,
  opts: { sheet?: string } = {},
): AsyncGenerator<SheetRecord[]> {
  let size: number
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new ImportInputError(`${file}: 不是普通文件 (目录、管道或设备), 无法导入`)
    size = info.size
  } catch (err) {
    if (err instanceof ImportInputError) throw err
    throw new ImportInputError(openFailure(file, err))
  }
  const kind = kindOf(file, opts.sheet)
  const limit = kind === 'xlsx' ? XLSX_MAX_BYTES : IMPORT_MAX_BYTES
  if (size > limit)
    throw new ImportInputError(
      kind === 'xlsx'
        ? `${file}: 文件太大 (${mb(size)} MB); .xlsx 工作簿要整个读入内存, 一次最多导入 ${mb(limit)} MB: 请另存为 .csv (最多 ${mb(IMPORT_MAX_BYTES)} MB) 或按省份、年份分开`
        : `${file}: 文件太大 (${mb(size)} MB); 一次最多导入 ${mb(limit)} MB, 请按省份或年份分开导入`,
    )
  if (kind === 'xlsx') {
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch (err) {
      throw new ImportInputError(openFailure(file, err))
    }
    const rows = await readXlsx(bytes, file, opts.sheet)
    for (let i = 0; i < rows.length; i += XLSX_BATCH)
      yield rows.slice(i, i + XLSX_BATCH).map((cells, k) => ({ cells, line: i + k + 1 }))
    return
  }
  if (size === 0) throw new ImportInputError(`${file}: 文件是空的`)
  try {
    yield* withText(file, textRecords(file))
  } catch (err) {
    if (err instanceof ImportInputError && !err.message.startsWith(`${file}: `))
      throw new ImportInputError(`${file}: ${err.message}`)
    throw err
  }
}

/** The records of a text file as it is read: chunks decoded, the delimiter guessed, rows parsed. */
async function* textRecords(file: string): AsyncGenerator<SheetRecord[]> {
  const decoder = new StreamTextDecoder()
  let parser: RecordParser | undefined
  let head = ''
  let read = 0
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length
      let text = decoder.decode(chunk)
      if (!parser) {
        head += text
        const delimiter =
          guessDelimiterOfPrefix(head) ?? (head.length > SAMPLE_CHARS ? guessDelimiter(head) : undefined)
        if (delimiter === undefined) continue
        parser = new RecordParser(delimiter)
        text = head
        head = ''
      }
      const records = parser.push(text)
      if (records.length > 0) yield records
    }
  } catch (err) {
    if (err instanceof ImportInputError) throw err
    throw new ImportInputError(openFailure(file, err))
  } finally {
    stream.destroy()
  }
  // a file emptied between stat and read
  if (read === 0) throw new ImportInputError('文件是空的')
  const rest = decoder.end()
  if (!parser) {
    head += rest
    parser = new RecordParser(guessDelimiter(head))
    const records = parser.push(head)
    if (records.length > 0) yield records
  } else {
    const records = parser.push(rest)
    if (records.length > 0) yield records
  }
  const last = parser.end()
  if (last.length > 0) yield last
}

const hasText = (r: SheetRecord): boolean => r.cells.some((c) => c !== '')

/**
 * The records, held back until one has text: a file without any says so (`文件中没有任何文字`) rather than
 * "no header". Of the rows before the first with text only the first 15 are kept (the header is searched for in
 * the first 15 rows only), so a file of empty lines does not fill memory.
 */
async function* withText(
  file: string,
  records: AsyncGenerator<SheetRecord[]>,
): AsyncGenerator<SheetRecord[]> {
  const leading: SheetRecord[] = []
  let seen = false
  for await (const batch of records) {
    if (seen) {
      yield batch
      continue
    }
    const first = batch.findIndex(hasText)
    if (first < 0) {
      leading.push(...batch.slice(0, Math.max(0, LEADING_ROWS - leading.length)))
      continue
    }
    seen = true
    yield [...leading, ...batch]
  }
  if (!seen) throw new ImportInputError(`${file}: 文件中没有任何文字`)
}

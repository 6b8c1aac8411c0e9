import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import type { SheetData } from 'read-excel-file/node'

/** A file that cannot be read, or whose layout or values are ill-formed: the CLI exits 2. */
export class ImportInputError extends Error {
  override name = 'ImportInputError'
}

/** A sheet as text: rows of trimmed cell strings ('' for an empty cell), as they appear in the file. */
export type SheetRows = string[][]

/**
 * Reads a .csv / .tsv / .txt (UTF-8 with or without BOM, UTF-16 with BOM, else GB18030, the encoding of
 * spreadsheets saved on Chinese Windows) or an .xlsx workbook (read-excel-file; the first sheet unless
 * `sheet` names one, by name or 1-based number).
 */
export async function readSheetRows(file: string, opts: { sheet?: string } = {}): Promise<SheetRows> {
  const ext = extname(file).toLowerCase()
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (err) {
    throw new ImportInputError(`无法读取 ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  if (ext === '.xlsx' || ext === '.xlsm') return readXlsx(bytes, file, opts.sheet)
  if (ext === '.xls') throw new ImportInputError(`${file}: 旧的 .xls 格式不支持, 请另存为 .xlsx 或 .csv`)
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') return parseDelimited(decodeText(bytes))
  throw new ImportInputError(`${file}: 不支持的文件类型 ${ext || '(无扩展名)'}; 支持 .csv .tsv .txt .xlsx`)
}

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8')
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

/** RFC 4180 fields (quotes, doubled quotes, line breaks inside quotes); the delimiter is guessed from line 1. */
export function parseDelimited(text: string): SheetRows {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const delimiter = ['\t', ',', ';'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  )
  const rows: SheetRows = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === delimiter) {
      row.push(field.trim())
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field.trim())
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (quoted) throw new ImportInputError('CSV 中有未闭合的引号')
  if (field !== '' || row.length > 0) {
    row.push(field.trim())
    rows.push(row)
  }
  return rows
}

async function readXlsx(bytes: Buffer, file: string, sheet?: string): Promise<SheetRows> {
  const { readSheet } = await import('read-excel-file/node')
  let data: SheetData
  try {
    const which = sheet === undefined ? 1 : /^\d+$/.test(sheet) ? Number(sheet) : sheet
    data = await readSheet(bytes, which)
  } catch (err) {
    throw new ImportInputError(
      `${file}: 不是可读的 .xlsx (${err instanceof Error ? err.message : String(err)})`,
    )
  }
  return data.map((row) =>
    row.map((cell) => {
      if (cell === null || cell === undefined) return ''
      if ((cell as unknown) instanceof Date) return (cell as unknown as Date).toISOString().slice(0, 10)
      return String(cell).trim()
    }),
  )
}

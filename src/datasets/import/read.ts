import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { decodeText, parseDelimited } from './read-delimited.js'
import { hasNoText, ImportInputError, type SheetRows } from './read-error.js'
import { readXlsx } from './read-xlsx.js'

export { decodeText, guessDelimiter, parseDelimited } from './read-delimited.js'
export { ImportInputError, type SheetRows } from './read-error.js'

/** The largest file an import reads: a province's year of any table is a few MB (江苏's 2026 plan: 4 MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * Reads a .csv / .tsv / .txt (UTF-8 with or without BOM, UTF-16 with BOM, else GB18030, the encoding of
 * spreadsheets saved on Chinese Windows) or an .xlsx workbook (read-excel-file; the first sheet unless
 * `sheet` names one, by name or 1-based number). Every failure is an ImportInputError naming the file.
 */
export async function readSheetRows(file: string, opts: { sheet?: string } = {}): Promise<SheetRows> {
  const ext = extname(file).toLowerCase()
  let bytes: Buffer
  try {
    // Before reading: a pipe blocks for ever, a device (a name linked to /dev/zero) never ends, and a file of
    // hundreds of MB takes many GB while it is converted (about 7 KB a row).
    const info = await stat(file)
    if (!info.isFile()) throw new ImportInputError(`${file}: 不是普通文件 (目录、管道或设备), 无法导入`)
    if (info.size > IMPORT_MAX_BYTES)
      throw new ImportInputError(
        `${file}: 文件太大 (${mb(info.size)} MB); 一次最多导入 ${mb(IMPORT_MAX_BYTES)} MB, 请按省份或年份分开导入`,
      )
    bytes = await readFile(file)
  } catch (err) {
    if (err instanceof ImportInputError) throw err
    throw new ImportInputError(`无法读取 ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  if (ext === '.xlsx' || ext === '.xlsm') return readXlsx(bytes, file, opts.sheet)
  if (ext === '.xls') throw new ImportInputError(`${file}: 旧的 .xls 格式不支持, 请另存为 .xlsx 或 .csv`)
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') {
    // Ignoring it would import the one table a text file has while the user meant some other sheet.
    if (opts.sheet !== undefined)
      throw new ImportInputError(
        `${file}: --sheet 只用于 .xlsx 工作簿; ${basename(file)} 是文本文件, 只有一张表`,
      )
    if (bytes.length === 0) throw new ImportInputError(`${file}: 文件是空的`)
    try {
      const rows = parseDelimited(decodeText(bytes))
      if (hasNoText(rows)) throw new ImportInputError('文件中没有任何文字')
      return rows
    } catch (err) {
      if (err instanceof ImportInputError) throw new ImportInputError(`${file}: ${err.message}`)
      throw err
    }
  }
  throw new ImportInputError(`${file}: 不支持的文件类型 ${ext || '(无扩展名)'}; 支持 .csv .tsv .txt .xlsx`)
}

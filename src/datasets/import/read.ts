import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { decodeText, parseDelimitedLines } from './read-delimited.js'
import { hasNoText, ImportInputError, type SheetRows } from './read-error.js'
import { readXlsx } from './read-xlsx.js'

export { decodeText, guessDelimiter, parseDelimited } from './read-delimited.js'
export { ImportInputError, type SheetRows } from './read-error.js'

/** The largest file an import reads: a province's year of any table is a few MB (江苏's 2026 plan: 4 MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

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

/**
 * Reads a .csv / .tsv / .txt (UTF-8 with or without BOM, UTF-16 with BOM, else GB18030, the encoding of
 * spreadsheets saved on Chinese Windows) or an .xlsx workbook (read-excel-file; the first sheet unless
 * `sheet` names one, by name or 1-based number), with the file line of each row where it is not its index + 1
 * (a text cell with line breaks). Every failure is an ImportInputError naming the file.
 */
export async function readSheet(
  file: string,
  opts: { sheet?: string } = {},
): Promise<{ rows: SheetRows; lines?: number[] }> {
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
    throw new ImportInputError(openFailure(file, err))
  }
  if (ext === '.xlsx' || ext === '.xlsm') return { rows: await readXlsx(bytes, file, opts.sheet) }
  if (ext === '.xls') throw new ImportInputError(`${file}: 旧的 .xls 格式不支持, 请另存为 .xlsx 或 .csv`)
  if (ext === '.csv' || ext === '.tsv' || ext === '.txt') {
    // Ignoring it would import the one table a text file has while the user meant some other sheet.
    if (opts.sheet !== undefined)
      throw new ImportInputError(
        `${file}: --sheet 只用于 .xlsx 工作簿; ${basename(file)} 是文本文件, 只有一张表`,
      )
    if (bytes.length === 0) throw new ImportInputError(`${file}: 文件是空的`)
    try {
      const sheet = parseDelimitedLines(decodeText(bytes))
      if (hasNoText(sheet.rows)) throw new ImportInputError('文件中没有任何文字')
      return sheet
    } catch (err) {
      if (err instanceof ImportInputError) throw new ImportInputError(`${file}: ${err.message}`)
      throw err
    }
  }
  throw new ImportInputError(`${file}: 不支持的文件类型 ${ext || '(无扩展名)'}; 支持 .csv .tsv .txt .xlsx`)
}

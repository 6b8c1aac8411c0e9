import type { SheetData } from 'read-excel-file/node'
import { hasNoText, ImportInputError, type SheetRows } from './read-error.js'

type Library = typeof import('read-excel-file/node')

/** The sheet read, or (not found) the names of the sheets the workbook has. */
type Pick = { data: SheetData; label: string } | { sheets: string[] }

/**
 * One sheet of an .xlsx workbook as text rows (row 1 of the sheet is rows[0], so messages name Excel's row
 * numbers): the first sheet, or `sheet` by name or by number from 1. A name made of digits is tried as a name
 * first (sheets are often named by year: --sheet 2025). A sheet that is not there is reported with the list
 * of sheets the file has; library errors become one Chinese line.
 */
export async function readXlsx(bytes: Buffer, file: string, sheet?: string): Promise<SheetRows> {
  const lib = await import('read-excel-file/node')
  let picked: Pick
  try {
    picked = await pick(lib, bytes, sheet)
  } catch (err) {
    throw new ImportInputError(`${file}: 不是可读的 .xlsx (${failure(err)})`)
  }
  if ('sheets' in picked) {
    const have = `本文件的工作表: ${picked.sheets.join(', ') || '(无)'}`
    const n = Number(sheet)
    throw new ImportInputError(
      sheet === undefined
        ? `${file}: 工作簿中没有工作表`
        : /^\d+$/.test(sheet)
          ? `${file}: 没有第 ${n} 个工作表 (序号从 1 起, 共 ${picked.sheets.length} 个); ${have}`
          : `${file}: 工作表 "${sheet}" 不存在; ${have}`,
    )
  }
  const rows = picked.data.map((row) =>
    row.map((cell) => {
      if (cell === null || cell === undefined) return ''
      if ((cell as unknown) instanceof Date) return (cell as unknown as Date).toISOString().slice(0, 10)
      return String(cell).trim()
    }),
  )
  if (hasNoText(rows)) throw new ImportInputError(`${file}: ${picked.label}是空的`)
  return rows
}

async function pick(lib: Library, bytes: Buffer, sheet: string | undefined): Promise<Pick> {
  const attempt = async (which: string | number, label: string): Promise<Pick> => {
    try {
      return { data: await lib.readSheet(bytes, which), label }
    } catch (err) {
      if (!(err instanceof Error) || err.name !== 'SheetNotFoundError') throw err
      // SheetNotFoundError lists the workbook's sheets (not in its typings); else read them all to name them.
      const names = (err as { sheets?: unknown }).sheets
      return {
        sheets: Array.isArray(names) ? names.map(String) : (await lib.default(bytes)).map((s) => s.sheet),
      }
    }
  }
  if (sheet === undefined) return attempt(1, '第 1 个工作表')
  const byName = await attempt(sheet, `工作表 "${sheet}" `)
  if (!('sheets' in byName) || !/^\d+$/.test(sheet)) return byName
  // read-excel-file fails with a TypeError on 0, so only 1..n are passed to it.
  const n = Number(sheet)
  return n >= 1 && n <= byName.sheets.length ? attempt(n, `第 ${n} 个工作表`) : byName
}

/** Why a workbook cannot be read, in words (the library's messages are English and technical). */
function failure(err: unknown): string {
  const { name, code } = (err ?? {}) as { name?: string; code?: string }
  if (name === 'InvalidInputError' && code === 'XLS_FILE_NOT_SUPPORTED')
    return '这是旧的 .xls 格式, 请另存为 .xlsx 或 .csv'
  if (name === 'InvalidInputError') return '不是 xlsx 工作簿, 或文件已损坏'
  if (name === 'InvalidSpreadsheetError') return '工作簿的内容不合格式'
  return '文件已损坏或格式不受支持'
}

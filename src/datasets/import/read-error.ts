/** A file that cannot be read, or whose layout or values are ill-formed: the CLI exits 2. */
export class ImportInputError extends Error {
  override name = 'ImportInputError'
}

/** A sheet as text: rows of trimmed cell strings ('' for an empty cell), as they appear in the file. */
export type SheetRows = string[][]

/** True when no row has any text: an empty file or sheet (then "no header" would mislead). */
export const hasNoText = (rows: SheetRows): boolean => rows.every((row) => row.every((cell) => cell === ''))

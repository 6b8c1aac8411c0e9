import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { z } from 'zod'

/**
 * Checked-in data files (JSON, CSV) that the builders read: rule tables, vocabularies, content items. They live
 * beside their loader under src/datasets/ and are read from there both by the sources (vitest) and by the
 * compiled dist/ (tsc does not copy them): this module is src/datasets/data-files.ts or
 * dist/datasets/data-files.js, so `../../` is the package root either way, and there is one copy to edit (no
 * stale copy in dist/ after an edit). package.json `files` lists them.
 *
 * A malformed file is an error naming the file and the line (CSV) or the field (JSON); nothing is skipped.
 */

const ROOT = new URL('../../', import.meta.url)

/** A data file that cannot be read as what its loader expects. */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DataFileError'
  }
}

function readText(file: string): string {
  let text: string
  try {
    text = readFileSync(fileURLToPath(new URL(file, ROOT)), 'utf8')
  } catch (e) {
    throw new DataFileError(`${file}: cannot read the data file (${(e as Error).message})`)
  }
  // a spreadsheet or an editor may save a BOM
  return text.startsWith('\uFEFF') ? text.slice(1) : text
}

const lineOf = (text: string, pos: number): number => text.slice(0, pos).split('\n').length

// ------------------------------------------------------------------------------------------ CSV

/** One record of a CSV data file: its cells by column, and the line it starts on (1 = the header). */
export interface CsvRecord<C extends string> {
  line: number
  cells: Record<C, string>
}

/**
 * The records of a CSV data file (`file` relative to the package root). RFC 4180: comma-separated, fields with
 * a comma, quote or line break quoted, `""` for a quote; CRLF or LF. The header must be exactly `columns`, every
 * record must have as many fields, and an empty line (but at the end) is an error. Cells are returned verbatim (not trimmed).
 */
export function readCsv<C extends string>(file: string, columns: readonly C[]): CsvRecord<C>[] {
  const text = readText(file)
  const rows: { line: number; fields: string[] }[] = []
  const fail = (at: number, message: string): never => {
    throw new DataFileError(`${file}:${at}: ${message}`)
  }
  let fields: string[] = []
  let field = ''
  let open = false // a record has begun
  let line = 1
  let start = 1
  let i = 0
  while (i < text.length) {
    const ch = text[i] as string
    if (ch === '\r' || ch === '\n') {
      if (open) rows.push({ line: start, fields: [...fields, field] })
      else rows.push({ line: start, fields: [''] })
      fields = []
      field = ''
      open = false
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
      start = ++line
      continue
    }
    open = true
    if (ch === ',') {
      fields.push(field)
      field = ''
      i++
    } else if (ch === '"' && field === '') {
      // a quoted field: up to the closing quote, then a comma or the end of the line
      for (i++; ; ) {
        if (i >= text.length) fail(start, 'a quoted field is not closed')
        const c = text[i] as string
        if (c === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (c === '"') {
          i++
          break
        } else {
          if (c === '\n') line++
          field += c
          i++
        }
      }
      const next = text[i]
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
        fail(line, `text after the closing quote of a field: ${JSON.stringify(text.slice(i, i + 20))}`)
    } else {
      if (ch === '"')
        fail(line, 'a quote inside an unquoted field (quote the whole field and double the quote)')
      field += ch
      i++
    }
  }
  if (open) rows.push({ line: start, fields: [...fields, field] })
  const isEmpty = (r: { fields: string[] }) => r.fields.length === 1 && r.fields[0] === ''
  while (rows.length > 0 && isEmpty(rows.at(-1) as { fields: string[] })) rows.pop() // blank lines at the end

  const [header, ...records] = rows
  if (!header) fail(1, `empty file; expected the header ${columns.join(',')}`)
  const got = (header as { fields: string[] }).fields
  if (got.join(',') !== columns.join(','))
    fail(1, `the header must be exactly: ${columns.join(',')} (found: ${got.join(',')})`)
  return records.map((r) => {
    if (isEmpty(r)) fail(r.line, 'empty line')
    if (r.fields.length !== columns.length)
      fail(r.line, `${r.fields.length} fields, the header has ${columns.length}`)
    const cells = {} as Record<C, string>
    columns.forEach((c, k) => {
      cells[c] = r.fields[k] as string
    })
    return { line: r.line, cells }
  })
}

// ------------------------------------------------------------------------------------------ JSON

/** Where a JSON.parse error is, as line:column, when the message gives the position. */
function jsonSyntaxError(file: string, text: string, e: Error): DataFileError {
  const why = e.message.replace(/\s*\n\s*/gu, ' ') // V8 may quote the text, line breaks included
  const m = /at position (\d+)/u.exec(why)
  if (!m) return new DataFileError(`${file}: not valid JSON (${why})`)
  const pos = Number(m[1])
  const col = pos - text.lastIndexOf('\n', pos - 1)
  return new DataFileError(`${file}:${lineOf(text, pos)}:${col}: not valid JSON (${why})`)
}

/**
 * A key that appears twice in one JSON object (JSON.parse keeps the last one without a word): its line. The
 * text is valid JSON already.
 */
function duplicateKey(text: string): { key: string; line: number } | null {
  const stack: ({ keys: Set<string>; expectKey: boolean } | null)[] = []
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') {
      let j = i + 1
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const top = stack.at(-1)
      if (top?.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string
        if (top.keys.has(key)) return { key, line: lineOf(text, i) }
        top.keys.add(key)
        top.expectKey = false
      }
      i = j
    } else if (ch === '{') stack.push({ keys: new Set(), expectKey: true })
    else if (ch === '[') stack.push(null)
    else if (ch === '}' || ch === ']') stack.pop()
    else if (ch === ',') {
      const top = stack.at(-1)
      if (top) top.expectKey = true
    }
  }
  return null
}

/** `items[3] (id 404).facts[0].text`: a zod issue path, with the `id` of the array elements it passes through. */
function fieldPath(data: unknown, path: readonly PropertyKey[]): string {
  let out = ''
  let at: unknown = data
  for (const key of path) {
    at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined
    if (typeof key === 'number') {
      out += `[${key}]`
      const id = at !== null && typeof at === 'object' ? (at as { id?: unknown }).id : undefined
      if (typeof id === 'number' || typeof id === 'string') out += ` (id ${id})`
    } else out += `${out ? '.' : ''}${String(key)}`
  }
  return out || '(top level)'
}

/**
 * A JSON data file (`file` relative to the package root), checked against `schema`: invalid JSON, a key given
 * twice in one object, and the fields the schema refuses (by path) are errors naming the file.
 */
export function readJson<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const text = readText(file)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw jsonSyntaxError(file, text, e as Error)
  }
  const dup = duplicateKey(text)
  if (dup) throw new DataFileError(`${file}:${dup.line}: the key ${JSON.stringify(dup.key)} is given twice`)
  const parsed = schema.safeParse(data)
  if (!parsed.success)
    throw fieldErrors(
      file,
      parsed.error.issues.map((is) => `${fieldPath(data, is.path)}: ${is.message}`),
    )
  return parsed.data
}

/**
 * One error for the refused fields of a JSON data file, on one line (the CLI shows the first line of an
 * error): `file: field: problem; field: problem; ... and 3 more`.
 */
export function fieldErrors(file: string, problems: readonly string[]): DataFileError {
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : ''
  return new DataFileError(`${file}: ${problems.slice(0, 5).join('; ')}${more}`)
}

/** A loader run once, on first use (a malformed file fails the build that reads it, not every import). */
export function once<T>(load: () => T): () => T {
  let value: { v: T } | undefined
  return () => {
    value ??= { v: load() }
    return value.v
  }
}

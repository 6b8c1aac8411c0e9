import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'

/** Reads a UTF-8 text file, gunzipping it when its name ends in .gz; strips a leading BOM. */
export async function readText(path: string): Promise<string> {
  const buf = await readFile(path)
  const text = (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** File names in a directory (sorted by code point), or [] when the directory does not exist. */
export async function listDir(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const names = await readdir(dir)
  return names.sort()
}

/** Path relative to the sources dir, always with forward slashes. */
export function relPath(sourcesDir: string, path: string): string {
  return relative(sourcesDir, path).split(sep).join('/')
}

export { join }

/**
 * Minimal CSV parser (RFC 4180: quoted fields, doubled quotes, CRLF). Returns rows of strings,
 * the header included; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      if (row.length > 1 || row[0] !== '') rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    if (row.length > 1 || row[0] !== '') rows.push(row)
  }
  return rows
}

/** CSV rows as objects keyed by the (trimmed) header. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(text)
  if (!header) return []
  const keys = header.map((h) => h.trim())
  return body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, (cells[i] ?? '').trim()])))
}

/** Parses an integer cell ('612', '3.0'); NaN when it is not a whole number. */
export function intCell(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Number.NaN
  if (typeof v !== 'string' || v.trim() === '') return Number.NaN
  const n = Number(v.trim())
  return Number.isInteger(n) ? n : Number.NaN
}

/** Appends `value` to the list stored under `key`, creating the list on first use. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isFileOfTable } from '../../data/table-files.js'

export interface ManifestLike {
  tables?: Record<string, { rows?: number; sha256?: string; file?: string }>
  [k: string]: unknown
}

/** manifest.json: null when the directory has none; `error` (one line) when it cannot be read or parsed. */
export interface LoadedManifest {
  value: ManifestLike | null
  error?: string
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** manifest.json of a datasets directory, or why it cannot be used (e.g. `不是合法的 JSON (...)`). */
export function readManifestFile(dir: string): LoadedManifest {
  const path = join(dir, 'manifest.json')
  if (!existsSync(path)) return { value: null }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    return { value: null, error: `无法读取 (${(err as NodeJS.ErrnoException).code ?? String(err)})` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { value: null, error: `不是合法的 JSON (${err instanceof Error ? err.message : String(err)})` }
  }
  if (!isObject(value) || (value.tables !== undefined && !isObject(value.tables)))
    return { value: null, error: '格式不对: 应为对象, 其 tables 为 表名 → {rows, sha256}' }
  const bad = Object.entries(value.tables ?? {}).find(
    ([table, entry]) => entryProblem(table, entry) !== undefined,
  )
  if (bad) return { value: null, error: `格式不对: tables.${bad[0]} ${entryProblem(bad[0], bad[1])}` }
  return { value: value as ManifestLike }
}

/**
 * Why a table's entry cannot be read (a hand edit: `"rows": "5857"`, `"sha256": null`, a `file` that is a path
 * or another table's file), or undefined.
 */
function entryProblem(table: string, entry: unknown): string | undefined {
  if (!isObject(entry)) return '应为对象 {rows, sha256}'
  const { rows, sha256, file } = entry
  if (file !== undefined && !(typeof file === 'string' && isFileOfTable(table, file)))
    return `的 file 应为 ${table}.parquet 或导入写的 ${table}.<16 位十六进制>.parquet, 实为 ${JSON.stringify(file).slice(0, 80)}`
  if (rows !== undefined && !(Number.isSafeInteger(rows) && (rows as number) >= 0))
    return `的 rows 应为非负整数, 实为 ${JSON.stringify(rows)}`
  if (sha256 !== undefined && !(typeof sha256 === 'string' && /^[0-9a-f]{64}$/u.test(sha256)))
    return `的 sha256 应为 64 位十六进制, 实为 ${JSON.stringify(sha256)}`
  return undefined
}

/** The tables manifest.json lists (none when it is missing or unreadable). */
export function manifestTables(
  m: LoadedManifest,
): Record<string, { rows?: number; sha256?: string; file?: string }> {
  return m.value?.tables ?? {}
}

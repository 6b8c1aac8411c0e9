import { statSync } from 'node:fs'
import { basename } from 'node:path'
import { sha256Of } from './manifest-drift.js'
import { manifestTables, readManifestFile } from './manifest-file.js'
import { tableFile } from './session.js'

/**
 * Whether a datasets directory holds the files its manifest.json describes: every listed table file exists and
 * has the recorded sha256 (the bytes the manifest was written for, so its row count too). It is the part of
 * `datasets validate`'s manifest rule that needs no query, cheap enough to run before every `serve` (hashing the
 * shipped 16 MB takes about 50 ms): a directory that fails it is not served, and `/readyz` reports it.
 */
export type ManifestCheck =
  /** `absent`: the directory has no manifest.json (hand-made or test datasets): nothing to compare with */
  | { consistent: true; manifest: 'present' | 'absent'; tables: number }
  | { consistent: false; problems: string[] }

export async function checkAgainstManifest(dir: string): Promise<ManifestCheck> {
  const loaded = readManifestFile(dir)
  if (loaded.error !== undefined) return { consistent: false, problems: [`manifest.json ${loaded.error}`] }
  if (loaded.value === null) return { consistent: true, manifest: 'absent', tables: 0 }
  const problems: string[] = []
  const listed = Object.entries(manifestTables(loaded))
  for (const [table, entry] of listed) {
    const file = tableFile(dir, table)
    const kind = statSync(file, { throwIfNoEntry: false })
    if (!kind?.isFile()) {
      // A FIFO or a directory under a table's name would block or fail the hashing: said, not read.
      problems.push(`manifest.json 列出 ${table}, 但 ${basename(file)} ${kind ? '不是普通文件' : '不存在'}`)
      continue
    }
    if (entry.sha256 === undefined) continue
    const actual = await sha256Of(file)
    if (actual !== entry.sha256)
      problems.push(
        `${basename(file)} 的 sha256 为 ${actual.slice(0, 12)}…, manifest.json 记为 ${entry.sha256.slice(0, 12)}…`,
      )
  }
  return problems.length
    ? { consistent: false, problems }
    : { consistent: true, manifest: 'present', tables: listed.length }
}

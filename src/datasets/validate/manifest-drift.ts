import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pageDamage } from './scan.js'
import { type Session, tableFile } from './session.js'

/** What manifest.json records of a table file. */
export interface ManifestRecord {
  rows?: number
  sha256?: string
}

/** The sha256 of a file, read in chunks. */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** A field of a manifest.json entry that the file does not match: what the entry says, what the file has. */
export interface ManifestDifference {
  field: 'rows' | 'sha256'
  recorded: string
  actual: string
}

/**
 * The fields of a table's manifest.json entry that its file does not match (validate's manifest rule, info and
 * import all compare through this). Only a field the entry has is compared; hashing is the cost (~30 ms for the
 * 11 MB plans file).
 */
export async function manifestDifferences(
  dir: string,
  table: string,
  rows: number,
  entry: ManifestRecord,
): Promise<ManifestDifference[]> {
  const out: ManifestDifference[] = []
  if (entry.rows !== undefined && entry.rows !== rows)
    out.push({ field: 'rows', recorded: String(entry.rows), actual: String(rows) })
  if (entry.sha256 !== undefined) {
    const sha = await sha256Of(tableFile(dir, table))
    if (sha !== entry.sha256) out.push({ field: 'sha256', recorded: entry.sha256, actual: sha })
  }
  return out
}

/** A hash shown by its first 12 characters, a row count whole. */
export const shortValue = (d: ManifestDifference, value: string): string =>
  d.field === 'sha256' ? `${value.slice(0, 12)}…` : value

/**
 * How a table file differs from its manifest.json entry, in the words `datasets info` and `datasets import` both
 * use, or undefined when it does not. A file whose bytes changed may have pages that no longer decode, which a
 * count need not read: then its pages are all read, and `damaged` is the read error.
 */
export async function manifestDrift(
  session: Session,
  table: string,
  rows: number,
  entry: ManifestRecord,
): Promise<{ differs: string } | { damaged: string } | undefined> {
  const differences = await manifestDifferences(session.dir, table, rows, entry)
  if (differences.length === 0) return undefined
  if (differences.some((d) => d.field === 'sha256')) {
    const damaged = await pageDamage(session, table)
    if (damaged !== undefined) return { damaged }
  }
  const said = differences.map((d) =>
    d.field === 'rows'
      ? `行数 ${d.actual}, manifest.json 记为 ${d.recorded}`
      : `sha256 ${shortValue(d, d.actual)}, manifest.json 记为 ${shortValue(d, d.recorded)}`,
  )
  return { differs: `与 manifest.json 不符 (${said.join('; ')})` }
}

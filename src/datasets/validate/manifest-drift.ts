import { sha256Of } from './engine.js'
import { pageDamage } from './scan.js'
import { type Session, tableFile } from './session.js'

/** What manifest.json records of a table file. */
export interface ManifestRecord {
  rows?: number
  sha256?: string
}

/**
 * How a table file differs from its manifest.json entry (rows, sha256), or undefined when it does not; shared by
 * `datasets info` and `datasets import`, so that both say it in the same words. A file whose bytes changed may
 * have pages that no longer decode, which a count need not read: then its pages are all read, and `damaged` is
 * the read error. Only a field the entry has is compared; hashing is the cost (~30 ms for the 11 MB plans file).
 */
export async function manifestDrift(
  session: Session,
  table: string,
  rows: number,
  entry: ManifestRecord,
): Promise<{ differs: string } | { damaged: string } | undefined> {
  const differs: string[] = []
  if (entry.rows !== undefined && entry.rows !== rows)
    differs.push(`行数 ${rows}, manifest.json 记为 ${entry.rows}`)
  if (entry.sha256 !== undefined) {
    const sha = await sha256Of(tableFile(session.dir, table))
    if (sha !== entry.sha256) {
      const damaged = await pageDamage(session, table)
      if (damaged !== undefined) return { damaged }
      differs.push(`sha256 ${sha.slice(0, 12)}…, manifest.json 记为 ${entry.sha256.slice(0, 12)}…`)
    }
  }
  return differs.length ? { differs: `与 manifest.json 不符 (${differs.join('; ')})` } : undefined
}

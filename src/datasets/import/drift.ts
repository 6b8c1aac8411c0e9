import { basename } from 'node:path'
import { type ManifestRecord, manifestDrift } from '../validate/manifest-drift.js'
import type { Session } from '../validate/session.js'
import { tableFile } from '../validate/session.js'
import { ident, query } from '../validate/sql.js'

/** How the table file an import is about to rewrite differs from manifest.json, in one line naming the file. */
export type CurrentDrift = { damaged: string } | { differs: string }

/**
 * Whether the table's current file is still the one manifest.json records. An import reads that file, merges
 * the new slice into it and writes a new manifest entry for the result: a file changed since (a hand edit, a
 * damaged copy that still decodes, another file put in its place) would pass into the new table unnoticed, and
 * the manifest, rewritten, would no longer show it. A table manifest.json does not list has nothing to compare
 * (not installed yet: it imports as before); one it lists whose file is missing would be rebuilt from the
 * file's slices alone, so that counts as a difference too.
 */
export async function currentDrift(
  session: Session,
  table: string,
  listed: Record<string, ManifestRecord>,
): Promise<CurrentDrift | undefined> {
  const entry = Object.hasOwn(listed, table) ? listed[table] : undefined
  if (entry === undefined) return undefined
  const file = basename(tableFile(session.dir, table))
  if (!session.present.has(table))
    return { differs: `${file} 不存在, 但 manifest.json 记为 ${entry.rows ?? '?'} 行` }
  const [count] = await query<{ n: number }>(session.conn, `SELECT count(*) AS n FROM ${ident(table)}`)
  const drift = await manifestDrift(session, table, count?.n ?? 0, entry)
  if (drift === undefined) return undefined
  return 'damaged' in drift
    ? { damaged: `${file} ${drift.damaged}` }
    : { differs: `${file} ${drift.differs}` }
}

/** The refusal: what differs, that nothing was written, and the three ways on. */
export const changedRefusal = (differs: string): string =>
  `${differs}: 文件在上次构建或导入之后被改动过, 什么都没有替换. 先运行 gaokao datasets validate 查看; ` +
  '改动不该有就用 gaokao datasets build 重建 (或恢复原文件); 确要在改动后的文件上导入, 加 --accept-changed'

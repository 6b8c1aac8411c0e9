import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileVersionOf, tableFiles } from '../../data/table-files.js'
import { sha256Of } from '../validate/manifest-drift.js'
import { knownTables } from '../validate/session.js'
import { undoRecords } from './history.js'
import { acquireImportLock } from './lock.js'

/**
 * The files an import or undo killed on either side of its switch leaves beside the table (src/data/table-files.ts):
 * they are not the table, whatever they hold, so nothing reads them, and they only take space. Removed under
 * the import lock, by the next import and undo, and by `serve` and `datasets validate` before they read:
 *
 * - `<table>.<version>.parquet` whose bytes have that version (written by an import or undo): one killed before
 *   its switch (nobody was told it succeeded), or the table an import switched away from;
 * - `<table>.parquet` that manifest.json no longer names: the table before the first import, removed only when
 *   the undo history keeps a copy of it (what `datasets undo` restores).
 *
 * Anything else under a table's name (a versioned name whose bytes differ, a `<table>.parquet` of which no copy is
 * kept: somebody's file) is left where it is, and said: `datasets validate` reports it as a leftover.
 */
export interface Sweep {
  /** what was removed, in the user's words */
  notes: string[]
  /** stray files left in place, and why */
  kept: string[]
}

/** Removes the stray files of every table of `dir` that are known to be safe to remove. The caller holds the lock. */
export async function sweepStrayFiles(dir: string): Promise<Sweep> {
  const out: Sweep = { notes: [], kept: [] }
  const { stray, live } = tableFiles(dir, knownTables())
  if (stray.size === 0) return out
  // the tables the undo history keeps a copy of
  const copies = new Set((await undoRecords(dir)).map((r) => r.before_sha256).filter((s) => s !== null))
  for (const [table, names] of stray) {
    for (const name of names) {
      const path = join(dir, name)
      const sha = await sha256Of(path).catch(() => undefined)
      const version = fileVersionOf(name)
      const ours = version !== undefined && sha?.startsWith(version) === true
      if (!ours && !(sha !== undefined && copies.has(sha))) {
        out.kept.push(
          `${name} 不是 ${table} 表 (manifest.json 指向 ${live.get(table) ?? '别的文件'}), 也不是导入留下的可删文件: 不需要就删除它`,
        )
        continue
      }
      await rm(path, { force: true })
      out.notes.push(
        sha !== undefined && copies.has(sha)
          ? `已删除 ${name}: 导入或撤销在切换之后、收尾之前被中断, 它是被替换的旧表 (撤销记录中有副本)`
          : `已删除 ${name}: 导入或撤销在切换之前被中断, 这是它没有启用的新文件; ${table} 表仍是原来的`,
      )
    }
  }
  return out
}

/** What sweepIdle did, or the pid of the import that holds the directory (nothing touched: its files are live work). */
export interface IdleSweep extends Sweep {
  /** an import holds the directory (its pid, null when unknown) */
  busy?: number | null
}

/**
 * sweepStrayFiles for the commands that read a datasets directory without importing into it (`serve`,
 * `datasets validate`): only under the import lock, because the new file of an import that is still running is no
 * leftover. A directory it cannot write to (a read-only install) is left as it is; one without a stray file is not
 * locked at all.
 */
export async function sweepIdle(dir: string): Promise<IdleSweep> {
  const none: IdleSweep = { notes: [], kept: [] }
  if (!existsSync(dir) || tableFiles(dir, knownTables()).stray.size === 0) return none
  const lock = acquireImportLock(dir)
  if (!lock.ok) return lock.reason === 'busy' ? { ...none, busy: lock.pid } : none
  try {
    return await sweepStrayFiles(dir)
  } finally {
    lock.release()
  }
}

/**
 * After `build` or `synth` wrote `tables` under their plain names and a manifest.json naming them: the versions
 * an import had written of them are superseded by the rebuild (their copies, if any, in the undo history) and
 * are removed. The names removed, for the report.
 */
export async function removeSupersededVersions(dir: string, tables: readonly string[]): Promise<string[]> {
  const { stray } = tableFiles(dir, tables)
  const removed: string[] = []
  for (const names of stray.values())
    for (const name of names.filter((n) => fileVersionOf(n) !== undefined)) {
      await rm(join(dir, name), { force: true })
      removed.push(name)
    }
  return removed
}

import { existsSync } from 'node:fs'
import { copyFile, rename, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { isFileOfTable, plainFileName, versionedFileName } from '../../data/table-files.js'
import { sha256Of } from '../validate/manifest-drift.js'
import { readManifestFile } from '../validate/manifest-file.js'
import { tableFile } from '../validate/session.js'
import {
  dropUndoRecord,
  localTime,
  savedTable,
  type UndoRecord,
  undoRecords,
  writeManifestFile,
} from './history.js'
import { ImportStateError } from './import.js'
import { acquireImportLock, lockRefusal } from './lock.js'
import { ImportInputError } from './read.js'
import { sweepStrayFiles } from './sweep.js'

export interface UndoResult {
  datasets: string
  /** what was undone: the import's record; null when there was nothing to undo */
  undone: UndoRecord | null
  /**
   * `restored`: the table is back as it was before the import; `stale`: the newest record was of an import that
   * never swapped its file, or of one an interrupted undo had already restored: the record was dropped and no
   * file touched; `none`: no record
   */
  outcome: 'restored' | 'stale' | 'none'
  /** imports that can still be undone after this one */
  remaining: number
  notes: string[]
}

/**
 * `gaokao datasets undo`: puts back the table of the newest import (history.ts) and its manifest.json entry,
 * under the import lock, switching as an import does (the saved file put back under its versioned name beside
 * the current one, then manifest.json rewritten to name it: one rename, table-files.ts). Refused, touching
 * nothing, when the table is no longer the file that import wrote (another build or hand edit since).
 */
export async function undoLastImport(datasets: string): Promise<UndoResult> {
  const dir = resolve(datasets)
  if (!existsSync(dir)) throw new ImportInputError(`数据目录不存在: ${dir}`)
  const lock = acquireImportLock(dir)
  if (!lock.ok) throw new ImportStateError(lockRefusal(lock), lock.reason === 'busy')
  try {
    return await undoLocked(dir)
  } finally {
    lock.release()
  }
}

async function undoLocked(dir: string): Promise<UndoResult> {
  const swept = await sweepStrayFiles(dir)
  const records = await undoRecords(dir)
  const result: UndoResult = {
    datasets: dir,
    undone: null,
    outcome: 'none',
    remaining: records.length,
    notes: [...swept.notes, ...swept.kept],
  }
  const record = records[0]
  if (!record) return result
  const target = tableFile(dir, record.table)
  const name = basename(target)
  const live = existsSync(target) ? await sha256Of(target) : null
  if (live !== record.after_sha256) {
    if (live === record.before_sha256) {
      // The import never swapped its file (killed before), or an undo killed after restoring it: either way
      // the table is already as it was before that import. Undoing the next record too would go one too far.
      await dropUndoRecord(dir, record.seq)
      return { ...result, undone: record, outcome: 'stale', remaining: records.length - 1 }
    }
    throw new ImportStateError(
      `${name} 在 ${localTime(record.at)} 的导入 (${record.file}) 之后又被改动过 (构建, 另一次导入或手工修改), 不能撤销, 什么都没有改动; ` +
        `确已不需要这条撤销记录, 删除 ${savedTable(dir, record.seq).replace(/\.parquet$/u, '.*')}`,
    )
  }
  const loaded = readManifestFile(dir)
  if (loaded.error) throw new ImportStateError(`manifest.json ${loaded.error}: 先修复它`)
  const manifest = (loaded.value ?? {}) as { tables?: Record<string, unknown> }
  const tables = { ...(manifest.tables ?? {}) }

  if (record.before_sha256 === null) {
    // The import created the table: the manifest forgets it (the switch), then the file goes (killed between,
    // it is a versioned file manifest.json does not name: not the table, and swept by the next command).
    delete tables[record.table]
    await writeManifestFile(dir, { ...manifest, tables })
    await rm(target, { force: true })
  } else {
    const back = join(dir, await restoredName(dir, record, record.before_sha256))
    const tmp = join(dir, `${plainFileName(record.table)}.tmp`)
    await copyFile(savedTable(dir, record.seq), tmp)
    if ((await sha256Of(tmp)) !== record.before_sha256) {
      await rm(tmp, { force: true })
      throw new ImportStateError(
        `撤销记录中保存的 ${name} 已损坏 (sha256 不符), 什么都没有改动; 可用 gaokao datasets build 重建`,
      )
    }
    await rename(tmp, back)
    // The entry as it was before the import (naming the file put back)
    tables[record.table] = { ...((record.manifest_entry ?? {}) as object), file: basename(back) }
    await writeManifestFile(dir, { ...manifest, tables })
    if (target !== back) await rm(target, { force: true })
  }
  await dropUndoRecord(dir, record.seq)
  return { ...result, undone: record, outcome: 'restored', remaining: records.length - 1 }
}

/**
 * The name the table is put back under: the one its manifest entry had before the import (so that manifest.json
 * is again what it was), unless another file holds that name now (one the sweep kept: somebody's); then its
 * versioned name. Either is a name nothing reads until manifest.json names it.
 */
async function restoredName(dir: string, record: UndoRecord, sha256: string): Promise<string> {
  const was = (record.manifest_entry as { file?: unknown } | null)?.file
  if (typeof was !== 'string' || !isFileOfTable(record.table, was))
    return versionedFileName(record.table, sha256)
  const path = join(dir, was)
  if (!existsSync(path) || (await sha256Of(path)) === sha256) return was
  return versionedFileName(record.table, sha256)
}

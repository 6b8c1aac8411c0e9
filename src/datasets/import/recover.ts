import { existsSync } from 'node:fs'
import { readdir, rename, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { sha256Of } from '../validate/manifest-drift.js'
import { manifestTables, readManifestFile } from '../validate/manifest-file.js'

/**
 * After an import killed late (import.ts, step 3): `<table>.parquet.prev` holds the table as it was, and which of
 * the two files manifest.json describes says how far the import got.
 *
 * - The manifest describes the live file: the import had finished (the kill came before the .prev was removed),
 *   or had not yet swapped the files: the .prev is an old copy and goes.
 * - The manifest describes the .prev: the kill came between the swap and the manifest update, an import nobody was
 *   told had succeeded: the .prev is put back (rolled back).
 * - Neither (a hand edit, another crash): nothing is touched, and the caller says what to do.
 *
 * Undefined when there is no .prev.
 */
export type Recovery = 'kept' | 'rolled-back' | 'unknown'

export async function recoverInterruptedImport(
  target: string,
  manifestSha: string | undefined,
): Promise<Recovery | undefined> {
  const prev = `${target}.prev`
  if (!existsSync(prev)) return undefined
  // a copy of the old table that never became the .prev
  await rm(`${prev}.tmp`, { force: true })
  if (manifestSha === undefined) return 'unknown'
  const live = existsSync(target) ? await sha256Of(target) : undefined
  if (live === manifestSha) {
    await rm(prev, { force: true })
    return 'kept'
  }
  if ((await sha256Of(prev)) === manifestSha) {
    await rename(prev, target)
    return 'rolled-back'
  }
  return 'unknown'
}

/** What a recovery did, in the user's words; undefined when nothing needed doing. */
export function recoveryNote(target: string, r: Recovery | undefined): string | undefined {
  const name = basename(target)
  if (r === 'kept')
    return `上一次导入被中断在收尾处: ${name} 与 manifest.json 一致, 已删除残留的 ${name}.prev`
  if (r === 'rolled-back')
    return `上一次导入在更新 manifest.json 前被中断, 没有完成: 已把 ${name}.prev 恢复为 ${name} (导入前的数据)`
  return undefined
}

/** Every table of a datasets directory with a .prev, recovered as above: what was done, and what could not be. */
export async function recoverInterruptedImports(
  dir: string,
): Promise<{ notes: string[]; unknown: string[] }> {
  const prevs = (await readdir(dir)).filter((f) => f.endsWith('.parquet.prev')).sort()
  if (prevs.length === 0) return { notes: [], unknown: [] }
  const tables = manifestTables(readManifestFile(dir))
  const out = { notes: [] as string[], unknown: [] as string[] }
  for (const prev of prevs) {
    const target = join(dir, prev.slice(0, -'.prev'.length))
    const table = basename(target, '.parquet')
    const r = await recoverInterruptedImport(target, tables[table]?.sha256)
    if (r === 'unknown') out.unknown.push(basename(target))
    const note = recoveryNote(target, r)
    if (note) out.notes.push(note)
  }
  return out
}

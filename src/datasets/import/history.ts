import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { stableJson } from '../manifest.js'
import { sha256Of } from '../validate/manifest-drift.js'

/**
 * The undo history of imports (`gaokao datasets undo`): before an import swaps a table, the table's file as it
 * was and its manifest.json entry are kept in `<datasets>/.import-undo/`, one record per import, the newest
 * UNDO_KEEP of them. A record is `<seq>.json` (what undo needs to restore, and the sha256 the table had before and
 * after the import) beside `<seq>.parquet` (the file before; none when the import created the table).
 *
 * A record is written before the swap, so an import killed at any point leaves a record whose `after` may never
 * have happened: undo compares the live file's sha256 with the record before it touches anything (undo.ts).
 */
export const UNDO_DIR = '.import-undo'

/** Imports that can be undone one after the other; older records are deleted (a plans.parquet is 11 MB). */
export const UNDO_KEEP = 3

export interface UndoRecord {
  seq: number
  table: string
  /** the imported file's name */
  file: string
  /** when the import ran (ISO 8601) */
  at: string
  /** the table's sha256 before the import; null when the import created the table */
  before_sha256: string | null
  after_sha256: string
  rows: { before: number; after: number }
  /** the table's manifest.json entry before the import; null when manifest.json had none */
  manifest_entry: unknown
}

const historyDir = (dir: string) => join(dir, UNDO_DIR)
const recordPath = (dir: string, seq: number) => join(historyDir(dir), `${seq}.json`)
/** The saved table file of a record (before the import). */
export const savedTable = (dir: string, seq: number) => join(historyDir(dir), `${seq}.parquet`)

/** The records, newest first; a record that cannot be read is skipped (a write cut short). */
export async function undoRecords(dir: string): Promise<UndoRecord[]> {
  if (!existsSync(historyDir(dir))) return []
  const seqs = (await readdir(historyDir(dir)))
    .map((f) => /^(\d+)\.json$/u.exec(f)?.[1])
    .filter((s): s is string => s !== undefined)
    .map(Number)
    .sort((a, b) => b - a)
  const out: UndoRecord[] = []
  for (const seq of seqs) {
    try {
      const record = JSON.parse(await readFile(recordPath(dir, seq), 'utf8')) as UndoRecord
      if (record.seq === seq && typeof record.table === 'string') out.push(record)
    } catch {
      // a record whose write was cut short: never complete, never used
    }
  }
  return out
}

/**
 * Keeps what undo needs before an import swaps `target`: a copy of the file (temp + rename) and the record,
 * written last (temp + rename), so that a record never names a copy that is not all there.
 */
export async function saveUndoRecord(
  dir: string,
  target: string,
  record: Omit<UndoRecord, 'seq' | 'before_sha256'>,
): Promise<UndoRecord> {
  await mkdir(historyDir(dir), { recursive: true })
  const seq = ((await undoRecords(dir))[0]?.seq ?? 0) + 1
  let before: string | null = null
  if (existsSync(target)) {
    const saved = savedTable(dir, seq)
    await copyFile(target, `${saved}.tmp`)
    await rename(`${saved}.tmp`, saved)
    before = await sha256Of(saved)
  }
  const full: UndoRecord = { ...record, seq, before_sha256: before }
  const path = recordPath(dir, seq)
  await writeFile(`${path}.tmp`, stableJson(full))
  await rename(`${path}.tmp`, path)
  return full
}

/** Deletes a record: its JSON first, so that a record is never left naming a file that is gone. */
export async function dropUndoRecord(dir: string, seq: number): Promise<void> {
  await rm(recordPath(dir, seq), { force: true })
  await rm(savedTable(dir, seq), { force: true })
}

/** Deletes all but the newest `keep` records, and whatever a write cut short left behind. */
export async function pruneUndoRecords(dir: string, keep = UNDO_KEEP): Promise<void> {
  if (!existsSync(historyDir(dir))) return
  const records = await undoRecords(dir)
  for (const r of records.slice(keep)) await dropUndoRecord(dir, r.seq)
  const live = new Set(records.slice(0, keep).map((r) => r.seq))
  for (const f of await readdir(historyDir(dir))) {
    const seq = Number(/^(\d+)\./u.exec(f)?.[1])
    if (!live.has(seq)) await rm(join(historyDir(dir), f), { force: true })
  }
}

/** An ISO time as the local time people read (`2026-11-26 14:02:09`). */
export function localTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** manifest.json rewritten with temp + rename: a reader never sees half of it. */
export async function writeManifestFile(dir: string, manifest: unknown): Promise<void> {
  const path = join(dir, 'manifest.json')
  await writeFile(`${path}.tmp`, stableJson(manifest))
  await rename(`${path}.tmp`, path)
}

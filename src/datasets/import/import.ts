import { existsSync } from 'node:fs'
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Column } from '../../data/schema.js'
import { plainFileName, versionedFileName } from '../../data/table-files.js'
import { manifestColumns } from '../manifest.js'
import { compareSlices } from '../score-ranks-plan.js'
import { runValidation, type ValidationReport } from '../validate/engine.js'
import { sha256Of } from '../validate/manifest-drift.js'
import { readManifestFile } from '../validate/manifest-file.js'
import { damagedTable } from '../validate/scan.js'
import { knownTables, openSession, readFailure, type Session, tableFile } from '../validate/session.js'
import { columnDdl, ident, query, queryRows, sqlString } from '../validate/sql.js'
import type { Converted, ImportOptions } from './convert.js'
import { changedRefusal, currentDrift } from './drift.js'
import { pruneUndoRecords, saveUndoRecord, undoRecords, writeManifestFile } from './history.js'
import { acquireImportLock, lockRefusal } from './lock.js'
import { checkNames } from './names.js'
import { type ImportPlan, importPlan, removalRefusal } from './plan.js'
import { ImportInputError } from './read.js'
import { assignIds } from './rows-ids.js'
import { locateViolations } from './rows-origin.js'
import { fillPlans } from './rows-plans.js'
import { droppedCategories, sliceMatch, staleDerived } from './slice-notes.js'
import { stageFile } from './stage.js'
import { sweepStrayFiles } from './sweep.js'
import { copyToParquet } from './write.js'

/**
 * The datasets are not in a state to import into (another import holds them, a table file differs from
 * manifest.json): exit 1.
 */
export class ImportStateError extends Error {
  override name = 'ImportStateError'
  /** `busy`: another import holds the directory (wait and retry), rather than a state to repair */
  constructor(
    message: string,
    readonly busy = false,
  ) {
    super(message)
  }
}

export interface ImportRequest {
  table: string
  file: string
  datasets: string
  options: ImportOptions
  sheet?: string
  dryRun?: boolean
  maxPerRule?: number
  /** category or batch names new to the datasets that the file may use (names.ts) */
  allowNew?: readonly string[]
  /** import even when the table's current file differs from manifest.json (drift.ts); noted in the manifest */
  acceptChanged?: boolean
  /** remove the rows of the slices the file does not have (plan.ts); without it such an import is refused */
  replace?: boolean
}

/**
 * Points where tests stop (or kill) an import: after the new file is written, once it has its versioned name
 * (the undo record kept), and after the switch, before the old file is removed.
 */
export type PausePoint = 'after-tmp' | 'before-switch' | 'after-switch'

export interface ImportHooks {
  pause?: (point: PausePoint) => Promise<void>
  /**
   * Asked, once the new table has passed validation, whether rows may be removed without --replace (the CLI
   * asks at a terminal); without it, or answered no, the import is refused
   */
  approveRemoval?: (result: ImportResult) => Promise<boolean>
}

export interface SliceNote {
  [column: string]: string | number
}

export interface ImportResult {
  ok: boolean
  written: boolean
  dryRun: boolean
  table: string
  file: string
  datasets: string
  slices: SliceNote[]
  rows: { before: number; after: number; replaced: number; imported: number }
  /** headers of the file that no column takes: their cells were not imported */
  ignoredColumns: string[]
  notes: string[]
  validation: ValidationReport
  /** the rows added, changed and removed, by province, year, category and batch, with samples (plan.ts) */
  plan: ImportPlan
  /** why nothing was written although the table passed validation: rows it would remove without --replace */
  refused?: string
  /** how the removal of rows was agreed to: --replace, or a yes at the terminal */
  removalApproved?: 'flag' | 'prompt'
  /** imports `gaokao datasets undo` can undo now (history.ts), once written */
  undoable?: number
  /** the file that holds the table now, once written: `plans.<version>.parquet` (src/data/table-files.ts) */
  tableFile?: string
}

/**
 * Replaces the slices a file holds (see README.md) in one table, holding `import.lock` (lock.ts) throughout:
 * 1. reads and converts the file (ImportInputError on an unreadable or ill-formed file: nothing is touched);
 * 2. builds the whole new table in DuckDB (old rows outside the slices keep their order; the new slice takes the
 *    old one's place), counts the rows it adds, changes and removes (plan.ts) and runs every validate rule that
 *    reads the table on it: a violation stops here, and so do rows to remove without `replace` (or a yes);
 * 3. writes `<table>.parquet.tmp`, validates that file again, keeps the current file for `datasets undo`
 *    (history.ts), renames the new file to its versioned name `<table>.<sha>.parquet` beside the current one,
 *    and switches: manifest.json rewritten (temp + rename) with the table's entry naming the new file. Only then
 *    is the old file removed.
 * The manifest's rename is the one switch (src/data/table-files.ts): a process killed at any point leaves the
 * old table and its manifest, or the new table and its manifest, and at most a file that is not the table,
 * which the next command removes (sweep.ts).
 */
export async function importSlice(req: ImportRequest, hooks: ImportHooks = {}): Promise<ImportResult> {
  const dir = resolve(req.datasets)
  if (!existsSync(dir)) throw new ImportInputError(`数据目录不存在: ${dir}`)
  // One import at a time per directory (lock.ts). A dry run takes the lock too, as it reads what an import
  // rewrites; in a directory it cannot write to (a read-only install) no import can run, so it goes on without.
  const lock = acquireImportLock(dir)
  if (!lock.ok && (lock.reason === 'busy' || !req.dryRun))
    throw new ImportStateError(lockRefusal(lock), lock.reason === 'busy')
  try {
    return await importLocked(req, dir, hooks)
  } catch (err) {
    // `第 122 行: 人数 'abc' 不是整数` says which line, not of which file (a batch script imports many)
    if (err instanceof ImportInputError && /^第 \d+ 行/u.test(err.message))
      throw new ImportInputError(`${basename(req.file)} ${err.message}`)
    throw err
  } finally {
    if (lock.ok) lock.release()
  }
}

async function importLocked(req: ImportRequest, dir: string, hooks: ImportHooks): Promise<ImportResult> {
  const manifest = readManifest(dir)
  // An import or undo killed before or after its switch left a file that is not the table (sweep.ts).
  const swept = await sweepStrayFiles(dir)
  const target = tableFile(dir, req.table)

  // DuckDB's spill files (boundMemory), outside the datasets directory, which may be read-only or small
  const spill = await mkdtemp(join(tmpdir(), 'gaokao-import-'))
  const session = await openSession(dir)
  try {
    // The state of the table first: no point reading a large file into a refused import.
    if (session.unreadable.has(req.table))
      throw new ImportStateError(`现有的 ${basename(target)} 无法读取: ${session.unreadable.get(req.table)}`)
    const drift = await currentDrift(session, req.table, manifest.tables ?? {})
    // Undecodable pages are damage, not a change to accept: the merge below could not read them anyway.
    if (drift && 'damaged' in drift)
      throw new ImportStateError(
        `数据集文件 ${drift.damaged}: 什么都没有替换 (gaokao datasets validate 查看详情)`,
      )
    if (drift && !req.acceptChanged) throw new ImportStateError(changedRefusal(drift.differs))
    const accepted = drift?.differs
    const conn = session.conn
    await boundMemory(conn, spill)
    const converted = await stageFile(session, req)
    const had = session.present.has(req.table)
    await checkNames(session, converted, {
      km: req.options.km,
      level: req.options.level,
      allowNew: req.allowNew ?? [],
    })
    await openOld(session, converted, had ? target : null)
    if (converted.table === 'plans') await fillPlans(session, converted)
    await assignIds(conn, converted)
    const slices = await sliceList(conn, converted)
    const plan = await importPlan(conn, converted, basename(req.file))
    const dropped = [
      ...(await droppedCategories(conn, converted)),
      ...(await staleDerived(session, converted)),
    ]
    const counts = await merge(conn, converted)
    // no ORDER BY: the rules do not depend on the order of rows, and each would sort the whole table again
    await session.defineView(req.table, `SELECT * EXCLUDE (__o1, __o2) FROM __merged`)
    const validate = async () =>
      locateViolations(
        conn,
        req.table,
        await runValidation(session, { onlyTables: [req.table], files: false, maxPerRule: req.maxPerRule }),
        basename(req.file),
      )
    let validation = await validate()
    const result: ImportResult = {
      ok: validation.ok,
      written: false,
      dryRun: req.dryRun === true,
      table: req.table,
      file: basename(req.file),
      datasets: dir,
      slices,
      rows: counts,
      ignoredColumns: converted.ignoredColumns,
      notes: [
        ...swept.notes,
        ...swept.kept,
        ...(accepted ? [`${accepted}; 按 --accept-changed 在它之上导入 (manifest.json 的导入记录注明)`] : []),
        ...converted.notes,
        ...dropped,
      ],
      validation,
      plan,
    }
    if (!validation.ok || req.dryRun) return result
    // Rows the file does not have go only when asked for: an import that removes them silently lost 江苏's
    // 本科批 lines to a file of 专科批 lines.
    if (plan.removed > 0) {
      if (req.replace) result.removalApproved = 'flag'
      else if (await hooks.approveRemoval?.(result)) result.removalApproved = 'prompt'
      else {
        result.refused = removalRefusal(req.table, plan, hooks.approveRemoval !== undefined)
        return result
      }
    }

    const tmp = join(dir, `${plainFileName(req.table)}.tmp`)
    const cols = converted.columns.map((c) => ident(c.name)).join(', ')
    await copyToParquet(conn, `SELECT ${cols} FROM __merged ORDER BY __o1, __o2`, tmp)
    await hooks.pause?.('after-tmp')
    // The file as written must pass too: validate it in place of the staged table.
    await session.defineView(req.table, `SELECT * FROM read_parquet(${sqlString(tmp)})`)
    validation = await validate()
    result.validation = validation
    result.ok = validation.ok
    if (!validation.ok) {
      await rm(tmp, { force: true })
      return result
    }
    const sha256 = await sha256Of(tmp)
    session.close()

    // What `gaokao datasets undo` puts back (history.ts), kept before the switch.
    await saveUndoRecord(dir, target, {
      table: req.table,
      file: basename(req.file),
      at: new Date().toISOString(),
      after_sha256: sha256,
      rows: { before: counts.before, after: counts.after },
      manifest_entry: manifest.tables?.[req.table] ?? null,
    })
    // Beside the current file, under a name nothing reads until manifest.json names it.
    const next = join(dir, versionedFileName(req.table, sha256))
    await rename(tmp, next)
    await hooks.pause?.('before-switch')
    await updateManifest(dir, manifest, converted, {
      tableFile: basename(next),
      rows: counts.after,
      sha256,
      file: basename(req.file),
      source: req.options.source,
      slices,
      counts,
      accepted,
    })
    await hooks.pause?.('after-switch')
    // The table it replaced (the undo record keeps a copy). The same bytes imported again have the same name.
    if (had && target !== next) await rm(target, { force: true })
    await pruneUndoRecords(dir)
    result.written = true
    result.tableFile = basename(next)
    result.undoable = (await undoRecords(dir)).length
    return result
  } catch (err) {
    throw await asDamagedFile(session, err, req.table)
  } finally {
    session.close()
    await rm(spill, { recursive: true, force: true })
  }
}

/**
 * DuckDB's memory for an import, whatever the size of the file: the staged rows, the plan and the validation
 * rules over the whole table (1.4 million plans rows and a million imported) spill to `spill` beyond
 * IMPORT_MEMORY_LIMIT, and DuckDB's allocator gives freed memory back soon (background purging, a low flush
 * threshold) instead of keeping it for the next query. Without them a small import into the shipped plans
 * peaked at 1.3 GB (DuckDB takes up to 80% of the machine), and a 100 MB file with the limit alone at ~600 MB.
 */
async function boundMemory(conn: DuckDBConnection, spill: string): Promise<void> {
  await conn.run(`SET memory_limit = ${sqlString(IMPORT_MEMORY_LIMIT)}`)
  await conn.run(`SET temp_directory = ${sqlString(spill)}`)
  await conn.run('SET allocator_background_threads = true')
  await conn.run("SET allocator_flush_threshold = '8MB'")
  await conn.run("SET allocator_bulk_deallocation_flush_threshold = '8MB'")
}

/**
 * DuckDB's share of an import's memory: a 100 MB plans file imports in under 500 MB resident
 * (test/datasets/import-memory.test.ts: about 390 MB on Node 20, 400-410 on Node 24, 455 on Node 26, with 192 MB
 * 480-600); the rest is Node, the batch being converted and the allocator's slack. 112 MB is too little: the plan
 * and validation queries of that file run out of memory.
 */
export const IMPORT_MEMORY_LIMIT = '128MB'

/**
 * A page of a table the import reads that does not decode, said in the words of every other command (one line
 * naming the file, src/data/read-failure.ts) rather than DuckDB's text; any other error as it is. Only while
 * the session is open: after it closes, the errors are the file system's (rename, manifest).
 */
async function asDamagedFile(session: Session, err: unknown, table: string): Promise<unknown> {
  if (err instanceof ImportInputError || err instanceof ImportStateError || session.closed) return err
  const why = readFailure(err)
  // our own temporary file failing to be written is no damaged dataset
  if (why === undefined || /\.parquet\.tmp/u.test(err instanceof Error ? err.message : '')) return err
  const damaged = await damagedTable(session, err, [table, ...knownTables().filter((t) => t !== table)])
  return new ImportStateError(
    `数据集文件 ${damaged === undefined ? '' : `${damaged}.parquet `}${why}: 什么都没有替换 (gaokao datasets validate 查看详情)`,
  )
}

/** `__old`: the current table with its row order (`file_row_number`), or an empty table of the schema. */
async function openOld(session: Session, c: Converted, file: string | null): Promise<void> {
  if (file) {
    await session.conn.run(
      `CREATE VIEW __old AS SELECT * FROM read_parquet(${sqlString(file)}, file_row_number = true)`,
    )
    const cols = new Set(
      (await query<{ column_name: string }>(session.conn, 'DESCRIBE SELECT * FROM __old')).map(
        (d) => d.column_name,
      ),
    )
    const missing = c.columns.filter((col) => !cols.has(col.name)).map((col) => col.name)
    if (missing.length)
      throw new ImportStateError(
        `现有的 ${c.table}.parquet 缺少列 ${missing.join(', ')} (与 schema.ts 不符): 先运行 gaokao datasets validate`,
      )
  } else await session.conn.run(`CREATE TABLE __old (${columnDdl(c.columns, false)}, file_row_number BIGINT)`)
}

async function sliceList(conn: DuckDBConnection, c: Converted): Promise<SliceNote[]> {
  const cols = c.sliceColumns.map((s) => ident(s)).join(', ')
  await conn.run(`CREATE TABLE __slices AS SELECT DISTINCT ${cols} FROM __staged`)
  const rows = await query<SliceNote>(
    conn,
    `SELECT s.*, (SELECT count(*) FROM __staged n WHERE ${sliceMatch(c, 'n', 's')}) AS rows,
            (SELECT count(*) FROM __old o WHERE ${sliceMatch(c, 'o', 's')}) AS replaced
     FROM __slices s`,
  )
  return rows.sort(
    (a, b) =>
      compareSlices(
        {
          province: String(a.province),
          year: Number(a.year),
          km: String(a.km ?? ''),
          level: String(a.level ?? ''),
        },
        {
          province: String(b.province),
          year: Number(b.year),
          km: String(b.km ?? ''),
          level: String(b.level ?? ''),
        },
      ) || (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1),
  )
}

/**
 * `__merged`: the old rows outside the slices in their file order, each new slice where its old rows were
 * (a new score_ranks slice goes before the first old slice that sorts after it; others go at the end): the
 * order is `__o1, __o2`.
 */
async function merge(conn: DuckDBConnection, c: Converted): Promise<ImportResult['rows']> {
  const sliceCols = c.sliceColumns.map((s) => ident(s)).join(', ')
  const anchors = await queryRows(
    conn,
    `SELECT ${sliceCols}, (SELECT min(file_row_number) FROM __old o WHERE ${sliceMatch(c, 'o', 's')})
     FROM __slices s ORDER BY ${sliceCols}`,
  )
  const [end] = (
    await queryRows(conn, 'SELECT coalesce(max(file_row_number), -1) + 1 FROM __old')
  )[0] as number[]
  let starts: { key: { province: string; year: number; km: string; level: string }; at: number }[] = []
  if (c.table === 'score_ranks')
    starts = (
      await query<{ province: string; year: number; km: string; level: string; first_row: number }>(
        conn,
        'SELECT province, year, km, level, min(file_row_number) AS first_row FROM __old GROUP BY ALL ORDER BY first_row',
      )
    ).map((r) => ({ key: r, at: r.first_row }))
  await conn.run(`CREATE TABLE __anchors AS SELECT *, CAST(0 AS DOUBLE) AS anchor FROM __slices LIMIT 0`)
  const app = await conn.createAppender('__anchors')
  let appended = 0
  for (const a of anchors) {
    const values = a.slice(0, c.sliceColumns.length)
    let at = a[c.sliceColumns.length] as number | null
    if (at === null) {
      const key = {
        province: String(values[0]),
        year: Number(values[1]),
        km: String(values[2]),
        level: String(values[3]),
      }
      const after = c.table === 'score_ranks' ? starts.find((s) => compareSlices(s.key, key) > 0) : undefined
      at = after ? after.at : (end ?? 0) + appended++ / 1000
    }
    c.sliceColumns.forEach((name, i) => {
      const v = values[i]
      if (v === null || v === undefined) app.appendNull()
      else if (name === 'year') app.appendInteger(Number(v))
      else app.appendVarchar(String(v))
    })
    app.appendDouble(at - 0.5)
    app.endRow()
  }
  app.closeSync()
  const cols = c.columns.map((col) => ident(col.name))
  // A view, not a table: the whole table is written once, by the COPY that sorts it (ORDER BY __o1, __o2).
  await conn.run(`CREATE VIEW __merged AS
    SELECT ${cols.join(', ')}, CAST(file_row_number AS DOUBLE) AS __o1, 0 AS __o2 FROM __old o
      WHERE NOT EXISTS (SELECT 1 FROM __slices s WHERE ${sliceMatch(c, 's', 'o')})
    UNION ALL
    SELECT ${cols.map((x) => `n.${x}`).join(', ')}, a.anchor, n.__row FROM __staged n
      JOIN __anchors a ON ${sliceMatch(c, 'a', 'n')}`)
  const [counts] = await query<{ before: number; after: number; imported: number }>(
    conn,
    `SELECT (SELECT count(*) FROM __old) AS before, (SELECT count(*) FROM __merged) AS after,
            (SELECT count(*) FROM __staged) AS imported`,
  )
  const before = counts?.before ?? 0
  const after = counts?.after ?? 0
  const imported = counts?.imported ?? 0
  return { before, after, imported, replaced: before - (after - imported) }
}

interface ManifestEntry {
  file?: string
  rows?: number
  sha256?: string
  columns?: unknown
  imports?: ImportNote[]
  slices?: Record<string, unknown>[]
  [k: string]: unknown
}

interface ImportNote {
  file: string
  source: string
  slices: SliceNote[]
  rows: number
  replaced: number
  /** --accept-changed: how the file imported into differed from the manifest, so the change stays on record */
  accepted_change?: string
}

type ManifestFile = { tables?: Record<string, ManifestEntry>; [k: string]: unknown }

/**
 * manifest.json as it is before the import ({} when there is none), read as validate and info read it; one that
 * cannot be read or has the wrong shape (`null`, `"tables": []`) stops the import.
 */
function readManifest(dir: string): ManifestFile {
  const loaded = readManifestFile(dir)
  if (loaded.error) throw new ImportStateError(`manifest.json ${loaded.error}: 先修复它`)
  return (loaded.value ?? {}) as ManifestFile
}

/**
 * Rewrites the table's manifest entry (its file, rows, sha256, a note of the import) with temp + rename: the
 * import's switch.
 */
async function updateManifest(
  dir: string,
  manifest: ManifestFile,
  c: Converted,
  done: {
    /** the name of the file that now holds the table (table-files.ts) */
    tableFile: string
    rows: number
    sha256: string
    file: string
    source: string
    slices: SliceNote[]
    counts: ImportResult['rows']
    accepted?: string
  },
): Promise<void> {
  manifest.tables ??= {}
  const entry: ManifestEntry = manifest.tables[c.table] ?? {}
  entry.file = done.tableFile
  entry.rows = done.rows
  entry.sha256 = done.sha256
  entry.columns = manifestColumns(c.columns as Column[])
  const sliceKey = (s: SliceNote) => JSON.stringify(c.sliceColumns.map((k) => s[k]))
  const now = new Set(done.slices.map(sliceKey))
  const slices = done.slices.map(({ rows: _r, replaced: _p, ...key }) => key)
  // The latest import of each slice is what describes it: older notes whose slices are all replaced go, except
  // one that accepted a changed file (--accept-changed): that change was to the whole table, not to its slices.
  entry.imports = [
    ...(entry.imports ?? []).filter(
      (n) => n.accepted_change !== undefined || !n.slices.every((s) => now.has(sliceKey(s))),
    ),
    {
      file: done.file,
      source: done.source,
      slices,
      rows: done.counts.imported,
      replaced: done.counts.replaced,
      ...(done.accepted ? { accepted_change: done.accepted } : {}),
    },
  ]
  if (c.table === 'score_ranks' && Array.isArray(entry.slices)) {
    // The builder's per-slice provenance: the imported slices now come from the file.
    const kept = entry.slices.filter((s) => !now.has(sliceKey(s as SliceNote)))
    for (const s of done.slices)
      kept.push({
        province: s.province,
        year: s.year,
        km: s.km,
        level: s.level,
        rows: s.rows,
        source: done.source,
        source_file: done.file,
        rule: 'import',
        reason: 'gaokao datasets import',
        repairs: [],
        alternatives: [],
      })
    entry.slices = kept.sort((a, b) =>
      compareSlices(
        { province: String(a.province), year: Number(a.year), km: String(a.km), level: String(a.level) },
        { province: String(b.province), year: Number(b.year), km: String(b.km), level: String(b.level) },
      ),
    )
  }
  manifest.tables[c.table] = entry
  await writeManifestFile(dir, manifest)
}

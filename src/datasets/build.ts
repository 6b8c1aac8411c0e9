import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { SCHEMA, type SchemaTable } from '../data/schema.js'
import { removeSupersededVersions } from './import/sweep.js'
import { type Manifest, manifestColumns, sourcesSection, stableJson } from './manifest.js'
import { sha256File, writeParquet } from './parquet.js'
import type { ProgressEvent } from './score-ranks-plan.js'
import type { BuiltTable, TableBuilder } from './table-builder.js'
import { BUILDERS } from './tables/index.js'

export type { ProgressEvent }

export const TABLE_NAMES: readonly SchemaTable[] = BUILDERS.map((b) => b.name)

export interface BuildOptions {
  /** The sources dir (../shared/data/sources or a fixture copy of it). */
  from: string
  /** The datasets dir to write into. */
  out: string
  /** Tables to build (default: all); the tables they depend on are built in memory, not written. */
  tables?: string[]
  onProgress?: (e: ProgressEvent) => void
  /** The builders to use (default: all of tables/index.ts); tests pass a subset */
  builders?: readonly TableBuilder[]
}

export interface TableReport {
  table: SchemaTable
  written: boolean
  file: string | null
  rows: number
  sha256: string | null
  /** why the table was not written (it failed its checks), or null */
  refused: string | null
  summary: string[]
  [detail: string]: unknown
}

export interface BuildReport {
  from: string
  out: string
  tables: TableReport[]
  /** short human-readable lines (coverage per year, counts) for the CLI to show */
  summary: string[]
}

/** The builders a request needs, dependencies first, each once. */
export function buildOrder(
  wanted: readonly string[],
  builders: readonly TableBuilder[] = BUILDERS,
): TableBuilder[] {
  const byName = new Map(builders.map((b) => [b.name as string, b]))
  const unknown = wanted.filter((t) => !byName.has(t))
  if (unknown.length > 0)
    throw new Error(`unknown table(s): ${unknown.join(', ')}; known: ${[...byName.keys()].join(', ')}`)
  const order: TableBuilder[] = []
  const visiting = new Set<string>()
  const visit = (name: string) => {
    const builder = byName.get(name)
    if (!builder || order.includes(builder)) return
    if (visiting.has(name)) throw new Error(`dependency cycle at ${name}`)
    visiting.add(name)
    for (const dep of builder.dependsOn ?? []) visit(dep)
    visiting.delete(name)
    order.push(builder)
  }
  for (const name of wanted) visit(name)
  return order
}

/**
 * Why a built table must not replace the one on disk although its own checks passed: a table it is drawn from
 * was refused (employment_directions from a refused employment), or it has no row at all (a sources directory
 * without the table's source): a failed build wrote an empty table over a good one, and validate passed it.
 */
function degraded(
  builder: TableBuilder,
  result: BuiltTable,
  built: ReadonlyMap<SchemaTable, BuiltTable>,
): string[] {
  const refused = (builder.dependsOn ?? []).filter((d) => (built.get(d)?.problems.length ?? 0) > 0)
  return [
    ...(refused.length > 0 ? [`它依赖的 ${refused.join(', ')} 未通过检查`] : []),
    ...(result.cells.length === 0 ? ['没有任何行 (数据源目录中缺少它的来源?)'] : []),
  ]
}

async function readManifest(path: string): Promise<Manifest | null> {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest
  } catch {
    return null
  }
}

async function writeAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp`
  await writeFile(tmp, text)
  await rename(tmp, path)
}

/**
 * Builds the requested tables (default: all) from the public sources in `opts.from` into `opts.out`, with
 * manifest.json. Prints nothing. A table whose builder reports problems is not written; each file is written
 * to a temporary name and renamed, so a reader never sees half a table.
 */
export async function buildDatasets(opts: BuildOptions): Promise<BuildReport> {
  const from = resolve(opts.from)
  const out = resolve(opts.out)
  const builders = opts.builders ?? BUILDERS
  const wanted = opts.tables?.length ? opts.tables : builders.map((b) => b.name as string)
  const order = buildOrder(wanted, builders)
  await mkdir(out, { recursive: true })
  const manifestPath = join(out, 'manifest.json')
  const manifest: Manifest = (await readManifest(manifestPath)) ?? { tables: {}, sources: sourcesSection() }
  manifest.sources = sourcesSection()

  const built = new Map<SchemaTable, BuiltTable>()
  const reports: TableReport[] = []
  const summary: string[] = []
  for (const [index, builder] of order.entries()) {
    const table = builder.name
    const progress = (step: string, done: number, total: number) =>
      opts.onProgress?.({ table, step, done, total, index, of: order.length })
    const raw = await builder.build({
      from,
      progress,
      dependency: <T>(name: SchemaTable) => {
        const dep = built.get(name)
        if (!dep) throw new Error(`${table} needs ${name}, which was not built first`)
        return dep as BuiltTable<T>
      },
    })
    const result = { ...raw, problems: [...raw.problems, ...degraded(builder, raw, built)] }
    built.set(table, result)
    if (!wanted.includes(table)) continue

    const file = join(out, `${table}.parquet`)
    const report: TableReport = {
      table,
      written: false,
      file: null,
      rows: result.cells.length,
      sha256: null,
      refused: null,
      summary: result.summary,
      ...result.details,
    }
    if (result.problems.length > 0) {
      report.refused = result.problems.join('; ')
      await rm(`${file}.tmp`, { force: true })
      progress('refused', 1, 1)
    } else {
      progress('write', 0, 1)
      await writeParquet(file, SCHEMA[table], result.cells)
      report.written = true
      report.file = `${table}.parquet`
      report.sha256 = await sha256File(file)
      manifest.tables[table] = {
        ...result.manifest,
        file: report.file,
        rows: result.cells.length,
        sha256: report.sha256,
        columns: manifestColumns(SCHEMA[table]),
      }
      progress('written', 1, 1)
    }
    summary.push(...(report.written ? result.summary : [`${table}: refused (${report.refused})`]))
    reports.push(report)
  }

  if (reports.some((r) => r.written)) {
    await writeAtomic(manifestPath, stableJson(manifest))
    // The switch for a directory an import had written into (src/data/table-files.ts): its versions are
    // superseded by the tables just built (copies stay in the undo history), and go.
    const removed = await removeSupersededVersions(
      out,
      reports.filter((r) => r.written).map((r) => r.table),
    )
    if (removed.length) summary.push(`已删除被重建取代的导入版本: ${removed.join(', ')}`)
  }
  return { from: opts.from, out: opts.out, tables: reports, summary }
}

import type { SchemaTable } from '../data/schema.js'
import type { ManifestTable } from './manifest.js'
import type { CellValue } from './parquet.js'

/**
 * One dataset table's builder. The orchestrator (build.ts) runs the builders a request needs in dependency
 * order, writes the requested tables atomically and merges their manifest entries. A builder prints nothing,
 * reads only `ctx.from` (the public sources) and the tables it depends on, and is deterministic.
 */
export interface TableBuilder<R = unknown> {
  name: SchemaTable
  /** Tables whose rows this one needs (e.g. plans needs schools, majors and score_ranks) */
  dependsOn?: readonly SchemaTable[]
  build(ctx: BuildContext): Promise<BuiltTable<R>>
}

export interface BuildContext {
  /** The public sources directory (../shared/data/sources or a fixture copy) */
  from: string
  progress(step: string, done: number, total: number): void
  /** The in-memory result of a table this one depends on, built earlier in the same run */
  dependency<T>(table: SchemaTable): BuiltTable<T>
}

export interface BuiltTable<R = unknown> {
  /** Rows in final file order, each in the order of the table's SCHEMA columns */
  cells: CellValue[][]
  /** Problems that refuse the table: it is not written, and the report says why */
  problems: string[]
  /** One-line summaries for the CLI (coverage, counts, shares of real / derived / synthetic rows) */
  summary: string[]
  /** Table-specific manifest fields (sources, slices, notes); file, rows, sha256 and columns are added */
  manifest: Partial<ManifestTable> & Record<string, unknown>
  /** Structured rows for dependent builders (e.g. the school list with ids, for plans) */
  rows: R
  /** Table-specific report details (rejected slices, conflicts ...) */
  details?: Record<string, unknown>
}

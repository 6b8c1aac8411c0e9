import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCHEMA, type SchemaTable } from './schema.js'
import { tableFiles } from './table-files.js'

/**
 * The tables the product reads. Each is a file of `datasets/` (`<name>.parquet`, or the version manifest.json
 * names after an import: table-files.ts); a table whose file is absent simply has no
 * view, and a query that needs it answers "dataset not installed" instead of failing obscurely.
 */
export const TABLES = Object.keys(SCHEMA) as SchemaTable[]
export type TableName = SchemaTable

/** The embedded datasets shipped with the package: <package root>/datasets. */
export function defaultDatasetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  // Works both from src/data (tests, dev) and dist/data (installed): two levels up is the package root.
  return resolve(here, '..', '..', 'datasets')
}

/** Resolution order: explicit option, then GAOKAO_DATASETS, then the embedded datasets. */
export function resolveDatasetsDir(explicit?: string): string {
  const dir = explicit ?? process.env.GAOKAO_DATASETS
  return dir ? resolve(dir) : defaultDatasetsDir()
}

/** The tables present in `dir` and the path of the file that holds each, in the catalogue's order. */
export function presentTables(dir: string): Map<TableName, string> {
  const { live } = tableFiles(dir, TABLES)
  const out = new Map<TableName, string>()
  for (const t of TABLES) {
    const name = live.get(t)
    if (name !== undefined) out.set(t, join(dir, name))
  }
  return out
}

/**
 * The order a server loads a table in (`preload`). DuckDB keeps min/max statistics per row group, so rows
 * stored by province and year let a query for one province and year skip most of the table: on the scale-10
 * synthetic set a one-province summary of `plans` runs about 1.5x faster sorted than in file order.
 */
export const PRELOAD_ORDER: Partial<Record<TableName, string>> = {
  plans: 'province, year, sid',
}

/**
 * Tables computed from the datasets when they are opened: a view for one-shot commands, a table a server
 * computes once at start. The SQL is a constant of this file, never request text.
 */
export interface DerivedTable {
  name: string
  /** The dataset table it is computed from; absent, the derived table is absent too */
  from: TableName
  sql: string
}

export const DERIVED_TABLES: readonly DerivedTable[] = [
  {
    // SPEC 4.4 reads only the special plans (about 3.5% of the rows), always in answer order: min ascending
    // with no score last, then the plan row id. Kept apart, a request sorts thousands of rows, not millions.
    name: 'special_plans',
    from: 'plans',
    sql: `SELECT * FROM plans WHERE plan_type IN ('国家专项', '地方专项', '高校专项') ORDER BY min ASC NULLS LAST, id`,
  },
]

import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCHEMA, type SchemaTable } from './schema.js'

/**
 * The tables the product reads. Each is `datasets/<name>.parquet`; a table whose file is absent simply has no
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

export function parquetPath(dir: string, table: TableName): string {
  return join(dir, `${table}.parquet`)
}

export function presentTables(dir: string): TableName[] {
  return TABLES.filter((t) => existsSync(parquetPath(dir, t)))
}

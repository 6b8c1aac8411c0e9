import { existsSync, readdirSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Column } from '../../data/schema.js'
import { copyToParquet } from '../import/write.js'
import { manifestColumns, stableJson } from '../manifest.js'
import { provinceRows } from '../provinces-table.js'
import { ENUMS } from './rules.js'
import { builtTableFile, schemaOf } from './session.js'
import { ident, query, sqlString } from './sql.js'

export interface CsvDatasetOptions {
  /** directory of `<table>.csv` files (header = schema column names; an empty cell is null, or '' in a non-null VARCHAR) */
  csvDir: string
  /** extra CSV files by table (e.g. the shared fixtures/datasets/score_ranks.csv) */
  files?: Record<string, string>
  out: string
  /** SQL run on the staged tables (named after the tables) before they are written: injected violations */
  mutate?: readonly string[]
  /** write manifest.json with rows and sha256 of every table written (default true) */
  manifest?: boolean
}

/**
 * A datasets directory from CSV text, typed by schema.ts: for fixtures and hand-made test data, so that no
 * binary file is committed. `provinces` comes from src/domain/provinces.ts unless a provinces.csv is given. A
 * schema column the CSV lacks (schema.ts grew) gets a neutral value: null, the first value of a closed set, ''
 * or 0, and provenance 'real'. Rows keep the file order.
 */
export async function csvDataset(opts: CsvDatasetOptions): Promise<string> {
  await mkdir(opts.out, { recursive: true })
  const files: Record<string, string> = {}
  if (existsSync(opts.csvDir))
    for (const f of readdirSync(opts.csvDir).sort())
      if (f.endsWith('.csv') && schemaOf(f.slice(0, -4))) files[f.slice(0, -4)] = join(opts.csvDir, f)
  Object.assign(files, opts.files ?? {})
  const { DuckDBInstance } = await import('@duckdb/node-api')
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' })
  const conn = await instance.connect()
  try {
    const tables: string[] = []
    if (!files.provinces) {
      const columns = schemaOf('provinces') as readonly Column[]
      await conn.run(
        `CREATE TABLE provinces (${columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')})`,
      )
      const app = await conn.createAppender('provinces')
      for (const row of provinceRows()) {
        for (const c of columns) {
          const v = row[c.name as keyof typeof row]
          if (v === null) app.appendNull()
          else if (c.type === 'INTEGER') app.appendInteger(Number(v))
          else app.appendVarchar(String(v))
        }
        app.endRow()
      }
      app.closeSync()
      tables.push('provinces')
    }
    for (const [table, file] of Object.entries(files)) {
      const columns = schemaOf(table) as readonly Column[]
      const header = new Set(
        (
          await query<{ column_name: string }>(
            conn,
            `DESCRIBE SELECT * FROM read_csv(${sqlString(file)}, header = true, all_varchar = true)`,
          )
        ).map((d) => d.column_name),
      )
      const select = columns.map((c) => {
        const name = ident(c.name)
        let value: string
        if (header.has(c.name)) value = c.type === 'VARCHAR' && !c.nullable ? `coalesce(${name}, '')` : name
        else if (c.name === 'provenance' || c.name.endsWith('_provenance')) value = `'real'`
        else if (c.nullable) value = 'NULL'
        else {
          const first = ENUMS[table]?.[c.name]?.[0]
          value =
            first !== undefined
              ? typeof first === 'string'
                ? sqlString(first)
                : String(first)
              : c.type === 'VARCHAR'
                ? `''`
                : c.type === 'BOOLEAN'
                  ? 'false'
                  : '0'
        }
        return `CAST(${value} AS ${c.type}) AS ${name}`
      })
      await conn.run(
        `CREATE TABLE ${ident(table)} AS SELECT ${select.join(', ')}
         FROM read_csv(${sqlString(file)}, header = true, all_varchar = true)`,
      )
      tables.push(table)
    }
    for (const sql of opts.mutate ?? []) await conn.run(sql)
    const manifest: { tables: Record<string, unknown> } = { tables: {} }
    for (const table of tables) {
      const path = builtTableFile(opts.out, table)
      await copyToParquet(conn, `SELECT * FROM ${ident(table)} ORDER BY rowid`, path)
      if (opts.manifest !== false) {
        const [n] = await query<{ n: number }>(conn, `SELECT count(*) AS n FROM ${ident(table)}`)
        const { sha256Of } = await import('./manifest-drift.js')
        manifest.tables[table] = {
          file: `${table}.parquet`,
          rows: n?.n ?? 0,
          sha256: await sha256Of(path),
          columns: manifestColumns(schemaOf(table) as readonly Column[]),
        }
      }
    }
    if (opts.manifest !== false) await writeFile(join(opts.out, 'manifest.json'), stableJson(manifest))
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
  return opts.out
}

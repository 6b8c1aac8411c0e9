import { readdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { SCHEMA, type SchemaTable } from '../../src/data/schema.js'
import { buildFixtureDatasets } from './datasets.js'

const FIGURES = join(import.meta.dirname, '..', '..', 'fixtures', 'figures')

/**
 * The fixture datasets plus the rows of fixtures/figures/<table>.csv (江苏 2019-2020 on the old 480 scale, art
 * admissions filed as 历史类 in 湖南 2021, a 山西 2020 plan with its numbers), kept apart from fixtures/datasets so
 * that the other endpoint tests, which count and sum those rows, see none of them.
 */
export async function buildFigureDatasets(): Promise<string> {
  const dir = await buildFixtureDatasets()
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  for (const file of readdirSync(FIGURES).filter((f) => f.endsWith('.csv'))) {
    const table = file.replace(/\.csv$/, '') as SchemaTable
    const schema = SCHEMA[table]
    const columns = `{${schema.map((c) => `'${c.name}': '${c.type}'`).join(', ')}}`
    const blanks = schema.filter((c) => c.type === 'VARCHAR' && !c.nullable).map((c) => c.name)
    const replace = blanks.length
      ? ` REPLACE (${blanks.map((c) => `coalesce(${c}, '') AS ${c}`).join(', ')})`
      : ''
    const parquet = join(dir, `${table}.parquet`)
    await conn.run(
      `COPY (SELECT * FROM read_parquet('${parquet}') UNION ALL BY NAME
         SELECT *${replace} FROM read_csv('${join(FIGURES, file)}', header = true, columns = ${columns}))
       TO '${parquet}.new' (FORMAT parquet)`,
    )
    renameSync(`${parquet}.new`, parquet)
  }
  conn.closeSync()
  instance.closeSync()
  return dir
}

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { PROVINCES } from '../../src/domain/provinces.js'

/** Column types of the fixture tables (CSV inference would turn a score like "612" into a number). */
const COLUMNS: Record<string, Record<string, string>> = {
  content_items: {
    id: 'INTEGER',
    module_type: 'INTEGER',
    sub_module_type: 'INTEGER',
    category_enum: 'INTEGER',
    title: 'VARCHAR',
    school_name: 'VARCHAR',
    province: 'VARCHAR',
    content: 'VARCHAR',
    answer: 'VARCHAR',
    description: 'VARCHAR',
    sort: 'INTEGER',
    look_num: 'INTEGER',
    publish_at: 'VARCHAR',
    created_at: 'VARCHAR',
    provenance: 'VARCHAR',
    source: 'VARCHAR',
  },
  score_ranks: {
    province: 'VARCHAR',
    year: 'INTEGER',
    km: 'VARCHAR',
    level: 'VARCHAR',
    seq: 'INTEGER',
    score: 'VARCHAR',
    score_low: 'INTEGER',
    score_high: 'INTEGER',
    num: 'INTEGER',
    total: 'INTEGER',
    source: 'VARCHAR',
  },
}

/** Columns where an empty CSV cell means the empty string, not NULL. */
const EMPTY_NOT_NULL: Record<string, string[]> = {
  score_ranks: ['level'],
  content_items: ['school_name', 'province', 'answer'],
}

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'datasets')

/** The provinces table as the builder writes it, from the domain constants. */
function provincesCsv(): string {
  const head = 'name,full_name,code,slug,sort,exam_mode,reform_year,full_score,source'
  const lines = PROVINCES.map((p, i) =>
    [p.name, p.fullName, p.code, p.slug, i + 1, p.examMode, p.reformYear ?? '', p.fullScore, 'fixture'].join(
      ',',
    ),
  )
  return [head, ...lines].join('\n')
}

/**
 * Builds a datasets directory of Parquet files from the CSV text fixtures (fixtures/datasets/<table>.csv),
 * so that tests query exactly what the product queries, without committing binary test files.
 */
/** Every table that has a fixture CSV for the endpoint tests. */
export const FIXTURE_TABLES = ['score_ranks', 'content_items'] as const

export async function buildFixtureDatasets(tables: readonly string[] = FIXTURE_TABLES): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gaokao-fixture-'))
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  writeFileSync(join(dir, 'provinces.csv'), provincesCsv())
  await conn.run(
    `COPY (SELECT * FROM read_csv('${join(dir, 'provinces.csv')}', header = true,
       types = {'code': 'VARCHAR', 'reform_year': 'INTEGER'})) TO '${join(dir, 'provinces.parquet')}' (FORMAT parquet)`,
  )
  for (const table of tables) {
    const csv = join(FIXTURES, `${table}.csv`)
    readFileSync(csv) // fail loudly if a fixture is missing
    const columns = COLUMNS[table]
    const spec = columns
      ? `, columns = {${Object.entries(columns)
          .map(([c, t]) => `'${c}': '${t}'`)
          .join(', ')}}`
      : ''
    const blanks = EMPTY_NOT_NULL[table] ?? []
    const replace = blanks.length
      ? ` REPLACE (${blanks.map((c) => `coalesce(${c}, '') AS ${c}`).join(', ')})`
      : ''
    await conn.run(
      `COPY (SELECT *${replace} FROM read_csv('${csv}', header = true${spec}))
       TO '${join(dir, `${table}.parquet`)}' (FORMAT parquet)`,
    )
  }
  conn.closeSync()
  instance.closeSync()
  return dir
}

/** An empty store directory (feedback, tokens), so that tests never touch the user's own. */
export const tempStore = (): string => mkdtempSync(join(tmpdir(), 'gaokao-store-'))

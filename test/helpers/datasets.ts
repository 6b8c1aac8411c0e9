import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { SCHEMA, type SchemaTable } from '../../src/data/schema.js'
import { PROVINCES } from '../../src/domain/provinces.js'

/**
 * Fixture CSVs are typed by the schema contract (CSV inference would turn a score like "612" or a code like
 * "080901" into a number); an empty cell of a non-nullable text column is the empty string, not NULL.
 */
function csvColumns(table: string): { columns: string; blanks: string[] } {
  const schema = SCHEMA[table as SchemaTable]
  if (!schema) throw new Error(`no schema for fixture table ${table}`)
  const columns = schema.map((c) => `'${c.name}': '${c.type}'`).join(', ')
  const blanks = schema.filter((c) => c.type === 'VARCHAR' && !c.nullable).map((c) => c.name)
  return { columns: `{${columns}}`, blanks }
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

/** Every table that has a fixture CSV for the endpoint tests. */
export const FIXTURE_TABLES = [
  'score_ranks',
  'score_lines',
  'category_stats',
  'content_items',
  'employment',
  'employment_directions',
  'schools',
  'majors',
  'plans',
  'volunteer_rules',
] as const

/**
 * Builds a datasets directory of Parquet files from the CSV text fixtures (fixtures/datasets/<table>.csv),
 * so that tests query exactly what the product queries, without committing binary test files.
 */
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
    // A table's fixture is fixtures/datasets/<table>.csv plus any <table>.<part>.csv, unioned, so that
    // tests of different endpoints can each keep their own rows.
    const files = readdirSync(FIXTURES)
      .filter((f) => f === `${table}.csv` || (f.startsWith(`${table}.`) && f.endsWith('.csv')))
      .sort()
    if (files.length === 0) throw new Error(`no fixture CSV for ${table} in ${FIXTURES}`)
    const { columns, blanks } = csvColumns(table)
    const replace = blanks.length
      ? ` REPLACE (${blanks.map((c) => `coalesce(${c}, '') AS ${c}`).join(', ')})`
      : ''
    const list = files.map((f) => `'${join(FIXTURES, f)}'`).join(', ')
    await conn.run(
      `COPY (SELECT *${replace} FROM read_csv([${list}], header = true, columns = ${columns}))
       TO '${join(dir, `${table}.parquet`)}' (FORMAT parquet)`,
    )
  }
  conn.closeSync()
  instance.closeSync()
  return dir
}

/** An empty store directory (feedback, tokens), so that tests never touch the user's own. */
export const tempStore = (): string => mkdtempSync(join(tmpdir(), 'gaokao-store-'))

/**
 * The fixture's province codes, as the plan books of 江苏, 浙江 and 广西 2026 and HB's 湖北 lines give them
 * (plans.local_*): 湖北 2025's rows of 荆楚测试大学 (sid 3003) get 院校代号 4301 and their majors 专业代号 of their
 * id's last two digits (软件工程 18, 通信工程 20, 会计学 22) but 英语, left without one as a major a plan book lists
 * twice under one name (GX's folded programmes); 东湖测试学院 (3005) a group line of 2025 with the code A301, as
 * HB gives 湖北's codes on group lines only. Rewrites `dir`'s plans.parquet.
 */
export const giveLocalCodes = (dir: string): Promise<void> =>
  rewritePlans(
    dir,
    (plans) => `SELECT * REPLACE (
        CASE WHEN sid = 3003 AND year = 2025 THEN '4301' END AS local_school_code,
        CASE WHEN sid = 3003 AND year = 2025 AND spname NOT IN ('', '英语') THEN lpad(CAST(id % 100 AS VARCHAR), 2, '0') END
          AS local_spcode)
      FROM ${plans}
      UNION ALL
      SELECT * REPLACE (9000001 AS id, '' AS spname, NULL AS major_id, NULL AS spcode, 'group' AS outcome_level,
        'A301' AS local_school_code)
      FROM ${plans} WHERE id = 3030`,
  )

/**
 * Programmes that bind whoever is admitted (smart-match/model/obligations.ts), in the fixture's plans and lines:
 * 荆楚测试大学's 英语 becomes 英语(国家公费师范生) (its 02组 then binds in part: 会计学 does not); 江城测试学院's
 * majors become 定向培养 (its 01组 binds whole); 黄鹤测试学院's 市场营销(非定向) and 云梦测试学院's 环境工程(含订单班)
 * look alike and bind nobody. Rewrites `dir`'s plans.parquet.
 */
export const giveObligations = (dir: string): Promise<void> =>
  rewritePlans(
    dir,
    (plans) => `SELECT * REPLACE (CASE
        WHEN sid = 3003 AND spname = '英语' THEN '英语(国家公费师范生)'
        WHEN sid = 3009 AND spname <> '' THEN spname || '(定向培养)'
        WHEN sid = 3007 AND spname = '市场营销' THEN '市场营销(非定向)'
        WHEN sid = 3008 AND spname = '环境工程' THEN '环境工程(含订单班)'
        ELSE spname END AS spname)
      FROM ${plans}`,
  )

/** A fixture directory's plans.parquet replaced by what `select` (given the table to read) makes of it. */
async function rewritePlans(dir: string, select: (plans: string) => string): Promise<void> {
  const file = join(dir, 'plans.parquet')
  const next = join(dir, 'plans-rewritten.parquet')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  await conn.run(`COPY (${select(`'${file}'`)}) TO '${next}' (FORMAT parquet)`)
  await conn.run(`COPY (SELECT * FROM '${next}') TO '${file}' (FORMAT parquet)`)
  conn.closeSync()
  instance.closeSync()
}

import { basename, resolve } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { PROVINCES } from '../../domain/provinces.js'
import { manifestDrift } from '../validate/manifest-drift.js'
import { manifestTables, readManifestFile } from '../validate/manifest-file.js'
import { PROVENANCE } from '../validate/rules.js'
import { knownTables, openSession, readFailure, schemaOf, tableFile } from '../validate/session.js'
import { ident, query } from '../validate/sql.js'

export interface Share {
  rows: number
  /** fraction of the table's rows, 0..1, rounded to 4 decimals */
  share: number
}

export interface YearCoverage {
  year: number
  /** distinct provinces that year; null for a table without a province column */
  provinces: number | null
  rows: number
}

export interface TableInfo {
  table: string
  present: boolean
  /**
   * what is wrong with a table, in one line: its file cannot be read (`score_lines.parquet 已损坏或不是 Parquet
   * 文件`; present is then false), manifest.json lists it and the file is missing, or its rows or sha256 differ
   * from manifest.json's (`majors.parquet 与 manifest.json 不符 (行数 3, manifest.json 记为 99)`); null when
   * nothing is
   */
  problem: string | null
  rows: number | null
  columns: number | null
  /** whether src/data/schema.ts has a column contract for it */
  schema: boolean
  years: { min: number; max: number } | null
  /** distinct provinces over all years */
  provinces: number | null
  perYear: YearCoverage[]
  /** rows per provenance value ('real', 'derived', 'synthetic', and any other value found) */
  provenance: Record<string, Share> | null
  /** rows per source, most rows first */
  sources: ({ source: string } & Share)[] | null
  /** plans: rows whose min_section is known, and the share of those derived from min through 一分一段 */
  rankDerived: { withRank: number; derived: number; share: number } | null
  /** --table: rows per province (PROVINCES order) and year */
  matrix?: { years: number[]; rows: { province: string; counts: number[] }[] }
}

export interface DatasetsInfo {
  datasets: string
  /** manifest.json's `synth` section when the directory was made by `gaokao datasets synth` */
  synth: Record<string, unknown> | null
  /** why manifest.json cannot be read (`manifest.json 不是合法的 JSON (...)`); null when it can or there is none */
  manifestProblem: string | null
  tables: TableInfo[]
}

const share = (rows: number, total: number): Share => ({
  rows,
  share: total > 0 ? Math.round((rows / total) * 10000) / 10000 : 0,
})

const provinceOrder = new Map(PROVINCES.map((p, i) => [p.name, i]))

/** The figures of a table not (or no longer) read: absent, or found damaged while reading it. */
const nothingRead = () => ({
  rows: null,
  columns: null,
  years: null,
  provinces: null,
  perYear: [],
  provenance: null,
  sources: null,
  rankDerived: null,
})

/** Rows, coverage and provenance of every table of a datasets directory, in one DuckDB session. */
export async function datasetsInfo(dirIn: string, opts: { matrixFor?: string } = {}): Promise<DatasetsInfo> {
  const dir = resolve(dirIn)
  const manifest = readManifestFile(dir)
  const listed = manifestTables(manifest)
  const session = await openSession(dir)
  const tables: TableInfo[] = []
  try {
    for (const table of knownTables()) {
      const file = basename(tableFile(dir, table))
      const unreadable = session.unreadable.get(table)
      const info: TableInfo = {
        table,
        present: session.present.has(table),
        problem:
          unreadable !== undefined
            ? `${file} ${unreadable}`
            : !session.present.has(table) && Object.hasOwn(listed, table)
              ? `manifest.json 列出本表, 但 ${file} 不存在`
              : null,
        schema: schemaOf(table) !== undefined,
        ...nothingRead(),
      }
      tables.push(info)
      if (!info.present) continue
      let damaged: string | undefined
      try {
        await describeTable(session.conn, table, info, opts.matrixFor === table)
        const entry = Object.hasOwn(listed, table) ? listed[table] : undefined
        const drift = entry ? await manifestDrift(session, table, info.rows ?? 0, entry) : undefined
        if (drift && 'damaged' in drift) damaged = drift.damaged
        else if (drift) info.problem = `${file} ${drift.differs}`
      } catch (err) {
        // A page that does not decode shows only when a query reads it.
        damaged = readFailure(err)
        if (damaged === undefined) throw err
      }
      if (damaged !== undefined)
        Object.assign(info, {
          present: false,
          problem: `${file} ${damaged}`,
          ...nothingRead(),
          matrix: undefined,
        })
    }
  } finally {
    session.close()
  }
  return {
    datasets: dir,
    synth: (manifest.value?.synth as Record<string, unknown> | undefined) ?? null,
    // validate fails such a directory (nothing to check the files against); info says so too
    manifestProblem:
      manifest.error !== undefined
        ? `manifest.json ${manifest.error}`
        : manifest.value === null
          ? 'manifest.json 不存在: 无法核对表文件是否完整、未被改动'
          : null,
    tables,
  }
}

/** Fills the rows, coverage and provenance of one present table. */
async function describeTable(
  conn: DuckDBConnection,
  table: string,
  info: TableInfo,
  withMatrix: boolean,
): Promise<void> {
  const t = ident(table)
  const cols = new Set(
    (await query<{ column_name: string }>(conn, `DESCRIBE SELECT * FROM ${t}`)).map((c) => c.column_name),
  )
  info.columns = cols.size
  const [count] = await query<{ n: number }>(conn, `SELECT count(*) AS n FROM ${t}`)
  const rows = count?.n ?? 0
  info.rows = rows
  const hasYear = cols.has('year')
  const hasProvince = cols.has('province')
  if (hasProvince) {
    const [p] = await query<{ n: number }>(
      conn,
      `SELECT count(DISTINCT province) FILTER (WHERE province <> '') AS n FROM ${t}`,
    )
    info.provinces = p?.n ?? 0
  } else if (table === 'provinces') info.provinces = rows
  if (hasYear) {
    info.perYear = await query<YearCoverage>(
      conn,
      `SELECT year, ${hasProvince ? "count(DISTINCT province) FILTER (WHERE province <> '')" : 'NULL'} AS provinces,
              count(*) AS rows
       FROM ${t} WHERE year IS NOT NULL GROUP BY year ORDER BY year`,
    )
    const years = info.perYear.map((y) => y.year)
    if (years.length) info.years = { min: Math.min(...years), max: Math.max(...years) }
  }
  if (cols.has('provenance')) {
    const found = await query<{ provenance: string | null; n: number }>(
      conn,
      `SELECT provenance, count(*) AS n FROM ${t} GROUP BY provenance ORDER BY provenance NULLS LAST`,
    )
    const out: Record<string, Share> = {}
    for (const p of PROVENANCE) out[p] = share(0, rows)
    for (const f of found) out[f.provenance ?? 'null'] = share(f.n, rows)
    info.provenance = out
  }
  if (cols.has('source')) {
    const found = await query<{ source: string | null; n: number }>(
      conn,
      `SELECT source, count(*) AS n FROM ${t} GROUP BY source ORDER BY n DESC, source NULLS LAST`,
    )
    info.sources = found.map((f) => ({ source: f.source ?? 'null', ...share(f.n, rows) }))
  }
  if (cols.has('rank_derived') && cols.has('min_section')) {
    const [r] = await query<{ with_rank: number; derived: number }>(
      conn,
      `SELECT count(*) FILTER (WHERE min_section IS NOT NULL) AS with_rank,
              count(*) FILTER (WHERE min_section IS NOT NULL AND rank_derived) AS derived FROM ${t}`,
    )
    const withRank = r?.with_rank ?? 0
    const derived = r?.derived ?? 0
    info.rankDerived = { withRank, derived, share: share(derived, withRank).share }
  }
  if (withMatrix && hasYear && hasProvince) {
    const cells = await query<{ province: string; year: number; n: number }>(
      conn,
      `SELECT province, year, count(*) AS n FROM ${t} WHERE year IS NOT NULL GROUP BY ALL`,
    )
    const years = [...new Set(cells.map((c) => c.year))].sort((a, b) => a - b)
    const provinces = [...new Set(cells.map((c) => c.province))].sort(
      (a, b) => (provinceOrder.get(a) ?? 99) - (provinceOrder.get(b) ?? 99) || (a < b ? -1 : a > b ? 1 : 0),
    )
    const at = new Map(cells.map((c) => [`${c.province}\u0000${c.year}`, c.n]))
    info.matrix = {
      years,
      rows: provinces.map((province) => ({
        province,
        counts: years.map((y) => at.get(`${province}\u0000${y}`) ?? 0),
      })),
    }
  }
}

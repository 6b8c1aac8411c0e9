import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { listValue } from '@duckdb/node-api'
import type { Column } from '../../data/schema.js'
import { plainFileName, tableFiles } from '../../data/table-files.js'
import { PROVINCES } from '../../domain/provinces.js'
import { type CheckedRow, checkScoreRanks } from '../checks/score-ranks.js'
import { checkProvinces, type ProvinceRow } from '../provinces-table.js'
import { manifestDifferences, shortValue } from './manifest-drift.js'
import { type LoadedManifest, manifestTables, readManifestFile } from './manifest-file.js'
import { type BuiltinRule, keyOf, type RowCheck, ruleCatalogue, type Severity, uniqueValue } from './rules.js'
import { damagedTable } from './scan.js'
import { knownTables, readFailure, type Session, schemaOf, tableFile } from './session.js'
import { ident, query, queryRows } from './sql.js'

export interface Sample {
  /** the row's key, e.g. `province=江苏 year=2025 km=物理类 level="" seq=7` */
  key: string
  message: string
}

export interface RuleResult {
  table: string
  rule: string
  severity: Severity
  description: string
  status: 'ok' | 'failed' | 'skipped'
  /** violations found (rows, or duplicate keys, or files) */
  count: number
  /** the first violations, at most `maxPerRule`, in key order */
  samples: Sample[]
  note?: string
}

export interface TableStatus {
  table: string
  present: boolean
  rows: number | null
  /** whether src/data/schema.ts has a column contract for it */
  schema: boolean
  note?: string
}

export interface ValidationReport {
  datasets: string
  ok: boolean
  /** violations of error rules */
  errors: number
  /** violations of warning rules */
  warnings: number
  tables: TableStatus[]
  results: RuleResult[]
}

export interface RunOptions {
  /** samples kept per rule (default 20) */
  maxPerRule?: number
  /** the upper bound of the year rule is currentYear + 1 (default: this year) */
  currentYear?: number
  /** run only the rules that read one of these tables */
  onlyTables?: readonly string[]
  /**
   * the manifest and leftovers rules, which look at the files (default true); with them, an unreadable
   * manifest.json and a leftover manifest.json.tmp are reported under the pseudo-table `manifest.json`
   */
  files?: boolean
}

type Columns = Map<string, string>

interface Ctx {
  session: Session
  cap: number
  currentYear: number
  columns: Map<string, Columns>
  manifest: LoadedManifest | undefined
}

interface Found {
  rule?: string
  count: number
  samples: Sample[]
  /** the rule could not apply after all (e.g. no manifest): the note */
  skip?: string
}

/** Runs every rule of the catalogue whose tables are present, and reports the violations. */
export async function runValidation(session: Session, opts: RunOptions = {}): Promise<ValidationReport> {
  const ctx: Ctx = {
    session,
    cap: opts.maxPerRule ?? 20,
    currentYear: opts.currentYear ?? new Date().getFullYear(),
    columns: new Map(),
    manifest: undefined,
  }
  const files = opts.files !== false
  const listed = files ? manifestTables(loadManifest(ctx)) : {}
  const tables: TableStatus[] = []
  for (const table of knownTables()) {
    const present = session.present.has(table)
    const status: TableStatus = { table, present, rows: null, schema: schemaOf(table) !== undefined }
    const file = basename(tableFile(session.dir, table))
    if (present) {
      const [row] = await query<{ n: number }>(session.conn, `SELECT count(*) AS n FROM ${ident(table)}`)
      status.rows = row?.n ?? 0
      const described = await query<{ column_name: string; column_type: string }>(
        session.conn,
        `DESCRIBE SELECT * FROM ${ident(table)}`,
      )
      ctx.columns.set(table, new Map(described.map((d) => [d.column_name, d.column_type])))
      if (!status.schema) status.note = '无 schema.ts 列约定, 未校验'
    } else if (session.unreadable.has(table)) status.note = `${file} ${session.unreadable.get(table)}`
    else if (Object.hasOwn(listed, table)) status.note = `manifest.json 列出本表, 但 ${file} 不存在`
    tables.push(status)
  }

  const only = opts.onlyTables ? new Set(opts.onlyTables) : undefined
  const results: RuleResult[] = []
  const rules = ruleCatalogue({ files: opts.files }).filter(
    (rule) => !only || only.has(rule.table) || (rule.needs ?? []).some((t) => only.has(t)),
  )
  // The tables the selected rules read. A damaged one is an error even when it is not the table asked for:
  // the rules that need it cannot run, and a check that could not run is not a check that passed (an import
  // of plans must not go through because schools.parquet, which ref:schools reads, is damaged).
  const involved = new Set(rules.flatMap((r) => [r.table, ...(r.needs ?? [])]))
  const readable = (table: string, message: string) =>
    results.push({
      table,
      rule: 'readable',
      severity: 'error',
      description: '文件是可读的 Parquet',
      status: 'failed',
      count: 1,
      samples: [{ key: basename(tableFile(session.dir, table)), message: withNeeders(table, message) }],
    })
  // Names the rules a damaged table outside --tables (or outside an import's table) stops.
  const withNeeders = (table: string, message: string): string => {
    if (!only || only.has(table)) return message
    const needers = rules.filter((r) => r.table === table || r.needs?.includes(table))
    return needers.length
      ? `${message}; 需要它的规则无法执行: ${needers.map((r) => `${r.table} ${r.name}`).join(', ')}`
      : message
  }
  for (const [table, message] of session.unreadable)
    if (!only || involved.has(table)) readable(table, message)
  if (files) results.push(...manifestFileResults(ctx))
  for (const rule of rules) {
    const base = { table: rule.table, severity: rule.severity, description: rule.description }
    const skip = (note: string) =>
      results.push({ ...base, rule: rule.name, status: 'skipped', count: 0, samples: [], note })
    // The file rules look at the directory, so they run for a table that is missing or damaged too.
    const fileRule = rule.kind === 'builtin' && ['manifest', 'leftovers'].includes(rule.builtin.type)
    if (!session.present.has(rule.table) && !fileRule) {
      skip(session.unreadable.has(rule.table) ? '表无法读取' : '表未安装')
      continue
    }
    const absent = (rule.needs ?? []).filter((t) => !session.present.has(t))
    if (absent.length > 0) {
      skip(
        `需要 ${absent.join(', ')}, ${absent.every((t) => session.unreadable.has(t)) ? '无法读取' : '未安装'}`,
      )
      continue
    }
    const cols = ctx.columns.get(rule.table) ?? new Map()
    const missing = rule.uses.filter((c) => !cols.has(c))
    if (missing.length > 0) {
      skip(`缺少列 ${missing.join(', ')}`)
      continue
    }
    // A column of another type (score as text) is the columns rule's error; a rule comparing it would fail with
    // the engine's binder error instead.
    const mistyped = rule.uses.filter((c) => !typeFits(cols.get(c), schemaType(rule.table, c)))
    if (mistyped.length > 0) {
      skip(`列类型不符 ${mistyped.map((c) => `${c}: ${cols.get(c)}`).join(', ')}`)
      continue
    }
    let found: Found[] | string
    try {
      found = rule.kind === 'rows' ? [await runRowCheck(ctx, rule)] : await runBuiltin(ctx, rule)
    } catch (err) {
      // A page that does not decode shows only when a rule reads it: the table is damaged, not the rule.
      const why = readFailure(err)
      const damaged =
        why === undefined
          ? undefined
          : ((await damagedTable(session, err, [rule.table, ...(rule.needs ?? [])])) ?? rule.table)
      if (why !== undefined && damaged !== undefined && session.present.has(damaged)) {
        await session.markUnreadable(damaged, why)
        const status = tables.find((t) => t.table === damaged)
        if (status)
          Object.assign(status, {
            present: false,
            rows: null,
            note: `${basename(tableFile(session.dir, damaged))} ${why}`,
          })
        readable(damaged, why)
        skip(damaged === rule.table ? '表无法读取' : `需要 ${damaged}, 无法读取`)
        continue
      }
      found = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)
    }
    if (typeof found === 'string') {
      results.push({
        ...base,
        rule: rule.name,
        status: 'failed',
        count: 1,
        samples: [{ key: rule.table, message: `无法执行: ${found}` }],
      })
      continue
    }
    const skipNote = found.find((f) => f.skip !== undefined)?.skip
    if (skipNote !== undefined) {
      skip(skipNote)
      continue
    }
    const failing = found.filter((f) => f.count > 0)
    if (failing.length === 0) results.push({ ...base, rule: rule.name, status: 'ok', count: 0, samples: [] })
    for (const f of failing)
      results.push({
        ...base,
        rule: f.rule ?? rule.name,
        status: 'failed',
        count: f.count,
        samples: f.samples,
      })
  }
  const sum = (s: Severity) =>
    results.filter((r) => r.severity === s && r.status === 'failed').reduce((a, r) => a + r.count, 0)
  const errors = sum('error')
  return { datasets: session.dir, ok: errors === 0, errors, warnings: sum('warning'), tables, results }
}

const skipped = (note: string): Found[] => [{ count: 0, samples: [], skip: note }]

function keyColumns(ctx: Ctx, table: string): string[] {
  const cols = ctx.columns.get(table) ?? new Map()
  return keyOf(table).filter((k) => cols.has(k))
}

const showValue = (v: unknown): string =>
  v === null || v === undefined ? 'null' : v === '' ? '""' : typeof v === 'string' ? v : String(v)

/** A row key as violations show it (`name=value`, null, "" for empty); the import finds file lines by it. */
export function formatKey(names: readonly string[], values: readonly unknown[]): string {
  return names.map((n, i) => `${n}=${showValue(values[i])}`).join(' ')
}

async function runRowCheck(ctx: Ctx, rule: RowCheck): Promise<Found> {
  const keys = keyColumns(ctx, rule.table)
  const keySelect = keys.map((k, i) => `t.${ident(k)} AS __k${i}`)
  const order = keys.length ? keys.map((_, i) => `__k${i} NULLS FIRST`).join(', ') : '__message'
  const sql = `SELECT ${[...keySelect, `(${rule.message}) AS __message`, 'count(*) OVER () AS __n'].join(', ')}
    FROM ${rule.from ?? `${ident(rule.table)} t`} WHERE (${rule.where})
    ORDER BY ${order} LIMIT ${rowsToRead(ctx)}`
  const params = (rule.params?.({ currentYear: ctx.currentYear }) ?? []).map((p) =>
    Array.isArray(p) ? listValue(p) : p,
  )
  const rows = await queryRows(ctx.session.conn, sql, params)
  return {
    count: Number(rows[0]?.[keys.length + 1] ?? 0),
    samples: rows.slice(0, ctx.cap).map((r) => ({
      key: formatKey(keys, r.slice(0, keys.length)),
      message: String(r[keys.length]),
    })),
  }
}

/**
 * Rows a sampling query reads: the samples asked for, and at least one, since the count of violations rides on
 * every row (`count(*) OVER ()`): `--max-per-rule 0` read none and passed every table.
 */
const rowsToRead = (ctx: Ctx) => Math.max(1, ctx.cap)

async function runBuiltin(ctx: Ctx, rule: BuiltinRule): Promise<Found[]> {
  const b = rule.builtin
  switch (b.type) {
    case 'columns':
    case 'column_types':
      return [checkColumns(ctx, rule.table, b.type === 'column_types')]
    case 'not_null':
      return [await checkNotNull(ctx, rule.table)]
    case 'unique':
      return [await checkUnique(ctx, rule.table, b.columns)]
    case 'score_ranks':
      return checkRankTables(ctx)
    case 'provinces':
      return checkProvinceTable(ctx)
    case 'manifest':
      return checkManifest(ctx, rule.table)
    case 'leftovers':
      return [checkLeftovers(ctx, rule.table)]
  }
}

const INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
])
const family = (type: string): string => {
  if (INTEGER_TYPES.has(type)) return 'integer'
  if (type === 'DOUBLE' || type === 'FLOAT' || type.startsWith('DECIMAL')) return 'number'
  return type
}

const schemaType = (table: string, column: string): string | undefined =>
  (schemaOf(table) as readonly Column[] | undefined)?.find((c) => c.name === column)?.type

/** A column's type as the columns rule accepts it (same family; integers where the schema has DOUBLE). */
function typeFits(type: string | undefined, schema: string | undefined): boolean {
  if (type === undefined || schema === undefined) return true
  return family(type) === family(schema) || (schema === 'DOUBLE' && family(type) === 'integer')
}

function checkColumns(ctx: Ctx, table: string, exact: boolean): Found {
  const actual = ctx.columns.get(table) ?? new Map()
  const schema = schemaOf(table) as readonly Column[]
  const samples: Sample[] = []
  for (const c of schema) {
    const type = actual.get(c.name)
    if (type === undefined) {
      if (!exact) samples.push({ key: `column=${c.name}`, message: `missing (schema: ${c.type})` })
    } else if (exact ? type !== c.type : !typeFits(type, c.type))
      samples.push({ key: `column=${c.name}`, message: `type ${type}, schema: ${c.type}` })
  }
  if (!exact) {
    const known = new Set(schema.map((c) => c.name))
    for (const name of actual.keys())
      if (!known.has(name)) samples.push({ key: `column=${name}`, message: 'not in schema.ts' })
  }
  return { count: samples.length, samples: samples.slice(0, ctx.cap) }
}

async function checkNotNull(ctx: Ctx, table: string): Promise<Found> {
  const cols = ctx.columns.get(table) ?? new Map()
  const required = (schemaOf(table) ?? []).filter((c) => !c.nullable && cols.has(c.name)).map((c) => c.name)
  if (required.length === 0) return { count: 0, samples: [] }
  const counts = (
    await queryRows(
      ctx.session.conn,
      `SELECT ${required.map((c) => `count(*) FILTER (WHERE ${ident(c)} IS NULL)`).join(', ')} FROM ${ident(table)}`,
    )
  )[0] as number[]
  const keys = keyColumns(ctx, table)
  let count = 0
  const samples: Sample[] = []
  for (const [i, column] of required.entries()) {
    const n = counts[i] ?? 0
    if (n === 0) continue
    count += n
    if (samples.length >= ctx.cap) continue
    const rows = await queryRows(
      ctx.session.conn,
      `SELECT ${keys.length ? keys.map((k) => ident(k)).join(', ') : '1'} FROM ${ident(table)}
       WHERE ${ident(column)} IS NULL ${keys.length ? `ORDER BY ${keys.map((k) => `${ident(k)} NULLS FIRST`).join(', ')}` : ''}
       LIMIT ${ctx.cap - samples.length}`,
    )
    for (const r of rows) samples.push({ key: formatKey(keys, r), message: `${column} is null` })
  }
  return { count, samples }
}

/**
 * Duplicate keys. One column (ids) by a sort, not a hash aggregate: after ordering by the key, a duplicate is a
 * row equal to the one before it (several times faster on ten million ids, which are usually stored in order
 * already). Several columns by a hash of the set first (a sort of plans' nine key columns takes ~1.5 s on the
 * shipped 1.2M rows, the hash ~0.2 s), and only the hashes seen twice are grouped by value.
 */
async function checkUnique(ctx: Ctx, table: string, columns: readonly string[]): Promise<Found> {
  const list = columns.map((c) => ident(c)).join(', ')
  const values = `SELECT * FROM (SELECT ${columns.map((c) => `${uniqueValue(table, c)} AS ${ident(c)}`).join(', ')}
    FROM ${ident(table)}) WHERE ${columns.map((c) => `${ident(c)} IS NOT NULL`).join(' AND ')}`
  const message = `duplicate ${columns.length > 1 ? 'key' : columns[0]}: another row has the same value`
  let rows: unknown[][]
  if (columns.length === 1) {
    const same = `lag(${list}) OVER w IS NOT DISTINCT FROM ${list}`
    rows = await queryRows(
      ctx.session.conn,
      `SELECT ${list}, count(*) OVER () AS __n FROM (
         SELECT ${list}, ${same} AS __dup FROM (${values}) WINDOW w AS (ORDER BY ${list})
       ) WHERE __dup ORDER BY ${list} LIMIT ${rowsToRead(ctx)}`,
    )
  } else {
    const twice = `SELECT h FROM (SELECT hash(${list}) AS h FROM (${values})) GROUP BY h HAVING count(*) > 1`
    const [[seen]] = (await queryRows(ctx.session.conn, `SELECT count(*) FROM (${twice})`)) as [[number]]
    if (seen === 0) return { count: 0, samples: [] }
    // the count is of rows beyond the first of each key, as a sort counts them
    rows = await queryRows(
      ctx.session.conn,
      `SELECT ${list}, sum(__n - 1) OVER () AS __n FROM (
         SELECT ${list}, count(*) AS __n FROM (${values})
         WHERE hash(${list}) IN (${twice}) GROUP BY ALL HAVING count(*) > 1
       ) ORDER BY ${list} LIMIT ${rowsToRead(ctx)}`,
    )
  }
  return {
    count: Number(rows[0]?.[columns.length] ?? 0),
    samples: rows
      .slice(0, ctx.cap)
      .map((r) => ({ key: formatKey(columns, r.slice(0, columns.length)), message })),
  }
}

const FULL_SCORE = new Map(PROVINCES.map((p) => [p.name, p.fullScore]))

/** checks/score-ranks.ts on every 一分一段 table (province, year, km, level), read as one list per column. */
async function checkRankTables(ctx: Ctx): Promise<Found[]> {
  const order = 'ORDER BY seq, score_low DESC'
  const slices = await queryRows(
    ctx.session.conn,
    `SELECT province, year, km, level, list(seq ${order}), list(score_low ${order}), list(score_high ${order}),
            list(num ${order}), list(total ${order})
     FROM "score_ranks" GROUP BY ALL ORDER BY province NULLS FIRST, year NULLS FIRST, km NULLS FIRST, level NULLS FIRST`,
  )
  const byRule = new Map<string, Found>()
  for (const s of slices) {
    const [province, year, km, level, seq, lo, hi, num, total] = s as [
      string,
      number,
      string,
      string,
      number[],
      number[],
      number[],
      number[],
      number[],
    ]
    const rows: CheckedRow[] = lo.map((scoreLow, i) => ({
      seq: seq[i] as number,
      scoreLow,
      scoreHigh: hi[i] as number,
      num: num[i] as number,
      total: total[i] as number,
    }))
    const fullScore = FULL_SCORE.get(province) ?? Number.POSITIVE_INFINITY
    for (const v of checkScoreRanks(rows, fullScore)) {
      const rule = `ranks:${v.rule}`
      const f = byRule.get(rule) ?? { rule, count: 0, samples: [] }
      f.count++
      if (f.samples.length < ctx.cap)
        f.samples.push({
          key: formatKey(['province', 'year', 'km', 'level', 'seq'], [province, year, km, level, v.seq]),
          message: v.message,
        })
      byRule.set(rule, f)
    }
  }
  return byRule.size ? [...byRule.values()] : [{ count: 0, samples: [] }]
}

async function checkProvinceTable(ctx: Ctx): Promise<Found[]> {
  const rows = await query<ProvinceRow>(ctx.session.conn, 'SELECT * FROM "provinces" ORDER BY sort, name')
  const byRule = new Map<string, Found>()
  const add = (rule: string, key: string, message: string) => {
    const f = byRule.get(rule) ?? { rule, count: 0, samples: [] }
    f.count++
    if (f.samples.length < ctx.cap) f.samples.push({ key, message })
    byRule.set(rule, f)
  }
  for (const v of checkProvinces(rows))
    add(`provinces:${v.rule}`, v.seq ? `name=${rows[v.seq - 1]?.name ?? '?'}` : 'table', v.message)
  const byName = new Map(rows.map((r) => [r.name, r]))
  for (const p of PROVINCES) {
    const r = byName.get(p.name)
    if (!r) {
      add('provinces:domain', `name=${p.name}`, 'missing')
      continue
    }
    const want = { full_name: p.fullName, code: p.code, exam_mode: p.examMode, full_score: p.fullScore }
    for (const [k, v] of Object.entries(want))
      if (r[k as keyof ProvinceRow] !== v)
        add('provinces:domain', `name=${p.name}`, `${k} ${String(r[k as keyof ProvinceRow])}, expected ${v}`)
  }
  return byRule.size ? [...byRule.values()] : [{ count: 0, samples: [] }]
}

function loadManifest(ctx: Ctx): LoadedManifest {
  if (ctx.manifest !== undefined) return ctx.manifest
  ctx.manifest = readManifestFile(ctx.session.dir)
  return ctx.manifest
}

/**
 * The files of the directory itself: it holds tables, manifest.json exists and parses; manifest.json.tmp is a
 * leftover. A directory without a table, or without the manifest that build, synth and import write, is no
 * datasets directory to pass: every rule would be skipped, and "通过" would say the data was checked.
 */
function manifestFileResults(ctx: Ctx): RuleResult[] {
  const out: RuleResult[] = []
  const { value, error } = loadManifest(ctx)
  if (ctx.session.present.size === 0 && ctx.session.unreadable.size === 0)
    out.push({
      table: 'datasets',
      rule: 'tables',
      severity: 'error',
      description: '数据目录中有表',
      status: 'failed',
      count: 1,
      samples: [
        {
          key: `dir=${ctx.session.dir}`,
          message: '没有任何表文件 (<表>.parquet): 不是数据目录? 用 gaokao datasets build 生成',
        },
      ],
    })
  if (value === null && error === undefined)
    out.push({
      table: 'manifest.json',
      rule: 'readable',
      severity: 'error',
      description: 'manifest.json 存在且是可读的 JSON',
      status: 'failed',
      count: 1,
      samples: [
        {
          key: 'file=manifest.json',
          message:
            '不存在: 无法核对表文件的行数与 sha256 (gaokao datasets build / synth / import 会写它; 删除了就重新构建)',
        },
      ],
    })
  if (error !== undefined)
    out.push({
      table: 'manifest.json',
      rule: 'readable',
      severity: 'error',
      description: 'manifest.json 是可读的 JSON',
      status: 'failed',
      count: 1,
      samples: [{ key: 'file=manifest.json', message: error }],
    })
  if (existsSync(join(ctx.session.dir, 'manifest.json.tmp')))
    out.push({
      table: 'manifest.json',
      rule: 'leftovers',
      severity: 'warning',
      description: '没有中断写入留下的 manifest.json.tmp',
      status: 'failed',
      count: 1,
      samples: [
        {
          key: 'file=manifest.json.tmp',
          message: '中断的写入留下的临时文件; 在用的是 manifest.json, 可以删除',
        },
      ],
    })
  return out
}

async function checkManifest(ctx: Ctx, table: string): Promise<Found[]> {
  const { value: manifest, error } = loadManifest(ctx)
  if (error !== undefined) return skipped('manifest.json 无法读取')
  if (!manifest) return skipped('目录中没有 manifest.json')
  const tables = manifest.tables ?? {}
  const entry = Object.hasOwn(tables, table) ? tables[table] : undefined
  if (!ctx.session.present.has(table)) {
    if (ctx.session.unreadable.has(table)) return skipped('表无法读取')
    if (entry === undefined) return skipped('表未安装')
    const file = entry.file ?? basename(tableFile(ctx.session.dir, table))
    return [
      {
        count: 1,
        samples: [
          { key: `file=${file}`, message: `manifest.json 列出本表 (${entry?.rows} 行), 但 ${file} 不存在` },
        ],
      },
    ]
  }
  if (!entry) return skipped('manifest.json 中没有本表')
  const [row] = await query<{ n: number }>(ctx.session.conn, `SELECT count(*) AS n FROM ${ident(table)}`)
  const differences = await manifestDifferences(ctx.session.dir, table, Number(row?.n ?? 0), entry)
  const samples = differences.map((d) => ({
    key: d.field,
    message: `manifest ${shortValue(d, d.recorded)}, file ${shortValue(d, d.actual)}`,
  }))
  return [{ count: samples.length, samples }]
}

function checkLeftovers(ctx: Ctx, table: string): Found {
  const dir = ctx.session.dir
  const { stray, live } = tableFiles(dir, [table])
  const holder = live.get(table)
  const samples = (stray.get(table) ?? []).map((name) => ({
    key: `file=${name}`,
    message: `不是本表 (${holder ? `在用的是 manifest.json 指向的 ${holder}` : '本表未安装'}): 导入或撤销被中断留下的, 下一次导入或校验会删除能安全删除的`,
  }))
  // `.prev`: the previous table of an import by a version that switched with two renames (before table-files.ts)
  for (const suffix of ['.tmp', '.prev', '.prev.tmp']) {
    const name = `${plainFileName(table)}${suffix}`
    if (existsSync(join(dir, name)))
      samples.push({
        key: `file=${name}`,
        message:
          suffix === '.prev'
            ? '旧版本的导入被中断时留下的上一版表: 核对后删除 (在用的是 manifest.json 指向的文件)'
            : '中断的写入留下的临时文件, 可以删除',
      })
  }
  return { count: samples.length, samples }
}

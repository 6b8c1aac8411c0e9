import type { DuckDBConnection } from '@duckdb/node-api'
import { KM_COLUMN, keyOf } from '../validate/rules.js'
import { ident, query, sqlString } from '../validate/sql.js'
import type { Converted } from './convert.js'
import { sliceMatch } from './slice-notes.js'

/**
 * What an import does to the rows of its slices, before it writes: which rows of the file are new, which replace
 * an old row with other values, which old rows go. An import replaces whole slices (README.md), so a file that
 * lacks some rows of a slice takes them away: `datasets import score_lines zk.csv` with two 专科批 lines removed
 * 江苏 2025's 本科批 lines and said only `原有 4 行 → 导入 2 行`. The plan names those rows, and import.ts
 * removes none without --replace (or a yes at a terminal).
 */

export type ChangeKind = 'added' | 'changed' | 'removed'

/** The counts of one group of rows: a province, year, category and batch. */
export interface PlanGroup {
  /** the group's columns and values (province, year, and the category and batch columns the table has) */
  slice: Record<string, string | number>
  added: number
  changed: number
  removed: number
  kept: number
}

export interface PlanSample {
  kind: ChangeKind
  /** the file line of an added or changed row; null for a removed one (it is not in the file) */
  line: number | null
  text: string
}

export interface ImportPlan {
  added: number
  changed: number
  removed: number
  kept: number
  groups: PlanGroup[]
  /** a few rows of each kind, the first of each group order */
  samples: PlanSample[]
}

/** Where rows new to the table sort, after every old row (positions are file_row_number, then __row). */
const NEW_ROWS_AFTER = 1e12

/** Samples shown per kind: enough to recognise the rows, few enough to read. */
export const SAMPLES_PER_KIND = 3

/**
 * What makes an old row and a new row "the same row": for tables keyed by `id` the id, which assignIds carried
 * over from the old row with the same natural key (rows-ids.ts); for 一分一段 tables the score, since `seq` is
 * renumbered by every import; else the table's key.
 */
function matchKey(c: Converted): readonly string[] {
  if (c.table === 'score_ranks') return ['province', 'year', 'km', 'level', 'score']
  const key = keyOf(c.table)
  return key.length > 0 ? key : c.columns.map((col) => col.name)
}

/** Columns whose difference is no change of the data: where the row came from, and a renumbered position. */
const NOT_COMPARED = new Set(['source', 'seq'])

/** The batch-like column of each table, by which the plan groups rows beside the category. */
const BATCH_COLUMN: Readonly<Record<string, string>> = {
  plans: 'batch_name',
  score_lines: 'name',
  volunteer_rules: 'batch_name',
  score_ranks: 'level',
}

/** The columns that describe a row of the table to a person, after its group. */
const SHOWN: Readonly<Record<string, readonly string[]>> = {
  score_ranks: ['score', 'num', 'total'],
  score_lines: ['score', 'major_score'],
  plans: ['school_name', 'sg_name', 'spname', 'num', 'min'],
  category_stats: ['title', 'total_applicants'],
  volunteer_rules: ['volunteer_num_max', 'major_num_max'],
}

/** The columns that tell two rows of one group apart (the rest of a changed row is its differences). */
const NAMED_BY: Readonly<Record<string, readonly string[]>> = {
  score_ranks: ['score'],
  score_lines: [],
  plans: ['school_name', 'sg_name', 'spname'],
  category_stats: ['title'],
  volunteer_rules: [],
}

export function groupColumns(c: Converted): string[] {
  const names = new Set(c.columns.map((col) => col.name))
  return ['province', 'year', KM_COLUMN[c.table], BATCH_COLUMN[c.table]].filter(
    (g): g is string => g !== undefined && names.has(g),
  )
}

type Values = Record<string, unknown>

const groupLabel = (groups: readonly string[], row: Values): string =>
  groups
    .map((g) => row[g])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ')

const shown = (value: unknown): string => (value === null || value === undefined ? '空' : String(value))

const pairs = (columns: readonly string[], row: Values): string =>
  columns
    .filter((k) => row[k] !== null && row[k] !== undefined && row[k] !== '')
    .map((k) => `${k}=${shown(row[k])}`)
    .join(' ')

/**
 * The plan of an import whose tables `__old` (with file_row_number), `__staged` (with __row and __line, ids
 * assigned) and `__slices` exist (import.ts); leaves `__plan`, one row per old or new row of the slices with its
 * kind. Counted in SQL; only the samples come to JS.
 */
export async function importPlan(
  conn: DuckDBConnection,
  c: Converted,
  fileName: string,
): Promise<ImportPlan> {
  const key = matchKey(c)
  const groups = groupColumns(c)
  const part = key.map((k) => ident(k)).join(', ')
  const compared = c.columns.map((col) => col.name).filter((n) => !key.includes(n) && !NOT_COMPARED.has(n))
  const differences = compared.length
    ? `list_filter([${compared
        .map((n) => `CASE WHEN n.${ident(n)} IS DISTINCT FROM o.${ident(n)} THEN ${sqlString(n)} END`)
        .join(', ')}], x -> x IS NOT NULL)`
    : 'CAST([] AS VARCHAR[])'
  // The old rows of the slices, read once from the table's file (a plans.parquet of 1.4 million rows).
  await conn.run(`CREATE TEMP TABLE __plan_old AS SELECT * FROM __old x
    WHERE EXISTS (SELECT 1 FROM __slices s WHERE ${sliceMatch(c, 's', 'x')})`)
  // Rows matched on their keys alone (narrow: a window and a full join over a million wide rows ran out of
  // DuckDB's memory), then compared column by column.
  const keyCols = key.map((k) => ident(k)).join(', ')
  await conn.run(`CREATE TEMP TABLE __plan_match AS
    WITH o AS (SELECT file_row_number, ${keyCols},
                      row_number() OVER (PARTITION BY ${part} ORDER BY file_row_number) AS __k FROM __plan_old),
         n AS (SELECT __row, ${keyCols}, row_number() OVER (PARTITION BY ${part} ORDER BY __row) AS __k
               FROM __staged)
    SELECT n.__row AS __row, o.file_row_number AS __old_row
    FROM n FULL OUTER JOIN o
      ON ${key.map((k) => `n.${ident(k)} IS NOT DISTINCT FROM o.${ident(k)}`).join(' AND ')} AND n.__k = o.__k`)
  await conn.run(`CREATE TEMP TABLE __plan AS
    WITH j AS (SELECT ${groups.map((g) => `coalesce(n.${ident(g)}, o.${ident(g)}) AS ${ident(g)}`).join(', ')},
                      m.__row, m.__old_row, m.__row IS NULL AS __gone, m.__old_row IS NULL AS __new,
                      ${differences} AS __diff
               FROM __plan_match m LEFT JOIN __staged n ON n.__row = m.__row
                 LEFT JOIN __plan_old o ON o.file_row_number = m.__old_row)
    SELECT * EXCLUDE (__gone, __new),
           CASE WHEN __new THEN 'added' WHEN __gone THEN 'removed'
                WHEN len(__diff) > 0 THEN 'changed' ELSE 'kept' END AS __kind,
           coalesce(CAST(__old_row AS DOUBLE), ${NEW_ROWS_AFTER} + __row) AS __at
    FROM j`)
  // Groups in the table's order (a category, then its batches, where the table had them first), new ones after
  // in the file's order: 物理类 本科批, 物理类 专科批, 历史类 ..., not the code points of the names.
  const firstOf = (cols: readonly string[]) =>
    `min(__at) OVER (PARTITION BY ${cols.map((g) => ident(g)).join(', ')})`
  const groupOrder = groups.map((_, i) => firstOf(groups.slice(0, i + 1)))
  const counts = await query<Values & { added: number; changed: number; removed: number; kept: number }>(
    conn,
    `SELECT ${groups.map((g) => ident(g)).join(', ')},
            count(*) FILTER (WHERE __kind = 'added') AS added,
            count(*) FILTER (WHERE __kind = 'changed') AS changed,
            count(*) FILTER (WHERE __kind = 'removed') AS removed,
            count(*) FILTER (WHERE __kind = 'kept') AS kept,
            min(__o) AS __o
     FROM (SELECT *, [${groupOrder.join(', ')}] AS __o FROM __plan)
     GROUP BY ${groups.map((g) => ident(g)).join(', ')} ORDER BY __o`,
  )
  const plan: ImportPlan = { added: 0, changed: 0, removed: 0, kept: 0, groups: [], samples: [] }
  for (const row of counts) {
    const slice = Object.fromEntries(groups.map((g) => [g, row[g] as string | number]))
    const group: PlanGroup = {
      slice,
      added: row.added,
      changed: row.changed,
      removed: row.removed,
      kept: row.kept,
    }
    plan.groups.push(group)
    for (const k of ['added', 'changed', 'removed', 'kept'] as const) plan[k] += group[k]
  }
  const show = SHOWN[c.table] ?? key.filter((k) => !groups.includes(k))
  const named = NAMED_BY[c.table] ?? show
  for (const kind of ['added', 'changed', 'removed'] as const) {
    if (plan[kind] === 0) continue
    const rows = await query<{ __line: number | null; __diff: string[]; n: string | null; o: string | null }>(
      conn,
      `SELECT n.__line, p.__diff,
              CASE WHEN p.__row IS NULL THEN NULL ELSE CAST(to_json(n) AS VARCHAR) END AS n,
              CASE WHEN p.__old_row IS NULL THEN NULL ELSE CAST(to_json(o) AS VARCHAR) END AS o
       FROM (SELECT __row, __old_row, __diff, __at FROM __plan WHERE __kind = ? ORDER BY __at LIMIT ?) p
         LEFT JOIN __staged n ON n.__row = p.__row
         LEFT JOIN __plan_old o ON o.file_row_number = p.__old_row
       ORDER BY p.__at`,
      [kind, SAMPLES_PER_KIND],
    )
    for (const r of rows) {
      const now = r.n === null ? undefined : (JSON.parse(r.n) as Values)
      const was = r.o === null ? undefined : (JSON.parse(r.o) as Values)
      const row = (now ?? was) as Values
      const line = r.__line
      const where = line === null ? '' : `${fileName} 第 ${line} 行: `
      const head = groupLabel(groups, row)
      let text: string
      if (kind === 'changed' && now && was) {
        const changes = r.__diff.map((d) => `${d} ${shown(was[d])} → ${shown(now[d])}`).join(', ')
        text = `${where}${[head, pairs(named, now)].filter(Boolean).join(' ')}: ${changes}`
      } else text = `${where}${[head, pairs(show, row)].filter(Boolean).join(' ')}`
      plan.samples.push({ kind, line, text })
    }
  }
  return plan
}

const KIND_WORD: Readonly<Record<ChangeKind, string>> = { added: '新增', changed: '修改', removed: '删除' }

/** `江苏 2025 物理类 本科批 1 行` for each group that loses rows, at most `limit` of them. */
export function removedGroups(plan: ImportPlan, limit = 6): string {
  const losing = plan.groups.filter((g) => g.removed > 0)
  const named = losing
    .slice(0, limit)
    .map((g) => `${groupLabel(Object.keys(g.slice), g.slice)} ${g.removed} 行`)
  return `${named.join(', ')}${losing.length > limit ? ` 等 ${losing.length} 组` : ''}`
}

/** The plan as report lines (indented by the caller): the totals, each group with its counts, the samples. */
export function planLines(plan: ImportPlan, groupLimit = 12): string[] {
  const totals = `变动: 新增 ${plan.added} 行, 修改 ${plan.changed} 行, 删除 ${plan.removed} 行, 不变 ${plan.kept} 行`
  const out = [totals]
  const moving = plan.groups.filter((g) => g.added + g.changed + g.removed > 0)
  for (const g of moving.slice(0, groupLimit)) {
    const parts = (['added', 'changed', 'removed'] as const)
      .filter((k) => g[k] > 0)
      .map((k) => `${KIND_WORD[k]} ${g[k]}`)
    if (g.kept > 0) parts.push(`不变 ${g.kept}`)
    out.push(`  ${groupLabel(Object.keys(g.slice), g.slice)}: ${parts.join(', ')}`)
  }
  if (moving.length > groupLimit) out.push(`  … 另有 ${moving.length - groupLimit} 组 (--json 列出全部)`)
  for (const kind of ['added', 'changed', 'removed'] as const) {
    const samples = plan.samples.filter((s) => s.kind === kind)
    if (samples.length === 0) continue
    out.push(`${KIND_WORD[kind]}的行${plan[kind] > samples.length ? ` (前 ${samples.length} 行)` : ''}:`)
    for (const s of samples) out.push(`  ${s.text}`)
  }
  return out
}

/**
 * Why an import that would remove rows was refused, in one line: how many, which groups, what to do. `asked`:
 * the question was put at a terminal and answered no.
 */
export function removalRefusal(table: string, plan: ImportPlan, asked: boolean): string {
  const what = `导入会删除 ${table} 中已有的 ${plan.removed} 行 (${removedGroups(plan)}), 文件中没有它们`
  const why = asked ? '未确认删除' : '没有 --replace'
  const km = KM_COLUMN[table] ? '; 只替换一个科类请用 --km' : ''
  return `${what}: ${why}, 什么都没有替换. 确要删除请加 --replace${km}; 只看变动用 --dry-run`
}

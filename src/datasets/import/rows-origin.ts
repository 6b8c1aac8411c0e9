import { type DuckDBConnection, listValue } from '@duckdb/node-api'
import { formatKey, type Sample, type ValidationReport } from '../validate/engine.js'
import { keyOf, uniqueValue } from '../validate/rules.js'
import { schemaOf } from '../validate/session.js'
import { queryRows, sqlString } from '../validate/sql.js'

/** Where a converted row comes from: its line in the file and, for plans, the school as the file wrote it. */
export interface RowOrigin {
  line: number
  label?: string
}

/** A violation of an imported row, named by its file line. */
export interface LocatedSample extends Sample {
  line?: number
}

/**
 * The validate report with each violation of an imported row named by the file and the line it came from
 * (`zk.csv 第 3 行`) instead of its key: the key holds ids and `seq` values the import generated, which the user
 * cannot find in the file, and `plans 第 3 行` read as the table's third row. The rule ids stay. The staged rows
 * (`__staged`: `__row`, `__line`, `__label`) are looked up by the samples' keys in SQL, so only the rows of the
 * samples come to JS.
 */
export async function locateViolations(
  conn: DuckDBConnection,
  table: string,
  report: ValidationReport,
  fileName: string,
): Promise<ValidationReport> {
  const failing = report.results.filter((r) => r.table === table && r.status === 'failed')
  if (failing.length === 0 || keyOf(table).length === 0) return report
  const wanted = new Map<string, Set<string>>()
  for (const r of failing) {
    const id = columnsOfSamples(table, r.rule).join('+')
    const keys = wanted.get(id) ?? new Set<string>()
    for (const s of r.samples) keys.add(s.key)
    wanted.set(id, keys)
  }
  const rowsByKey = new Map<string, Map<string, StagedRow[]>>()
  for (const [id, keys] of wanted) rowsByKey.set(id, await stagedRowsByKey(conn, table, id.split('+'), keys))
  const locate = (rule: string, s: Sample): LocatedSample => {
    const at = rowsByKey.get(columnsOfSamples(table, rule).join('+'))?.get(s.key)
    const [first, ...others] = at ?? []
    if (!first) return s
    const more = others.length > 0 ? ` (及 ${others.map((o) => `第 ${o.line} 行`).join(', ')})` : ''
    const key = `${fileName} 第 ${first.line} 行${first.label ? ` (${first.label})` : ''}${more}`
    return {
      key,
      message: explain(
        table,
        rule,
        s.message,
        table === 'plans' ? first.hasSchool : undefined,
        at?.length ?? 0,
      ),
      line: first.line,
    }
  }
  return {
    ...report,
    results: report.results.map((r) =>
      failing.includes(r) ? { ...r, samples: r.samples.map((s) => locate(r.rule, s)) } : r,
    ),
  }
}

/** The columns a rule's sample keys are made of: a unique set names its own (`unique:a+b`), others the key. */
function columnsOfSamples(table: string, rule: string): readonly string[] {
  return rule.startsWith('unique:') ? rule.slice('unique:'.length).split('+') : keyOf(table)
}

interface StagedRow {
  line: number
  label: string | null
  hasSchool: boolean
}

/** A key column as formatKey (engine.ts) shows it, in SQL: `null`, `""` for '', else the value as text. */
const shownInSql = (expr: string): string =>
  `CASE WHEN ${expr} IS NULL THEN 'null' WHEN CAST(${expr} AS VARCHAR) = '' THEN '""' ELSE CAST(${expr} AS VARCHAR) END`

/**
 * The staged rows in file order whose key over `columns`, compared as the engine compares them, is one of `keys`
 * (formatKey). The key is built in SQL to find the rows and checked again with formatKey itself.
 */
async function stagedRowsByKey(
  conn: DuckDBConnection,
  table: string,
  columns: readonly string[],
  keys: ReadonlySet<string>,
): Promise<Map<string, StagedRow[]>> {
  const byKey = new Map<string, StagedRow[]>()
  const values = columns.map((c) => uniqueValue(table, c))
  const keyText = columns
    .map((c, i) => `${sqlString(`${c}=`)} || ${shownInSql(values[i] as string)}`)
    .join(` || ' ' || `)
  const school = schemaOf(table)?.some((c) => c.name === 'school_name') ? 'school_name IS NOT NULL' : 'false'
  const rows = await queryRows(
    conn,
    `SELECT __line, __label, ${school}, ${values.join(', ')} FROM __staged
     WHERE list_contains(?, ${keyText}) ORDER BY __row`,
    [listValue([...keys])],
  )
  for (const [line, label, hasSchool, ...key] of rows) {
    const k = formatKey(columns, key)
    if (!keys.has(k)) continue
    const list = byKey.get(k) ?? []
    list.push({ line: line as number, label: label as string | null, hasSchool: hasSchool as boolean })
    byKey.set(k, list)
  }
  return byKey
}

/** The engine's messages, in words a user of import can act on where the cause is the file's. */
function explain(
  table: string,
  rule: string,
  message: string,
  hasSchool: boolean | undefined,
  linesOfKey: number,
): string {
  if (table === 'plans' && rule === 'not_null' && message === 'sid is null')
    return hasSchool ? 'sid 为空 — 院校名称在 schools 中找不到' : 'sid 为空 — 文件没有给出院校名称或院校id'
  if (rule.startsWith('unique:')) {
    const same = `${rule.slice('unique:'.length).replaceAll('+', ', ')} 都相同`
    // one line of the file: the other row is one the import keeps (outside the slice)
    return linesOfKey > 1 ? `文件中的这几行重复 (${same})` : `与表中保留的一行重复 (${same})`
  }
  return message
}

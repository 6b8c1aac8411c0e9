import type { DuckDBConnection } from '@duckdb/node-api'
import { formatKey, type Sample, type ValidationReport } from '../validate/engine.js'
import { keyOf, uniqueValue } from '../validate/rules.js'
import { queryRows } from '../validate/sql.js'

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
 * cannot find in the file, and `plans 第 3 行` read as the table's third row. The rule ids stay. `origins[i]` is
 * the origin of staged row `__row = i`.
 */
export async function locateViolations(
  conn: DuckDBConnection,
  table: string,
  origins: readonly RowOrigin[],
  report: ValidationReport,
  fileName: string,
): Promise<ValidationReport> {
  const failing = report.results.filter((r) => r.table === table && r.status === 'failed')
  if (failing.length === 0 || keyOf(table).length === 0) return report
  const rowsByKey = new Map<string, Map<string, number[]>>()
  for (const r of failing) {
    const columns = columnsOfSamples(table, r.rule)
    const id = columns.join('+')
    if (!rowsByKey.has(id)) rowsByKey.set(id, await stagedRowsByKey(conn, table, columns))
  }
  const hasSchool = new Map<number, boolean>()
  if (table === 'plans')
    for (const [row, name] of await queryRows(conn, 'SELECT __row, school_name IS NOT NULL FROM __staged'))
      hasSchool.set(row as number, name as boolean)
  const locate = (rule: string, s: Sample): LocatedSample => {
    const at = rowsByKey.get(columnsOfSamples(table, rule).join('+'))?.get(s.key)
    if (!at) return s
    const [first] = at
    const origin = origins[first as number]
    if (!origin) return s
    const more =
      at.length > 1
        ? ` (及 ${at
            .slice(1)
            .map((r) => `第 ${origins[r]?.line} 行`)
            .join(', ')})`
        : ''
    const key = `${fileName} 第 ${origin.line} 行${origin.label ? ` (${origin.label})` : ''}${more}`
    return {
      key,
      message: explain(table, rule, s.message, hasSchool.get(first as number), at.length),
      line: origin.line,
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

/** The staged rows (`__row`) by their key over `columns`, compared as the engine compares them. */
async function stagedRowsByKey(
  conn: DuckDBConnection,
  table: string,
  columns: readonly string[],
): Promise<Map<string, number[]>> {
  const byKey = new Map<string, number[]>()
  const rows = await queryRows(
    conn,
    `SELECT __row, ${columns.map((c) => uniqueValue(table, c)).join(', ')} FROM __staged ORDER BY __row`,
  )
  for (const [row, ...values] of rows) {
    const k = formatKey(columns, values)
    const list = byKey.get(k)
    if (list) list.push(row as number)
    else byKey.set(k, [row as number])
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

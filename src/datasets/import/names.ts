import { editDistance as distance } from '../../domain/closest.js'
import { findProvince } from '../../domain/provinces.js'
import { BASE_KM, ordinaryCategories } from '../normalize.js'
import { BATCH_NAMES } from '../plans/types.js'
import { isLineType } from '../score-lines/checks.js'
import { KM_COLUMN } from '../validate/rules.js'
import type { Session } from '../validate/session.js'
import { ident, query } from '../validate/sql.js'
import type { Converted } from './convert.js'
import { ImportInputError } from './read.js'

/**
 * Category and batch names of an imported file, against the names the datasets know: a typo (物里, 综和,
 * 本科北) would otherwise become a category or batch of its own, listed by `seating options` and matched by
 * nothing. Known are the names the build's checks accept (the ordinary categories, which convert.ts has already
 * matched to that year's exam mode; score-lines/checks.ts's vocabulary; plans/types.ts's BATCH_NAMES) and the
 * names the datasets already hold (art and sport categories, 本科一批, ...); a name new to the datasets (a new
 * art table) is accepted when `--allow-new` names it.
 */

interface NameColumn {
  column: string
  label: '科类' | '批次' | '分表'
  /** '' is a value (the ordinary 一分一段 table has level '') */
  emptyOk?: boolean
  /** accepted without the datasets (the build's own vocabulary) */
  accepts: (name: string) => boolean
  /** columns (table, column) whose values in the datasets are accepted too; none: any name but '' */
  from?: readonly (readonly [string, string])[]
  /** a few names to show when a name is unknown */
  show: (province: string, year: number) => readonly string[]
}

const CATEGORY_COLUMNS = Object.entries(KM_COLUMN)

function ordinaryOf(province: string, year: number): string[] {
  const p = findProvince(province)
  return p ? ordinaryCategories(p, year) : [...BASE_KM]
}

const batchNames = (): readonly string[] => BATCH_NAMES

function columnsOf(table: string): NameColumn[] {
  const out: NameColumn[] = []
  const km = KM_COLUMN[table]
  if (km)
    out.push({
      column: km,
      label: '科类',
      accepts: (n) => (BASE_KM as readonly string[]).includes(n) || isLineType(n),
      from: CATEGORY_COLUMNS,
      show: ordinaryOf,
    })
  const batchOf = (column: string, from?: NameColumn['from']): NameColumn => ({
    column,
    label: '批次',
    accepts: (n) => (BATCH_NAMES as readonly string[]).includes(n),
    from,
    show: batchNames,
  })
  // score_lines names are as many as the 考试院 publish (本科一批, 艺术类(本科)-舞蹈类 ...): only '' is refused,
  // as in the build's check
  if (table === 'score_lines') out.push({ ...batchOf('name'), from: undefined })
  if (table === 'plans') out.push(batchOf('batch_name', [['plans', 'batch_name']]))
  // --level 专料 made a table of its own, offered by `seating options` as a level
  if (table === 'score_ranks')
    out.push({
      column: 'level',
      label: '分表',
      emptyOk: true,
      accepts: (n) => n === '',
      from: [['score_ranks', 'level']],
      show: () => ['(普通表: 不加 --level)'],
    })
  if (table === 'volunteer_rules')
    out.push(
      batchOf('batch_name', [
        ['volunteer_rules', 'batch_name'],
        ['score_lines', 'name'],
      ]),
    )
  return out
}

/** The known name nearest a typo (物埋 → 物理类: 类 is often left out), if one is near enough to mean. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const k of known) {
    const d = Math.min(distance(name, k), k.endsWith('类') ? distance(name, k.slice(0, -1)) : Infinity)
    if (d < bestDistance || (d === bestDistance && best !== undefined && k < best)) {
      best = k
      bestDistance = d
    }
  }
  return bestDistance <= Math.max(1, Math.floor([...name].length / 3)) ? best : undefined
}

async function namesInDatasets(session: Session, from: NameColumn['from']): Promise<Set<string>> {
  const names = new Set<string>()
  for (const [table, column] of from ?? []) {
    if (!session.present.has(table)) continue
    const cols = await query<{ column_name: string }>(session.conn, `DESCRIBE SELECT * FROM ${ident(table)}`)
    if (!cols.some((c) => c.column_name === column)) continue
    for (const r of await query<{ v: string }>(
      session.conn,
      `SELECT DISTINCT ${ident(column)} AS v FROM ${ident(table)} WHERE ${ident(column)} IS NOT NULL`,
    ))
      names.add(r.v)
  }
  return names
}

export interface NameCheckOptions {
  /** --km as given: a category taken from it is named by the flag, not by a line */
  km?: string
  /** --level as given, likewise */
  level?: string
  /** --allow-new: names new to the datasets that the user means */
  allowNew: readonly string[]
}

/**
 * Refuses (ImportInputError, exit 2) the first category or batch name of the staged rows (`__staged`) that is
 * empty or unknown, naming the value, the file line (or --km), the closest known name and the known ones.
 */
export async function checkNames(session: Session, c: Converted, opts: NameCheckOptions): Promise<void> {
  for (const col of columnsOf(c.table)) {
    if (!c.columns.some((x) => x.name === col.column)) continue
    const found = await query<{
      name: string | null
      row: number
      line: number
      province: string
      year: number
    }>(
      session.conn,
      `SELECT ${ident(col.column)} AS name, min(__row) AS row, arg_min(__line, __row) AS line,
              arg_min(province, __row) AS province, arg_min(year, __row) AS year
       FROM __staged GROUP BY ALL ORDER BY row`,
    )
    const open = col.from === undefined
    const empty = (name: string | null) => name === null || (name === '' && !col.emptyOk)
    const unknown = found.filter(
      (f) => empty(f.name) || !(open || col.accepts(f.name ?? '') || opts.allowNew.includes(f.name ?? '')),
    )
    if (unknown.length === 0) continue
    const known = open ? new Set<string>() : await namesInDatasets(session, col.from)
    const bad = unknown.find((f) => empty(f.name) || !known.has(f.name ?? ''))
    if (!bad) continue
    const flag =
      col.label === '科类' && opts.km !== undefined
        ? `--km ${opts.km}`
        : col.label === '分表' && opts.level !== undefined
          ? `--level ${opts.level}`
          : undefined
    const where = flag ?? `第 ${bad.line} 行`
    if (bad.name === null || bad.name === '') throw new ImportInputError(`${where}: ${col.label}为空`)
    const shown = col.show(bad.province, bad.year)
    const closest = closestName(
      bad.name,
      [...shown, ...known].filter((k) => k !== ''),
    )
    const others = [...known].filter((k) => k !== '' && !shown.includes(k)).length
    throw new ImportInputError(
      `${where}: ${col.label} '${bad.name}' 不是已知的${col.label}` +
        `${closest ? ` (最接近的是 ${closest})` : ''}; ` +
        `${col.label === '科类' ? `${bad.province} ${bad.year} 年的普通科类` : '已知'}: ${shown.join(' ')}` +
        `${others ? ` 及数据中已有的 ${others} 个其他${col.label}` : ''}; ` +
        `确是数据中还没有的新${col.label}请加 --allow-new ${bad.name}`,
    )
  }
}

import { findProvince } from '../../domain/provinces.js'
import { BASE_KM } from '../normalize.js'
import { pushTo } from '../sources/files.js'
import type { RankRow } from '../types.js'
import { cmp } from './resolve.js'

/**
 * category_stats: per province, year and ordinary category, the candidates of the 一分一段 table and how many
 * of them are at or above the undergraduate and the junior-college line (README.md, "category_stats").
 * Pure: the inputs are the score_ranks tables and the score_lines rows.
 */

/** One 一分一段 table (a score_ranks slice). */
export interface RankTable {
  province: string
  year: number
  km: string
  level: string
  source: string
  /** highest score first, as in score_ranks */
  rows: readonly RankRow[]
}

/** One control line (a score_lines row). */
export interface StatLine {
  province: string
  year: number
  typeName: string
  name: string
  score: number
  isUse: number
  source: string
  /** candidates at or above the line, where the source publishes it (GP checkpoints, GA 线上人数) */
  count?: number | null
}

export interface CategoryStat {
  province: string
  year: number
  subjectType: string
  title: string
  totalApplicants: number | null
  undergradAdmitted: number | null
  collegeAdmitted: number | null
  source: string
}

/** What was derived and how, per row (manifest); and the slices skipped. */
export interface StatNote {
  province: string
  year: number
  subject_type: string
  table_source: string
  table_floor: number
  table_total: number
  undergrad_line: { name: string; score: number; source: string } | null
  college_line: { name: string; score: number; source: string; table: string } | null
  nulls: string[]
}

export interface StatCheck {
  province: string
  year: number
  subject_type: string
  what: string
  published: number
  derived: number | null
  source: string
}

export interface CategoryStatsPlan {
  rows: CategoryStat[]
  notes: StatNote[]
  skipped: { province: string; year: number; subject_type: string; reason: string }[]
  /** Our counts against the counts some sources publish beside the lines or the tables */
  crossChecks: StatCheck[]
}

const UNDERGRAD_BATCHES = ['本科一批', '本科二批', '本科三批']
const COLLEGE_BATCHES = ['专科一批', '专科二批']

type Pick = { name: string; score: number; source: string; count?: number | null }

const lowest = (lines: readonly StatLine[], names: readonly string[]): Pick | null => {
  const found = lines.filter((l) => names.includes(l.name)).sort((a, b) => a.score - b.score)[0]
  return found ? { name: found.name, score: found.score, source: found.source, count: found.count } : null
}

/**
 * The undergraduate line of a slice: 本科批, else the lowest of 本科一批/二批/三批, else (山东) 普通类一段, whose
 * candidates fill the 本科 batch. 浙江's 一段 is not an undergraduate line (本科 are admitted in both 段): none.
 */
export function undergradLine(province: string, lines: readonly StatLine[]): Pick | null {
  return (
    lowest(lines, ['本科批']) ??
    lowest(lines, UNDERGRAD_BATCHES) ??
    (province === '山东' ? lowest(lines, ['普通类一段']) : null)
  )
}

/** The junior-college line: 专科批, else the lowest of 专科一批/二批, else 普通类二段 (浙江, 山东). */
export function collegeLine(lines: readonly StatLine[]): Pick | null {
  return lowest(lines, ['专科批']) ?? lowest(lines, COLLEGE_BATCHES) ?? lowest(lines, ['普通类二段'])
}

/**
 * Candidates at or above `score` in a table: the cumulative total of the last row whose score_low is at
 * least `score`. Null when the table does not reach the score (its floor is above it) or the score falls
 * inside a band (the band's split is unknown).
 */
export function countAtOrAbove(rows: readonly RankRow[], score: number): number | null {
  const last = rows[rows.length - 1]
  if (!last || last.scoreLow > score) return null
  let count = 0
  for (const r of rows) {
    if (r.scoreLow >= score) count = r.total
    else {
      if (r.scoreHigh >= score) return null
      break
    }
  }
  return count
}

/**
 * A table reaches the bottom when its floor (lowest score) is at or below the junior-college line, or, where
 * no such line is known, at or below a third of the full score: then its total counts the candidates. A table
 * that stops higher (江苏 at the 本科 line, 上海 ...) gives no total_applicants.
 */
export function reachesBottom(floor: number, college: number | null, fullScore: number): boolean {
  return college !== null ? floor <= college : floor <= Math.floor(fullScore / 3)
}

const ORDINARY = new Set<string>(BASE_KM)
const sliceOf = (x: { province: string; year: number }, km: string) => `${x.province}|${x.year}|${km}`

export function planCategoryStats(
  tables: readonly RankTable[],
  lines: readonly StatLine[],
  publishedTotals: readonly {
    province: string
    year: number
    km: string
    total: number
    source: string
  }[] = [],
): CategoryStatsPlan {
  const linesBySlice = new Map<string, StatLine[]>()
  for (const l of lines)
    if (l.isUse === 1 && ORDINARY.has(l.typeName)) pushTo(linesBySlice, sliceOf(l, l.typeName), l)
  const collegeTables = new Map<string, RankTable>()
  for (const t of tables) if (t.level === '专科' && ORDINARY.has(t.km)) collegeTables.set(sliceOf(t, t.km), t)

  const rows: CategoryStat[] = []
  const notes: StatNote[] = []
  const skipped: CategoryStatsPlan['skipped'] = []
  const crossChecks: StatCheck[] = []
  for (const t of tables) {
    if (t.level !== '' || !ORDINARY.has(t.km)) continue
    const key = sliceOf(t, t.km)
    const sliceLines = linesBySlice.get(key) ?? []
    const ug = undergradLine(t.province, sliceLines)
    const col = collegeLine(sliceLines)
    const skip = (reason: string) =>
      skipped.push({ province: t.province, year: t.year, subject_type: t.km, reason })
    const last = t.rows[t.rows.length - 1]
    if (!last) {
      skip('empty table')
      continue
    }
    if (!ug && !col) {
      skip('no undergraduate or junior-college line in score_lines')
      continue
    }
    const fullScore = findProvince(t.province)?.fullScore ?? 750
    const colTable = collegeTables.get(key) ?? t
    const nulls: string[] = []
    const undergrad = ug ? countAtOrAbove(t.rows, ug.score) : null
    if (ug && undergrad === null)
      nulls.push(`undergrad: line ${ug.score} below the table floor or inside a band`)
    if (!ug) nulls.push('undergrad: no undergraduate line')
    const college = col ? countAtOrAbove(colTable.rows, col.score) : null
    if (col && college === null)
      nulls.push(`college: line ${col.score} below the table floor or inside a band`)
    if (!col) nulls.push('college: no junior-college line')
    const complete = reachesBottom(last.scoreLow, col?.score ?? null, fullScore)
    if (!complete) {
      nulls.push(
        col
          ? `total: the table stops at ${last.scoreLow}, above the junior-college line`
          : `total: the table stops at ${last.scoreLow}, above a third of the full score (no junior-college line)`,
      )
    }
    if (undergrad === null && college === null && !complete) {
      skip(`the table (${last.scoreLow}..) reaches none of the lines`)
      continue
    }
    const used = [ug, col].filter((x): x is Pick => x !== null)
    const lineSources = [...new Set(used.map((u) => u.source))].sort(cmp)
    const tableSources = [...new Set([t.source, colTable.source])].join('+')
    rows.push({
      province: t.province,
      year: t.year,
      subjectType: t.km,
      title: `${t.year}年${t.province}${t.km}`,
      totalApplicants: complete ? last.total : null,
      undergradAdmitted: undergrad,
      collegeAdmitted: college,
      source: `score_ranks:${tableSources}; score_lines:${lineSources.join(',')}`,
    })
    notes.push({
      province: t.province,
      year: t.year,
      subject_type: t.km,
      table_source: tableSources,
      table_floor: last.scoreLow,
      table_total: last.total,
      undergrad_line: ug ? { name: ug.name, score: ug.score, source: ug.source } : null,
      college_line: col
        ? { name: col.name, score: col.score, source: col.source, table: colTable.level || 'ordinary' }
        : null,
      nulls,
    })
    for (const [what, pick, derived] of [
      ['undergrad', ug, undergrad],
      ['college', col, college],
    ] as const) {
      if (pick && typeof pick.count === 'number') {
        crossChecks.push({
          province: t.province,
          year: t.year,
          subject_type: t.km,
          what: `${what} (${pick.name} ${pick.score})`,
          published: pick.count,
          derived,
          source: pick.source,
        })
      }
    }
    // Other published counts at the used lines' scores (GP checkpoints at a line GP did not win).
    for (const pt of publishedTotals.filter((p) => sliceOf(p, p.km) === key)) {
      crossChecks.push({
        province: t.province,
        year: t.year,
        subject_type: t.km,
        what: 'table total',
        published: pt.total,
        derived: last.total,
        source: pt.source,
      })
    }
  }
  return { rows, notes, skipped, crossChecks }
}

/** Checks of category_stats rows: unique keys, known provinces, categories, years, consistent counts. */
export function checkCategoryStats(rows: readonly CategoryStat[]): string[] {
  const out: string[] = []
  const keys = new Set<string>()
  rows.forEach((r, i) => {
    const at = `row ${i + 1} (${r.title})`
    const key = `${r.province}|${r.year}|${r.subjectType}`
    if (keys.has(key)) out.push(`${at}: duplicate ${key}`)
    keys.add(key)
    if (findProvince(r.province)?.name !== r.province) out.push(`${at}: unknown province`)
    if (!ORDINARY.has(r.subjectType)) out.push(`${at}: subject_type ${r.subjectType} is not ordinary`)
    if (!Number.isInteger(r.year) || r.year < 2014 || r.year > 2026) out.push(`${at}: year ${r.year}`)
    if (r.title !== `${r.year}年${r.province}${r.subjectType}`) out.push(`${at}: title`)
    const counts = [r.totalApplicants, r.undergradAdmitted, r.collegeAdmitted]
    if (counts.some((c) => c !== null && (!Number.isInteger(c) || c < 0)))
      out.push(`${at}: negative or fractional count`)
    if (counts.every((c) => c === null)) out.push(`${at}: no count at all`)
    const { totalApplicants: t, undergradAdmitted: u, collegeAdmitted: c } = r
    if (t !== null && u !== null && u > t) out.push(`${at}: undergrad ${u} > total ${t}`)
    if (t !== null && c !== null && c > t) out.push(`${at}: college ${c} > total ${t}`)
    if (u !== null && c !== null && c < u) out.push(`${at}: college ${c} < undergrad ${u}`)
    if (r.source.trim() === '') out.push(`${at}: no source`)
  })
  return out
}

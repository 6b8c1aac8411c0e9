import { readColumns } from '../../data/bulk-rows.js'
import type { Db } from '../../data/db.js'
import { examModeIn, findProvince, subjectsTypeOf } from '../../domain/provinces.js'
import type { ScoreRankRow } from '../../domain/rank.js'
import { memoized } from '../../endpoints/caches.js'
import { placeholders } from '../../endpoints/queries/sql.js'
import {
  type ActualRow,
  type Granularity,
  type HistoryRow,
  type MenuRow,
  type PremiumRow,
  rankCurve,
  type ScoreRankPair,
} from './model/index.js'

/** The queries of smart-match and cwb-num (bound parameters only; column names are constants). */

export interface RuleRow {
  province: string
  year: number
  batch_name: string
  local_batch_name: string
  subjects_type: number
  score_max: number
  volunteer_type: number
  volunteer_num_max: number
  major_num_max: number
}

/**
 * The volunteer rule of a province and batch (its own name or the province's local name) for a year: that
 * year's rule, else the latest earlier one, else the earliest later one, of the same exam mode as the year: a
 * rule from the other side of a reform (河南 2025's 专业组 rule for a 2024 理科 candidate) is no rule for it.
 */
export function findRule(
  db: Db,
  province: string,
  batch: string,
  year: number,
  opts: { fresh?: boolean } = {},
): Promise<RuleRow | undefined> {
  // Every smart-match request asks it (a query of a few ms against a microsecond lookup): read-only data, one
  // query per province, batch and year per process; `fresh` (cwb-num's bypass_cache) reads it again.
  if (opts.fresh) return ruleQuery(db, province, batch, year)
  return memoized(
    db,
    'volunteer-rule',
    JSON.stringify([province, batch, year]),
    () => ruleQuery(db, province, batch, year),
    4096,
  )
}

async function ruleQuery(
  db: Db,
  province: string,
  batch: string,
  year: number,
): Promise<RuleRow | undefined> {
  const known = findProvince(province)
  const mode = known ? subjectsTypeOf(examModeIn(known, year)) : null
  const [row] = await db.all<RuleRow>(
    `SELECT province, year, batch_name, local_batch_name, subjects_type, score_max, volunteer_type,
            volunteer_num_max, major_num_max
     FROM volunteer_rules WHERE province = ? AND (batch_name = ? OR local_batch_name = ?)
       AND (year = ? OR ?::INTEGER IS NULL OR subjects_type = ?)
     ORDER BY CASE WHEN year = ? THEN 0 WHEN year < ? THEN 1 ELSE 2 END, abs(year - ?), (batch_name = ?) DESC,
              batch_name, local_batch_name
     LIMIT 1`,
    [province, batch, batch, year, mode, mode, year, year, year, batch],
  )
  return row
}

/**
 * The control line of a batch in a year and category (新疆 2025 理科 本科一批: 421), null when the data have none:
 * the batch admits no candidate below it, whatever the list says.
 */
export async function batchControlLine(
  db: Db,
  province: string,
  year: number,
  category: string,
  rule: Pick<RuleRow, 'batch_name' | 'local_batch_name'>,
): Promise<number | null> {
  const key = `${province}|${year}|${category}|${rule.batch_name}|${rule.local_batch_name}`
  // Read-only data: one query per batch and category per process, not one per request.
  return memoized(
    db,
    'batch-control-line',
    key,
    async () => {
      const [row] = await db.all<{ score: number | null }>(
        `SELECT max(score) AS score FROM score_lines
       WHERE province = ? AND year = ? AND type_name = ? AND name IN (?, ?)`,
        [province, year, category, rule.batch_name, rule.local_batch_name],
      )
      return row?.score ?? null
    },
    256,
  )
}

export interface RankTable {
  year: number
  km: string
  rows: ScoreRankRow[]
}

/**
 * The 一分一段 tables of the given categories and years. A year with several tables (广东 2026: 本科 / 专科)
 * uses the ordinary one, else the one of the batch's level.
 */
export async function rankTables(
  db: Db,
  province: string,
  categories: readonly string[],
  fromYear: number,
  toYear: number,
  level: '本科' | '专科',
): Promise<Map<number, RankTable>> {
  const rows = await db.all<ScoreRankRow & { year: number; km: string; level: string }>(
    `SELECT year, km, level, score_low AS "scoreLow", score_high AS "scoreHigh", num, total
     FROM score_ranks WHERE province = ? AND km IN (${placeholders(categories)}) AND year BETWEEN ? AND ?
     ORDER BY year, km, level, seq`,
    [province, ...categories, fromYear, toYear],
  )
  const tables = new Map<string, RankTable & { level: string }>()
  for (const r of rows) {
    const key = `${r.year}|${r.km}|${r.level}`
    let t = tables.get(key)
    if (!t) {
      t = { year: r.year, km: r.km, level: r.level, rows: [] }
      tables.set(key, t)
    }
    t.rows.push({ scoreLow: r.scoreLow, scoreHigh: r.scoreHigh, num: r.num, total: r.total })
  }
  const preference = (t: { level: string; km: string }) =>
    (t.level === '' ? 0 : t.level === level ? 1 : 2) * 10 + categories.indexOf(t.km)
  const byYear = new Map<number, RankTable>()
  for (const t of [...tables.values()].sort((a, b) => preference(a) - preference(b))) {
    if (!byYear.has(t.year)) byYear.set(t.year, { year: t.year, km: t.km, rows: t.rows })
  }
  return byYear
}

/**
 * Each year's lowest ordinary undergraduate line (score_lines names matching UNDERGRADUATE_LINE) of the given
 * categories, keyed `<year>|<category>`; empty without a score_lines table.
 */
export async function undergraduateLines(
  db: Db,
  province: string,
  categories: readonly string[],
  fromYear: number,
  toYear: number,
): Promise<Map<string, number>> {
  if (!db.has('score_lines')) return new Map()
  const rows = await db.all<{ year: number; km: string; line: number }>(
    `SELECT year, type_name AS km, min(score) AS line FROM score_lines
     WHERE province = ? AND type_name IN (${placeholders(categories)}) AND year BETWEEN ? AND ?
       AND regexp_matches(name, ?) AND score > 0
     GROUP BY year, type_name`,
    [province, ...categories, fromYear, toYear, UNDERGRADUATE_LINE],
  )
  return new Map(rows.map((r) => [`${r.year}|${r.km}`, r.line]))
}

/** Batch names the plans table has for a province. */
export async function planBatchNames(db: Db, province: string): Promise<string[]> {
  const rows = await db.all<{ b: string }>(
    `SELECT DISTINCT batch_name AS b FROM plans WHERE province = ? ORDER BY b`,
    [province],
  )
  return rows.map((r) => r.b)
}

/**
 * The latest year, not after `notAfter`, of the province's 一分一段 tables; undefined without one (the default
 * rank year of the counts endpoint).
 */
export async function latestRankYear(
  db: Db,
  province: string,
  notAfter: number,
): Promise<number | undefined> {
  const [row] = await db.all<{ y: number | null }>(
    `SELECT max(year) AS y FROM score_ranks WHERE province = ? AND year <= ?`,
    [province, notAfter],
  )
  return row?.y ?? undefined
}

/**
 * The province's ordinary undergraduate batch in the rule nearest to `year` among the rules of an exam mode
 * (`subjectsType`, null for any): 本科批, 普通类一段, 本科一批, then the others by name.
 */
export async function ordinaryBatch(
  db: Db,
  province: string,
  year: number,
  subjectsType: number | null,
): Promise<string | undefined> {
  const [row] = await db.all<{ batch_name: string }>(
    `SELECT batch_name FROM volunteer_rules WHERE province = ? AND (?::INTEGER IS NULL OR subjects_type = ?)
     ORDER BY CASE batch_name WHEN '本科批' THEN 0 WHEN '普通类一段' THEN 1 WHEN '本科一批' THEN 2 ELSE 3 END,
              abs(year - ?), batch_name
     LIMIT 1`,
    [province, subjectsType, subjectsType, year],
  )
  return row?.batch_name
}

/**
 * The provinces with ordinary outcomes (plan rows with a lowest rank) of the given categories in `year` and in
 * at least one year from `fromYear` before it (the backtest's provinces).
 */
export async function provincesWithOutcomes(
  db: Db,
  categories: readonly string[],
  fromYear: number,
  year: number,
): Promise<string[]> {
  const rows = await db.all<{ province: string }>(
    `SELECT province FROM plans
     WHERE min_section > 0 AND subject_type IN (${placeholders(categories)}) AND year BETWEEN ? AND ?
       AND plan_type = '普通'
     GROUP BY province HAVING count(*) FILTER (WHERE year = ?) > 0 AND count(*) FILTER (WHERE year < ?) > 0`,
    [...categories, fromYear, year, year, year],
  )
  return rows.map((r) => r.province)
}

/** Of `categories`, those with a 一分一段 table of the province and year. */
export async function rankTableCategories(
  db: Db,
  province: string,
  year: number,
  categories: readonly string[],
): Promise<string[]> {
  const rows = await db.all<{ km: string }>(
    `SELECT DISTINCT km FROM score_ranks WHERE province = ? AND year = ? AND km IN (${placeholders(categories)})`,
    [province, year, ...categories],
  )
  return rows.map((r) => r.km)
}

export interface PlanScope {
  province: string
  batches: readonly string[]
  categories: readonly string[]
}

const scopeSql = (s: PlanScope) =>
  `province = ? AND batch_name IN (${placeholders(s.batches)}) AND subject_type IN (${placeholders(s.categories)})`
const scopeParams = (s: PlanScope) => [s.province, ...s.batches, ...s.categories]

/** The latest year up to `year` that has plan rows in scope. */
export async function menuYear(db: Db, scope: PlanScope, year: number): Promise<number | undefined> {
  const [row] = await db.all<{ y: number | null }>(
    `SELECT max(year) AS y FROM plans WHERE ${scopeSql(scope)} AND year <= ?`,
    [...scopeParams(scope), year],
  )
  return row?.y ?? undefined
}

/** Whether a year has admission outcomes in scope: a plan of a year still ahead of its admissions has none. */
export async function hasOutcomes(db: Db, scope: PlanScope, year: number): Promise<boolean> {
  const [row] = await db.all<{ n: number }>(
    `SELECT count(*)::INTEGER AS n FROM (SELECT 1 FROM plans WHERE ${scopeSql(scope)} AND year = ?
       AND outcome_level <> '' LIMIT 1)`,
    [...scopeParams(scope), year],
  )
  return (row?.n ?? 0) > 0
}

/** The sources of a year's plan rows in scope (the plans' `source` codes: ZJP, JSP, GP …). */
export async function planSources(db: Db, scope: PlanScope, year: number): Promise<string[]> {
  const rows = await db.all<{ source: string }>(
    `SELECT DISTINCT source FROM plans WHERE ${scopeSql(scope)} AND year = ? ORDER BY source`,
    [...scopeParams(scope), year],
  )
  return rows.map((r) => r.source)
}

/** The plan rows of one year: the options on offer (their outcomes, if any, are never read here). */
export async function menuRows(db: Db, scope: PlanScope, year: number): Promise<MenuRow[]> {
  const c = await readColumns(db, {
    from: `FROM plans WHERE ${scopeSql(scope)} AND year = ?`,
    params: [...scopeParams(scope), year],
    ints: {
      id: 'id',
      sid: 'sid',
      majorId: 'major_id',
      num: 'CASE WHEN num > 0 THEN num END',
      tuition: 'CASE WHEN tuition >= 0 THEN tuition END',
    },
    texts: {
      group: "coalesce(sg_name, '')",
      name: "coalesce(spname, '')",
      spcode: 'spcode',
      length: 'length',
      sgInfos: 'sg_infos',
      localSchoolCode: 'local_school_code',
      localSpcode: 'local_spcode',
    },
    order: 'id',
  })
  const rows: MenuRow[] = []
  for (let i = 0; i < c.size; i++)
    rows.push({
      id: c.int('id', i) as number,
      sid: c.int('sid', i) as number,
      group: c.text('group', i) ?? '',
      name: c.text('name', i) ?? '',
      majorId: c.int('majorId', i),
      spcode: c.text('spcode', i),
      num: c.int('num', i),
      length: c.text('length', i),
      sgInfos: c.text('sgInfos', i),
      tuition: c.int('tuition', i),
      localSchoolCode: c.text('localSchoolCode', i),
      localSpcode: c.text('localSpcode', i),
    })
  return rows
}

/**
 * The names of a province's ordinary undergraduate control lines (score_lines.name): 本科批, 本科一批 / 二批 /
 * 三批, 本科一段 / 二段, 普通类一段 / 二段 (浙江, 山东), 普通本科; not the special-type, minority-language or
 * dedicated-plan lines. The lowest of them is the score no ordinary undergraduate admission falls below.
 */
export const UNDERGRADUATE_LINE = '^(本科([一二三]批|批|[一二]段)|普通类[一二]段|普通本科)'
/** Points below the undergraduate line an outcome may sit before it is taken for a mislabelled row */
export const LINE_TOLERANCE = 10
/** Further points of slack when the year's own line is missing and an adjacent year's stands in for it */
export const ADJACENT_YEAR_SLACK = 20

/**
 * Outcomes of the years [fromYear, beforeYear) of the schools on the menu: never of the rank year itself, so
 * that a recommendation only uses what was known when the candidate applied.
 *
 * With `undergraduate`, an outcome whose score is more than LINE_TOLERANCE points below the year's lowest
 * ordinary undergraduate line of its category (or, when that year has none, ADJACENT_YEAR_SLACK more below the
 * lower of the lines of the years either side) is left out: such a row is a 专科 line filed under a 本科 batch
 * by a source (e.g. 四川 2024, where one source lists every school's line as 本科批, 专科 schools at 150-450
 * points against a 459 line), and read as undergraduate evidence it makes a selective option look safe.
 *
 * A line published with a score but no rank gets one from the same year's lines in scope that carry both
 * (model/score-pairs.ts), marked derived; without such a curve it is left out.
 */
export async function historyRows(
  db: Db,
  scope: PlanScope,
  fromYear: number,
  beforeYear: number,
  undergraduate = false,
): Promise<HistoryRow[]> {
  const q = outcomesFrom(db, scope, 'p.year >= ? AND p.year < ?', [fromYear, beforeYear], undergraduate, true)
  const c = await readColumns(db, {
    ...q,
    ints: {
      sid: 'p.sid',
      majorId: 'p.major_id',
      year: 'p.year',
      rank: 'p.min_section',
      score: 'p.min',
      derived: 'p.rank_derived::INTEGER',
    },
    texts: {
      group: "coalesce(p.sg_name, '')",
      name: "coalesce(p.spname, '')",
      level: 'p.outcome_level',
      category: 'p.subject_type',
      // read for group lines only (options.ts compares a group's requirement across years)
      sgInfos: "CASE WHEN p.outcome_level = 'group' THEN p.sg_infos END",
    },
    order: 'p.id',
  })
  // Lines with a score only get a rank from the same year's lines with both (model/score-pairs.ts).
  const pairs = new Map<string, ScoreRankPair[]>()
  const unranked: number[] = []
  for (let i = 0; i < c.size; i++) {
    const score = c.int('score', i)
    const rank = c.int('rank', i)
    if (score === null) continue
    if (rank === null) unranked.push(i)
    else {
      const key = `${c.int('year', i)}|${c.text('category', i)}`
      const list = pairs.get(key)
      if (list) list.push({ score, rank })
      else pairs.set(key, [{ score, rank }])
    }
  }
  const curves = new Map<string, ReturnType<typeof rankCurve>>()
  const derivedRanks = new Map<number, number>()
  for (const i of unranked) {
    const key = `${c.int('year', i)}|${c.text('category', i)}`
    if (!curves.has(key)) curves.set(key, rankCurve(pairs.get(key) ?? []))
    const rank = curves.get(key)?.(c.int('score', i) as number)
    if (rank !== undefined) derivedRanks.set(i, rank)
  }
  const out: HistoryRow[] = []
  for (let i = 0; i < c.size; i++) {
    const derivedRank = derivedRanks.get(i)
    const rank = c.int('rank', i) ?? derivedRank
    if (rank === undefined || !(rank > 0)) continue
    out.push({
      sid: c.int('sid', i) as number,
      group: c.text('group', i) ?? '',
      name: c.text('name', i) ?? '',
      majorId: c.int('majorId', i),
      year: c.int('year', i) as number,
      rank,
      score: c.int('score', i),
      derived: derivedRank !== undefined || c.int('derived', i) === 1,
      level: c.text('level', i) as Granularity,
      sgInfos: c.text('sgInfos', i),
    })
  }
  return out
}

/**
 * What a year admitted under a scope: its rows with a published lowest rank and the level it is the lowest of.
 * The backtest reads them with the same undergraduate-line rule as the evidence, so a 专科 line filed under 本科批
 * is not taken for a group's actual line either.
 */
export async function actualRows(
  db: Db,
  scope: PlanScope,
  year: number,
  undergraduate = false,
): Promise<ActualRow[]> {
  const q = outcomesFrom(db, scope, 'p.year = ?', [year], undergraduate)
  return db.all<ActualRow>(
    `${q.with} SELECT p.id, p.sid, coalesce(p.sg_name, '') AS "group", coalesce(p.spname, '') AS name,
       p.min_section AS rank, p.outcome_level AS level ${q.from}`,
    q.params,
  )
}

/**
 * The outcome rows (a published lowest rank; with `scoreOnly` also a lowest score without a rank) of a scope and
 * years, optionally under the undergraduate rule, as a `WITH` clause and a `FROM … WHERE …` over `plans p`.
 */
function outcomesFrom(
  db: Db,
  scope: PlanScope,
  years: string,
  yearParams: readonly number[],
  undergraduate: boolean,
  scoreOnly = false,
): { with: string; from: string; params: unknown[] } {
  const floors = undergraduate && db.has('score_lines')
  return {
    with: floors
      ? `WITH floors AS (SELECT year, type_name, min(score) AS floor FROM score_lines
           WHERE province = ? AND regexp_matches(name, ?) GROUP BY year, type_name)`
      : '',
    from: `FROM plans p
    ${
      floors
        ? `LEFT JOIN floors f0 ON f0.year = p.year AND f0.type_name = p.subject_type
           LEFT JOIN floors f1 ON f1.year = p.year - 1 AND f1.type_name = p.subject_type
           LEFT JOIN floors f2 ON f2.year = p.year + 1 AND f2.type_name = p.subject_type`
        : ''
    }
    WHERE ${scopeSql(scope)} AND ${years} AND p.outcome_level <> ''
      AND ${scoreOnly ? '(p.min_section > 0 OR (p.min_section IS NULL AND p.min IS NOT NULL))' : 'p.min_section > 0'}
    ${floors ? 'AND coalesce(p.min >= coalesce(f0.floor, least(f1.floor, f2.floor) - ?) - ?, TRUE)' : ''}`,
    params: [
      ...(floors ? [scope.province, UNDERGRADUATE_LINE] : []),
      ...scopeParams(scope),
      ...yearParams,
      ...(floors ? [ADJACENT_YEAR_SLACK, LINE_TOLERANCE] : []),
    ],
  }
}

export interface SchoolInfo {
  sid: number
  name: string
  code: string
  f985: number
  f211: number
  dual_class: number
  nature_name: string | null
  level_name: string
  type_name: string | null
  /** Where the school is (its province), for a family's preferences (preferences.ts) */
  province: string | null
}

export const schoolInfos = (db: Db, sids: readonly number[]): Promise<Map<number, SchoolInfo>> =>
  rowsById<SchoolInfo>(
    db,
    'SELECT sid, name, code, f985, f211, dual_class, nature_name, level_name, type_name, province FROM schools',
    'sid',
    sids,
  )

/**
 * The rows of a small table (`select`, all its rows) whose `id` column is one of `ids`, by id. A server (tables
 * resident) keeps the whole table (3,000 schools, 1,500 majors) as a map: a query per list took 2-3 ms of a
 * list's 14. A one-shot command asks for the ids it needs.
 */
async function rowsById<T>(
  db: Db,
  select: string,
  id: keyof T & string,
  ids: readonly number[],
): Promise<Map<number, T>> {
  if (ids.length === 0) return new Map()
  const byId = (rows: readonly T[]) => new Map(rows.map((r) => [r[id] as number, r]))
  if (!db.resident) return byId(await db.all<T>(`${select} WHERE ${id} IN (${placeholders(ids)})`, ids))
  const all = await memoized(db, 'rows-by-id', select, async () => byId(await db.all<T>(select)))
  const out = new Map<number, T>()
  for (const i of ids) {
    const row = all.get(i)
    if (row !== undefined) out.set(i, row)
  }
  return out
}

/** What the major catalogue knows of a plan's major: its code and length where the plan has none, its ratings. */
export interface MajorInfo {
  major_id: number
  code: string | null
  length: string | null
  rating: number | null
  ranking: number | null
}

export const majorInfos = (db: Db, ids: readonly number[]): Promise<Map<number, MajorInfo>> =>
  rowsById<MajorInfo>(db, 'SELECT major_id, code, length, rating, ranking FROM majors', 'major_id', ids)

/** Major lines a school must have in a province and year for their highest to stand for the school's line */
const PREMIUM_MIN_MAJORS = 3

/**
 * Each school's majors as the provinces with major lines saw them in [fromYear, beforeYear): Σ ln(major's lowest
 * rank / its school's line) and how many lines (model/premium.ts), of provinces other than the
 * candidate's (none of whose lines the premium is needed for; the backtest's --hide-major-lines hides them). A school's line there is the
 * highest lowest rank among its majors' ordinary (普通) lines of that province, year, category and batch, where it
 * has at least PREMIUM_MIN_MAJORS of them. Not in the school's own province, where many local seats in its least
 * sought majors stretch its range (海南大学 in 海南) far beyond what it is elsewhere. The same for every province:
 * read once per process and years.
 */
export function premiumRows(
  db: Db,
  fromYear: number,
  beforeYear: number,
  exceptProvince: string,
): Promise<PremiumRow[]> {
  return memoized(
    db,
    'smart-match-premiums',
    `${fromYear}|${beforeYear}|${exceptProvince}`,
    () =>
      db.all<PremiumRow>(
        `WITH m AS (
         SELECT p.province, p.year, p.subject_type, p.batch_name, p.sid, p.spname, p.min_section AS r
         FROM plans p LEFT JOIN schools h ON h.sid = p.sid
         WHERE p.outcome_level = 'major' AND p.min_section > 0 AND p.plan_type = '普通' AND p.spname <> ''
           AND p.year >= ? AND p.year < ? AND p.province <> ? AND h.province IS DISTINCT FROM p.province),
       s AS (
         SELECT province, year, subject_type, batch_name, sid, max(r) AS line FROM m
         GROUP BY ALL HAVING count(*) >= ?)
       SELECT m.sid, m.spname AS name, sum(ln(m.r / s.line)) AS sum, count(*)::INTEGER AS n
       FROM m JOIN s USING (province, year, subject_type, batch_name, sid)
       GROUP BY m.sid, m.spname ORDER BY m.sid, m.spname`,
        [fromYear, beforeYear, exceptProvince, PREMIUM_MIN_MAJORS],
      ),
    4,
  )
}

/** Rows of one table behind a list, by provenance and source (the 志愿表 workbook's cover, workbook-file.ts). */
export interface EvidenceRow {
  table: 'plans' | 'score_ranks'
  provenance: string
  source: string
  rows: number
  /** plans only: lowest ranks derived from the score through that year's 一分一段 table, not published */
  derived: number
}

/**
 * Where a list's figures come from: the plan and admission rows of its schools in the province and category up to
 * the rank year (ordinary plans), and the rank year's 一分一段 table of the category.
 */
export async function listEvidence(
  db: Db,
  province: string,
  category: string,
  rankYear: number,
  sids: readonly number[],
): Promise<EvidenceRow[]> {
  const plans =
    sids.length === 0
      ? []
      : await db.all<EvidenceRow>(
          `SELECT 'plans' AS "table", provenance, source, count(*)::INTEGER AS rows,
                  count(*) FILTER (WHERE rank_derived AND min_section IS NOT NULL)::INTEGER AS derived
           FROM plans WHERE province = ? AND subject_type = ? AND year <= ? AND plan_type = '普通'
             AND sid IN (${placeholders(sids)})
           GROUP BY provenance, source ORDER BY rows DESC, source`,
          [province, category, rankYear, ...sids],
        )
  const ranks = await db.all<EvidenceRow>(
    `SELECT 'score_ranks' AS "table", provenance, source, count(*)::INTEGER AS rows, 0 AS derived
     FROM score_ranks WHERE province = ? AND km = ? AND year = ?
     GROUP BY provenance, source ORDER BY rows DESC, source`,
    [province, category, rankYear],
  )
  return [...plans, ...ranks]
}

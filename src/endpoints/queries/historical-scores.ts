import type { Db } from '../../data/db.js'
import { BlockIndex, type BlockRange, compareInBlock, type ScoreBlock } from '../../domain/scores-history.js'
import type { ScoreRowFilter } from '../../domain/scores-history-rows.js'
import { memoized } from '../caches.js'
import type { HistoricalScore } from '../historical-scores-list.js'
import type { Page } from '../paging.js'
import { byHot } from '../school-fields.js'
import type { SchoolInfo } from './schools.js'
import { scoreRows } from './score-rows.js'
import { containsPattern, placeholders, Where } from './sql.js'

/** The queries of SPEC 4.7 over the scored rows of `plans`, de-duplicated on (school, major name, year). */

/** Above this many schools, a keyword's school condition is left to the scan instead of a list of ids. */
const MAX_SID_LIST = 2000
/** Summaries kept per open dataset (the most recently used filters). */
const SUMMARIES = 64

interface Summary {
  blocks: BlockIndex
  schoolNames: string[]
}

/** The ids of the schools whose name passes `test`, or undefined when too many to list. */
function schoolIds(schools: ReadonlyMap<number, SchoolInfo>, test: (name: string) => boolean) {
  const sids: number[] = []
  for (const [sid, s] of schools) if (test(s.name)) sids.push(sid)
  return sids.length > MAX_SID_LIST ? undefined : sids
}

/**
 * The filter as SQL. plans.school_name is the schools table's name of the row's sid (by construction,
 * src/datasets/plans), so a school name becomes the ids of the schools of that name and the scan compares
 * integers, not text; a name the schools table does not know is compared as text. The keyword keeps its text
 * conditions (applied after the ids have narrowed the rows).
 */
export function whereOf(f: ScoreRowFilter, schools: ReadonlyMap<number, SchoolInfo>): Where {
  const where = new Where().add('min IS NOT NULL')
  if (f.yearFrom !== undefined && f.yearFrom === f.yearTo) where.add('year = ?', f.yearFrom)
  else if (f.yearFrom !== undefined) where.add('year BETWEEN ? AND ?', f.yearFrom, f.yearTo)
  if (f.batches) where.in('batch_name', f.batches)
  if (f.province !== undefined) where.add('province = ?', f.province)
  if (f.subjects) where.in('subject_type', f.subjects)
  if (f.excludeMajors?.length)
    where.add(`(major_id IS NULL OR major_id NOT IN (${placeholders(f.excludeMajors)}))`, ...f.excludeMajors)
  const exact = f.schoolName
  if (exact !== undefined) {
    const sids = schoolIds(schools, (name) => name === exact)
    if (sids && sids.length > 0) where.in('sid', sids)
    else where.add('school_name = ?', exact)
  }
  const keyword = f.keyword
  if (keyword !== undefined) {
    const like = containsPattern(keyword)
    const sids = schoolIds(schools, (name) => name.includes(keyword))
    if (sids && sids.length > 0) where.in('sid', sids)
    where.add(`spname LIKE ? ESCAPE '\\' AND school_name LIKE ? ESCAPE '\\'`, like, like)
  }
  return where
}

/**
 * The (year, school) blocks under the filter with their number of distinct major names: from the in-memory
 * rows in a server (built once, at warm-up), from SQL in a one-shot command.
 */
async function blocksOf(
  db: Db,
  f: ScoreRowFilter,
  where: Where,
  schools: ReadonlyMap<number, SchoolInfo>,
): Promise<ScoreBlock[]> {
  if (db.resident) return (await scoreRows(db)).blocks(f)
  const rows = await db.all<{ year: number; sid: number; n: number }>(
    `SELECT year, sid, count(DISTINCT spname)::INTEGER AS n FROM plans WHERE ${where} GROUP BY year, sid`,
    where.params,
  )
  return rows.map((r) => ({ ...r, hot: schools.get(r.sid)?.hot ?? null }))
}

/**
 * Per filter, once: the (year, school) blocks with their number of distinct major names, which give `total`,
 * the school names and the place of every page. Kept for the most recent filters of an open dataset.
 */
function summaryOf(
  db: Db,
  f: ScoreRowFilter,
  where: Where,
  schools: ReadonlyMap<number, SchoolInfo>,
): Promise<Summary> {
  const key = `${where}|${JSON.stringify(where.params)}`
  return memoized(
    db,
    'historical-scores',
    key,
    async () => {
      const rows = await blocksOf(db, f, where, schools)
      const blocks = new BlockIndex(rows)
      // Every school under the filter, hottest first (the blocks' order within a year, across years).
      const sids = [...new Set(rows.map((r) => r.sid))]
      const unknown = sids.filter((sid) => !schools.has(sid))
      const names = new Map<number, string>()
      if (unknown.length > 0) {
        const found = await db.all<{ sid: number; name: string }>(
          `SELECT sid, min(school_name) AS name FROM plans WHERE sid IN (${placeholders(unknown)})
         GROUP BY sid`,
          unknown,
        )
        for (const f of found) names.set(f.sid, f.name)
      }
      const schoolNames = sids
        .map((sid) => ({
          sid,
          hot: schools.get(sid)?.hot ?? null,
          name: schools.get(sid)?.name ?? names.get(sid),
        }))
        .sort(byHot)
        .map((s) => s.name ?? '')
      return { blocks, schoolNames: [...new Set(schoolNames)] }
    },
    SUMMARIES,
  )
}

/** The plan row that represents a (school, major name, year) in the list (SPEC 2.9, as stored). */
export type ScoreRow = Omit<HistoricalScore, 'batch' | 'plan_num' | 'hot'> & {
  batch_name: string
  num: number
  /** The enrolment province of the representative row (2.9 has none): its score scale, for the terminal */
  province: string
  /** The representative row's group (2.9 has none): which group a school's or group's line is, for the terminal */
  sg_name: string | null
}

/**
 * Which row of a (sid, spname, year) represents it: an ordinary plan before a special one (国家专项 and the like
 * have their own batch filter), then the main categories (物理类, 理科, 综合: the largest cohorts) before 历史类 /
 * 文科 and the art and sport ones, then the lowest score. A lowest score over two categories would put a 历史类
 * line (清华大学 江苏 2025: 669) in the place of the 物理类 one (682), two scales that cannot be compared.
 */
const REPRESENTATIVE = `(plan_type <> '普通'),
  CASE subject_type WHEN '物理类' THEN 0 WHEN '理科' THEN 0 WHEN '综合' THEN 0 WHEN '历史类' THEN 1 WHEN '文科' THEN 1
    ELSE 2 END, min, id`

/** Up to this many blocks of one year are read one by one; more (small schools fill a page) with one scan. */
const BLOCK_BRANCHES = 4

/**
 * The representatives of the covered blocks. `year = ? AND sid = ?` are filters DuckDB applies inside the scan,
 * before reading the other columns; an IN list of sids is applied only after reading every column of the year,
 * so it serves only pages that span many small blocks.
 */
function blockQuery(where: Where, covered: readonly BlockRange[]): [string, unknown[]] {
  const byYear = new Map<number, number[]>()
  for (const c of covered) byYear.set(c.year, [...(byYear.get(c.year) ?? []), c.sid])
  const branches: Where[] = []
  for (const [year, sids] of byYear) {
    if (sids.length <= BLOCK_BRANCHES)
      for (const sid of sids) branches.push(new Where().add('year = ? AND sid = ?', year, sid))
    else branches.push(new Where().add('year = ?', year).in('sid', sids))
  }
  const sql = branches
    .map(
      (b) => `(SELECT sid, spname, year, min, min_section, average, batch_name, sg_infos, num, subject_type,
         school_name, province, sg_name FROM plans WHERE ${where} AND ${b}
       QUALIFY row_number() OVER (PARTITION BY year, sid, spname ORDER BY ${REPRESENTATIVE}) = 1)`,
    )
    .join(' UNION ALL ')
  return [sql, branches.flatMap((b) => [...where.params, ...b.params])]
}

/** The representatives of the blocks a page covers, in block order, sliced to the page. */
async function pageRows(db: Db, where: Where, summary: Summary, page: Page): Promise<ScoreRow[]> {
  const covered = summary.blocks.covering(page.offset, page.size)
  if (covered.length === 0) return []
  const rows = await db.all<ScoreRow>(...blockQuery(where, covered))
  const byBlock = new Map<string, ScoreRow[]>()
  for (const r of rows) {
    const key = `${r.year}|${r.sid}`
    const list = byBlock.get(key) ?? []
    list.push(r)
    byBlock.set(key, list)
  }
  return covered.flatMap(({ year, sid, from, to }) =>
    (byBlock.get(`${year}|${sid}`) ?? []).sort(compareInBlock).slice(from, to),
  )
}

/**
 * SPEC 4.7's rows under a filter (only rows with an admission score: min not null): the number of (school, major
 * name, year) records, every school under the filter hottest first, and the representatives of one page.
 */
export async function historicalScores(
  db: Db,
  f: ScoreRowFilter,
  schools: ReadonlyMap<number, SchoolInfo>,
  page: Page,
): Promise<{ total: number; schoolNames: string[]; rows: ScoreRow[] }> {
  const where = whereOf(f, schools)
  const summary = await summaryOf(db, f, where, schools)
  const rows = await pageRows(db, where, summary, page)
  return { total: summary.blocks.total, schoolNames: summary.schoolNames, rows }
}

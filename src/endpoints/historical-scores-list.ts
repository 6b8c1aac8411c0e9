import { z } from 'zod'
import type { Db } from '../data/db.js'
import { batchNames, HISTORICAL_BATCHES, SUBJECT_TYPES, subjectValues } from '../domain/mappings.js'
import { majorOrLine, plannedNumber } from '../domain/plan-rows.js'
import { BlockIndex, type BlockRange, compareInBlock, type ScoreBlock } from '../domain/scores-history.js'
import type { ScoreRowFilter } from '../domain/scores-history-rows.js'
import { lastThreeYears } from '../domain/years.js'
import { memoized } from './caches.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { scoreRows } from './historical-scores-rows.js'
import { pageField, pageSizeField } from './paging.js'
import {
  byHot,
  containsPattern,
  pageFooter,
  pagingOf,
  parseYearWord,
  type SchoolInfo,
  schoolDirectory,
  tableOf,
  Where,
} from './plans-common.js'
import { requirePlanValue } from './plans-values.js'
import { optText } from './schema.js'

export const THREE_YEARS = '近三年'
/** Above this many schools, a keyword's school condition is left to the scan instead of a list of ids. */
const MAX_SID_LIST = 2000
/** Summaries kept per open dataset (the most recently used filters). */
const SUMMARIES = 64

const input = z.object({
  year: optText({ description: `年份, 如 2025, 或 ${THREE_YEARS} (今年及前两年)`, placeholder: 'year' }),
  // Besides the spec's words, any stored value that lookup 4.0 (source plans) lists: checked by the handler.
  batch: optText({
    description: '批次 (默认 所有批次; 另可用 meta batches --source plans 列出的批次)',
    placeholder: 'batch',
    choices: HISTORICAL_BATCHES,
  }),
  province: optText({ description: '招生省份', placeholder: 'province' }),
  // The widening of 艺术 / 体育 is said where a front end reads the field (OpenAPI, --help): see mappings.ts.
  subject_type: optText({
    description:
      '科类 (SPEC 4.7 对照表; 艺术 / 体育 另含本数据的 艺术类 / 体育类 与各省的艺术科类名, 如 美工设计类: 对照表的 体育(文) / 体育(理) 本数据没有; 另可用 meta subjects --source plans 列出的科类, 精确匹配)',
    placeholder: 'type',
    choices: SUBJECT_TYPES,
  }),
  keyword: optText({ description: '关键词: 专业名称与院校名称须同时包含', placeholder: 'text' }),
  school_name: optText({ description: '院校名称, 精确匹配', placeholder: 'name' }),
  page: pageField(),
  limit: pageSizeField(10),
})

/** A record of SPEC 2.9, in the spec's field order. */
export type HistoricalScore = {
  sid: number
  spname: string
  year: number
  min: number
  min_section: number | null
  average: number | null
  batch: string
  sg_infos: string | null
  /** null when unknown */
  plan_num: number | null
  subject_type: string
  school_name: string
  hot: number | null
}

export interface HistoricalScoresResult {
  total: number
  page: number
  limit: number
  list: HistoricalScore[]
  school_names: string[]
}

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

/** The filter of SPEC 4.7 from a request. Only rows with an admission score (min not null) are historical scores. */
function filterOf(req: z.output<typeof input>, now: Date): ScoreRowFilter {
  const f: ScoreRowFilter = {}
  const year = parseYearWord('year', req.year, THREE_YEARS)
  if (year.kind === 'year') {
    f.yearFrom = year.year
    f.yearTo = year.year
  }
  if (year.kind === 'window') {
    const { from, to } = lastThreeYears(now)
    f.yearFrom = from
    f.yearTo = to
  }
  const batches = batchNames(req.batch)
  if (batches) f.batches = batches
  if (req.province !== undefined) f.province = requireProvince(req.province).name
  if (req.subject_type !== undefined) f.subjects = subjectValues(req.subject_type)
  if (req.school_name !== undefined) f.schoolName = req.school_name
  if (req.keyword !== undefined) f.keyword = req.keyword
  return f
}

/**
 * The filter as SQL. plans.school_name is the schools table's name of the row's sid (by construction,
 * src/datasets/plans), so a school name becomes the ids of the schools of that name and the scan compares
 * integers, not text; a name the schools table does not know is compared as text. The keyword keeps its text
 * conditions (applied after the ids have narrowed the rows).
 */
function whereOf(f: ScoreRowFilter, schools: ReadonlyMap<number, SchoolInfo>): Where {
  const where = new Where().add('min IS NOT NULL')
  if (f.yearFrom !== undefined && f.yearFrom === f.yearTo) where.add('year = ?', f.yearFrom)
  else if (f.yearFrom !== undefined) where.add('year BETWEEN ? AND ?', f.yearFrom, f.yearTo)
  if (f.batches) where.in('batch_name', f.batches)
  if (f.province !== undefined) where.add('province = ?', f.province)
  if (f.subjects) where.in('subject_type', f.subjects)
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
          `SELECT sid, min(school_name) AS name FROM plans WHERE sid IN (${unknown.map(() => '?').join(', ')})
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

type Row = Omit<HistoricalScore, 'batch' | 'plan_num' | 'hot'> & { batch_name: string; num: number }

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
         school_name FROM plans WHERE ${where} AND ${b}
       QUALIFY row_number() OVER (PARTITION BY year, sid, spname ORDER BY ${REPRESENTATIVE}) = 1)`,
    )
    .join(' UNION ALL ')
  return [sql, branches.flatMap((b) => [...where.params, ...b.params])]
}

/** The records of a page: the representatives of the covered blocks, in block order, sliced. */
async function pageOf(
  db: Db,
  where: Where,
  summary: Summary,
  offset: number,
  limit: number,
  schools: ReadonlyMap<number, SchoolInfo>,
): Promise<HistoricalScore[]> {
  const covered = summary.blocks.covering(offset, limit)
  if (covered.length === 0) return []
  const rows = await db.all<Row>(...blockQuery(where, covered))
  const byBlock = new Map<string, Row[]>()
  for (const r of rows) {
    const key = `${r.year}|${r.sid}`
    const list = byBlock.get(key) ?? []
    list.push(r)
    byBlock.set(key, list)
  }
  return covered.flatMap(({ year, sid, from, to }) =>
    (byBlock.get(`${year}|${sid}`) ?? [])
      .sort(compareInBlock)
      .slice(from, to)
      .map(
        (r): HistoricalScore => ({
          sid: r.sid,
          spname: majorOrLine(r.spname),
          year: r.year,
          min: r.min,
          min_section: r.min_section,
          average: r.average,
          batch: r.batch_name,
          sg_infos: r.sg_infos,
          plan_num: plannedNumber(r.num),
          subject_type: r.subject_type,
          school_name: r.school_name,
          hot: schools.get(r.sid)?.hot ?? null,
        }),
      ),
  )
}

/**
 * SPEC 4.7: historical admission scores, de-duplicated on (sid, spname, year): of the rows of one school, major
 * name and year under the filter, one represents them (REPRESENTATIVE: ordinary plan, main category, lowest
 * score, lowest plan row id), and `total` counts the representatives. Ordered by year descending, hot ascending, min ascending; two schools
 * with the same hot (or no hot: last) are ordered by sid before min; equal scores by major name. `school_names`
 * lists every school under the filter, hottest first. `batch` and `subject_type` also take any value lookup 4.0
 * (source plans) lists, matched exactly; 艺术 / 体育 also match our stored art and sport categories. The rows of a
 * school's or group's admission line (no major name) are one record whose `spname` says so (LINE_NAME); an unknown
 * `plan_num` is null.
 */
export default defineEndpoint({
  name: 'historical-scores-list',
  command: ['scores'],
  http: { method: 'POST', path: '/api/v1/historical-scores-list' },
  summary: '历年录取分数: 按年份, 批次, 省份, 科类, 关键词, 院校筛选, 按 (院校, 专业, 年份) 去重, 分页',
  input,
  warmRequests: [{}],
  examples: [
    'gaokao scores --province 江苏 --year 2025 --subject-type 物理',
    'gaokao scores --school-name 南京大学 --year 近三年 --json',
  ],
  async handler(req, ctx): Promise<HistoricalScoresResult> {
    await requirePlanValue(ctx.db, 'batch', req.batch, HISTORICAL_BATCHES, 'batch')
    await requirePlanValue(ctx.db, 'subject_type', req.subject_type, SUBJECT_TYPES, 'subject')
    const schools = await schoolDirectory(ctx.db)
    const filter = filterOf(req, ctx.now())
    const where = whereOf(filter, schools)
    const paging = pagingOf(req.page, req.limit)
    const summary = await summaryOf(ctx.db, filter, where, schools)
    const list = await pageOf(ctx.db, where, summary, paging.offset, paging.limit, schools)
    return {
      total: summary.blocks.total,
      page: paging.page,
      limit: paging.limit,
      list,
      school_names: summary.schoolNames,
    }
  },
  records: (data) => data.list,
  table: (data, req) => ({
    title: ['历年录取分数', req.school_name, req.province, req.year].filter(Boolean).join(' '),
    ...tableOf<HistoricalScore>(
      [
        req.school_name === undefined && { head: '院校', cell: (r) => r.school_name },
        { head: '专业', cell: (r) => r.spname },
        { head: '年份', cell: (r) => r.year },
        { head: '最低分', cell: (r) => r.min, numeric: true },
        { head: '最低位次', cell: (r) => r.min_section, numeric: true },
        { head: '平均分', cell: (r) => r.average, numeric: true },
        { head: '计划数', cell: (r) => r.plan_num, numeric: true },
        { head: '科类', cell: (r) => r.subject_type },
        { head: '批次', cell: (r) => r.batch },
      ],
      data.list,
    ),
    footer: pageFooter({ page: data.page, limit: data.limit, offset: 0 }, data.total),
  }),
  emptyMessage: (data) =>
    data.list.length > 0
      ? undefined
      : data.total > 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 条)`
        : '没有符合条件的历年录取分数',
})

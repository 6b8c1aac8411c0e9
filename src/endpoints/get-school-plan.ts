import { z } from 'zod'
import type { Db } from '../data/db.js'
import {
  batchNames,
  PLAN_BATCHES,
  SCHOOL_TYPES,
  type SchoolType,
  schoolTypeFilter,
} from '../domain/mappings.js'
import { LINE_NAME, majorOrLine, plannedNumber } from '../domain/plan-rows.js'
import { planYearsFrom } from '../domain/years.js'
import { badRequest } from '../errors.js'
import { memoized } from './caches.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageSizeField } from './paging.js'
import {
  logoUrl,
  pageFooter,
  pagingOf,
  type SchoolInfo,
  schoolDirectory,
  tableOf,
  Where,
} from './plans-common.js'
import { requirePlanValue } from './plans-values.js'
import { optChoice, optText } from './schema.js'

export const FIVE_YEARS = '近五年'
export const DEFAULT_PLAN_YEAR = '2024'
/** The earliest year the spec lists for 4.9; later years are accepted up to the current year. */
export const FIRST_PLAN_YEAR = 2017

const input = z.object({
  year: optText({
    description: `年份: ${FIVE_YEARS}, 或 ${FIRST_PLAN_YEAR} 到今年 (默认 ${DEFAULT_PLAN_YEAR})`,
    placeholder: 'year',
    default: DEFAULT_PLAN_YEAR,
  }),
  province: optText({
    description: '招生省份: all 全部, cur 当前省份 (江苏), 或省份名 (默认: 全部)',
    placeholder: 'province',
    default: 'all',
  }),
  school_type: optChoice({ description: '院校类型', placeholder: 'type', choices: SCHOOL_TYPES }),
  // Besides the spec's words, any stored value that lookup 4.0 (source plans) lists: checked by the handler.
  batch: optText({
    description: '批次 (默认 all; 另可用 meta batches --source plans 列出的批次)',
    placeholder: 'batch',
    choices: PLAN_BATCHES,
  }),
  page: pageField(),
  limit: pageSizeField(10),
})

/** A record of SPEC 2.10, in the spec's field order. */
export type SchoolPlan = {
  id: number
  sid: number
  year: number
  province: string
  kemu: string
  spname: string
  batch_name: string
  local_batch_name: string
  average: number | null
  min: number | null
  min_section: number | null
  sg_infos: string | null
  spcode: string | null
  /** SPEC 2.10: not null, -1 means unknown (the one record whose spec names a value for an unknown number) */
  num: number
  length: string | null
  tuition: number | null
  nature_name: string | null
  f985: number | null
  f211: number | null
  school_name: string
  type_name: string | null
  logo: string
  level_name: string | null
  city: string | null
  local_name: null
  sg_name: string | null
  tb_sn_code: null
  tb_sg_code: null
  major_id: number | null
  spdetail: null
  sg_options: null
  job_id: null
  created_at: null
  updated_at: null
  average_section: null
  max: number | null
  max_section: null
}

export interface SchoolPlanResult {
  list: SchoolPlan[]
  total: number
  page: number
  limit: number
}

type PlanYears = { kind: 'window'; from: number } | { kind: 'year'; year: number }

export function planYearsOf(value: string | undefined, now: Date): PlanYears {
  const v = value ?? DEFAULT_PLAN_YEAR
  if (v === FIVE_YEARS) return { kind: 'window', from: planYearsFrom(now) }
  const last = now.getFullYear()
  const year = /^\d{4}$/.test(v) ? Number(v) : Number.NaN
  if (!(year >= FIRST_PLAN_YEAR && year <= last))
    throw badRequest(
      `参数 year 无效: 应为 ${FIVE_YEARS} 或 ${FIRST_PLAN_YEAR} 到 ${last} 之间的年份, 收到 ${JSON.stringify(v)}`,
    )
  return { kind: 'year', year }
}

/** Above this many schools, a school_type filter is a semi-join on schools instead of a list of ids. */
const MAX_SID_LIST = 1000

function whereOf(
  years: PlanYears,
  province: string | undefined,
  batch: string | undefined,
  type: SchoolType | undefined,
  schools: ReadonlyMap<number, SchoolInfo>,
) {
  const where = new Where()
  if (years.kind === 'year') where.add('year = ?', years.year)
  else where.add('year >= ?', years.from)
  if (province !== undefined) where.add('province = ?', province)
  const batches = batchNames(batch)
  if (batches) where.in('batch_name', batches)
  if (type !== undefined) {
    const f = schoolTypeFilter(type)
    const sids: number[] = []
    for (const [sid, s] of schools)
      if (
        (f.f985 === undefined || s.f985 === f.f985) &&
        (f.f211 === undefined || s.f211 === f.f211) &&
        (f.levelName === undefined || s.level_name === f.levelName)
      )
        sids.push(sid)
    if (sids.length <= MAX_SID_LIST) where.in('sid', sids)
    else {
      const conditions = new Where()
      if (f.f985 !== undefined) conditions.add('f985 = ?', f.f985)
      if (f.f211 !== undefined) conditions.add('f211 = ?', f.f211)
      if (f.levelName !== undefined) conditions.add('level_name = ?', f.levelName)
      where.add(`sid IN (SELECT sid FROM schools WHERE ${conditions})`, ...conditions.params)
    }
  }
  return where
}

const PLAN_COLUMNS = `id, sid, year, province, subject_type, spname, batch_name, local_batch_name, average, min,
  min_section, sg_infos, spcode, num, length, tuition, school_name, sg_name, major_id, max`

type PlanRow = Pick<
  SchoolPlan,
  | 'id'
  | 'sid'
  | 'year'
  | 'province'
  | 'spname'
  | 'batch_name'
  | 'local_batch_name'
  | 'average'
  | 'min'
  | 'min_section'
  | 'sg_infos'
  | 'spcode'
  | 'num'
  | 'length'
  | 'tuition'
  | 'school_name'
  | 'sg_name'
  | 'major_id'
  | 'max'
> & { subject_type: string }

/**
 * The rows of one year segment of the page. Without a school filter the top-N carries the columns along; with
 * one (a join or a list of ids, which DuckDB applies after reading every column of every row of the year), it
 * sorts ids only and looks the rows up afterwards.
 */
async function segmentRows(
  db: Db,
  where: Where,
  bySchool: boolean,
  year: number,
  offset: number,
  limit: number,
): Promise<PlanRow[]> {
  const page = `FROM plans WHERE ${where} AND year = ? ORDER BY min ASC NULLS LAST, id LIMIT ? OFFSET ?`
  const params = [...where.params, year, limit, offset]
  if (!bySchool) return db.all<PlanRow>(`SELECT ${PLAN_COLUMNS} ${page}`, params)
  const ids = await db.all<{ id: number }>(`SELECT id ${page}`, params)
  return rowsByIds(
    db,
    ids.map((r) => r.id),
  )
}

/**
 * The full rows of a page, one equality lookup per id: each is a filter DuckDB pushes into the scan (plans is
 * stored in id order, so it reads one row group), where an IN list or a join would read every column of
 * every row group in range.
 */
async function rowsByIds(db: Db, ids: readonly number[]): Promise<PlanRow[]> {
  if (ids.length === 0) return []
  const rows = await db.all<PlanRow>(
    ids.map(() => `SELECT ${PLAN_COLUMNS} FROM plans WHERE id = ?`).join(' UNION ALL '),
    ids,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * SPEC 4.9: plan records with their schools. A specific year is ordered by the lowest score ascending; `近五年`
 * selects year >= current year - 5 (as the spec writes it: six calendar years) and orders by year descending,
 * then the lowest score ascending. Rows without a score come last within their year; ties by plan row id.
 * Fields we have no data for (local_name, tb_sn_code, tb_sg_code, spdetail, sg_options, job_id, created_at,
 * updated_at, average_section, max_section) are null. `batch` also takes any batch_name lookup 4.0 (source plans)
 * lists, matched exactly. A school's or a group's admission line (no major name) says so in `spname` (LINE_NAME,
 * domain/plan-rows.ts); `sg_name` names the group.
 */
export default defineEndpoint({
  name: 'get-school-plan',
  command: ['plans', 'list'],
  http: { method: 'POST', path: '/api/v1/get-school-plan' },
  summary: '招生计划与录取分数: 按年份, 省份, 院校类型, 批次筛选, 分页',
  input,
  warmRequests: [{}],
  examples: [
    'gaokao plans list --year 2025 --province 江苏',
    'gaokao plans list --year 近五年 --province cur --school-type 985 --json',
  ],
  async handler(req, ctx): Promise<SchoolPlanResult> {
    await requirePlanValue(ctx.db, 'batch', req.batch, PLAN_BATCHES, 'batch')
    const years = planYearsOf(req.year, ctx.now())
    const p = req.province
    const province =
      p === undefined || p === 'all'
        ? undefined
        : requireProvince(p === 'cur' ? ctx.settings.defaultProvince : p).name
    const schools = await schoolDirectory(ctx.db)
    const bySchool = req.school_type !== undefined
    const where = whereOf(years, province, req.batch, req.school_type as SchoolType | undefined, schools)
    const paging = pagingOf(req.page, req.limit)
    // Rows per year under the filter (memoized: paging through one filter counts once).
    const counts = await memoized(ctx.db, 'get-school-plan', `${where}|${JSON.stringify(where.params)}`, () =>
      ctx.db.all<{ year: number; n: number }>(
        `SELECT year, count(*)::INTEGER AS n FROM plans WHERE ${where} GROUP BY year ORDER BY year DESC`,
        where.params,
      ),
    )
    const total = counts.reduce((s, c) => s + c.n, 0)
    // The page, year segment by year segment (one segment unless it straddles two years).
    const parts: Promise<PlanRow[]>[] = []
    let start = 0
    for (const { year, n } of counts) {
      const from = Math.max(paging.offset, start)
      const to = Math.min(paging.offset + paging.limit, start + n)
      if (from < to) parts.push(segmentRows(ctx.db, where, bySchool, year, from - start, to - from))
      start += n
    }
    const rows = (await Promise.all(parts)).flat()
    const base = ctx.settings.logoBaseUrl
    return {
      list: rows.map((r) => recordOf(r, schools.get(r.sid), base)),
      total,
      page: paging.page,
      limit: paging.limit,
    }
  },
  // The exports are rows for spreadsheets and scripts, where a -1 would add up as a count: an unknown number
  // is an empty cell (CSV) or null (NDJSON) there, as in every other answer.
  records: (data) => data.list.map((r) => ({ ...r, num: plannedNumber(r.num) })),
  table: (data, req) => {
    const oneProvince = req.province !== undefined && req.province !== 'all'
    return {
      title: `招生计划 ${req.year ?? DEFAULT_PLAN_YEAR}${oneProvince ? ` ${data.list[0]?.province ?? req.province}` : ''}`,
      ...tableOf<SchoolPlan>(
        [
          { head: '院校', cell: (r) => r.school_name },
          // A line's group name tells two groups of a school apart.
          {
            head: '专业',
            cell: (r) => (r.spname === LINE_NAME && r.sg_name ? `${LINE_NAME} ${r.sg_name}` : r.spname),
          },
          { head: '年份', cell: (r) => r.year },
          { head: '最低分', cell: (r) => r.min, numeric: true },
          { head: '最低位次', cell: (r) => r.min_section, numeric: true },
          { head: '计划数', cell: (r) => plannedNumber(r.num), numeric: true },
          { head: '学费', cell: (r) => r.tuition, numeric: true },
          { head: '科类', cell: (r) => r.kemu },
          { head: '批次', cell: (r) => r.batch_name },
          !oneProvince && { head: '省份', cell: (r) => r.province },
        ],
        data.list,
      ),
      footer: pageFooter(pagingOf(req.page, req.limit), data.total),
    }
  },
  emptyMessage: (data) =>
    data.list.length > 0
      ? undefined
      : data.total > 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 条)`
        : '没有符合条件的招生计划',
})

function recordOf(r: PlanRow, school: SchoolInfo | undefined, logoBase: string): SchoolPlan {
  return {
    id: r.id,
    sid: r.sid,
    year: r.year,
    province: r.province,
    kemu: r.subject_type,
    spname: majorOrLine(r.spname),
    batch_name: r.batch_name,
    local_batch_name: r.local_batch_name,
    average: r.average,
    min: r.min,
    min_section: r.min_section,
    sg_infos: r.sg_infos,
    spcode: r.spcode,
    // SPEC 2.10 types num "number, not null (planned enrollment, -1 means unknown)": the stored -1 is the
    // spec's own value here. The exports and the table show it as unknown (records, table above).
    num: r.num,
    length: r.length,
    tuition: r.tuition,
    nature_name: school?.nature_name ?? null,
    f985: school?.f985 ?? null,
    f211: school?.f211 ?? null,
    school_name: r.school_name,
    type_name: school?.type_name ?? null,
    logo: logoUrl(school?.logo, logoBase),
    level_name: school?.level_name ?? null,
    city: school?.city ?? null,
    local_name: null,
    sg_name: r.sg_name,
    tb_sn_code: null,
    tb_sg_code: null,
    major_id: r.major_id,
    spdetail: null,
    sg_options: null,
    job_id: null,
    created_at: null,
    updated_at: null,
    average_section: null,
    max: r.max,
    max_section: null,
  }
}

import { z } from 'zod'
import { PLAN_BATCHES, SCHOOL_TYPES } from '../domain/mappings.js'
import { LINE_NAME, majorOrLine, plannedNumber } from '../domain/plan-rows.js'
import { planYearsFrom } from '../domain/years.js'
import { badRequest } from '../errors.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageFooter, pageOf, pageSizeField } from './paging.js'
import { requirePlanValue } from './plans-values.js'
import { type PlanRow, type PlanYears, schoolPlanPage } from './queries/school-plans.js'
import { type SchoolInfo, schoolDirectory } from './queries/schools.js'
import { optChoice, optText } from './schema.js'
import { logoUrl } from './school-fields.js'
import { markedScore, scaleMarks, withFootnote } from './score-scale-note.js'
import { tableOf } from './table-columns.js'

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
    const page = pageOf(req.page ?? 1, req.limit ?? 10)
    const filter = { years, province, batch: req.batch, type: req.school_type }
    const { total, rows } = await schoolPlanPage(ctx.db, filter, schools, page)
    const base = ctx.settings.logoBaseUrl
    return {
      list: rows.map((r) => recordOf(r, schools.get(r.sid), base)),
      total,
      page: page.page,
      limit: page.size,
    }
  },
  // The exports are rows for spreadsheets and scripts, where a -1 would add up as a count: an unknown number
  // is an empty cell (CSV) or null (NDJSON) there, as in every other answer.
  records: (data) => data.list.map((r) => ({ ...r, num: plannedNumber(r.num) })),
  table: (data, req) => {
    const oneProvince = req.province !== undefined && req.province !== 'all'
    // 近五年 lists several years: a 江苏 2020 score (out of 480) is marked beside 2025's (out of 750).
    const scales = scaleMarks(
      data.list.map((r) => ({ province: r.province ?? undefined, year: r.year ?? 0 })),
    )
    const old = new Set(data.list.filter((_, i) => scales.marked[i]))
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
          { head: '最低分', cell: (r) => markedScore(r.min, old.has(r)), numeric: true },
          { head: '最低位次', cell: (r) => r.min_section, numeric: true },
          { head: '计划数', cell: (r) => plannedNumber(r.num), numeric: true },
          { head: '学费', cell: (r) => r.tuition, numeric: true },
          { head: '科类', cell: (r) => r.kemu },
          { head: '批次', cell: (r) => r.batch_name },
          !oneProvince && { head: '省份', cell: (r) => r.province },
        ],
        data.list,
      ),
      footer: withFootnote(pageFooter(pageOf(req.page ?? 1, req.limit ?? 10), data.total), scales.footer),
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

import { z } from 'zod'
import { formatGroupName, groupBySgName } from '../domain/major-groups.js'
import { plannedNumber, sumPlanned } from '../domain/plan-rows.js'
import { ApiError } from '../errors.js'
import { optionalProvince } from './common.js'
import { defineEndpoint, type WithView, withView } from './define.js'
import { type PlanRecord, schoolPlanRecords } from './queries/major-groups.js'
import { findSchool } from './queries/schools.js'
import { optText, optYear, reqText } from './schema.js'
import { f211Of, f985Of, logoUrl } from './school-fields.js'

export interface GroupMajor
  extends Omit<PlanRecord, 'sg_name' | 'is_dual_class' | 'local_school_code' | 'local_sp_code'> {
  sg_name: string
  is_dual_class: '1' | ''
}

export interface MajorGroup {
  sg_name: string
  sg_infos: string
  zy_count: number
  zy_list: GroupMajor[]
}

export interface MajorGroupTree {
  sid: number
  name: string
  logo: string
  level_name: string
  type_name: string | null
  province: string
  city: string | null
  f985: '985' | null
  f211: '211' | null
  min: number | null
  min_section: number | null
  /** null when no record's number is known */
  z_num: number | null
  zy_groups: MajorGroup[]
}

const input = z.object({
  slug: reqText({
    description: '学校: 数字 ID (优先), 或短代码 (院校代码, 如 10284), 或完整校名',
    placeholder: 'school',
    finds: { what: 'school', as: 'slug' },
  }),
  province: optText({
    description: '招生省份 (建议填写; 不填则为该校所有省份的计划)',
    placeholder: 'province',
  }),
  year: optYear({ description: '年份 (默认: 所有年份)' }),
})

export const schoolNotFound = (): ApiError => new ApiError(404, 'School not found', { badInput: true })

/**
 * SPEC 4.17: a school's plan records (optionally of one province and one year) grouped by major group. Records
 * come latest year first, then by province and group name (the unnamed group last), then lowest score
 * descending; groups keep the order in which their first record comes, and majors the record order.
 */
export default defineEndpoint({
  name: 'major-groups',
  command: ['major-groups'],
  http: { method: 'GET', path: '/api/v1/schools/:slug/major-groups' },
  summary: '学校专业组: 某校的招生计划按专业组 (sg_name) 分组, 附学校概况',
  input,
  positional: 'slug',
  // An unknown school is a 404 even when a query field is invalid too.
  pathResource: {
    field: 'slug',
    async check(slug, ctx) {
      if (!(await findSchool(ctx.db, slug))) throw schoolNotFound()
    },
  },
  examples: [
    'gaokao major-groups 111 --province 江苏',
    'gaokao major-groups 10284 --province 江苏 --year 2025 --json',
  ],
  async handler(req, ctx): Promise<WithView<MajorGroupTree, GroupCodes>> {
    const province = optionalProvince(req.province)?.name
    const school = await findSchool(ctx.db, req.slug)
    if (!school) throw schoolNotFound()
    const year = req.year === undefined ? undefined : Number(req.year)
    // Rule 1 (records without a major name are dropped) is applied here rather than in SQL: a filter on the
    // name column would be evaluated on every plan row, which costs more than the school's few group rows.
    const rows = await schoolPlanRecords(ctx.db, school.sid, province, year)
    const records = rows
      .filter((r) => r.spname !== null && r.spname.trim() !== '')
      .map((r) => ({ ...r, num: plannedNumber(r.num) }))
    return withView(
      {
        sid: school.sid,
        name: school.name,
        logo: logoUrl(school.logo, ctx.settings.logoBaseUrl),
        level_name: school.level_name,
        type_name: school.type_name,
        province: school.province,
        city: school.city,
        f985: f985Of(school),
        f211: f211Of(school),
        ...summaryOf(records),
        zy_groups: groupsOf(records),
      },
      codesOf(records),
    )
  },
  records: (data) => data.zy_groups.flatMap((g) => g.zy_list.map((m) => ({ group: g.sg_name, ...m }))),
  table: (data, _input, codes) => [
    {
      title: `${data.name} (${data.sid}) ${data.province}${data.city ? ` ${data.city}` : ''} ${data.level_name} ${data.type_name ?? ''} ${[data.f985, data.f211].filter(Boolean).join(' ')}`,
      head: [],
      rows: [],
      footer: `最高的最低分 ${data.min ?? '-'}, 最高的最低位次 ${data.min_section ?? '-'}, 计划总数 ${data.z_num ?? '-'}, ${data.zy_groups.length} 个专业组`,
    },
    ...data.zy_groups.map((g, k) => {
      const coded = codes?.[k]
      const spCodes = coded?.majors.some((c) => c !== null) ? coded.majors : undefined
      return {
        title: `专业组 ${g.sg_name || '(未分组)'}${coded?.school ? `  院校代号 ${coded.school}` : ''}${g.sg_infos ? `  选科: ${g.sg_infos}` : ''}  (${g.zy_count} 条)`,
        head: [
          ...(spCodes ? ['专业代号'] : []),
          '专业',
          '代码',
          '年份',
          '科类',
          '批次',
          '计划数',
          '学制',
          '学费',
          '最低分',
          '最低位次',
          '双一流',
        ],
        rows: g.zy_list.map((m, i) => [
          ...(spCodes ? [spCodes[i] ?? ''] : []),
          m.spname,
          m.spcode,
          m.year,
          m.kemu,
          m.local_batch_name,
          m.num,
          m.length,
          m.tuition,
          m.min,
          m.min_section,
          m.is_dual_class === '1' ? '是' : '',
        ]),
        numeric: [2, 5, 7, 8, 9].map((c) => c + (spCodes ? 1 : 0)),
      }
    }),
  ],
  emptyMessage: (data, req) =>
    data.zy_groups.length === 0
      ? `${data.name} 暂无${req.province ? ` ${req.province} ` : ''}${req.year ? `${req.year} 年` : ''}招生计划记录`
      : undefined,
})

/**
 * The school figures of 2.17 over the returned records: `min` the highest lowest score, `min_section` the highest
 * lowest rank (as the spec writes it), `z_num` the known planned numbers summed: null when none is known (2.17
 * names no value of its own for that, and a 0 would read as "nothing planned").
 */
function summaryOf(records: readonly PlanRecord[]): Pick<MajorGroupTree, 'min' | 'min_section' | 'z_num'> {
  let min: number | null = null
  let minSection: number | null = null
  for (const r of records) {
    if (r.min !== null && (min === null || r.min > min)) min = r.min
    if (r.min_section !== null && (minSection === null || r.min_section > minSection))
      minSection = r.min_section
  }
  return { min, min_section: minSection, z_num: sumPlanned(records.map((r) => r.num)) }
}

/** Rules 2-5 of 4.17: group by the raw `sg_name` (null and '' together), format the group's display name. */
function groupsOf(records: readonly PlanRecord[]): MajorGroup[] {
  return [...groupBySgName(records)].map(([raw, list]) => ({
    sg_name: formatGroupName(raw),
    sg_infos: list.find((r) => r.sg_infos)?.sg_infos ?? '',
    zy_count: list.length,
    zy_list: list.map(({ local_school_code: _, local_sp_code: __, ...r }) => ({
      ...r,
      sg_name: r.sg_name ?? '',
      is_dual_class: r.is_dual_class === 1 ? '1' : '',
    })),
  }))
}

/**
 * Each group's province codes, in the order of groupsOf, for the terminal (2.17's JSON has no field for them): the
 * 院校代号 its records give when they give one, and each record's 专业代号. What a counsellor looks up to type a
 * 志愿表 (江苏, 浙江, 广西 2026; 湖北's 院校代号).
 */
type GroupCodes = { school: string | null; majors: (string | null)[] }[]

function codesOf(records: readonly PlanRecord[]): GroupCodes {
  return [...groupBySgName(records)].map(([, list]) => {
    const schools = new Set(list.map((r) => r.local_school_code).filter((c): c is string => c !== null))
    return {
      school: schools.size === 1 ? ([...schools][0] ?? null) : null,
      majors: list.map((r) => r.local_sp_code),
    }
  })
}

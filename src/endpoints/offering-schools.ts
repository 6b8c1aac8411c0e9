import { z } from 'zod'
import { lookupTable } from '../domain/lookup.js'
import { ApiError } from '../errors.js'
import { optionalProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageOf, pageSizeField, totalPages } from './paging.js'
import { offeringSchools } from './queries/offering-schools.js'
import { findMajor, type SchoolRow } from './queries/schools.js'
import { optChoice, optInt, optText, reqText } from './schema.js'
import { dualClassNameOf, f211Of, f985Of, logoUrl } from './school-fields.js'

/** SPEC 4.18: "The school association uses records of the year 2022", taken literally. */
export const ASSOCIATION_YEAR = 2022
const DEFAULT_PAGE_SIZE = 10

/** SPEC 4.18 `level_name` -> schools.level_name. */
export const LEVELS: Readonly<Record<string, string>> = lookupTable({ 本科: '普通本科', 专科: '专科(高职)' })

/** SPEC 2.18 */
export type OfferingSchool = {
  sid: number
  hot: number
  name: string
  province: string
  city: string | null
  f985: '985' | null
  f211: '211' | null
  dual_class_name: '双一流' | null
  type_name: string | null
  level_name: string
  logo: string
  zybw: number
  qjjh: number
  sgjh: number
  nature_name: string | null
}

export interface OfferingSchoolsPage {
  items: OfferingSchool[]
  data: OfferingSchool[]
  total: number
  page: number
  pageSize: number
  totalPages: number
  pagination: { page: number; pageSize: number; total: number; totalPages: number }
}

const flag = (what: string) =>
  optInt({ description: `1: 只看${what}学校 (0 或不填: 不限)`, min: 0, max: 1, default: 0 })

const input = z.object({
  id: reqText({
    description: '专业: 专业 ID, 专业代码 (如 080901) 或专业名称',
    placeholder: 'major',
    finds: { what: 'major', as: 'slug' },
  }),
  province: optText({ description: '招生省份 (默认: 不限)', placeholder: 'province' }),
  page: pageField(),
  page_size: pageSizeField(DEFAULT_PAGE_SIZE),
  province_school: optText({ description: '学校所在省份', placeholder: 'province' }),
  type_name: optText({ description: '学校类型, 如 综合类, 理工类, 医药类, 师范类', placeholder: 'type' }),
  level_name: optChoice({ description: '学校层次', placeholder: 'level', choices: Object.keys(LEVELS) }),
  is_985: flag(' 985 '),
  is_211: flag(' 211 '),
  is_dual_class: flag('双一流'),
})

export const majorNotFound = (): ApiError =>
  new ApiError(404, 'Major not found', { httpStatus: 404, forceHttpStatus: true, badInput: true })

/**
 * SPEC 4.18: the schools that have a plan record of the major in 2022 (in the enrolment province when given),
 * filtered by the school's own attributes (all given filters must hold), ordered by popularity (hot ascending),
 * then sid.
 */
export default defineEndpoint({
  name: 'offering-schools',
  command: ['offering-schools'],
  http: { method: 'GET', path: '/api/v1/majors/:id/offering-schools' },
  summary:
    '开设某专业的学校: 以 2022 年招生计划为准, 可按招生省份, 学校所在地, 类型, 层次, 985/211/双一流筛选',
  input,
  positional: 'id',
  // An unknown major is a 404 even when a query field is invalid too.
  pathResource: {
    field: 'id',
    async check(id, ctx) {
      if (!(await findMajor(ctx.db, id))) throw majorNotFound()
    },
  },
  examples: [
    'gaokao offering-schools 080901 --province 江苏',
    'gaokao offering-schools 计算机科学与技术 --is-211 1 --page-size 20 --json',
  ],
  async handler(req, ctx): Promise<OfferingSchoolsPage> {
    const province = optionalProvince(req.province)?.name
    const located = optionalProvince(req.province_school)?.name
    // A major name shared by 本科 and 专科 follows the requested school level.
    const major = await findMajor(ctx.db, req.id, req.level_name)
    if (!major) throw majorNotFound()
    const page = pageOf(req.page ?? 1, req.page_size ?? DEFAULT_PAGE_SIZE)
    const { total, schools } = await offeringSchools(
      ctx.db,
      {
        majorId: major.major_id,
        year: ASSOCIATION_YEAR,
        province,
        located,
        typeName: req.type_name,
        levelName: req.level_name === undefined ? undefined : LEVELS[req.level_name],
        only985: req.is_985 === 1,
        only211: req.is_211 === 1,
        onlyDualClass: req.is_dual_class === 1,
      },
      page,
    )
    const items = schools.map((s) => offeringSchool(s, ctx.settings.logoBaseUrl))
    const pages = totalPages(total, page.size)
    return {
      items,
      data: items,
      total,
      page: page.page,
      pageSize: page.size,
      totalPages: pages,
      pagination: { page: page.page, pageSize: page.size, total, totalPages: pages },
    }
  },
  records: (data) => data.items,
  table: (data) => ({
    head: ['热度序', '学校', '所在省份', '城市', '层次', '类型', '性质', '985', '211', '双一流'],
    rows: data.items.map((s) => [
      s.hot,
      s.name,
      s.province,
      s.city,
      s.level_name,
      s.type_name,
      s.nature_name,
      s.f985 ?? '',
      s.f211 ?? '',
      s.dual_class_name ?? '',
    ]),
    numeric: [0],
    footer: `第 ${data.page}/${data.totalPages} 页, 每页 ${data.pageSize} 条, 共 ${data.total} 所 (以 ${ASSOCIATION_YEAR} 年招生计划为准)`,
  }),
  emptyMessage: (data, req) =>
    data.total === 0
      ? `没有符合条件的学校在 ${ASSOCIATION_YEAR} 年招收该专业 (${req.id})`
      : data.items.length === 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 所, ${data.totalPages} 页)`
        : undefined,
})

function offeringSchool(s: SchoolRow, logoBase: string): OfferingSchool {
  return {
    sid: s.sid,
    hot: s.hot,
    name: s.name,
    province: s.province,
    city: s.city,
    f985: f985Of(s),
    f211: f211Of(s),
    dual_class_name: dualClassNameOf(s),
    type_name: s.type_name,
    level_name: s.level_name,
    logo: logoUrl(s.logo, logoBase),
    zybw: s.zybw,
    qjjh: s.qjjh,
    sgjh: s.sgjh,
    nature_name: s.nature_name,
  }
}

import { z } from 'zod'
import { MAX_PAGE_SIZE, totalPages } from '../domain/paging.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageSizeField } from './paging.js'
import { handlerChecked, optYear } from './schema.js'
import { checkOpenMajorsRequest, openMajorsFields, openMajorsTarget } from './school-open-majors.js'

/** SPEC 2.15 shape B. */
export type OpenMajorRecord = {
  spname: string
  spcode: string | null
  local_batch_name: string
  kemu: string
  min: number | null
  min_section: number | null
  major_id: number | null
  province: string
  hot_num: number
  sg_name: string
  ranking: number
  level_name: string | null
  type_name: string | null
  nature_name: string | null
  major_name: string
  plan_count: 1
}

export interface OpenMajorPage {
  list: OpenMajorRecord[]
  total: number
  page: number
  limit: number
  pages: number
}

const DEFAULT_LIMIT = 10

const rules = z.object({
  ...openMajorsTarget,
  year: optYear({ description: '年份' }),
  page: pageField(),
  limit: pageSizeField(DEFAULT_LIMIT),
})

const input = z.object({
  ...openMajorsFields,
  // Checked by `rules` after the 23008 check: as optYear, pageField and pageSizeField.
  year: handlerChecked({
    description: '只看这一年 (默认: 所有年份, 最近的在前)',
    placeholder: 'year',
    accepts: 'year',
  }),
  page: handlerChecked({
    description: '页码 (默认 1)',
    placeholder: 'n',
    accepts: 'integer',
    min: 1,
    default: 1,
  }),
  limit: handlerChecked({
    description: `每页条数 (默认 ${DEFAULT_LIMIT}, 最多 ${MAX_PAGE_SIZE})`,
    placeholder: 'n',
    accepts: 'integer',
    min: 1,
    max: MAX_PAGE_SIZE,
    default: DEFAULT_LIMIT,
  }),
})

/**
 * Order of the records: year descending, then as 4.14's default (major ranking ascending with the unranked
 * last, lowest score descending), then major name and record id, so that pages never overlap.
 */
const ORDER = `year DESC, ranking = 0, ranking, "min" DESC NULLS LAST, spname, id`

/**
 * SPEC 4.15: the same plans as 4.14, one item per plan record (plan_count is always 1), paged. Records without a
 * major name (group or school rows) are not majors and are left out, as in 4.14.
 */
export default defineEndpoint({
  name: 'schools-open-majors',
  command: ['open-majors', 'list'],
  http: { method: 'POST', path: '/api/v1/schools/open-majors' },
  summary: '学校开放专业 (分页): 每条招生计划一行, 最近的年份在前',
  input,
  examples: [
    'gaokao open-majors list --school-id 111 --province 江苏',
    'gaokao open-majors list --school-id 111 --province 江苏 --year 2025 --page 1 --limit 20 --format csv',
  ],
  async handler(raw, ctx): Promise<OpenMajorPage> {
    const req = checkOpenMajorsRequest(rules, raw)
    const province = requireProvince(req.province as string).name
    const page = req.page ?? 1
    const limit = req.limit ?? DEFAULT_LIMIT
    const year = req.year === undefined ? [] : [Number(req.year)]
    const rows = await ctx.db.all<OpenMajorRecord & { total: number }>(
      `WITH f AS (
         SELECT p.id, p.year, p.spname, p.spcode, p.local_batch_name, p.subject_type AS kemu, p."min",
                p.min_section, p.major_id, p.province, coalesce(p.sg_name, '') AS sg_name,
                coalesce(m.hot_num, 0) AS hot_num, coalesce(m.ranking, 0) AS ranking
         FROM plans p LEFT JOIN majors m ON m.major_id = p.major_id
         WHERE p.sid = ? AND p.province = ? AND trim(p.spname) <> ''${year.length ? ' AND p.year = ?' : ''}),
       pg AS (SELECT *, row_number() OVER (ORDER BY ${ORDER}) AS seq FROM f ORDER BY seq LIMIT ? OFFSET ?)
       SELECT t.total, pg.spname, pg.spcode, pg.local_batch_name, pg.kemu, pg."min", pg.min_section, pg.major_id,
              pg.province, pg.hot_num, pg.sg_name, pg.ranking, s.level_name, s.type_name, s.nature_name
       FROM (SELECT count(*)::INTEGER AS total FROM f) t
       LEFT JOIN pg ON TRUE LEFT JOIN schools s ON s.sid = ?
       ORDER BY pg.seq`,
      [req.school_id, province, ...year, limit, (page - 1) * limit, req.school_id],
    )
    const total = rows[0]?.total ?? 0
    const list = rows
      .filter((r) => r.spname !== null)
      .map(({ total: _, ...r }): OpenMajorRecord => ({ ...r, major_name: r.spname, plan_count: 1 }))
    return { list, total, page, limit, pages: totalPages(total, limit) }
  },
  records: (data) => data.list,
  table: (data, req) => ({
    title: `学校 ${String(req.school_id)} 在 ${String(req.province)} 的招生计划`,
    head: ['专业', '代码', '批次', '科类', '专业组', '最低分', '最低位次', '排名', '热度'],
    rows: data.list.map((m) => [
      m.spname,
      m.spcode,
      m.local_batch_name,
      m.kemu,
      m.sg_name,
      m.min,
      m.min_section,
      m.ranking,
      m.hot_num,
    ]),
    numeric: [5, 6, 7, 8],
    footer: `第 ${data.page}/${data.pages} 页, 每页 ${data.limit} 条, 共 ${data.total} 条`,
  }),
  emptyMessage: (data, req) =>
    data.total === 0
      ? `学校 ${String(req.school_id)} 在 ${String(req.province)} 没有招生计划记录`
      : data.list.length === 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 条, ${data.pages} 页)`
        : undefined,
})

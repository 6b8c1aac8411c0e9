import { z } from 'zod'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageOf, pageSizeField, totalPages } from './paging.js'
import { type OpenMajorRecord, openMajorRecords } from './queries/open-majors.js'
import { optYear } from './schema.js'
import { openMajorsFields } from './school-open-majors.js'

export interface OpenMajorPage {
  list: OpenMajorRecord[]
  total: number
  page: number
  limit: number
  pages: number
}

const DEFAULT_LIMIT = 10

const input = z.object({
  ...openMajorsFields,
  year: optYear({ description: '只看这一年 (默认: 所有年份, 最近的在前)' }),
  page: pageField(),
  limit: pageSizeField(DEFAULT_LIMIT),
})

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
  async handler(req, ctx): Promise<OpenMajorPage> {
    const province = requireProvince(req.province).name
    const page = pageOf(req.page ?? 1, req.limit ?? DEFAULT_LIMIT)
    const year = req.year === undefined ? undefined : Number(req.year)
    const { total, records } = await openMajorRecords(ctx.db, req.school_id, province, year, page)
    return { list: records, total, page: page.page, limit: page.size, pages: totalPages(total, page.size) }
  },
  records: (data) => data.list,
  table: (data, req) => ({
    title: `学校 ${req.school_id} 在 ${req.province} 的招生计划`,
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
      ? `学校 ${req.school_id} 在 ${req.province} 没有招生计划记录`
      : data.list.length === 0
        ? `第 ${data.page} 页没有记录 (共 ${data.total} 条, ${data.pages} 页)`
        : undefined,
})

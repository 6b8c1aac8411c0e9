import { z } from 'zod'
import { expandKm } from '../domain/km.js'
import { requireProvince } from './common.js'
import { defineEndpoint, withView } from './define.js'
import { categoryStatsNote } from './figure-notes.js'
import { categoryStats } from './queries/category-stats.js'
import { reqText } from './schema.js'

const input = z.object({
  province: reqText({ description: '省份', placeholder: 'province' }),
  year: reqText({ description: '年份', placeholder: 'year' }).refine((v) => /^\d{4}$/.test(v), {
    message: '应为四位数年份, 如 2025',
  }),
  subject_type: reqText({
    description: '科类: 物理类 历史类 理科 文科 综合 (也接受 物理, 历史)',
    placeholder: 'type',
  }),
})

/**
 * SPEC 4.10: registered candidates and those at or above the undergraduate and junior-college lines, derived
 * from the 一分一段 table and the control lines. A count is null where the table does not reach the line.
 */
export default defineEndpoint({
  name: 'category-stats',
  command: ['charts', 'categories'],
  http: { method: 'POST', path: '/api/v1/charts/category-stats' },
  summary: '科类统计: 报考人数, 本科线上人数, 专科线上人数 (由一分一段表与批次线推算)',
  input,
  examples: ['gaokao charts categories --province 江苏 --year 2025 --subject-type 物理类'],
  async handler(req, ctx) {
    const province = requireProvince(req.province).name
    const stats = await categoryStats(ctx.db, province, Number(req.year), expandKm(req.subject_type))
    // The counts are read off the 一分一段 table (derived rows): the terminal says so under the table.
    return withView(stats, { note: await categoryStatsNote(ctx.db) })
  },
  table: (data, _req, view) => ({
    head: ['统计项', '报考人数', '本科线上', '专科线上'],
    rows: data.map((r) => [r.title, r.total_applicants, r.undergrad_admitted, r.college_admitted]),
    numeric: [1, 2, 3],
    footer: view?.note ? `注: ${view.note}` : undefined,
  }),
  emptyMessage: (data) => (data.length === 0 ? '没有符合条件的统计' : undefined),
})

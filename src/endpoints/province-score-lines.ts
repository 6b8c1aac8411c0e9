import { z } from 'zod'
import { optionalProvince } from './common.js'
import { defineEndpoint, withView } from './define.js'
import { pageField, pageOf, pageSizeField, totalPages } from './paging.js'
import { type LineFilter, lineYears, scoreLines } from './queries/score-lines.js'
import { optInt, optText, optYear } from './schema.js'
import { scoreLinesChart } from './score-lines-chart.js'
import { fullScoreOf, markedScore, scaleMarks, withFootnote } from './score-scale-note.js'

const input = z.object({
  province: optText({ description: '省份', placeholder: 'province' }),
  year: optYear({ description: '年份' }),
  type_name: optText({
    description: '科类, 如 物理类, 历史类, 理科, 文科, 综合; 物理 = 物理类与理科, 历史 = 历史类与文科',
    placeholder: 'type',
  }),
  name: optText({
    description: '批次, 精确匹配 (可用 meta batches --source picixian 查询)',
    placeholder: 'batch',
  }),
  keyword: optText({ description: '批次名称关键词, 模糊匹配', placeholder: 'text' }),
  is_use: optInt({ description: '1 启用, 0 未启用', min: 0, max: 1 }),
  page: pageField(),
  pageSize: pageSizeField(20),
})

/** The view's empty answer: the years the asked province does have (beside the answer, not in it). */
interface ProvinceYears {
  province: string
  years: number[]
}

/** The filter of a request (the handler's and the chart's). */
function lineFilterOf(req: z.output<typeof input>): LineFilter {
  return {
    province: optionalProvince(req.province)?.name ?? null,
    year: req.year === undefined ? null : Number(req.year),
    typeName: req.type_name ?? null,
    name: req.name ?? null,
    keyword: req.keyword ?? null,
    isUse: req.is_use ?? null,
  }
}

/**
 * SPEC 4.5: provincial control lines, every filter optional, ordered by year descending, then province,
 * category and batch ascending (code-point order of the names).
 */
export default defineEndpoint({
  name: 'province-score-lines',
  command: ['score-lines'],
  http: { method: 'POST', path: '/api/v1/province-score-lines' },
  summary: '省控线 (批次线): 按省份, 年份, 科类, 批次筛选, 分页',
  input,
  examples: [
    'gaokao score-lines --province 江苏 --year 2025',
    'gaokao score-lines --keyword 本科 --page-size 50 --json',
    'gaokao score-lines --province 江苏 --type-name 物理 --chart',
  ],
  async handler(req, ctx) {
    const filter = lineFilterOf(req)
    const { province, year } = filter
    const page = pageOf(req.page ?? 1, req.pageSize ?? 20)
    const { total, rows } = await scoreLines(ctx.db, filter, page)
    const pages = totalPages(total, page.size)
    // Nothing for a province and year: the terminal says which years the province has (北京 has no 2025 lines).
    const held: ProvinceYears | undefined =
      total === 0 && province !== null && year !== null
        ? { province, years: await lineYears(ctx.db, province) }
        : undefined
    const answer = {
      items: rows.map((r) => ({
        id: r.id,
        year: String(r.year),
        province: r.province,
        type_name: r.type_name,
        name: r.name,
        score: String(r.score),
        major_score: r.major_score === null ? null : String(r.major_score),
        is_use: r.is_use,
      })),
      total,
      page: page.page,
      pageSize: page.size,
      totalPages: pages,
      pagination: { page: page.page, pageSize: page.size, total, totalPages: pages },
    }
    return withView(answer, held)
  },
  // full_score beside the spec's fields: a line of an earlier exam (江苏 2020, out of 480) says so in a spreadsheet.
  records: (data) => data.items.map((r) => ({ ...r, full_score: fullScoreOf(r.province, Number(r.year)) })),
  table: (data) => {
    const scales = scaleMarks(data.items.map((r) => ({ province: r.province, year: Number(r.year) })))
    return {
      head: ['年份', '省份', '科类', '批次', '分数线', '专业分', '启用'],
      rows: data.items.map((r, i) => [
        r.year,
        r.province,
        r.type_name,
        r.name,
        markedScore(r.score, scales.marked[i]),
        r.major_score,
        r.is_use,
      ]),
      numeric: [4, 5],
      footer: withFootnote(`第 ${data.page}/${data.totalPages} 页, 共 ${data.total} 条`, scales.footer),
    }
  },
  chart: (_data, req, ctx) => scoreLinesChart(ctx.db, lineFilterOf(req)),
  emptyMessage: (data, _input, held) => {
    if (data.total !== 0) return undefined
    if (!held) return '没有符合条件的批次线'
    return held.years.length === 0
      ? `没有符合条件的批次线 (${held.province} 没有任何年份的批次线)`
      : `没有符合条件的批次线 (${held.province} 有批次线的年份: ${held.years.join(', ')})`
  },
})

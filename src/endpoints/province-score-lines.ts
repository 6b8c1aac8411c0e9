import { z } from 'zod'
import { expandKm } from '../domain/km.js'
import { pageOf, totalPages } from '../domain/paging.js'
import { optionalProvince } from './common.js'
import { defineEndpoint, withView } from './define.js'
import { pageField, pageSizeField } from './paging.js'
import { containsPattern } from './plans-common.js'
import { optInt, optText, optYear, placeholders } from './schema.js'

interface LineRow {
  id: number
  year: number
  province: string
  type_name: string
  name: string
  score: number
  major_score: number | null
  is_use: number
}

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
  ],
  async handler(req, ctx) {
    const province = optionalProvince(req.province)?.name ?? null
    const year = req.year === undefined ? null : Number(req.year)
    const keyword = req.keyword === undefined ? null : containsPattern(req.keyword)
    // A short form (物理, 历史, as SPEC 4.2 allows for the tables) stands for its stored names (物理类 and 理科).
    const types = req.type_name === undefined ? [null] : [...expandKm(req.type_name)]
    const where = `(? IS NULL OR province = ?) AND (? IS NULL OR year = ?)
      AND (? IS NULL OR type_name IN (${placeholders(types)}))
      AND (? IS NULL OR name = ?) AND (? IS NULL OR name LIKE ? ESCAPE '\\') AND (? IS NULL OR is_use = ?)`
    const t = req.type_name ?? null
    const n = req.name ?? null
    const u = req.is_use ?? null
    const params = [province, province, year, year, t, ...types, n, n, keyword, keyword, u, u]
    const page = pageOf(req.page ?? 1, req.pageSize ?? 20)
    const [count] = await ctx.db.all<{ total: number }>(
      `SELECT count(*)::INTEGER AS total FROM score_lines WHERE ${where}`,
      params,
    )
    const rows = await ctx.db.all<LineRow>(
      `SELECT id, year, province, type_name, name, score, major_score, is_use FROM score_lines WHERE ${where}
       ORDER BY year DESC, province, type_name, name, id LIMIT ? OFFSET ?`,
      [...params, page.size, page.offset],
    )
    const total = count?.total ?? 0
    const pages = totalPages(total, page.size)
    // Nothing for a province and year: the terminal says which years the province has (北京 has no 2025 lines).
    const yearsHeld =
      total === 0 && province !== null && year !== null
        ? (
            await ctx.db.all<{ y: number }>(
              'SELECT DISTINCT year AS y FROM score_lines WHERE province = ? ORDER BY y DESC',
              [province],
            )
          ).map((r) => r.y)
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
    const held: ProvinceYears | undefined = yearsHeld && { province: province as string, years: yearsHeld }
    return withView(answer, held)
  },
  records: (data) => data.items,
  table: (data) => ({
    head: ['年份', '省份', '科类', '批次', '分数线', '专业分', '启用'],
    rows: data.items.map((r) => [r.year, r.province, r.type_name, r.name, r.score, r.major_score, r.is_use]),
    numeric: [4, 5],
    footer: `第 ${data.page}/${data.totalPages} 页, 共 ${data.total} 条`,
  }),
  emptyMessage: (data, _input, held) => {
    if (data.total !== 0) return undefined
    if (!held) return '没有符合条件的批次线'
    return held.years.length === 0
      ? `没有符合条件的批次线 (${held.province} 没有任何年份的批次线)`
      : `没有符合条件的批次线 (${held.province} 有批次线的年份: ${held.years.join(', ')})`
  },
})

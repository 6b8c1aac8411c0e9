import { z } from 'zod'
import { PROVINCES } from '../domain/provinces.js'
import { lastFiveYears } from '../domain/years.js'
import { defineEndpoint } from './define.js'
import { provinceYearMatrix } from './queries/province-distribution.js'
import { optTextOf, yearOrWindow } from './schema.js'

export const FIVE_YEARS = '近五年'

const input = z.object({
  year: optTextOf(
    { description: `年份, 如 2025; ${FIVE_YEARS} 或不填: 今年及前四年之和`, placeholder: 'year' },
    yearOrWindow(FIVE_YEARS),
  ),
})

export interface ProvinceNum {
  province: string
  /**
   * The known planned numbers summed (an unknown one adds nothing). 0, not null, when none is known: 2.8 types num
   * as a number and 4.6 names entries with num 0 as its own empty value.
   */
  num: number
}

/**
 * SPEC 4.6: planned enrolment per enrolment province (plans.province, where the students come from) for one
 * year or, for `近五年` or no year, summed over the current year and the four before it. All 31 provinces are
 * listed, so a province without plans in the period has num 0; ordered by num descending, ties in the national
 * (GB/T 2260) order.
 */
export default defineEndpoint({
  name: 'province-distribution',
  command: ['charts', 'provinces'],
  http: { method: 'POST', path: '/api/v1/charts/province-distribution' },
  summary: '各省招生计划数分布: 某年或近五年合计, 按计划数降序',
  input,
  warmRequests: [{}],
  examples: ['gaokao charts provinces --year 2025', 'gaokao charts provinces --json'],
  async handler(req, ctx): Promise<ProvinceNum[]> {
    const year = req.year === undefined || req.year === FIVE_YEARS ? undefined : Number(req.year)
    const window = year === undefined ? lastFiveYears(ctx.now()) : { from: year, to: year }
    const matrix = await provinceYearMatrix(ctx.db)
    const list = PROVINCES.map((p) => {
      let num = 0
      for (const [y, n] of matrix.get(p.name) ?? []) if (y >= window.from && y <= window.to) num += n
      return { province: p.name, num }
    })
    // Array.prototype.sort is stable: equal sums keep the national order.
    return list.sort((a, b) => b.num - a.num)
  },
  table: (data, req) => ({
    title: `各省招生计划数 (${req.year === undefined || req.year === FIVE_YEARS ? FIVE_YEARS : req.year})`,
    head: ['省份', '计划数'],
    rows: data.map((r) => [r.province, r.num]),
    numeric: [1],
    footer: `合计 ${data.reduce((s, r) => s + r.num, 0)}`,
  }),
  emptyMessage: (data, req) =>
    data.every((r) => r.num === 0)
      ? `${req.year === undefined || req.year === FIVE_YEARS ? FIVE_YEARS : `${req.year} 年`}没有招生计划数据`
      : undefined,
})

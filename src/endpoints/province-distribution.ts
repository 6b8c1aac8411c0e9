import { z } from 'zod'
import { COMPLETE_SHARE, coverageOf, isComplete } from '../domain/plan-coverage.js'
import { PROVINCES } from '../domain/provinces.js'
import { lastFiveYears } from '../domain/years.js'
import { defineEndpoint, type WithView, withView } from './define.js'
import { planSchoolsByYear } from './queries/plan-coverage.js'
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
 * Beside the answer, for the terminal and CSV: per province, the share of its schools with a known planned number
 * over the period (domain/plan-coverage.ts), so that a partial sum is said to be one.
 */
interface CoverageView {
  coverage: Record<string, number>
}

const pct = (share: number): string => `${Math.round(share * 100)}%`

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
  async handler(req, ctx): Promise<WithView<ProvinceNum[], CoverageView>> {
    const year = req.year === undefined || req.year === FIVE_YEARS ? undefined : Number(req.year)
    const window = year === undefined ? lastFiveYears(ctx.now()) : { from: year, to: year }
    const matrix = await provinceYearMatrix(ctx.db)
    const list = PROVINCES.map((p) => {
      let num = 0
      for (const [y, n] of matrix.get(p.name) ?? []) if (y >= window.from && y <= window.to) num += n
      return { province: p.name, num }
    })
    const schools = await planSchoolsByYear(ctx.db)
    const coverage: Record<string, number> = {}
    for (const p of PROVINCES)
      coverage[p.name] = coverageOf(schools.get(p.name) ?? new Map(), window.from, window.to)
    // Array.prototype.sort is stable: equal sums keep the national order.
    return withView(
      list.sort((a, b) => b.num - a.num),
      { coverage },
    )
  },
  // plan_coverage beside the spec's fields: how much of the province's plans the sum covers (0-1).
  records: (data, view) =>
    data.map((r) => ({
      ...r,
      plan_coverage: view ? Math.round((view.coverage[r.province] ?? 0) * 1000) / 1000 : null,
    })),
  table: (data, req, view) => {
    const partial = data.filter((r) => view && !isComplete(view.coverage[r.province] ?? 0))
    return {
      title: `各省招生计划数 (${req.year === undefined || req.year === FIVE_YEARS ? FIVE_YEARS : req.year})`,
      head: ['省份', '计划数', '有计划数的院校'],
      rows: data.map((r) => [r.province, r.num, view ? pct(view.coverage[r.province] ?? 0) : '']),
      numeric: [1, 2],
      footer: [
        `合计 ${data.reduce((s, r) => s + r.num, 0)} (只含已知的计划数)`,
        partial.length
          ? `计划数据不全 (有计划数的院校不足该省院校的 ${pct(COMPLETE_SHARE)}), 各省不能直接比较: ${partial.map((r) => r.province).join(' ')}`
          : undefined,
        '有计划数的院校: 该时段各年有计划数的院校数, 占该省计划中所列院校数 (最全的一年) 的比例',
      ]
        .filter(Boolean)
        .join('\n'),
    }
  },
  chart: async (data, req, _ctx, view) => ({
    kind: 'bars',
    title: `各省招生计划数 (${req.year === undefined || req.year === FIVE_YEARS ? FIVE_YEARS : req.year})`,
    bars: data.map((r) => {
      const share = view?.coverage[r.province]
      return share !== undefined && !isComplete(share)
        ? { label: r.province, value: r.num, note: `不全 (${pct(share)})` }
        : { label: r.province, value: r.num }
    }),
  }),
  emptyMessage: (data, req) =>
    data.every((r) => r.num === 0)
      ? `${req.year === undefined || req.year === FIVE_YEARS ? FIVE_YEARS : `${req.year} 年`}没有招生计划数据`
      : undefined,
})

import { z } from 'zod'
import type { Db } from '../data/db.js'
import { PROVINCES } from '../domain/provinces.js'
import { lastFiveYears } from '../domain/years.js'
import { memoized } from './caches.js'
import { defineEndpoint } from './define.js'
import { parseYearWord } from './plans-common.js'
import { optText } from './schema.js'

export const FIVE_YEARS = '近五年'

const input = z.object({
  year: optText({
    description: `年份, 如 2025; ${FIVE_YEARS} 或不填: 今年及前四年之和`,
    placeholder: 'year',
  }),
})

export interface ProvinceNum {
  province: string
  /**
   * The known planned numbers summed (an unknown one adds nothing). 0, not null, when none is known: 2.8 types num
   * as a number and 4.6 names entries with num 0 as its own empty value.
   */
  num: number
}

/** Planned enrolment per enrolment province and year, each plan counted once; an unknown number adds nothing. */
type Matrix = ReadonlyMap<string, ReadonlyMap<number, number>>

/**
 * One aggregate over the whole plans table per open dataset: the province x year sums. Every request (any year,
 * any window) is then a sum over at most a few dozen numbers.
 */
function provinceYearMatrix(db: Db): Promise<Matrix> {
  return memoized(db, 'province-distribution', 'matrix', async () => {
    // A plan is counted once: a group's or a school's line carries the number of the majors under it, so it counts
    // only where none of its majors (for a school: none of its majors or groups) carries a number of its own.
    const unit = 'province, year, sid, subject_type, batch_name, plan_type'
    const same = unit
      .split(', ')
      .map((c) => `u.${c} = p.${c}`)
      .join(' AND ')
    const rows = await db.all<{ province: string; year: number; num: number | null }>(
      `WITH p AS (SELECT ${unit}, coalesce(sg_name, '') AS g, spname, num FROM plans WHERE num > 0),
         majors AS (SELECT DISTINCT ${unit}, g FROM p WHERE spname <> ''),
         finer AS (SELECT DISTINCT ${unit} FROM p WHERE spname <> '' OR g <> '')
       SELECT province, year, sum(num)::BIGINT AS num FROM p
       WHERE spname <> ''
          OR (g <> '' AND NOT EXISTS (SELECT 1 FROM majors u WHERE ${same} AND u.g = p.g))
          OR (g = '' AND NOT EXISTS (SELECT 1 FROM finer u WHERE ${same}))
       GROUP BY province, year`,
    )
    const matrix = new Map<string, Map<number, number>>()
    for (const r of rows) {
      const years = matrix.get(r.province) ?? new Map<number, number>()
      years.set(r.year, r.num ?? 0)
      matrix.set(r.province, years)
    }
    return matrix
  })
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
    const year = parseYearWord('year', req.year, FIVE_YEARS)
    const window = year.kind === 'year' ? { from: year.year, to: year.year } : lastFiveYears(ctx.now())
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

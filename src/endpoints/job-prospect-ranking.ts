import { z } from 'zod'
import { percent, trendOf } from '../domain/format.js'
import { defineEndpoint } from './define.js'

export interface YearRate {
  major_id: number
  major_name: string
  year: number
  rate: number
}

/**
 * SPEC 4.19: the four majors with the best average employment rate over the years; the latest year's rate,
 * the year before (`0%` when there is only one year) and the trend between them.
 */
export default defineEndpoint({
  name: 'job-prospect-ranking',
  command: ['job-prospects'],
  http: { method: 'POST', path: '/api/v1/majors/job-prospect-ranking' },
  summary: '就业前景排行: 历年平均就业率最高的 4 个专业及其趋势',
  input: z.object({}),
  examples: ['gaokao job-prospects', 'gaokao job-prospects --json'],
  async handler(_input, ctx) {
    const rows = await ctx.db.all<YearRate>(
      `WITH per_major AS (
         SELECT major_id, avg(employment_rate) AS avg_rate, arg_max(employment_rate, year) AS current_rate
         FROM employment GROUP BY major_id
       ), top AS (
         SELECT major_id FROM per_major ORDER BY avg_rate DESC, current_rate DESC, major_id LIMIT 4
       )
       SELECT e.major_id, e.major_name, e.year, e.employment_rate AS rate
       FROM employment e JOIN top USING (major_id)`,
    )
    const byMajor = new Map<number, YearRate[]>()
    for (const r of rows) byMajor.set(r.major_id, [...(byMajor.get(r.major_id) ?? []), r])
    const list = [...byMajor.values()].map(prospectOf)
    list.sort(
      (a, b) => b.sortKey[0] - a.sortKey[0] || b.sortKey[1] - a.sortKey[1] || b.sortKey[2] - a.sortKey[2],
    )
    return { list: list.map(({ sortKey: _k, ...item }) => item) }
  },
  records: (data) => data.list,
  table: (data) => ({
    title: '就业前景排行 (历年平均就业率前 4)',
    head: ['专业', '平均就业率', '今年', '去年', '趋势'],
    rows: data.list.map((i) => [i.major_name, i.avg_rate, i.current_year_rate, i.last_year_rate, i.trend]),
  }),
  emptyMessage: (data) => (data.list.length === 0 ? '暂无就业数据' : undefined),
})

/** One major's item of 2.19 from its yearly rates (any order, at least one year). */
export function prospectOf(years: readonly YearRate[]) {
  const sorted = [...years].sort((a, b) => b.year - a.year)
  const [current, last] = sorted as [YearRate, ...YearRate[]]
  const avg = sorted.reduce((s, y) => s + y.rate, 0) / sorted.length
  return {
    major_name: current.major_name,
    avg_rate: percent(avg),
    current_year_rate: percent(current.rate),
    last_year_rate: last ? percent(last.rate) : '0%',
    trend: trendOf(current.rate, last?.rate),
    sortKey: [avg, current.rate, -current.major_id] as const,
  }
}

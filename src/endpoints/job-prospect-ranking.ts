import { z } from 'zod'
import { percent, trendOf } from '../domain/format.js'
import { defineEndpoint } from './define.js'
import { employmentProvenance, provenanceColumn, SYNTHETIC_TAG } from './figure-notes.js'
import { bestMajorRates, type YearRate } from './queries/job-prospects.js'

/** SPEC 4.19: at most 4 items. */
const TOP_MAJORS = 4

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
    const rows = await bestMajorRates(ctx.db, TOP_MAJORS)
    const byMajor = new Map<number, YearRate[]>()
    for (const r of rows) byMajor.set(r.major_id, [...(byMajor.get(r.major_id) ?? []), r])
    const list = [...byMajor.values()].map(prospectOf)
    list.sort(
      (a, b) => b.sortKey[0] - a.sortKey[0] || b.sortKey[1] - a.sortKey[1] || b.sortKey[2] - a.sortKey[2],
    )
    // Beside the spec's list: the rates are synthetic (figure-notes.ts).
    const mark = await employmentProvenance(ctx.db)
    return { list: list.map(({ sortKey: _k, ...item }) => item), ...(mark ? { data_provenance: mark } : {}) }
  },
  records: (data) => data.list.map((i) => ({ ...i, ...provenanceColumn(data.data_provenance) })),
  table: (data) => ({
    title: `就业前景排行 (历年平均就业率前 4${data.data_provenance ? `, ${SYNTHETIC_TAG}` : ''})`,
    head: ['专业', '平均就业率', '今年', '去年', '趋势'],
    rows: data.list.map((i) => [i.major_name, i.avg_rate, i.current_year_rate, i.last_year_rate, i.trend]),
    footer: data.data_provenance ? `注: ${data.data_provenance.note}` : undefined,
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

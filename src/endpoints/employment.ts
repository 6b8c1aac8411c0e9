import { z } from 'zod'
import type { Db } from '../data/db.js'
import { percent, trendOf, yuan } from '../domain/format.js'
import { defineEndpoint } from './define.js'
import { employmentProvenance, provenanceColumn, SYNTHETIC_TAG } from './figure-notes.js'
import { pageOf } from './paging.js'
import {
  bestPaid,
  type DirectionKind,
  directionShares,
  EMPLOYMENT_SORTS,
  type EmploymentFilter,
  employmentSummary,
  firstMajors,
  latestYear,
  type MajorRef,
  majorDirections,
  majorNamed,
  rankedMajors,
  salaryByDiscipline,
  salaryGrowth,
  yearlySeries,
} from './queries/employment.js'
import { optChoice, optInt, optText } from './schema.js'

/** SPEC 2.16: the rate shown where no rate exists. */
export const DEFAULT_EMPLOYMENT_RATE = '86.5%'
export const EMPLOYMENT_PAGE_MAX = 50
const HIGH_SALARY_COUNT = 5
const TREND_OPTIONS = 20

const input = z.object({
  cate1: optText({ description: '学科门类, 如 工学, 理学 (专科为大类)', placeholder: 'category' }),
  degree: optChoice({
    description: '学历层次 (默认 本科)',
    placeholder: 'degree',
    choices: ['本科', '专科'],
    default: '本科',
  }),
  major_name: optText({ description: '专业名称, 模糊匹配', placeholder: 'name' }),
  page: optInt({ description: '页码 (默认 1)', min: 1, default: 1 }),
  // SPEC 8: page_size is capped at 50; a larger value is served as 50 rather than refused.
  page_size: optInt({ description: `每页条数 (默认 10, 最多 ${EMPLOYMENT_PAGE_MAX})`, min: 1, default: 10 }),
  sort_type: optChoice({
    description: '排序 (默认 employment_rate_desc)',
    placeholder: 'sort',
    choices: EMPLOYMENT_SORTS,
    default: 'employment_rate_desc',
  }),
  trend_major: optText({ description: '趋势分析所选专业 (默认: 排名第一的专业)', placeholder: 'name' }),
})

/**
 * SPEC 4.16: employment analysis of the majors under a filter, served as the spec shows it, without the
 * envelope. Major-level rates, distributions and trends are synthetic (see datasets info); salaries are anchored
 * on real figures where a source has them.
 */
export default defineEndpoint({
  name: 'employment',
  command: ['employment'],
  http: { method: 'POST', path: '/api/v1/majors/employment' },
  summary: '专业就业分析: 就业率, 薪资, 满意度, 专业排行, 薪资增长, 就业方向, 就业趋势',
  input,
  envelope: false,
  examples: [
    'gaokao employment --cate1 工学 --sort-type salary_desc',
    'gaokao employment --degree 专科 --major-name 计算机 --json',
  ],
  async handler(req, ctx) {
    const filter: EmploymentFilter = {
      degree: req.degree ?? '本科',
      cate1: req.cate1 ?? null,
      name: req.major_name ?? null,
    }
    const sort = req.sort_type ?? 'employment_rate_desc'
    const page = pageOf(req.page ?? 1, Math.min(req.page_size ?? 10, EMPLOYMENT_PAGE_MAX))
    const year = await latestYear(ctx.db, filter, ctx.now().getFullYear() - 1)
    const summary = await employmentSummary(ctx.db, filter, year)
    const ranking = await rankedMajors(ctx.db, filter, year, sort, page.size, page.offset)
    const high = await bestPaid(ctx.db, filter, year, HIGH_SALARY_COUNT)
    const compare = await salaryByDiscipline(ctx.db, filter.degree, year)
    const growth = await salaryGrowth(ctx.db, filter, year)
    const options = await firstMajors(ctx.db, filter, year, sort, TREND_OPTIONS)
    const selected = await selectMajor(ctx.db, filter.degree, req.trend_major, options[0])
    // No data is null, never a 0 that reads as a salary (docs/api.md, Decisions › "Unknown values").
    const round = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v))
    const stage = (
      time: string,
      avg: number | null | undefined,
      min: number | null | undefined,
      max: number | null | undefined,
    ) => ({
      time,
      avg_salary: round(avg),
      salary_range: { min: round(min), max: round(max) },
    })
    const n = summary?.n ?? 0
    // Beside the spec's sections: the figures are synthetic (figure-notes.ts), said in JSON and CSV too.
    const mark = await employmentProvenance(ctx.db)
    return {
      employment_rate: {
        value: n > 0 && summary?.rate != null ? percent(summary.rate) : DEFAULT_EMPLOYMENT_RATE,
        degree: filter.degree,
        year,
      },
      average_salary: { value: n > 0 ? round(summary?.salary) : null, degree: filter.degree, year },
      satisfaction: {
        value: n > 0 && summary?.sat != null ? percent(summary.sat) : null,
        degree: filter.degree,
        year,
      },
      high_salary_majors: {
        majors: high.map((h) => h.major_name),
        min_salary: high.length ? round(high.reduce((s, h) => s + h.avg_salary, 0) / high.length) : null,
      },
      ranking_list: {
        total: n,
        page: page.page,
        page_size: page.size,
        list: ranking.map((r, i) => ({
          rank: page.offset + i + 1,
          major_name: r.major_name,
          discipline: r.discipline,
          employment_rate: percent(r.employment_rate),
          initial_salary: yuan(r.avg_salary),
          satisfaction: percent(r.satisfaction),
          major_id: r.major_id,
        })),
      },
      salary_analysis: {
        salary_compare: compare,
        salary_growth: {
          title: '毕业后薪资增长',
          growth_data: [
            stage('毕业半年', growth?.s0, growth?.s0min, growth?.s0max),
            stage('毕业三年', growth?.s3, growth?.s3min, growth?.s3max),
            stage('毕业五年', growth?.s5, growth?.s5min, growth?.s5max),
          ],
        },
      },
      employment_direction: await directions(ctx.db, filter, selected),
      employment_trend: await trend(ctx.db, selected, options),
      ...(mark ? { data_provenance: mark } : {}),
    }
  },
  records: (data) => data.ranking_list.list.map((r) => ({ ...r, ...provenanceColumn(data.data_provenance) })),
  table: (data) => [
    {
      title: `${data.employment_rate.degree} ${data.employment_rate.year}${data.data_provenance ? ` (${SYNTHETIC_TAG})` : ''}: 就业率 ${data.employment_rate.value}, 起薪 ${data.average_salary.value === null ? '-' : yuan(data.average_salary.value)}, 满意度 ${data.satisfaction.value ?? '-'}`,
      head: ['排名', '专业', '门类', '就业率', '起薪', '满意度'],
      rows: data.ranking_list.list.map((r) => [
        r.rank,
        r.major_name,
        r.discipline,
        r.employment_rate,
        r.initial_salary,
        r.satisfaction,
      ]),
      numeric: [0],
      footer: [
        `第 ${data.ranking_list.page} 页, 每页 ${data.ranking_list.page_size} 条, 共 ${data.ranking_list.total} 个专业; 高薪专业: ${data.high_salary_majors.majors.join(' ')}`,
        data.data_provenance ? `注: ${data.data_provenance.note}` : undefined,
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ],
  emptyMessage: (data) => (data.ranking_list.total === 0 ? '没有符合条件的专业就业数据' : undefined),
})

/** The major of the trend and career sections: `trend_major` when it names one, else the ranking's first. */
async function selectMajor(
  db: Db,
  degree: string,
  requested: string | undefined,
  first: MajorRef | undefined,
): Promise<MajorRef | undefined> {
  return (requested === undefined ? undefined : await majorNamed(db, requested, degree)) ?? first
}

/** Industry and position shares averaged over the filtered majors, and the selected major's own. */
async function directions(db: Db, f: EmploymentFilter, selected: MajorRef | undefined) {
  const own = (kind: DirectionKind) =>
    selected ? majorDirections(db, selected.major_id, kind) : Promise.resolve([])
  const [industries, positions, ownIndustries, ownPositions] = await Promise.all([
    directionShares(db, f, 'industry'),
    directionShares(db, f, 'position'),
    own('industry'),
    own('position'),
  ])
  const pct = (rows: { name: string; percentage: number }[]) =>
    rows.map((r) => ({ name: r.name, percentage: percent(r.percentage) }))
  return {
    title: '就业方向分布',
    industry_distribution: industries.map((r) => ({
      name: r.name,
      percentage: percent(r.percentage),
      avg_salary: yuan(r.avg_salary),
    })),
    position_distribution: pct(positions),
    career_analysis: {
      major: { name: selected?.major_name ?? '', industry: pct(ownIndustries), position: pct(ownPositions) },
    },
  }
}

/** The selected major's yearly series, and a plain-words reading of it. */
async function trend(db: Db, selected: MajorRef | undefined, options: { major_name: string }[]) {
  const series = selected ? await yearlySeries(db, selected.major_id) : []
  const last = series.at(-1)
  const before = series.at(-2)
  const names = options.map((o) => o.major_name)
  if (selected && !names.includes(selected.major_name)) names.unshift(selected.major_name)
  return {
    major_options: names,
    selected_major: selected?.major_name ?? '',
    trend_data: series,
    trend_analysis: {
      market_demand: !last
        ? '暂无数据'
        : last.employment_rate >= 95
          ? '需求旺盛'
          : last.employment_rate >= 90
            ? '需求稳定'
            : '需求一般',
      competition_level: !last
        ? '暂无数据'
        : { 上升: '竞争缓和', 下降: '竞争加剧', 持平: '竞争平稳' }[
            trendOf(last.employment_rate, before?.employment_rate)
          ],
    },
  }
}

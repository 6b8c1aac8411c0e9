import { z } from 'zod'
import type { Db } from '../data/db.js'
import { percent, trendOf, yuan } from '../domain/format.js'
import { lookupTable } from '../domain/lookup.js'
import { defineEndpoint } from './define.js'
import { containsPattern } from './plans-common.js'
import { optChoice, optInt, optText } from './schema.js'

/** SPEC 4.16: the six sort types and the SQL ordering (constants, never request text) behind each. */
export const EMPLOYMENT_SORTS: Readonly<Record<string, string>> = lookupTable({
  employment_rate_desc: 'employment_rate DESC',
  employment_rate_asc: 'employment_rate ASC',
  satisfaction_desc: 'satisfaction DESC',
  satisfaction_asc: 'satisfaction ASC',
  salary_desc: 'avg_salary DESC',
  salary_asc: 'avg_salary ASC',
})
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
    choices: Object.keys(EMPLOYMENT_SORTS),
    default: 'employment_rate_desc',
  }),
  trend_major: optText({ description: '趋势分析所选专业 (默认: 排名第一的专业)', placeholder: 'name' }),
})

interface Filter {
  degree: string
  cate1: string | null
  name: string | null
}
const WHERE = `degree = ? AND (? IS NULL OR discipline = ?) AND (? IS NULL OR major_name LIKE ? ESCAPE '\\')`
const whereParams = (f: Filter) => [f.degree, f.cate1, f.cate1, f.name, f.name && containsPattern(f.name)]

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
    const filter: Filter = {
      degree: req.degree ?? '本科',
      cate1: req.cate1 ?? null,
      name: req.major_name ?? null,
    }
    const page = req.page ?? 1
    const pageSize = Math.min(req.page_size ?? 10, EMPLOYMENT_PAGE_MAX)
    const order = EMPLOYMENT_SORTS[req.sort_type ?? 'employment_rate_desc'] as string
    const year = await latestYear(ctx.db, filter, ctx.now().getFullYear() - 1)
    const at = [...whereParams(filter), year]
    const scoped = `FROM employment WHERE ${WHERE} AND year = ?`

    const [summary] = await ctx.db.all<{
      n: number
      rate: number | null
      salary: number | null
      sat: number | null
    }>(
      `SELECT count(*)::INTEGER AS n, avg(employment_rate) AS rate, avg(avg_salary) AS salary, avg(satisfaction) AS sat ${scoped}`,
      at,
    )
    const ranking = await ctx.db.all<RankRow>(
      `SELECT major_id, major_name, discipline, employment_rate, avg_salary, satisfaction ${scoped}
       ORDER BY ${order}, major_id LIMIT ? OFFSET ?`,
      [...at, pageSize, (page - 1) * pageSize],
    )
    const high = await ctx.db.all<{ major_name: string; avg_salary: number }>(
      `SELECT major_name, avg_salary ${scoped} ORDER BY avg_salary DESC, major_id LIMIT ${HIGH_SALARY_COUNT}`,
      at,
    )
    const compare = await ctx.db.all<{ discipline: string; salary: number }>(
      `SELECT discipline, round(avg(avg_salary))::INTEGER AS salary FROM employment WHERE degree = ? AND year = ?
       GROUP BY discipline ORDER BY salary DESC, discipline`,
      [filter.degree, year],
    )
    const [growth] = await ctx.db.all<Record<string, number | null>>(
      `SELECT avg(avg_salary) AS s0, avg(avg_salary_min) AS s0min, avg(avg_salary_max) AS s0max,
              avg(salary_3y) AS s3, avg(salary_3y_min) AS s3min, avg(salary_3y_max) AS s3max,
              avg(salary_5y) AS s5, avg(salary_5y_min) AS s5min, avg(salary_5y_max) AS s5max ${scoped}`,
      at,
    )
    const options = await ctx.db.all<{ major_id: number; major_name: string }>(
      `SELECT major_id, major_name ${scoped} ORDER BY ${order}, major_id LIMIT ${TREND_OPTIONS}`,
      at,
    )
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
        page,
        page_size: pageSize,
        list: ranking.map((r, i) => ({
          rank: (page - 1) * pageSize + i + 1,
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
    }
  },
  records: (data) => data.ranking_list.list,
  table: (data) => [
    {
      title: `${data.employment_rate.degree} ${data.employment_rate.year}: 就业率 ${data.employment_rate.value}, 起薪 ${data.average_salary.value === null ? '-' : yuan(data.average_salary.value)}, 满意度 ${data.satisfaction.value ?? '-'}`,
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
      footer: `第 ${data.ranking_list.page} 页, 每页 ${data.ranking_list.page_size} 条, 共 ${data.ranking_list.total} 个专业; 高薪专业: ${data.high_salary_majors.majors.join(' ')}`,
    },
  ],
  emptyMessage: (data) => (data.ranking_list.total === 0 ? '没有符合条件的专业就业数据' : undefined),
})

interface RankRow {
  major_id: number
  major_name: string
  discipline: string
  employment_rate: number
  avg_salary: number
  satisfaction: number
}

async function latestYear(db: Db, f: Filter, fallback: number): Promise<number> {
  const [row] = await db.all<{ y: number | null }>(
    `SELECT coalesce(max(year) FILTER (WHERE ${WHERE}), max(year)) AS y FROM employment`,
    whereParams(f),
  )
  return row?.y ?? fallback
}

/** The major of the trend and career sections: `trend_major` when it names one, else the ranking's first. */
async function selectMajor(
  db: Db,
  degree: string,
  requested: string | undefined,
  first: { major_id: number; major_name: string } | undefined,
): Promise<{ major_id: number; major_name: string } | undefined> {
  if (requested !== undefined) {
    const [hit] = await db.all<{ major_id: number; major_name: string }>(
      `SELECT major_id, major_name FROM employment WHERE major_name = ? ORDER BY (degree = ?) DESC, major_id LIMIT 1`,
      [requested, degree],
    )
    if (hit) return hit
  }
  return first
}

/** Industry and position shares averaged over the filtered majors (each major's shares sum to 100). */
async function directions(db: Db, f: Filter, selected: { major_id: number; major_name: string } | undefined) {
  const share = (kind: string) =>
    db.all<{ name: string; percentage: number; avg_salary: number }>(
      `WITH majors AS (SELECT DISTINCT major_id FROM employment WHERE ${WHERE}),
            n AS (SELECT count(*) AS c FROM majors)
       SELECT name, sum(percentage) / any_value(n.c) AS percentage, avg(d.avg_salary) AS avg_salary
       FROM employment_directions d JOIN majors USING (major_id), n
       WHERE kind = ? GROUP BY name ORDER BY percentage DESC, name`,
      [...whereParams(f), kind],
    )
  const own = (kind: string) =>
    selected
      ? db.all<{ name: string; percentage: number }>(
          `SELECT name, percentage FROM employment_directions WHERE major_id = ? AND kind = ? ORDER BY seq`,
          [selected.major_id, kind],
        )
      : Promise.resolve([])
  const [industries, positions, ownIndustries, ownPositions] = await Promise.all([
    share('industry'),
    share('position'),
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
async function trend(
  db: Db,
  selected: { major_id: number; major_name: string } | undefined,
  options: { major_name: string }[],
) {
  const series = selected
    ? await db.all<{ year: number; major_name: string; employment_rate: number; avg_salary: number }>(
        `SELECT year, major_name, employment_rate, avg_salary FROM employment WHERE major_id = ? ORDER BY year`,
        [selected.major_id],
      )
    : []
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../src/endpoints/define.js'
import employment from '../../src/endpoints/employment.js'
import jobProspects, { prospectOf } from '../../src/endpoints/job-prospect-ranking.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(() => ctx.db.close())

const emp = (body: Record<string, unknown>) => call(employment, body, ctx) as Promise<any>

describe('employment analysis (SPEC 4.16, 2.16)', () => {
  it('is served without the envelope, with every section of 2.16', async () => {
    const res = await emp({})
    // 2.16's sections, and beside them ours saying that the figures are synthetic (the fixture's rows are)
    expect(Object.keys(res).sort()).toEqual(
      [
        'average_salary',
        'employment_direction',
        'employment_rate',
        'employment_trend',
        'high_salary_majors',
        'ranking_list',
        'salary_analysis',
        'satisfaction',
        'data_provenance',
      ].sort(),
    )
    expect(res.data_provenance).toMatchObject({ synthetic: true, synthetic_share: 1 })
    // 本科 2025: rates 95.5, 90.5, 88, 97.5, 89 -> 92.1; salaries 7500 7000 5200 6300 6500 -> 6500
    expect(res.employment_rate).toEqual({ value: '92.1%', degree: '本科', year: 2025 })
    expect(res.average_salary).toEqual({ value: 6500, degree: '本科', year: 2025 })
    expect(res.satisfaction.value).toBe('78.4%')
  })
  it('ranks by employment rate descending by default, with ranks continuing across pages', async () => {
    const first = await emp({ page: '1', page_size: '2' })
    expect(first.ranking_list).toMatchObject({ total: 5, page: 1, page_size: 2 })
    expect(first.ranking_list.list.map((r: any) => [r.rank, r.major_name])).toEqual([
      [1, '临床医学'],
      [2, '计算机科学与技术'],
    ])
    expect(first.ranking_list.list[0]).toEqual({
      rank: 1,
      major_name: '临床医学',
      discipline: '医学',
      employment_rate: '97.5%',
      initial_salary: '¥6300',
      satisfaction: '82%',
      major_id: 4,
    })
    const third = await emp({ page: '3', page_size: '2' })
    expect(third.ranking_list.list.map((r: any) => r.rank)).toEqual([5])
  })
  it('applies the six sort types', async () => {
    const names = async (sort_type: string) =>
      (await emp({ sort_type })).ranking_list.list.map((r: any) => r.major_id)
    expect(await names('employment_rate_asc')).toEqual([3, 5, 2, 1, 4])
    expect(await names('salary_desc')).toEqual([1, 2, 5, 4, 3])
    expect(await names('salary_asc')).toEqual([3, 4, 5, 2, 1])
    expect(await names('satisfaction_desc')).toEqual([3, 4, 1, 2, 5])
    expect(await names('satisfaction_asc')).toEqual([5, 2, 1, 4, 3])
  })
  it('filters by cate1, degree (default 本科) and a fuzzy major name', async () => {
    const eng = await emp({ cate1: '工学' })
    expect(eng.ranking_list.list.map((r: any) => r.major_name)).toEqual(['计算机科学与技术', '电子信息工程'])
    const zk = await emp({ degree: '专科' })
    expect(zk.ranking_list.list.map((r: any) => r.major_name)).toEqual(['计算机应用技术'])
    expect(zk.employment_rate).toEqual({ value: '92%', degree: '专科', year: 2025 })
    const fuzzy = await emp({ major_name: '计算机' })
    expect(fuzzy.ranking_list.list.map((r: any) => r.major_name)).toEqual(['计算机科学与技术'])
  })
  it('caps page_size at 50 and answers the default 86.5% where no rate exists', async () => {
    expect((await emp({ page_size: '500' })).ranking_list.page_size).toBe(50)
    const none = await emp({ major_name: '不存在的专业' })
    expect(none.employment_rate.value).toBe('86.5%')
    expect(none.ranking_list).toMatchObject({ total: 0, list: [] })
    // Without data the other figures are null, never a 0 salary or a 0% satisfaction
    expect(none.average_salary.value).toBeNull()
    expect(none.satisfaction.value).toBeNull()
    expect(none.high_salary_majors).toEqual({ majors: [], min_salary: null })
    for (const stage of none.salary_analysis.salary_growth.growth_data) {
      expect(stage.avg_salary).toBeNull()
      expect(stage.salary_range).toEqual({ min: null, max: null })
    }
  })
  it('fills salary growth, high-salary majors and the discipline comparison', async () => {
    const res = await emp({ cate1: '工学' })
    expect(res.high_salary_majors).toEqual({ majors: ['计算机科学与技术', '电子信息工程'], min_salary: 7250 })
    expect(res.salary_analysis.salary_growth.growth_data.map((g: any) => g.time)).toEqual([
      '毕业半年',
      '毕业三年',
      '毕业五年',
    ])
    expect(res.salary_analysis.salary_growth.growth_data[0]).toEqual({
      time: '毕业半年',
      avg_salary: 7250,
      salary_range: { min: 5800, max: 8700 },
    })
    expect(res.salary_analysis.salary_compare[0]).toEqual({ discipline: '工学', salary: 7250 })
  })
  it('selects the trend series by trend_major, else the ranking’s first major', async () => {
    const byDefault = await emp({ cate1: '工学' })
    expect(byDefault.employment_trend.selected_major).toBe('计算机科学与技术')
    expect(byDefault.employment_trend.trend_data.map((t: any) => [t.year, t.employment_rate])).toEqual([
      [2023, 93],
      [2024, 94],
      [2025, 95.5],
    ])
    expect(byDefault.employment_trend.trend_analysis).toEqual({
      market_demand: '需求旺盛',
      competition_level: '竞争缓和',
    })
    const chosen = await emp({ cate1: '工学', trend_major: '电子信息工程' })
    expect(chosen.employment_trend.selected_major).toBe('电子信息工程')
    expect(chosen.employment_trend.trend_analysis.competition_level).toBe('竞争加剧')
    expect(chosen.employment_direction.career_analysis.major.name).toBe('电子信息工程')
    expect(chosen.employment_direction.career_analysis.major.industry[0]).toEqual({
      name: '制造业',
      percentage: '50%',
    })
  })
  it('averages industry shares over the filtered majors', async () => {
    const res = await emp({ cate1: '工学' })
    expect(res.employment_direction.industry_distribution[0]).toEqual({
      name: '信息传输、软件和信息技术服务业',
      percentage: '45%',
      avg_salary: '¥7750',
    })
  })
  it('rejects an unknown sort type or degree with the envelope', async () => {
    expect(await emp({ sort_type: 'random' })).toMatchObject({ code: 400, data: {} })
    expect((await emp({ degree: '硕士' })).message).toBe('参数 degree 无效: 可选值: 本科, 专科')
    expect((await emp({ page: '0' })).code).toBe(400)
  })
})

describe('job-prospect ranking (SPEC 4.19, 2.19)', () => {
  it('lists the top 4 by average yearly rate, with current, last year and trend', async () => {
    const res = await call(jobProspects, {}, ctx)
    expect(res.code).toBe(200)
    expect(res.data.list).toEqual([
      {
        major_name: '临床医学',
        avg_rate: '96.8%',
        current_year_rate: '97.5%',
        last_year_rate: '97%',
        trend: '上升',
      },
      {
        major_name: '计算机科学与技术',
        avg_rate: '94.2%',
        current_year_rate: '95.5%',
        last_year_rate: '94%',
        trend: '上升',
      },
      {
        major_name: '计算机应用技术',
        avg_rate: '91.5%',
        current_year_rate: '92%',
        last_year_rate: '91%',
        trend: '上升',
      },
      {
        major_name: '电子信息工程',
        avg_rate: '91.2%',
        current_year_rate: '90.5%',
        last_year_rate: '91%',
        trend: '下降',
      },
    ])
  })
  it('answers 0% for last year and 持平 when a major has one year', () => {
    const item = prospectOf([{ major_id: 5, major_name: '经济学', year: 2025, rate: 89 }])
    expect(item).toMatchObject({
      avg_rate: '89%',
      current_year_rate: '89%',
      last_year_rate: '0%',
      trend: '持平',
    })
    const flat = prospectOf([
      { major_id: 3, major_name: '汉语言文学', year: 2024, rate: 88 },
      { major_id: 3, major_name: '汉语言文学', year: 2025, rate: 88 },
    ])
    expect(flat.trend).toBe('持平')
  })
  it('reports a missing employment dataset as an envelope error, never a crash', async () => {
    const empty = fixtureContext(await buildFixtureDatasets(['score_ranks']))
    expect((await call(jobProspects, {}, empty)).code).toBe(500)
    await empty.db.close()
  })
})

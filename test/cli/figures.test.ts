import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { tempStore } from '../helpers/datasets.js'
import { buildFigureDatasets } from '../helpers/figure-datasets.js'

/**
 * Issue 18, "every figure says what it is": each figure the terminal shows says whether it is synthetic, partial,
 * on an earlier score scale, and what a source code stands for; `seating rank` gives 同位分; `--chart` draws.
 * Fixture rows: fixtures/figures/*.csv over fixtures/datasets (test/helpers/figure-datasets.ts).
 */

let dir: string
let app: FastifyInstance
beforeAll(async () => {
  dir = await buildFigureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
})
afterAll(async () => app.close())

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
const json = async (...args: string[]) => JSON.parse((await gaokao(...args, '--json')).stdout)
/** 江苏 2025 物理类 697: rank 21 (fixtures/datasets/score_ranks.csv) */
const SEATING_697 = [
  'seating',
  'rank',
  '--province',
  '江苏',
  '--year',
  '2025',
  '--km',
  '物理',
  '--score',
  '697',
]

describe('synthetic figures are marked wherever they are shown', () => {
  it('employment: the title and a note on the terminal, a field beside the spec’s in JSON and CSV', async () => {
    const run = await gaokao('employment')
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toMatch(/^本科 2025 \(合成数据\): 就业率/)
    expect(run.stdout).toContain('注: 专业就业数据 (就业率, 起薪, 满意度, 就业方向) 为合成数据')
    const body = await json('employment')
    // the spec's sections are untouched; data_provenance is beside them
    expect(body.employment_rate).toEqual({ value: '92.1%', degree: '本科', year: 2025 })
    expect(body.data_provenance).toMatchObject({ synthetic: true, synthetic_share: 1 })
    const csv = (await gaokao('employment', '--format', 'csv', '--no-bom')).stdout.split('\r\n')
    expect(csv[0]).toBe(
      'rank,major_name,discipline,employment_rate,initial_salary,satisfaction,major_id,data_provenance',
    )
    expect(csv[1]?.endsWith(',synthetic')).toBe(true)
  })
  it('job prospects: the title and the envelope’s data say the rates are synthetic', async () => {
    const run = await gaokao('job-prospects')
    expect(run.stdout.split('\n')[0]).toBe('就业前景排行 (历年平均就业率前 4, 合成数据)')
    const body = await json('job-prospects')
    expect(body.data.list).toHaveLength(4)
    expect(body.data.data_provenance.synthetic).toBe(true)
  })
  it('the JSON with the extra field is still exactly what the HTTP API answers', async () => {
    const http = await app.inject({ method: 'POST', url: '/api/v1/majors/employment', payload: {} })
    expect((await gaokao('employment', '--json')).stdout).toBe(`${http.body}\n`)
  })
  it('derived figures say so: 热度 and the category statistics', async () => {
    expect((await gaokao('hot-schools', '--year', '2025')).stdout).toContain('热度为推算值')
    const stats = await gaokao(
      'charts',
      'categories',
      '--province',
      '江苏',
      '--year',
      '2025',
      '--subject-type',
      '物理类',
    )
    expect(stats.stdout).toContain('注: 人数为推算值')
  })
})

describe('charts say where the plan data are partial', () => {
  it('names the provinces whose schools mostly have no planned number, from the data', async () => {
    const run = await gaokao('charts', 'provinces', '--year', '2020')
    expect(run.code).toBe(0)
    // 山西 2020: its one listed school has its number (complete); 江苏 2020: 南京大学 listed without a number,
    // of the many schools 江苏's plans list in other years.
    expect(run.stdout).toMatch(/│ 山西\s+│\s+50 │\s+100% │/)
    const note = run.stdout.split('\n').find((l) => l.startsWith('计划数据不全')) ?? ''
    expect(note).toContain('江苏')
    expect(note).not.toContain('山西')
    const csv = (await gaokao('charts', 'provinces', '--year', '2020', '--format', 'csv', '--no-bom')).stdout
    expect(csv.split('\r\n')[0]).toBe('province,num,plan_coverage')
    expect(csv).toContain('山西,50,1\r\n')
    // the spec's answer is unchanged: an array of {province, num}
    expect((await json('charts', 'provinces', '--year', '2020')).data[0]).toEqual({
      province: '山西',
      num: 50,
    })
  })
})

describe('old score scales are marked', () => {
  it('scores: 江苏 2020 (out of 480) beside 2025 (out of 750) carries a mark and a note', async () => {
    const run = await gaokao('scores', '--school-name', '南京大学', '--province', '江苏', '--limit', '50')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/│ 2020 │\s+405\* │/)
    expect(run.stdout).toMatch(/│ 2025 │\s+670 │/)
    expect(run.stdout).toContain('* 旧高考分数, 不能与今天的分数直接比较: 江苏 2019-2020 满分 480 (今 750)')
    const csv = (
      await gaokao(
        'scores',
        '--school-name',
        '南京大学',
        '--province',
        '江苏',
        '--limit',
        '50',
        '--format',
        'csv',
        '--no-bom',
      )
    ).stdout
    expect(csv.split('\r\n')[0]?.endsWith(',full_score')).toBe(true)
    expect(csv).toMatch(/,2020,405,.*,480\r\n/)
  })
  it('score-lines and special plans mark the old lines too', async () => {
    const lines = await gaokao('score-lines', '--province', '江苏', '--type-name', '物理')
    expect(lines.stdout).toMatch(/│ 2020 │ 江苏 │ 理科\s+│ 本科二批\s+│\s+313\* │/)
    expect(lines.stdout).toContain('江苏 2020 满分 480 (今 750)')
    const special = await gaokao('plans', 'special', '--province', '江苏')
    expect(special.stdout).toMatch(/398\*/)
    expect(special.stdout).toContain('江苏 2020 满分 480')
  })
})

describe('a category filter does not return other categories first', () => {
  it('a 历史 query leaves out art admissions filed as 历史类 (音乐表演 at 270)', async () => {
    const args = ['scores', '--subject-type', '历史', '--province', '湖南', '--year', '2021']
    const body = await json(...args)
    expect(body.data.list.map((r: any) => `${r.spname} ${r.min}`)).toEqual(['法学 601', '汉语言文学 605'])
    // without a category, every row of the school is listed, the art ones included
    const all = await json('scores', '--province', '湖南', '--year', '2021')
    expect(all.data.list.map((r: any) => r.spname)).toContain('音乐表演(钢琴演奏方向)')
  })
})

describe('seating rank: 同位分', () => {
  const args = SEATING_697
  it('reads the rank through each earlier year’s table, marking the change of exam mode and scale', async () => {
    const run = await gaokao(...args)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('同位分: 位次 21 在往年的分数')
    expect(run.stdout).toMatch(/│ 2024 │ 物理类 │ 687\s+│\s+24 │\s+│/)
    expect(run.stdout).toMatch(
      /│ 2020 │ 理科\s+│ 429\s+│\s+25 │ 文理 \(当年考试模式, 今 3\+1\+2\); 满分 480 \(今 750\) │/,
    )
  })
  it('adds same_rank beside the spec’s my_seating and arr in JSON, only where my_seating is known', async () => {
    const body = await json(...args)
    expect(Object.keys(body.data)).toEqual(['my_seating', 'arr', 'same_rank'])
    expect(body.data.same_rank).toEqual({
      rank: 21,
      years: [
        {
          year: 2024,
          km: '物理类',
          score: '687',
          total: 24,
          full_score: 750,
          exam_mode: '3+1+2',
          exam_mode_changed: false,
        },
        {
          year: 2020,
          km: '理科',
          score: '429',
          total: 25,
          full_score: 480,
          exam_mode: '文理',
          exam_mode_changed: true,
        },
      ],
    })
    const anonymous = await json('seating', 'rank', '--province', '江苏', '--year', '2025', '--km', '物理')
    expect(Object.keys(anonymous.data)).toEqual(['my_seating', 'arr'])
  })
})

describe('terminal charts (--chart)', () => {
  it('seating rank draws the distribution with the candidate’s band marked', async () => {
    const run = await gaokao(...SEATING_697, '--chart')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('江苏 2025 物理类 分数分布 (每 5 分一段, 共 385 人)')
    expect(run.stdout).toMatch(/▶ 695-699 │█+.*◀ 本人 697 分, 位次 21 \(表内前 5\.5%\)/)
    expect(run.stdout).toMatch(/ {2}701-750 │/)
  })
  it('score-lines and scores draw lines over the years, old-scale years marked', async () => {
    const lines = await gaokao('score-lines', '--province', '江苏', '--type-name', '物理', '--chart')
    expect(lines.stdout).toContain('批次线历年走势')
    expect(lines.stdout).toContain('● 物理类 本科批 (最近 463)')
    const scores = await gaokao('scores', '--school-name', '南京大学', '--province', '江苏', '--chart')
    expect(scores.stdout).toContain('历年最低分走势 (各校普通类最低分, 不含专项计划) · 江苏')
    expect(scores.stdout).toContain('● 南京大学 理科 (最近 405)')
    expect(scores.stdout).toMatch(/2019\* +2020\*/)
  })
  it('is a terminal option: with --json or --format it is bad input (exit 2)', async () => {
    const run = await gaokao('score-lines', '--province', '江苏', '--chart', '--json')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: --chart 只用于终端表格, 不能与 --format json 同用\n')
    const none = await gaokao('employment', '--chart')
    expect(none.code).toBe(2)
  })
})

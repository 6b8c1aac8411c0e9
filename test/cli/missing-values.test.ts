import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Choice, Prompter } from '../../src/cli/prompter.js'
import { NO_XUANKE_NOTE, subjectGaps } from '../../src/cli/smart-match-questions.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

const pipe = (...args: string[]) => runGaokao(args, { datasets: dir })

/** Answers each question with the first choice offered (or `typed` for a typed value), recording them. */
function firstChoices(typed: Record<string, string> = {}) {
  const asked: { message: string; choices: string[] }[] = []
  const prompter: Prompter = {
    async select(message: string, choices: readonly Choice[]) {
      asked.push({ message, choices: choices.map((c) => c.value) })
      return choices[0]?.value ?? ''
    },
    async input(message: string, validate: (v: string) => true | string) {
      asked.push({ message, choices: [] })
      const key = Object.keys(typed).find((k) => message.includes(k))
      const value = key === undefined ? '' : (typed[key] ?? '')
      expect(validate(value)).toBe(true)
      return value
    },
    async checkbox(message: string, choices: readonly Choice[]) {
      asked.push({ message, choices: choices.map((c) => c.value) })
      return choices.slice(0, 2).map((c) => c.value)
    },
  }
  return { prompter: async () => prompter, asked }
}

const HUBEI = ['--province', '湖北', '--batch', '本科批', '--rank-year', '2025', '--score', '600']

describe('smart-match: the subject and the 选科', () => {
  it('in a pipe, a missing subject is named with its valid values (not 暂无<综合、综合>数据)', async () => {
    const run = await pipe('smart-match', ...HUBEI)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      '错误: 缺少 --subject (物理 或 历史, 湖北 2025 年的首选科目) (不在终端中运行, 无法逐项询问; 见 gaokao smart-match --help)\n',
    )
    // a first choice named by --xuanke is one: nothing is missing then
    const told = await pipe('smart-match', ...HUBEI, '--xuanke', '物理,化学,生物')
    expect(told.code).toBe(0)
    expect(told.stderr).toBe('')
  })
  it('in a pipe, a list without 选科 says so on stderr, and its title says 未限定选科', async () => {
    const run = await pipe('smart-match', ...HUBEI, '--subject', '物理')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(NO_XUANKE_NOTE)
    expect(run.stdout.split('\n')[0]).toMatch(/^湖北 物理类 600 分 位次 \d+ · 未限定选科 · 本科批 /u)
  })
  it('the title names the 选科 the list was filtered by', async () => {
    const run = await pipe('smart-match', ...HUBEI, '--subject', '物理', '--xuanke', '物理,化学,生物')
    expect(run.stdout.split('\n')[0]).toMatch(
      /^湖北 物理类 600 分 位次 \d+ · 选科 物理\+化学\+生物 · 本科批 /u,
    )
    const counts = await pipe(
      'smart-match',
      'counts',
      '--province',
      '湖北',
      '--score',
      '600',
      '--xuanke',
      '物理,化学',
    )
    expect(counts.stdout.split('\n')[0]).toMatch(/ · 选科 物理\+化学$/u)
  })
  it('--json keeps the spec envelope of the endpoint (as over HTTP)', async () => {
    const run = await pipe('smart-match', ...HUBEI, '--json')
    expect(JSON.parse(run.stdout)).toEqual({
      code: 400,
      message: '湖北省2025年暂无<综合、综合>数据',
      data: {},
    })
  })
  it('in a terminal, asks the subject and the 选科 when everything else was given', async () => {
    const { prompter, asked } = firstChoices()
    const run = await runGaokao(['smart-match', ...HUBEI], {
      datasets: dir,
      interactive: true,
      deps: { prompter },
    })
    expect(asked.map((a) => a.message)).toEqual(['首选科目', '再选科目 (两门)'])
    expect(asked[0]?.choices).toEqual(['物理', '历史'])
    expect(run.code).toBe(0)
    // the line that would have asked nothing, so that the flags are learnt
    expect(run.stderr).toBe(
      '等价命令: gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,化学,生物\n',
    )
    expect(run.stdout.split('\n')[0]).toContain('湖北 物理类 600 分')
    expect(run.stdout.split('\n')[0]).toContain('· 选科 物理+化学+生物 ·')
  })
  it('reads the exam mode of the province that year: 3+3 asks no subject, 文理 no 选科', () => {
    expect(subjectGaps('湖北', 2025, undefined, undefined)).toEqual({
      mode: '3+1+2',
      subject: true,
      xuanke: true,
    })
    expect(subjectGaps('北京', 2025, undefined, undefined)).toEqual({
      mode: '3+3',
      subject: false,
      xuanke: true,
    })
    expect(subjectGaps('新疆', 2025, undefined, undefined)).toEqual({
      mode: '文理',
      subject: true,
      xuanke: false,
    })
    expect(subjectGaps('新疆', 2025, undefined, '理科')).toMatchObject({ subject: false })
    // 河南 was 文理 until 2024
    expect(subjectGaps('河南', 2024, '物理', undefined)).toEqual({
      mode: '文理',
      subject: false,
      xuanke: false,
    })
    expect(subjectGaps('湖北', 2025, undefined, '历史,政治,地理')).toMatchObject({ subject: false })
    // 综合 given is the candidate's word (the spec's "not stated"): not asked again
    expect(subjectGaps('湖北', 2025, '物理', '综合')).toMatchObject({ xuanke: false })
    expect(subjectGaps('火星', 2025, undefined, undefined)).toBeUndefined()
  })
})

describe('every endpoint command: missing required values', () => {
  it('in a pipe, names every missing flag (with its choices) in one line, exit 2', async () => {
    const charts = await pipe('charts', 'categories')
    expect(charts.code).toBe(2)
    expect(charts.stderr).toBe(
      '错误: 缺少 --province、--year、--subject-type (不在终端中运行, 无法逐项询问; 见 gaokao charts categories --help)\n',
    )
    const feedback = await pipe('feedback', 'submit', '--content', '好用')
    expect(feedback.code).toBe(2)
    expect(feedback.stderr).toBe(
      '错误: 缺少 --feedback-type (可选 1, 2, 3, 4)、--contact (不在终端中运行, 无法逐项询问; 见 gaokao feedback submit --help)\n',
    )
    const open = await pipe('open-majors', '--province', '江苏')
    expect(open.stderr).toMatch(/^错误: 缺少 --school-id \(/u)
  })
  it('--json in a pipe keeps the spec message of the endpoint', async () => {
    const run = await pipe('charts', 'categories', '--json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual({ code: 400, message: '参数 province 无效: 不能为空', data: {} })
  })
  it('in a terminal, asks each missing value, offering what the data have, and runs', async () => {
    const { prompter, asked } = firstChoices()
    const run = await runGaokao(['seating', 'rank', '--score', '650'], {
      datasets: dir,
      interactive: true,
      deps: { prompter },
    })
    // seating rank requires only the province: the year and category keep their defaults
    expect(asked.map((a) => a.message)).toEqual(['省份 (--province)'])
    // the provinces with a 一分一段 table in the fixtures, in the national order
    expect(asked[0]?.choices).toEqual(['北京', '江苏', '河南', '湖北', '广东', '重庆', '新疆'])
    expect(run.code).toBe(0)
    const charts = firstChoices()
    const answered = await runGaokao(['charts', 'categories', '--province', '江苏'], {
      datasets: dir,
      interactive: true,
      deps: { prompter: charts.prompter },
    })
    expect(charts.asked.map((a) => a.message)).toEqual(['年份 (--year)', '科类 (--subject-type)'])
    // the years of 江苏's tables, latest first; the categories of the 科类 statistics that year
    expect(charts.asked[0]?.choices).toEqual(['2025', '2024'])
    expect(charts.asked[1]?.choices.length).toBeGreaterThan(0)
    expect(answered.stderr).toBe(
      '等价命令: gaokao charts categories --province 江苏 --year 2025 --subject-type 物理类\n',
    )
    expect(answered.code).toBe(0)
  })
  it('in a terminal, asks a missing argument too, and checks a typed number before taking it', async () => {
    const { prompter, asked } = firstChoices({ 学校: '南京大学' })
    const run = await runGaokao(['major-groups', '--province', '江苏'], {
      datasets: dir,
      interactive: true,
      deps: { prompter },
    })
    expect(asked.map((a) => a.message)).toEqual(['学校'])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('等价命令: gaokao major-groups 南京大学 --province 江苏\n')
    expect(run.stdout).toContain('南京大学')
    const content = firstChoices({ 二级模块: '4', 模块: '4' })
    const list = await runGaokao(['content', 'list'], {
      datasets: dir,
      interactive: true,
      deps: { prompter: content.prompter },
    })
    expect(content.asked.map((a) => a.message)).toEqual([
      '模块 1-6 (--module-type)',
      '二级模块 1-4 (--sub-module-type)',
    ])
    expect(list.code).toBe(0)
  })
  it("takes what a list file says as given: check on smart-match's --json output needs no --rank-year", async () => {
    const made = await pipe('smart-match', ...HUBEI, '--xuanke', '物理,化学,生物', '--json')
    expect(made.code).toBe(0)
    const file = join(mkdtempSync(join(tmpdir(), 'gaokao-list-')), 'list.json')
    writeFileSync(file, made.stdout)
    const run = await pipe('check', file, '--province', '湖北', '--xuanke', '物理,化学,生物')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    // the file's rank year and rank, in the answer's title
    const rank = (JSON.parse(made.stdout) as { data: { candidate: { rank: number } } }).data.candidate.rank
    expect(run.stdout.split('\n')[0]).toContain(`位次 ${rank} `)
    expect(run.stdout.split('\n')[0]).toContain('2025 年')
    // a file that does not carry it (a table of choices only) still needs it, named as before
    const table = join(import.meta.dirname, '..', '..', 'fixtures', 'check', 'list.xlsx')
    const bare = await pipe('check', table, '--province', '湖北', '--score', '600')
    expect(bare.code).toBe(2)
    expect(bare.stderr).toMatch(/^错误: 缺少 --rank-year \(/u)
  })
})

describe("the CLI's own commands: missing arguments and required options", () => {
  it('in a terminal, asks them (a province from the data) and shows the line that would have asked nothing', async () => {
    const { prompter, asked } = firstChoices()
    const store = mkdtempSync(join(tmpdir(), 'gaokao-store-'))
    const run = await runGaokao(['tokens', 'create', '--score', '600', '--km', '物理'], {
      datasets: dir,
      store,
      interactive: true,
      deps: { prompter },
    })
    expect(asked.map((a) => a.message)).toEqual(['省份 (--province)'])
    expect(asked[0]?.choices[0]).toBe('北京')
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('等价命令: gaokao tokens create --province 北京 --score 600 --km 物理')
    const shell = firstChoices({ bash: 'bash' })
    const completion = await runGaokao(['completion'], {
      interactive: true,
      deps: { prompter: shell.prompter },
    })
    expect(shell.asked.map((a) => a.message)).toEqual(['bash, zsh 或 fish (<shell>)'])
    expect(completion.code).toBe(0)
    expect(completion.stdout).toContain('gaokao')
  })
  it('in a pipe, commander still refuses them with one line, exit 2', async () => {
    const run = await pipe('tokens', 'create', '--score', '600', '--km', '物理')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^错误: .*--province.*\n$/u)
    const completion = await pipe('completion')
    expect(completion.code).toBe(2)
    expect(completion.stderr).toMatch(/^错误: 缺少参数 <shell>/u)
  })
})

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { askMissing, type Choice, type Prompter } from '../../src/cli/smart-match-prompts.js'
import { NO_XUANKE_NOTE } from '../../src/cli/smart-match-questions.js'
import type { Caller } from '../../src/endpoints/define.js'
import { buildApp } from '../../src/http/app.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../helpers/cli.js'
import { fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
let app: FastifyInstance
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
})
afterAll(async () => app.close())

const HUBEI = [...HUBEI_LIST_FLAGS]
const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })

describe('gaokao smart-match', () => {
  it('prints the three tiers as tables with schools, groups, majors, lowest ranks and the margin', async () => {
    const run = await gaokao('smart-match', ...HUBEI)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    // the title names the province, the category and the score it was read from
    expect(run.stdout).toContain('湖北 物理类 600 分 位次 25057')
    expect(run.stdout).toContain('院校专业组 45 个志愿 × 6 专业')
    for (const title of ['冲 ', '稳 ', '保 ']) expect(run.stdout).toContain(title)
    expect(run.stdout).toContain('预估最低位次')
    expect(run.stdout).toContain('位次差')
    expect(run.stdout).toMatch(/01组（物理/)
    expect(run.stdout.includes('\u001b[')).toBe(false)
  })
  it('colours 冲 red, 稳 yellow and 保 green on a terminal, never with NO_COLOR', async () => {
    const tty = await runGaokao(['smart-match', ...HUBEI], { datasets: dir, isTTY: true })
    expect(tty.stdout).toContain('\u001b[31m冲 ')
    expect(tty.stdout).toContain('\u001b[33m稳 ')
    expect(tty.stdout).toContain('\u001b[32m保 ')
    const plain = await runGaokao(['smart-match', ...HUBEI], {
      datasets: dir,
      isTTY: true,
      env: { NO_COLOR: '1' },
    })
    expect(plain.stdout.includes('\u001b[')).toBe(false)
    const flag = await runGaokao(['smart-match', ...HUBEI, '--no-color'], { datasets: dir, isTTY: true })
    expect(flag.stdout.includes('\u001b[')).toBe(false)
  })
  it('--json prints exactly the body of the HTTP API', async () => {
    const run = await gaokao('smart-match', ...HUBEI, '--json')
    const http = await app.inject({
      method: 'POST',
      url: '/api/v1/volunteer/smart-match',
      payload: {
        province: '湖北',
        batch: '本科批',
        rank_year: '2025',
        score: '600',
        subject: '物理',
        xuanke: '物理,化学,生物',
      },
    })
    expect(run.stdout).toBe(`${http.body}\n`)
  })
  /** The spec's no-data envelope on stdout (--json), and on stderr that message with `hint` in brackets. */
  const expectNoData = async (args: string[], hint: string) => {
    const run = await gaokao('smart-match', ...args, '--json')
    expect(run.code).toBe(2)
    const message = '湖北省2025年暂无<物理、物理,化学,生物>数据'
    expect(JSON.parse(run.stdout)).toEqual({ code: 400, message, data: {} })
    expect(run.stderr).toMatch(new RegExp(`^错误: ${message} \\(${hint}\\)\n$`, 'u'))
  }
  it("says, beside the spec's no-data message, that a score the rank table does not reach can be given as --rank", async () => {
    await expectNoData(
      HUBEI.map((a) => (a === '600' ? '100' : a)),
      '100 分不在 2025 年物理类的一分一段表中, 该表只到 \\d+ 分; 可用 --rank 直接给出位次',
    )
  })
  it("says, beside the spec's no-data message, why a list is empty: a rank beyond everyone in the table", async () => {
    await expectNoData(
      HUBEI.map((a) => (a === '--score' ? '--rank' : a === '600' ? '99999999' : a)),
      '位次 99999999 超出 2025 年物理类一分一段表的总人数 \\d+',
    )
  })
  it("says, beside the spec's no-data message, that neither a score nor a rank was given (--rank 0)", async () => {
    // before: only 暂无…数据, which read as a province without data
    await expectNoData(
      HUBEI.map((a) => (a === '--score' ? '--rank' : a === '600' ? '0' : a)),
      '未给出分数或位次: score 与 rank 至少给一个',
    )
  })
  it('--format csv writes one record per major', async () => {
    const run = await gaokao('smart-match', ...HUBEI, '--format', 'csv', '--no-bom')
    const [head, first] = run.stdout.split('\r\n')
    expect(head).toBe(
      'tier,index,school,school_code,local_school_code,group,item_expected_rank,item_chance,item_latest_year,item_latest_min,item_latest_min_section,item_latest_level,composition,plan_year,plan_carried,item_obligation,major_index,major,sp_code,local_sp_code,tuition,obligation,expected_rank,expected_score,diff,chance,latest_year,latest_min,latest_min_section,latest_level,num',
    )
    expect(first?.startsWith('冲,1,')).toBe(true)
  })
  it('says in one line what is missing and exits 2 when it cannot ask', async () => {
    const run = await gaokao('smart-match', '--province', '湖北', '--batch', '本科批')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      '错误: 缺少 --rank-year、--score 或 --rank (不在终端中运行, 无法逐项询问; 见 gaokao smart-match --help)\n',
    )
    const json = await gaokao('smart-match', '--province', '湖北', '--json')
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toEqual({
      code: 400,
      message: '缺少必要参数:province、batch、rank_year',
      data: {},
    })
  })
  it('reports the spec errors in one line with exit 2', async () => {
    const run = await gaokao('smart-match', ...HUBEI.slice(0, 6), '--score', '600', '--subject', '历史')
    expect(run.code).toBe(2)
    // no --xuanke: said before the error (the list would not have been filtered by the groups' 选科 requirements)
    expect(run.stderr).toBe(`${NO_XUANKE_NOTE}错误: 湖北省2025年暂无<历史、综合>数据\n`)
  })
  it("names the province's batches beside the spec's no-rule message, which the envelope keeps", async () => {
    const args = ['smart-match', ...'--province 河南 --batch 本科批 --rank-year 2024 --rank 30000'.split(' ')]
    const run = await gaokao(...args, '--subject', '理科')
    expect(run).toMatchObject({
      code: 2,
      stderr: '错误: 河南省暂无<本科批>的志愿填报规则 (河南 2024 年可选的批次: 本科一批、本科二批)\n',
    })
    const json = await gaokao(...args, '--subject', '理科', '--json')
    expect(JSON.parse(json.stdout)).toEqual({
      code: 400,
      message: '河南省暂无<本科批>的志愿填报规则',
      data: {},
    })
  })
  it('says what the first choice must be where the spec says only that there are no data', async () => {
    const args = ['smart-match', ...'--province 江苏 --batch 本科批 --rank-year 2025 --rank 9000'.split(' ')]
    const run = await gaokao(...args, '--subject', '化学', '--xuanke', '化学,生物')
    expect(run).toMatchObject({
      code: 2,
      stderr: '错误: 江苏 2025 年首选科目应为 物理 或 历史 (--subject), 收到 化学\n',
    })
    const json = await gaokao(...args, '--subject', '化学', '--xuanke', '化学,生物', '--json')
    expect(JSON.parse(json.stdout)).toEqual({
      code: 400,
      message: '江苏省2025年暂无<化学、化学,生物>数据',
      data: {},
    })
    // a province of 文科 and 理科 that year
    const henan = await gaokao(
      'smart-match',
      ...'--province 河南 --batch 本科一批 --rank-year 2024 --rank 30000 --subject 化学'.split(' '),
    )
    expect(henan.stderr).toBe('错误: 河南 2024 年文理分科, 科类应为 理科 或 文科 (--subject), 收到 化学\n')
  })
})

describe('gaokao smart-match counts', () => {
  it('prints the counts of the same classifier', async () => {
    const run = await gaokao(
      'smart-match',
      'counts',
      '--province',
      '湖北',
      '--score',
      '600',
      '--subject',
      '物理',
      '--json',
    )
    expect(run.code).toBe(0)
    const http = await app.inject({
      method: 'POST',
      url: '/api/v1/school/cwb-num',
      payload: { province: '湖北', score: '600', subject: '物理' },
    })
    expect(run.stdout).toBe(`${http.body}\n`)
    const table = await gaokao('smart-match', 'counts', '--province', '湖北', '--score', '600')
    expect(table.stdout).toContain('冲 (chongci)')
    // the title says what the defaults chose and the rank the score was read as
    const title = table.stdout.split('\n')[0] ?? ''
    expect(title).toMatch(/^湖北 \d{4} 本科批 物理类 位次 \d+ · 未限定选科$/)
    const again = await gaokao('smart-match', 'counts', '--province', '湖北', '--score', '600')
    expect(again.stdout.split('\n')[0]).toBe(title)
    const missing = await gaokao('smart-match', 'counts', '--province', '湖北')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^错误: 缺少 --score/)
  })
})

describe('gaokao smart-match backtest', () => {
  it('reports per tier the share of items the year would have admitted', async () => {
    const run = await gaokao(
      'smart-match',
      'backtest',
      '--province',
      '湖北',
      '--year',
      '2025',
      '--samples',
      '12',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('回测 2025')
    expect(run.stdout).toContain('湖北')
    expect(run.stdout).toContain('物理类')
    const json = await gaokao(
      'smart-match',
      'backtest',
      '--province',
      '湖北',
      '--samples',
      '12',
      '--json',
      '--datasets',
      dir,
    )
    const body = JSON.parse(json.stdout)
    expect(body).toMatchObject({ year: 2025, strategy: 1, samples: 12 })
    const [line] = body.lines
    expect(line).toMatchObject({ province: '湖北', category: '物理类', volunteer_type: 2, candidates: 12 })
    for (const tier of ['chong', 'wen', 'bao']) {
      expect(line[tier].compared).toBeLessThanOrEqual(line[tier].items)
      expect(line[tier].admitted).toBeLessThanOrEqual(line[tier].compared)
    }
    expect(line.bao.compared).toBeGreaterThan(0)
  })
  it('runs every province with outcomes with --all, and is deterministic', async () => {
    const a = await gaokao('smart-match', 'backtest', '--all', '--samples', '8', '--json', '--datasets', dir)
    const b = await gaokao('smart-match', 'backtest', '--all', '--samples', '8', '--json', '--datasets', dir)
    expect(a.stdout).toBe(b.stdout)
    const provinces = JSON.parse(a.stdout).lines.map((l: { province: string }) => l.province)
    expect(provinces).toEqual(expect.arrayContaining(['湖北', '重庆', '合计']))
  })
  it('refuses bad input with exit 2', async () => {
    expect((await gaokao('smart-match', 'backtest', '--datasets', dir)).code).toBe(2)
    const mars = await gaokao('smart-match', 'backtest', '--province', '火星', '--datasets', dir)
    expect(mars.code).toBe(2)
    expect(mars.stderr).toBe('错误: 未知省份: 火星\n')
  })
  it('--json gets the error envelope on stdout, as from every other command', async () => {
    const mars = await gaokao('smart-match', 'backtest', '--province', '火星', '--json', '--datasets', dir)
    expect(mars).toEqual({
      code: 2,
      stdout: `${JSON.stringify({ code: 400, message: '未知省份: 火星', data: {} })}\n`,
      stderr: '错误: 未知省份: 火星\n',
    })
  })
})

/** Answers every question with the first choice (or a fixed text), recording what was offered. */
function scripted(inputs: string[] = []): Prompter & { asked: { message: string; choices: string[] }[] } {
  const asked: { message: string; choices: string[] }[] = []
  return {
    asked,
    async select(message: string, choices: readonly Choice[]) {
      asked.push({ message, choices: choices.map((c) => c.value) })
      return choices[0]?.value ?? ''
    },
    async input(message: string, validate: (v: string) => true | string) {
      asked.push({ message, choices: [] })
      const value = inputs.shift() ?? ''
      expect(validate(value)).toBe(true)
      return value
    },
    async checkbox(message: string, choices: readonly Choice[]) {
      asked.push({ message, choices: choices.map((c) => c.value) })
      return choices.slice(1, 3).map((c) => c.value)
    },
  }
}

describe('prompts for missing values', () => {
  it('ask with the context the command then answers with: one Db per command line', async () => {
    const made: (Caller | null)[] = []
    const run = await runGaokao(['smart-match', '--province', '湖北', '--score', '600'], {
      interactive: true,
      deps: {
        prompter: async () => scripted(),
        context: ({ caller }) => {
          made.push(caller)
          return fixtureContext(dir, caller)
        },
      },
    })
    expect(run.stderr).toMatch(
      /^等价命令: gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,\S+\n$/u,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('湖北 物理类 600 分')
    expect(made).toEqual([null])
  })
  it('offers only values that have data, and asks only for what is missing', async () => {
    // the questions ask through the command's context, as the CLI gives them
    const ctx = fixtureContext(dir)
    const ask = scripted(['600'])
    const answers = await askMissing(ctx, {}, ask, 2025)
    const provinces = ask.asked[0]?.choices ?? []
    expect(provinces).toEqual(
      ['河南', '湖北', '重庆', '江苏'].sort((a, b) => provinces.indexOf(a) - provinces.indexOf(b)),
    )
    expect(new Set(provinces)).toEqual(new Set(['江苏', '河南', '湖北', '重庆']))
    expect(answers.province).toBe(provinces[0])
    expect(answers.score).toBe('600')
    const hubei = scripted()
    const partial = await askMissing(ctx, { province: '湖北', score: '600' }, hubei, 2025)
    expect(hubei.asked.map((a) => a.message)).toEqual([
      '年份 (位次与推荐数据)',
      '批次',
      '首选科目',
      '再选科目 (两门)',
    ])
    expect(hubei.asked[0]?.choices).toEqual(['2025', '2024'])
    expect(hubei.asked[1]?.choices).toEqual(['本科批', '专科批'])
    expect(partial).toMatchObject({ province: '湖北', rankYear: '2025', batch: '本科批', subject: '物理' })
    expect(partial.xuanke?.split(',')[0]).toBe('物理')
    const none = scripted()
    await askMissing(
      ctx,
      {
        province: '湖北',
        batch: '本科批',
        rankYear: '2025',
        subject: '物理',
        xuanke: '物理,化学,生物',
        rank: '9000',
      },
      none,
      2025,
    )
    expect(none.asked).toEqual([])
    await ctx.db.close()
  })
})

describe('gaokao smart-match audit', () => {
  it('counts, per province and rank year, the items a counsellor can type into the form, by where their majors come from', async () => {
    const run = await gaokao('smart-match', 'audit', '--province', '湖北', '--years', '2025', '--json')
    expect(run.code).toBe(0)
    const { rows, total } = JSON.parse(run.stdout)
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row).toMatchObject({ province: '湖北', rank_year: 2025, category: '物理类', volunteer_type: 2 })
    expect(row.candidates).toBe(4)
    expect(row.items).toBeGreaterThan(0)
    // every item is counted once by composition, and a ready item names its majors
    const { plan, plan_prev_year, admitted_prev_year, none } = row.composition
    expect(plan + plan_prev_year + admitted_prev_year + none).toBe(row.items)
    expect(row.ready).toBeLessThanOrEqual(row.items - none)
    expect(total).toMatchObject({ items: row.items, ready: row.ready })
    // 湖北's fixture plan names its groups' majors
    expect(row.ready).toBeGreaterThan(0)
  })

  it('refuses a year or share it cannot read, and an unknown province, with one line and exit 2', async () => {
    for (const args of [
      ['--years', '25'],
      ['--shares', '0'],
      ['--province', '火星'],
    ]) {
      const run = await gaokao('smart-match', 'audit', ...args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toMatch(/^错误: .+\n$/u)
    }
  })
})

import { cpSync, mkdtempSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { CliDeps } from '../../src/cli/program.js'
import {
  askMissing,
  type Choice,
  inquirerPrompter,
  type Prompter,
} from '../../src/cli/smart-match-prompts.js'
import { INTERNAL_ERROR_MESSAGE } from '../../src/endpoints/invoke.js'
import { runGaokao } from '../helpers/cli.js'
import { fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// The real checkbox prompt cannot run without a terminal: record the configuration it is given instead.
const checkboxConfigs = vi.hoisted(() => [] as Record<string, unknown>[])
vi.mock('@inquirer/prompts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@inquirer/prompts')>()),
  checkbox: async (config: Record<string, unknown>) => {
    checkboxConfigs.push(config)
    return []
  },
}))

let dir: string
let broken: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  // A copy whose score_ranks file is cut short: DuckDB fails to open it with a multi-line message.
  broken = mkdtempSync(join(tmpdir(), 'gaokao-broken-'))
  cpSync(dir, broken, { recursive: true })
  truncateSync(join(broken, 'score_ranks.parquet'), 100)
})

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
const lines = (text: string) => text.split('\n').filter((l) => l !== '')

describe('errors outside the endpoint handlers', () => {
  it('print the envelope on stdout with --json, besides the one stderr line and exit 2', async () => {
    const cases: [string[], string][] = [
      [['seating', 'rank', '--province', '江苏', '--score', '-5'], '--score 应为非负整数, 收到 -5'],
      [['seating', 'rank', '--province', '江苏', '--score', 'abc'], '--score 应为非负整数, 收到 abc'],
      [['datasets', 'info', '--table', 'nope'], '未知的表 nope; 已知: '],
      [
        ['datasets', 'validate', '--max-per-rule', '-1', '--datasets', dir],
        '--max-per-rule 应为 >= 0 的整数',
      ],
    ]
    for (const [args, message] of cases) {
      const run = await gaokao(...args, '--json')
      expect(run.code, args.join(' ')).toBe(2)
      expect(lines(run.stderr), args.join(' ')).toHaveLength(1)
      expect(run.stderr.startsWith(`错误: ${message}`), run.stderr).toBe(true)
      const body = JSON.parse(run.stdout)
      expect(body).toMatchObject({ code: 400, data: {} })
      expect(body.message.startsWith(message)).toBe(true)
      // Without --json, stdout stays empty.
      expect((await gaokao(...args)).stdout).toBe('')
    }
  })
  it('print no envelope after an answer: a command failing after it says so in one line', async () => {
    // `call` prints the response it got, an error envelope included, and then fails with its code
    const run = await gaokao(
      'call',
      '/api/v1/seating/list',
      '--data',
      '{"province":"火星"}',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual({ code: 400, message: '未知省份: 火星', data: {} })
    expect(run.stderr).toBe('错误: 未知省份: 火星\n')
  })
  it('print the envelope for commander usage errors too', async () => {
    const run = await gaokao('seating', 'rank', '--province', '江苏', '--bogus', '--json')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: 未知选项 --bogus (用 --help 查看用法)\n')
    expect(JSON.parse(run.stdout)).toEqual({ code: 400, message: '未知选项 --bogus', data: {} })
    const format = await gaokao('seating', 'list', '--format', 'xml', '--json')
    expect(format.code).toBe(2)
    expect(JSON.parse(format.stdout)).toMatchObject({ code: 400, data: {} })
  })
})

describe('a failure on our side', () => {
  it('names a damaged dataset file in one stderr line, exit 1, and the same message in the 500 envelope', async () => {
    const run = await runGaokao(['seating', 'rank', '--province', '江苏', '--score', '600', '--json'], {
      datasets: broken,
    })
    const message =
      '数据集文件 score_ranks.parquet 已损坏或不是 Parquet 文件: 请重新安装 datasets/, 或运行 gaokao datasets build'
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`错误: ${message}\n`)
    expect(JSON.parse(run.stdout)).toEqual({ code: 500, message, data: {} })
  })
  it('shows the stack only with GAOKAO_DEBUG=1', async () => {
    const deps: CliDeps = {
      context: () => {
        throw new Error('boom\nLINE 1: details')
      },
    }
    const run = await runGaokao(['seating', 'list', '--province', '江苏'], {
      deps,
      env: { GAOKAO_DEBUG: '1' },
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^错误: 内部错误: boom\n/)
    expect(lines(run.stderr).length).toBeGreaterThan(2)
    expect(run.stdout).toBe('')
  })
  it('is reported alike when it escapes a command', async () => {
    const deps: CliDeps = {
      context: () => {
        throw new Error('boom\nLINE 1: details')
      },
    }
    const run = await runGaokao(['seating', 'list', '--province', '江苏', '--json'], {
      deps,
      interactive: true,
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('错误: 内部错误: boom\n')
    expect(JSON.parse(run.stdout)).toEqual({ code: 500, message: INTERNAL_ERROR_MESSAGE, data: {} })
  })
})

describe('prompts', () => {
  it('Ctrl-C at a question cancels in one line with exit 130', async () => {
    const exit = Object.assign(new Error('User force closed the prompt with SIGINT'), {
      name: 'ExitPromptError',
    })
    const prompter: Prompter = {
      select: async () => {
        throw exit
      },
      input: async () => {
        throw exit
      },
      checkbox: async () => {
        throw exit
      },
    }
    const run = await runGaokao(['smart-match', '--province', '湖北', '--datasets', dir], {
      deps: { prompter: async () => prompter },
      interactive: true,
    })
    expect(run).toEqual({ code: 130, stdout: '', stderr: '已取消\n' })
  })

  it('再选 offers neither first choice and requires the number of subjects its label says', async () => {
    const asked: { message: string; choices: string[]; validate: (v: readonly string[]) => true | string }[] =
      []
    const ask: Prompter = {
      select: async (_m, choices: readonly Choice[]) => choices[0]?.value ?? '',
      input: async () => '600',
      checkbox: async (message, choices, validate) => {
        asked.push({ message, choices: choices.map((c) => c.value), validate })
        return ['化学', '生物']
      },
    }
    // the questions ask through the command's context, as the CLI gives them
    const ctx = fixtureContext(dir)
    try {
      const given = { batch: '本科批', rankYear: '2025', score: '600' }
      const hubei = await askMissing(ctx, { ...given, province: '湖北', subject: '物理' }, ask, 2025)
      expect(hubei.xuanke).toBe('物理,化学,生物')
      const shandong = await askMissing(ctx, { ...given, province: '山东' }, ask, 2025)
      expect(shandong.xuanke).toBe('化学,生物')
    } finally {
      await ctx.db.close()
    }
    const [second, threeOfSix] = asked
    expect(second?.message).toBe('再选科目 (两门)')
    expect(second?.choices).toEqual(['化学', '生物', '政治', '地理'])
    expect(second?.validate([])).not.toBe(true)
    expect(second?.validate(['化学'])).not.toBe(true)
    expect(second?.validate(['化学', '生物', '地理'])).not.toBe(true)
    expect(second?.validate(['化学', '生物'])).toBe(true)
    expect(threeOfSix?.message).toBe('选考科目 (三门)')
    expect(threeOfSix?.validate(['化学', '生物'])).not.toBe(true)
    expect(threeOfSix?.validate(['物理', '化学', '生物'])).toBe(true)
  })

  it('the terminal checkbox validates the selection with the given rule', async () => {
    const prompter = await inquirerPrompter()
    const exactlyTwo = (values: readonly string[]) => (values.length === 2 ? true : '请选择 2 门')
    await prompter.checkbox('再选科目 (两门)', [{ name: '化学', value: '化学' }], exactlyTwo)
    const validate = checkboxConfigs.at(-1)?.validate as (items: readonly { value: string }[]) => unknown
    expect(validate).toBeTypeOf('function')
    expect(validate([])).toBe('请选择 2 门')
    expect(validate([{ value: '化学' }, { value: '生物' }])).toBe(true)
  })
})

describe('common options', () => {
  it('feedback list and tokens list accept --no-color', async () => {
    for (const args of [
      ['feedback', 'list', '--no-color'],
      ['tokens', 'list', '--no-color'],
    ]) {
      const run = await runGaokao(args, { store: tempStore() })
      expect(run.code, args.join(' ')).toBe(0)
      expect(run.stderr).toBe('')
    }
  })
})

describe('a datasets directory that does not exist', () => {
  const missing = join(tmpdir(), 'gaokao-no-such-dir', 'datasets')
  it('named with --datasets is bad input (exit 2) for every command', async () => {
    for (const args of [
      ['datasets', 'info'],
      ['datasets', 'validate'],
      ['seating', 'list', '--province', '江苏'],
    ]) {
      const run = await runGaokao([...args, '--datasets', missing, '--json'])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toBe(`错误: 数据目录不存在: ${missing} (--datasets)\n`)
      expect(JSON.parse(run.stdout)).toMatchObject({ code: 400 })
    }
  })
  it('as the default ($GAOKAO_DATASETS) is a failure on our side (exit 1), as for endpoint commands', async () => {
    // every command reading datasets says so, endpoint commands too (they said "score_ranks 未安装: 请运行 gaokao
    // datasets build")
    const message = `数据目录不存在: ${missing} (环境变量 GAOKAO_DATASETS)`
    for (const args of [
      ['datasets', 'info'],
      ['datasets', 'validate'],
      ['meta', 'subjects', '--source', '1'],
    ]) {
      const run = await runGaokao([...args, '--json'], { env: { GAOKAO_DATASETS: missing } })
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr).toBe(`错误: ${message}\n`)
      expect(JSON.parse(run.stdout)).toEqual({ code: 500, message, data: {} })
    }
    const empty = mkdtempSync(join(tmpdir(), 'gaokao-empty-'))
    expect((await runGaokao(['seating', 'list', '--province', '江苏'], { datasets: empty })).code).toBe(1)
  })
})

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEndpoint } from '../../src/cli/manifest.js'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
let app: FastifyInstance
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
})
afterAll(async () => app.close())

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })

describe('CLI', () => {
  it('prints the seating list as a table with a title and right-aligned numbers', async () => {
    const run = await gaokao('seating', 'list', '--province', '江苏', '--year', '2025', '--km', '物理类')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('江苏 2025 物理类 一分一段表')
    expect(run.stdout).toContain('701-750')
    expect(run.stdout).toMatch(/│\s+700\s+│\s+1\s+│\s+11\s+│/)
    expect(run.stdout.includes('\u001b[')).toBe(false) // no colour when not a terminal
  })
  it('uses colour on a terminal, but never with NO_COLOR', async () => {
    const tty = await runGaokao(['seating', 'list', '--province', '江苏'], { datasets: dir, isTTY: true })
    expect(tty.stdout.includes('\u001b[')).toBe(true)
    const noColor = await runGaokao(['seating', 'list', '--province', '江苏'], {
      datasets: dir,
      isTTY: true,
      env: { NO_COLOR: '1' },
    })
    expect(noColor.stdout.includes('\u001b[')).toBe(false)
  })
  it('--json prints exactly the body the HTTP API returns', async () => {
    const cases: [string[], string, unknown][] = [
      [
        ['seating', 'list', '--province', '江苏', '--year', '2025', '--km', '物理类'],
        '/api/v1/seating/list',
        { province: '江苏', year: '2025', km: '物理类' },
      ],
      [
        ['seating', 'rank', '--province', '新疆', '--km', '历史'],
        '/api/v1/seating/seating',
        { province: '新疆', km: '历史' },
      ],
      [['seating', 'options', '--province', '广东'], '/api/v1/seating/option', { province: '广东' }],
      [['meta', 'subjects', '--province', '江苏'], '/api/v1/meta/subjects', { province: '江苏' }],
      [['meta', 'batches'], '/api/v1/meta/batches', {}],
      [['seating', 'list', '--province', '火星'], '/api/v1/seating/list', { province: '火星' }],
    ]
    for (const [args, url, body] of cases) {
      const run = await gaokao(...args, '--json')
      const http = await app.inject({ method: 'POST', url, payload: body as object })
      expect(run.stdout, args.join(' ')).toBe(`${http.body}\n`)
    }
  })
  it('seating rank --score prints the rank interval and the same-score count', async () => {
    const run = await gaokao(
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
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('江苏 2025 物理类 本人位次 17~21, 同分 5 人')
    const json = await gaokao(
      'seating',
      'rank',
      '--province',
      '江苏',
      '--km',
      '物理',
      '--score',
      '697',
      '--json',
    )
    expect(JSON.parse(json.stdout).data.my_seating).toEqual({ even_num: 5, seating_sec: '17~21' })
  })
  it('seating rank says that a score in the top band shares the band, not the score', async () => {
    const args = ['seating', 'rank', '--province', '江苏', '--year', '2025', '--km', '物理', '--score', '720']
    const run = await gaokao(...args)
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toBe('江苏 2025 物理类 本人位次 1~10, 701-750 分段共 10 人')
  })
  it('seating rank names the table the defaults chose (year, category) in its title', async () => {
    const list = await gaokao('seating', 'list', '--province', '江苏', '--json')
    const { year, km } = JSON.parse(list.stdout).data.current
    const run = await gaokao('seating', 'rank', '--province', '江苏', '--score', '697')
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toMatch(
      new RegExp(`^江苏 ${year} ${km} 本人位次 \\d+~\\d+, 同分 \\d+ 人$`),
    )
    const plain = await gaokao('seating', 'rank', '--province', '江苏')
    expect(plain.stdout.split('\n')[0]).toBe(`江苏 ${year} ${km} 一分一段表`)
  })
  it('seating rank says so when it chose the category, where the year has another', async () => {
    const args = ['seating', 'rank', '--province', '江苏', '--year', '2025', '--score', '697']
    const chosen = await gaokao(...args)
    const { km_list } = JSON.parse(
      (await gaokao('seating', 'list', '--province', '江苏', '--year', '2025', '--json')).stdout,
    ).data.options
    expect(km_list.length).toBeGreaterThan(1)
    const [first, ...others] = km_list
    expect(chosen.stdout).toContain(
      `注意: 未指定科类, 按 ${first}; 本年还有 ${others.join('、')}, 请加 --km (如 --km ${others[0]})`,
    )
    // named, nothing to say
    expect((await gaokao(...args, '--km', first)).stdout).not.toContain('未指定科类')
  })
  it('seating rank says where a score below the table stands, and keeps the CSV columns', async () => {
    const args = [
      'seating',
      'rank',
      '--province',
      '江苏',
      '--year',
      '2025',
      '--km',
      '物理类',
      '--score',
      '600',
    ]
    const run = await gaokao(...args)
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toBe(
      '江苏 2025 物理类 600 分不在表内 (表止于 690 分, 累计 385 人): 位次在 385 之后',
    )
    expect(run.stdout).toMatch(/│ 690\s+│\s+144 │\s+385 │/)
    const csv = await gaokao(...args, '--format', 'csv', '--no-bom')
    expect(csv.stdout).toBe('even_num,seating_sec\r\n,\r\n')
    expect(JSON.parse((await gaokao(...args, '--json')).stdout).data.my_seating).toBeNull()
  })
  it('score-lines says which years a province has when the asked one has no lines', async () => {
    const none = await gaokao('score-lines', '--province', '江苏', '--year', '2023')
    expect(none.code).toBe(0)
    expect(none.stdout).toBe('没有符合条件的批次线 (江苏 有批次线的年份: 2025, 2024)\n')
    const json = JSON.parse(
      (await gaokao('score-lines', '--province', '江苏', '--year', '2023', '--json')).stdout,
    )
    expect(json.data).toMatchObject({ items: [], total: 0 })
    expect(Object.keys(json.data)).toEqual(['items', 'total', 'page', 'pageSize', 'totalPages', 'pagination'])
  })
  it('hot-schools --km takes the minima in that category and says whose they are', async () => {
    const args = ['hot-schools', '--province', '宁夏', '--year', '2025', '--major-id', '1001']
    const physics = await gaokao(...args)
    expect(physics.stdout).toMatch(/青岚理工大学\s+│\s+550\s+│\s+5000\s+│/)
    expect(physics.stdout).toContain('最低分/位次: 宁夏物理类普通类招生')
    const history = await gaokao(...args, '--km', '历史')
    expect(history.stdout).toMatch(/青岚理工大学\s+│\s+530\s+│\s+4200\s+│/)
    expect(history.stdout).toContain('最低分/位次: 宁夏历史类普通类招生')
  })
  it('writes CSV with a BOM and NDJSON one record a line', async () => {
    const csv = await gaokao('seating', 'list', '--province', '江苏', '--km', '历史类', '--format', 'csv')
    expect(csv.stdout.startsWith('\uFEFFscore,num,total\r\n650,2,2\r\n')).toBe(true)
    const plain = await gaokao(
      'seating',
      'list',
      '--province',
      '江苏',
      '--km',
      '历史类',
      '--format',
      'csv',
      '--no-bom',
    )
    expect(plain.stdout.startsWith('score,num,total')).toBe(true)
    const nd = await gaokao('seating', 'list', '--province', '江苏', '--km', '历史类', '--format', 'ndjson')
    const lines = nd.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(6)
    expect(lines[0]).toEqual({ score: '650', num: '2', total: 2 })
  })
  it('says in one line when nothing matches', async () => {
    const run = await gaokao('seating', 'list', '--province', '西藏')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('西藏 暂无一分一段数据\n')
  })
  it('exits 2 with one clear line for bad input', async () => {
    const unknown = await gaokao('seating', 'list', '--province', '火星')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe('错误: 未知省份: 火星\n')
    expect(unknown.stdout).toBe('')
    const year = await gaokao('seating', 'list', '--year', 'abc')
    expect(year.code).toBe(2)
    expect(year.stderr).toBe('错误: 参数 year 无效: 应为四位数年份, 如 2025\n')
    const flag = await gaokao('seating', 'list', '--bogus')
    expect(flag.code).toBe(2)
    expect(flag.stderr).toBe('错误: 未知选项 --bogus (用 --help 查看用法)\n')
    const score = await gaokao('seating', 'rank', '--province', '江苏', '--score', 'abc')
    expect(score.code).toBe(2)
    expect(score.stderr).toMatch(/--score 应为非负整数/)
    const format = await gaokao('seating', 'list', '--format', 'xml')
    expect(format.code).toBe(2)
  })
  it('prints the envelope on stdout for scripts when --json fails', async () => {
    const run = await gaokao('seating', 'list', '--province', '火星', '--json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual({ code: 400, message: '未知省份: 火星', data: {} })
  })
  it('exits 1 when a dataset is missing (our side, not the input)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'gaokao-empty-'))
    const run = await gaokao('seating', 'list', '--province', '江苏', '--datasets', empty)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/数据集 score_ranks 未安装/)
  })
  it('shows help with examples and exits 0', async () => {
    const run = await gaokao('seating', 'list', '--help')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('--province <province>')
    expect(run.stdout).toContain('$ gaokao seating list --province 江苏 --year 2025 --km 物理类')
    // in the tool's language, commander's own words included
    for (const word of [
      '用法: gaokao seating list',
      '选项:',
      '(可选: "table"',
      '默认:',
      '-h, --help',
      '显示帮助',
    ])
      expect(run.stdout).toContain(word)
    for (const word of ['Usage:', 'Options:', 'default:', 'choices:', 'display help'])
      expect(run.stdout).not.toContain(word)
  })
})

describe('registry contract', () => {
  it('every endpoint has a unique route and command, and every example parses and runs', async () => {
    const routes = new Set(ENDPOINTS.map((e) => `${e.http.method} ${e.http.path}`))
    const commands = new Set(ENDPOINTS.map((e) => e.command.join(' ')))
    expect(routes.size).toBe(ENDPOINTS.length)
    expect(commands.size).toBe(ENDPOINTS.length)
    for (const def of ENDPOINTS) {
      expect(def.examples.length, def.name).toBeGreaterThan(0)
      expect(app.hasRoute({ method: def.http.method, url: def.http.path }), def.name).toBe(true)
      for (const example of def.examples) {
        const words = example.split(' ')
        expect(words.slice(1, 1 + def.command.length), example).toEqual([...def.command])
        const run = await gaokao(...words.slice(1))
        expect(run.code, `${example}\n${run.stderr}`).toBe(0)
      }
    }
  })
})

describe('command manifest', () => {
  it('names every endpoint file after its endpoint, so a command can import just its own', async () => {
    for (const def of ENDPOINTS) expect(await loadEndpoint(def.name), def.name).toBe(def)
  })
})

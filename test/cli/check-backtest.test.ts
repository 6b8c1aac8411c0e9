import { beforeAll, describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})
const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
const SMALL = ['--year', '2025', '--province', '湖北', '--samples', '4', '--draws', '200']

describe('gaokao check backtest', () => {
  it('reports the P(滑档) bands, the reliability of single choices and the Brier scores, deterministically', async () => {
    const a = await gaokao('check', 'backtest', ...SMALL, '--json')
    expect(a.code).toBe(0)
    const report = JSON.parse(a.stdout)
    expect(report).toMatchObject({ year: 2025, samples: 4, draws: 200 })
    expect(report.provinces.map((p: { province: string }) => p.province)).toEqual(['湖北'])
    expect(report.pooled.lists).toBeGreaterThan(0)
    // every list falls in exactly one P(滑档) band
    expect(report.bands.reduce((n: number, b: { lists: number }) => n + b.lists, 0)).toBe(report.pooled.lists)
    expect(report.pooled.brier).toBeGreaterThanOrEqual(0)
    expect(report.pooled.brier).toBeLessThanOrEqual(1)
    expect((await gaokao('check', 'backtest', ...SMALL, '--json')).stdout).toBe(a.stdout)

    const table = await gaokao('check', 'backtest', ...SMALL)
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('志愿表检查回测 2025')
    expect(table.stdout).toContain('P(滑档) 区间')
    expect(table.stdout).toMatch(/湖北\s*│\s*\d+/)
  })

  it('leaves `gaokao check <list>` to the check itself', async () => {
    const run = await gaokao(
      'check',
      'backtest.csv',
      '--province',
      '湖北',
      '--rank-year',
      '2025',
      '--rank',
      '9000',
      '--subject',
      '物理',
      '--xuanke',
      '物理,化学,生物',
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/backtest\.csv/)
  })

  it('refuses bad input with one line and exit 2', async () => {
    const bad = await gaokao('check', 'backtest', '--samples', '0')
    expect(bad).toMatchObject({ code: 2, stderr: '错误: --samples 应为 1 到 1000 之间的整数, 收到 0\n' })
    const mars = await gaokao('check', 'backtest', '--province', '火星', '--samples', '2')
    expect(mars.code).toBe(2)
    expect(mars.stderr).toMatch(/火星/)
  })
})

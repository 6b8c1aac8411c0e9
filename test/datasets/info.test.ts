import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DatasetsInfo } from '../../src/datasets/info/info.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'

const ROOT = resolve(import.meta.dirname, '../..')

let dir: string
beforeAll(async () => {
  dir = await csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-info-')),
  })
})

const info = async (...args: string[]) => runGaokao(['datasets', 'info', '--datasets', dir, ...args])

describe('gaokao datasets info', () => {
  it('gives rows, years x provinces coverage and provenance shares per table (--json)', async () => {
    const run = await info('--json')
    expect(run.code).toBe(0)
    const data = JSON.parse(run.stdout) as DatasetsInfo
    const table = (name: string) => data.tables.find((t) => t.table === name)!

    const plans = table('plans')
    expect(plans.rows).toBe(6)
    expect(plans.years).toEqual({ min: 2024, max: 2025 })
    expect(plans.provinces).toBe(3)
    expect(plans.perYear).toEqual([
      { year: 2024, provinces: 1, rows: 1 },
      { year: 2025, provinces: 3, rows: 5 },
    ])
    expect(plans.provenance).toEqual({
      real: { rows: 2, share: 0.3333 },
      derived: { rows: 3, share: 0.5 },
      synthetic: { rows: 1, share: 0.1667 },
    })
    expect(plans.rankDerived).toEqual({ withRank: 5, derived: 4, share: 0.8 })

    const ranks = table('score_ranks')
    expect(ranks.rows).toBe(40)
    expect(ranks.years).toEqual({ min: 2024, max: 2026 })
    expect(ranks.provinces).toBe(4)
    expect(ranks.perYear.map((y) => [y.year, y.provinces, y.rows])).toEqual([
      [2024, 1, 4],
      [2025, 3, 31],
      [2026, 1, 5],
    ])
    expect(ranks.provenance?.real?.share).toBe(1) // every 一分一段 table is a published one
    expect(ranks.sources).toEqual([{ source: 'FIXTURE', rows: 40, share: 1 }])

    expect(table('schools').provenance?.real).toEqual({ rows: 2, share: 0.6667 })
    expect(table('schools').years).toBeNull()
    expect(table('content_items').provinces).toBe(1) // '' (no one province) is not a province
    expect(table('employment').perYear).toEqual([{ year: 2024, provinces: null, rows: 2 }])
    expect(table('provinces').rows).toBe(31)
    expect(data.tables.every((t) => t.present)).toBe(true)
    expect(data.synth).toBeNull()
  })

  it('prints a table per dataset with the shares, then the provinces covered per year', async () => {
    const run = await info()
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/│ plans\s+│\s+6 │ 2024-2025 │\s+3 │\s+33\.3% │\s+50\.0% │\s+16\.7% │/)
    expect(run.stdout).toContain('推算位次 80.0% (有位次 5 行)')
    expect(run.stdout).toContain('每年覆盖的省份数')
    expect(run.stdout).toMatch(/│ score_ranks\s+│\s+1 │\s+3 │\s+1 │/)
    expect(run.stdout).not.toContain('未安装')
  })

  it('lists the tables that are not installed', async () => {
    const partial = await csvDataset({
      csvDir: join(tmpdir(), 'no-such-dir'),
      files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
      out: mkdtempSync(join(tmpdir(), 'gaokao-info-')),
    })
    const run = await runGaokao(['datasets', 'info', '--datasets', partial])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/未安装: schools, majors, plans/)
    const json = JSON.parse(
      (await runGaokao(['datasets', 'info', '--datasets', partial, '--json'])).stdout,
    ) as DatasetsInfo
    expect(json.tables.find((t) => t.table === 'plans')).toMatchObject({ present: false, rows: null })
  })

  it('--table prints the province x year matrix of one table', async () => {
    const run = await info('--table', 'score_ranks')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('score_ranks: 各省各年行数')
    expect(run.stdout).toMatch(/│ 江苏\s+│\s+4 │\s+18 │\s+│\s+22 │/)
    const order = ['北京', '江苏', '广东', '新疆'].map((p) => run.stdout.indexOf(`│ ${p}`))
    expect(order).toEqual([...order].sort((a, b) => a - b)) // PROVINCES order
    const json = JSON.parse((await info('--table', 'score_ranks', '--json')).stdout) as DatasetsInfo
    expect(json.tables).toHaveLength(1)
    expect(json.tables[0]?.matrix?.rows.find((r) => r.province === '广东')?.counts).toEqual([0, 0, 5])
  })

  it('refuses an unknown table or directory with exit 2', async () => {
    expect((await info('--table', 'nope')).code).toBe(2)
    expect(
      (await runGaokao(['datasets', 'info', '--datasets', join(tmpdir(), 'no-such-datasets')])).code,
    ).toBe(2)
  })
})

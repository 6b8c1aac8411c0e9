import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import type { DatasetsInfo } from '../../src/datasets/info/info.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import type { ValidationReport } from '../../src/datasets/validate/index.js'
import { runGaokao } from '../helpers/cli.js'

const ROOT = resolve(import.meta.dirname, '../..')
const synth = (out: string, seed: string) =>
  runGaokao(['datasets', 'synth', '--scale', '0.01', '--out', out, '--seed', seed, '--threads', '2'])
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    synth: { scale: number; seed: number }
    tables: Record<string, { rows: number; sha256: string }>
  }

describe('gaokao datasets synth', () => {
  let dir: string
  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'gaokao-synth-')), 'scale-0.01')
    const run = await synth(dir, '3')
    expect(run.stderr).toMatch(/plans\s+[\d,]+ 行/)
    expect(run.code).toBe(0)
  }, 120_000)

  it('writes every table of schema.ts, every row synthetic, with a manifest', async () => {
    const manifest = manifestOf(dir)
    expect(manifest.synth).toMatchObject({ scale: 0.01, seed: 3 })
    for (const table of Object.keys(SCHEMA)) {
      expect(existsSync(join(dir, `${table}.parquet`)), table).toBe(true)
      expect(manifest.tables[table]?.rows, table).toBeGreaterThan(0)
    }
    const info = JSON.parse(
      (await runGaokao(['datasets', 'info', '--datasets', dir, '--json'])).stdout,
    ) as DatasetsInfo
    for (const t of info.tables) if (t.provenance) expect(t.provenance.synthetic?.share, t.table).toBe(1)
    const ranks = info.tables.find((t) => t.table === 'score_ranks')!
    expect(ranks.perYear.map((y) => [y.year, y.provinces])).toEqual(
      [2019, 2020, 2021, 2022, 2023, 2024, 2025].map((y) => [y, 31]),
    )
    const plans = info.tables.find((t) => t.table === 'plans')!
    expect(plans.rows).toBeGreaterThan(4_000) // about a million per scale unit
    expect(plans.rows).toBeLessThan(20_000)
    expect(plans.rankDerived?.share).toBe(1)
  })

  it('passes validate with no warning: ranks, lines and stats agree with the synthetic 一分一段 tables', async () => {
    const run = await runGaokao(['datasets', 'validate', '--datasets', dir, '--json'])
    const report = JSON.parse(run.stdout) as ValidationReport
    expect(report.results.filter((r) => r.status !== 'ok')).toEqual([])
    expect(report).toMatchObject({ ok: true, errors: 0, warnings: 0 })
    expect(run.code).toBe(0)
  })

  it('is deterministic for a seed (same bytes), and the seed matters', async () => {
    const again = join(mkdtempSync(join(tmpdir(), 'gaokao-synth-')), 'again')
    expect((await synth(again, '3')).code).toBe(0)
    const a = manifestOf(dir).tables
    const b = manifestOf(again).tables
    for (const table of Object.keys(SCHEMA)) expect(b[table]?.sha256, table).toBe(a[table]?.sha256)
    const other = join(mkdtempSync(join(tmpdir(), 'gaokao-synth-')), 'other')
    expect((await synth(other, '4')).code).toBe(0)
    expect(manifestOf(other).tables.plans?.sha256).not.toBe(a.plans?.sha256)
  }, 120_000)

  it('refuses to overwrite datasets it did not make, and bad flags, with exit 2', async () => {
    const real = await csvDataset({
      csvDir: join(ROOT, 'fixtures/datasets/validate'),
      out: mkdtempSync(join(tmpdir(), 'gaokao-synth-real-')),
    })
    const run = await synth(real, '1')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('不是 synth 生成的数据集')
    // nor table files whose manifest.json was lost, nor a file given as --out
    rmSync(join(real, 'manifest.json'))
    const lost = await synth(real, '1')
    expect(lost.code).toBe(2)
    expect(lost.stderr).toContain('中已有表文件')
    expect(lost.stderr).toContain('而没有 manifest.json')
    const file = join(mkdtempSync(join(tmpdir(), 'gaokao-synth-file-')), 'a-file')
    writeFileSync(file, 'x')
    const onFile = await runGaokao(['datasets', 'synth', '--scale', '0.01', '--out', file])
    expect(onFile.code).toBe(2)
    expect(onFile.stderr).toContain('是一个文件, 不是目录')
    for (const args of [
      ['--scale', '0'],
      ['--scale', 'x'],
      ['--seed', '-1'],
      ['--threads', '0'],
    ])
      expect(
        (await runGaokao(['datasets', 'synth', '--out', join(tmpdir(), 'never'), ...args])).code,
        args.join(' '),
      ).toBe(2)
  })
})

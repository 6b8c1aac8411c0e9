import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ValidationReport } from '../../src/datasets/validate/index.js'
import { runGaokao } from '../helpers/cli.js'
import { damageTwoTables, fixtureDataset, RAW } from './damaged-files.js'

/** The files of a datasets directory, as validate sees them: manifest.json, damaged tables, leftovers. */

const fixture = (mutate: string[] = []) => fixtureDataset('gaokao-validate-files-', mutate)

const validate = (dir: string, ...args: string[]) =>
  runGaokao(['datasets', 'validate', '--datasets', dir, ...args])

describe('gaokao datasets validate: the files', () => {
  it('fails (exit 1) when manifest.json cannot be read, instead of skipping every manifest check', async () => {
    const dir = await fixture()
    writeFileSync(join(dir, 'manifest.json'), '{garbage')
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('manifest.json file=manifest.json  [readable] 不是合法的 JSON')
    expect(run.stdout).not.toContain('manifest.json 中没有本表')
    expect(run.stdout).toContain('plans manifest: manifest.json 无法读取')
    const json = JSON.parse((await validate(dir, '--json')).stdout) as ValidationReport
    expect(json.ok).toBe(false)
    expect(json.results.find((r) => r.table === 'manifest.json')).toMatchObject({
      rule: 'readable',
      severity: 'error',
      status: 'failed',
    })
    writeFileSync(join(dir, 'manifest.json'), '[1, 2]')
    expect((await validate(dir)).stdout).toContain('[readable] 格式不对')
  })

  it('fails when a table manifest.json lists is missing on disk', async () => {
    const dir = await fixture()
    rmSync(join(dir, 'employment.parquet'))
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/employment\s+manifest.json 列出本表, 但 employment.parquet 不存在/)
    expect(run.stdout).toContain(
      'employment file=employment.parquet  [manifest] manifest.json 列出本表 (2 行), 但 employment.parquet 不存在',
    )
  })

  it('names a damaged table file in one line, without DuckDB text: cut short, or pages that do not decode', async () => {
    const dir = await fixture()
    damageTwoTables(dir)
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('score_lines score_lines.parquet  [readable] 已损坏或不是 Parquet 文件')
    expect(run.stdout).toMatch(/score_lines\s+score_lines.parquet 已损坏或不是 Parquet 文件/)
    // plans opens (its footer is whole); the first rule that reads a page finds the damage
    expect(run.stdout).toContain('plans plans.parquet  [readable] 已损坏或不是 Parquet 文件')
    expect(run.stdout).not.toContain('无法执行')
    expect(run.stdout).not.toMatch(RAW)
    expect(run.stderr).not.toMatch(RAW)
  })

  it('fails on a directory without any table, or without manifest.json', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'gaokao-validate-empty-'))
    const none = await validate(empty)
    expect(none.code).toBe(1)
    expect(none.stdout).toContain(`datasets dir=${empty}  [tables] 没有任何表文件`)
    expect(none.stdout).not.toContain('结果: 通过')

    const dir = await fixture()
    rmSync(join(dir, 'manifest.json'))
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('manifest.json file=manifest.json  [readable] 不存在')
    const json = JSON.parse((await validate(dir, '--json')).stdout) as ValidationReport
    expect(json).toMatchObject({ ok: false, errors: 1 })
  })

  it('warns about manifest.json.tmp and the .tmp of a table that is not installed', async () => {
    const dir = await fixture()
    writeFileSync(join(dir, 'manifest.json.tmp'), '{')
    rmSync(join(dir, 'employment.parquet'))
    const manifestPath = join(dir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    delete manifest.tables.employment
    writeFileSync(manifestPath, JSON.stringify(manifest))
    writeFileSync(join(dir, 'employment.parquet.tmp'), 'partial')
    const run = await validate(dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('manifest.json file=manifest.json.tmp  [leftovers]')
    expect(run.stdout).toContain('employment file=employment.parquet.tmp  [leftovers]')
    expect(run.stdout).toMatch(/employment\s+未安装/)
  })

  it('refuses an empty --tables with exit 2, naming the known tables', async () => {
    const dir = await fixture()
    for (const value of ['', ' , ']) {
      const run = await validate(dir, '--tables', value)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('已知: provinces, score_ranks')
      expect(run.stdout).not.toContain('通过')
    }
  })
})

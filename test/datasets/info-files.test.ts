import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DatasetsInfo } from '../../src/datasets/info/info.js'
import { datasetsInfo } from '../../src/datasets/info/info.js'
import { infoViews } from '../../src/datasets/info/render.js'
import { runGaokao } from '../helpers/cli.js'
import { corruptColumn, damageTwoTables, fixtureDataset, RAW } from './damaged-files.js'

/** `gaokao datasets info` on a damaged directory, and its source names when piped. */

const fixture = (mutate: string[] = []) => fixtureDataset('gaokao-info-files-', mutate)

const info = (dir: string, ...args: string[]) => runGaokao(['datasets', 'info', '--datasets', dir, ...args])

describe('gaokao datasets info: damaged or missing files', () => {
  it('says a damaged table cannot be read (not "not installed") and exits 1', async () => {
    const dir = await fixture()
    damageTwoTables(dir)
    const run = await info(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('问题: score_lines.parquet 已损坏或不是 Parquet 文件')
    expect(run.stdout).toContain('问题: plans.parquet 已损坏或不是 Parquet 文件')
    expect(run.stdout).not.toContain('未安装')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/^错误: plans.parquet 已损坏或不是 Parquet 文件; score_lines.parquet 已损坏/)
    expect(`${run.stdout}${run.stderr}`).not.toMatch(RAW)

    const json = await info(dir, '--json')
    expect(json.code).toBe(1)
    const data = JSON.parse(json.stdout) as DatasetsInfo
    expect(data.tables.find((t) => t.table === 'score_lines')).toMatchObject({
      present: false,
      problem: 'score_lines.parquet 已损坏或不是 Parquet 文件',
    })
    expect(data.tables.find((t) => t.table === 'plans')).toMatchObject({ present: false, rows: null })
    expect((await info(dir, '--table', 'schools')).code).toBe(0) // another table is fine
  })

  it('exits 1 when manifest.json lists a table whose file is missing, or cannot be read', async () => {
    const dir = await fixture()
    rmSync(join(dir, 'employment.parquet'))
    const run = await info(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('问题: manifest.json 列出本表, 但 employment.parquet 不存在')
    expect(run.stderr).toContain('employment.parquet 不存在')

    const other = await fixture()
    writeFileSync(join(other, 'manifest.json'), '{garbage')
    const bad = await info(other)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('错误: manifest.json 不是合法的 JSON')

    // without manifest.json, as validate (which fails it): nothing to check the files against
    const none = await fixture()
    rmSync(join(none, 'manifest.json'))
    const missing = await info(none)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('错误: manifest.json 不存在')
  })

  it('finds a damaged page that its own figures do not read, by the sha256 manifest.json holds', async () => {
    const dir = await fixture()
    await corruptColumn(join(dir, 'score_ranks.parquet'), 'total')
    const run = await info(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('问题: score_ranks.parquet 已损坏或不是 Parquet 文件')
    expect(run.stderr).toBe(
      '错误: score_ranks.parquet 已损坏或不是 Parquet 文件 (gaokao datasets validate 查看详情)\n',
    )
    expect(`${run.stdout}${run.stderr}`).not.toMatch(RAW)
  })

  it('says when a file’s rows or sha256 differ from manifest.json, and exits 1', async () => {
    const dir = await fixture()
    const path = join(dir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(path, 'utf8'))
    manifest.tables.majors.rows = 99
    manifest.tables.schools.sha256 = '0'.repeat(64)
    writeFileSync(path, JSON.stringify(manifest))
    const run = await info(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('问题: majors.parquet 与 manifest.json 不符 (行数 3, manifest.json 记为 99)')
    expect(run.stdout).toMatch(
      /问题: schools.parquet 与 manifest.json 不符 \(sha256 [0-9a-f]{12}…, manifest.json 记为 0{12}…\)/u,
    )
    const json = JSON.parse((await info(dir, '--json')).stdout) as DatasetsInfo
    expect(json.tables.find((t) => t.table === 'majors')).toMatchObject({ present: true, rows: 3 })
  })

  it('keeps source names whole when piped, and cuts them only to fit a terminal', async () => {
    const long = 'a-source-name-much-longer-than-fourteen-characters'
    const dir = await fixture([`UPDATE plans SET source = '${long}'`])
    const run = await info(dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`${long} 100.0%`)
    expect(run.stdout).not.toContain('…')
    const onTerminal = infoViews(await datasetsInfo(dir), { short: true })[0]
    const plans = onTerminal?.rows.find((r) => r[0] === 'plans')
    expect(String(plans?.[7])).toBe('a-source-name… 100.0%')
  })
})

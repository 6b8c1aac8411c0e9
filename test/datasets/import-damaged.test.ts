import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256File } from '../../src/datasets/parquet.js'
import { runGaokao } from '../helpers/cli.js'
import { corruptPages, fixtureDataset, RAW } from './damaged-files.js'
import { ROOT } from './helpers.js'

/**
 * An import next to a damaged table: a rule that needs the damaged table cannot run, and a check that could
 * not run must not let the import through as if it had passed.
 */

const fixture = () => fixtureDataset('gaokao-import-damaged-')
const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gaokao-in-')), name)
  writeFileSync(path, text)
  return path
}

const cutShort = (path: string) => writeFileSync(path, readFileSync(path).subarray(0, 300))

const PLAN = '院校名称,专业名称,科类,批次,计划数,最低分\n南京大学,法学,物理类,本科批,10,690\n'
const importPlan = (dir: string) =>
  gaokao('import', 'plans', file('p.csv', PLAN), '--province', '江苏', '--year', '2025', '--datasets', dir)

async function unchanged(dir: string, table: string) {
  const before = {
    table: await sha256File(join(dir, `${table}.parquet`)),
    manifest: readFileSync(join(dir, 'manifest.json'), 'utf8'),
  }
  return async () => {
    expect(await sha256File(join(dir, `${table}.parquet`))).toBe(before.table)
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(before.manifest)
  }
}

describe('import when a table a rule needs is damaged', () => {
  it('refuses a plans import while schools.parquet (read by ref:schools) cannot be read', async () => {
    const dir = await fixture()
    cutShort(join(dir, 'schools.parquet'))
    const check = await unchanged(dir, 'plans')
    const run = await importPlan(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).not.toContain('通过 (')
    expect(run.stdout).toContain(
      'schools schools.parquet  [readable] 已损坏或不是 Parquet 文件; 需要它的规则无法执行: plans ref:schools',
    )
    expect(run.stderr).toBe(
      '错误: schools.parquet 已损坏或不是 Parquet 文件: 需要它的校验规则无法执行, 什么都没有替换\n',
    )
    await check()
  })

  it('refuses a score_ranks import while plans.parquet (read by rank_consistency) cannot be read', async () => {
    const dir = await fixture()
    cutShort(join(dir, 'plans.parquet'))
    const check = await unchanged(dir, 'score_ranks')
    const run = await gaokao(
      'import',
      'score_ranks',
      join(ROOT, 'fixtures/import/score_ranks.csv'),
      '--province',
      '江苏',
      '--year',
      '2025',
      '--km',
      '物理',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('plans plans.parquet  [readable] 已损坏或不是 Parquet 文件')
    expect(run.stdout).toContain('plans rank_consistency')
    expect(run.stderr).toContain('错误: plans.parquet 已损坏或不是 Parquet 文件')
    await check()
  })

  it('validate --tables plans fails when a table its rules need is damaged', async () => {
    const dir = await fixture()
    cutShort(join(dir, 'schools.parquet'))
    const run = await gaokao('validate', '--tables', 'plans', '--datasets', dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('schools schools.parquet  [readable] 已损坏或不是 Parquet 文件')
    expect(run.stdout).not.toContain('结果: 通过')
  })

  it('a damaged page in a table the import reads: one line naming the file, no DuckDB text', async () => {
    const dir = await fixture()
    corruptPages(join(dir, 'score_ranks.parquet'))
    const check = await unchanged(dir, 'plans')
    const run = await importPlan(dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^错误: 数据集文件 score_ranks.parquet 已损坏或不是 Parquet 文件/u)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(`${run.stdout}${run.stderr}`).not.toMatch(RAW)
    expect(run.stderr).not.toContain('内部错误')
    await check()
  })
})

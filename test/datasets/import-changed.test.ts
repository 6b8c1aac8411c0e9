import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveTableFile } from '../../src/data/table-files.js'
import { sha256File } from '../../src/datasets/parquet.js'
import { runGaokao } from '../helpers/cli.js'
import { corruptColumn, fixtureDataset } from './damaged-files.js'
import { ROOT } from './helpers.js'

/**
 * An import rewrites a table and its manifest.json entry from the current file: a file changed since the
 * manifest was written (a hand edit, another file put in its place) must stop it, or the new manifest would
 * record the change as if the import had made it.
 */

const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])
const LINES = join(ROOT, 'fixtures/import/score_lines.csv')
const importLines = (dir: string, ...flags: string[]) =>
  gaokao('import', 'score_lines', LINES, '--datasets', dir, ...flags)
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

/** sha256 of every file of the directory, by name: a refused import must leave all of them as they were. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const f of readdirSync(dir).sort()) out[f] = await sha256File(join(dir, f))
  return out
}

/** The fixture dataset with score_lines.parquet replaced by a valid file of another dataset (after `mutate`). */
async function swapped(mutate: string): Promise<string> {
  const dir = await fixtureDataset('gaokao-import-changed-')
  const other = await fixtureDataset('gaokao-import-other-', [mutate])
  copyFileSync(join(other, 'score_lines.parquet'), join(dir, 'score_lines.parquet'))
  return dir
}

const FEWER = "DELETE FROM score_lines WHERE province = '北京'" // 4 rows where the manifest says 5
const EDITED = 'UPDATE score_lines SET score = 999 WHERE id = 4' // same rows, other bytes

describe('import over a table file that differs from manifest.json', () => {
  it('refuses a file swapped for another with different rows: exit 1, one line, every file unchanged', async () => {
    const dir = await swapped(FEWER)
    const before = await snapshot(dir)
    const run = await importLines(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^错误: score_lines\.parquet 与 manifest\.json 不符 \(行数 4, manifest\.json 记为 5; sha256 [0-9a-f]{12}…, manifest\.json 记为 [0-9a-f]{12}…\): .*什么都没有替换/u,
    )
    expect(lines[0]).toContain('gaokao datasets validate')
    expect(lines[0]).toContain('--accept-changed')
    expect(await snapshot(dir)).toEqual(before)

    // --dry-run says the same (the import it rehearses would be refused); --json: the 500 envelope
    const dry = await importLines(dir, '--dry-run', '--json')
    expect(dry.code).toBe(1)
    const body = JSON.parse(dry.stdout)
    expect(body).toMatchObject({ code: 500, data: {} })
    expect(body.message).toContain('score_lines.parquet 与 manifest.json 不符 (行数 4, manifest.json 记为 5;')
    expect(await snapshot(dir)).toEqual(before)
  })

  it('names the sha256 alone when the rows agree (a value edited in place)', async () => {
    const dir = await swapped(EDITED)
    const before = await snapshot(dir)
    const run = await importLines(dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^错误: score_lines\.parquet 与 manifest\.json 不符 \(sha256 [0-9a-f]{12}…, /u)
    expect(run.stderr).not.toContain('行数')
    expect(await snapshot(dir)).toEqual(before)
  })

  it('--accept-changed imports over the changed file and keeps the difference on record', async () => {
    const dir = await swapped(FEWER)
    const run = await importLines(dir, '--accept-changed')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      '说明: score_lines.parquet 与 manifest.json 不符 (行数 4, manifest.json 记为 5;',
    )
    // the swapped file's 4 rows are all 江苏 2025: the file's 7 replace them
    expect(run.stdout).toMatch(/已写入 score_lines 表 \(score_lines\.[0-9a-f]{16}\.parquet\): 4 → 7 行/u)
    const entry = manifestOf(dir).tables.score_lines
    expect(entry.rows).toBe(7)
    expect(entry.sha256).toBe(await sha256File(liveTableFile(dir, 'score_lines')))
    expect(entry.imports).toHaveLength(1)
    expect(entry.imports[0].accepted_change).toMatch(/^score_lines\.parquet 与 manifest\.json 不符 \(行数 4/u)
    // the file now matches its manifest again: a plain import goes through, and the accepted note stays
    const again = await importLines(dir)
    expect(again.code).toBe(0)
    expect(manifestOf(dir).tables.score_lines.imports[0].accepted_change).toBeDefined()
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)
  })

  it('an untouched dataset imports as before, with no note of a change', async () => {
    const dir = await fixtureDataset('gaokao-import-same-')
    const run = await importLines(dir)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('manifest.json 不符')
    expect(run.stdout).toMatch(/已写入 score_lines 表 \(score_lines\.[0-9a-f]{16}\.parquet\): 5 → 8 行/u)
    expect(manifestOf(dir).tables.score_lines.imports[0]).not.toHaveProperty('accepted_change')
  })

  it('a table not installed (no file, no manifest entry) imports as before', async () => {
    const dir = await fixtureDataset('gaokao-import-new-')
    rmSync(join(dir, 'score_lines.parquet'))
    const manifest = manifestOf(dir)
    delete manifest.tables.score_lines
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
    const run = await importLines(dir)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(manifestOf(dir).tables.score_lines.rows).toBe(7)
  })

  it('refuses when manifest.json lists the table and its file is missing (the import would rebuild it from one file)', async () => {
    const dir = await fixtureDataset('gaokao-import-gone-')
    rmSync(join(dir, 'score_lines.parquet'))
    const before = await snapshot(dir)
    const run = await importLines(dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^错误: score_lines\.parquet 不存在, 但 manifest\.json 记为 5 行: /u)
    expect(await snapshot(dir)).toEqual(before)
  })

  it('a changed file whose pages no longer decode is damage, named in one line even with --accept-changed', async () => {
    const dir = await fixtureDataset('gaokao-import-broken-')
    await corruptColumn(join(dir, 'score_lines.parquet'), 'score')
    const before = await snapshot(dir)
    for (const flags of [[], ['--accept-changed']]) {
      const run = await importLines(dir, ...flags)
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(
        /^错误: 数据集文件 score_lines\.parquet 已损坏或不是 Parquet 文件.*什么都没有替换/u,
      )
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
    }
    expect(await snapshot(dir)).toEqual(before)
  })
})

describe('import over a manifest.json of the wrong shape', () => {
  it('stops with one line, as validate and info read it, whether it is null or lists tables as an array', async () => {
    for (const text of ['null', '{"tables": []}']) {
      const dir = await fixtureDataset('gaokao-import-manifest-')
      writeFileSync(join(dir, 'manifest.json'), text)
      const before = await snapshot(dir)
      const run = await importLines(dir)
      expect(run.code, text).toBe(1)
      expect(run.stderr, text).toMatch(/^错误: manifest\.json 格式不对: .*先修复它\n$/u)
      expect(await snapshot(dir)).toEqual(before)
    }
  })
})

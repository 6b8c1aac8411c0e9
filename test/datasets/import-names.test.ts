import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { closestName } from '../../src/datasets/import/names.js'
import { sha256File } from '../../src/datasets/parquet.js'
import { runGaokao } from '../helpers/cli.js'
import { fixtureDataset } from './damaged-files.js'

/** Category and batch names of an imported file: a typo is refused, not made a category of its own. */

const fixture = () => fixtureDataset('gaokao-import-names-')
const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gaokao-in-')), name)
  writeFileSync(path, text)
  return path
}

const RANKS = '分数,人数,累计人数\n700,5,5\n699,10,15\n'
const importRanks = (dir: string, ...more: string[]) =>
  gaokao(
    'import',
    'score_ranks',
    file('r.csv', RANKS),
    '--province',
    '江苏',
    '--year',
    '2025',
    ...more,
    '--datasets',
    dir,
  )

describe('import: category and batch names', () => {
  it('refuses an unknown --km for a 一分一段 table, naming it, the closest name and the year’s categories', async () => {
    const dir = await fixture()
    const sha = await sha256File(join(dir, 'score_ranks.parquet'))
    const typo = await importRanks(dir, '--km', '物里')
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(
      /^错误: --km 物里: 科类 '物里' 不是已知的科类 \(最接近的是 物理类\); 江苏 2025 年的普通科类: 物理类 历史类 及数据中已有的 \d+ 个其他科类; 确是数据中还没有的新科类请加 --allow-new 物里\n$/u,
    )
    const junk = await importRanks(dir, '--km', 'abc')
    expect(junk.code).toBe(2)
    expect(junk.stderr).toContain("科类 'abc' 不是已知的科类; 江苏 2025 年的普通科类: 物理类 历史类")
    expect(await sha256File(join(dir, 'score_ranks.parquet'))).toBe(sha)
  })

  it('takes an art category the datasets hold, and a new one only when --allow-new names it', async () => {
    const dir = await fixture()
    expect((await importRanks(dir, '--km', '体育类', '--dry-run')).code).toBe(0) // in score_lines
    expect((await importRanks(dir, '--km', '戏曲类', '--dry-run')).code).toBe(2)
    expect((await importRanks(dir, '--km', '戏曲类', '--allow-new', '戏曲类', '--dry-run')).code).toBe(0)
  })

  it('refuses an unknown --level (专料 became a table of its own), takes the ordinary table and a known level', async () => {
    const dir = await fixture()
    const typo = await importRanks(dir, '--km', '物理', '--level', '专料')
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(
      /^错误: --level 专料: 分表 '专料' 不是已知的分表.*; 已知: \(普通表: 不加 --level\)/u,
    )
    expect((await importRanks(dir, '--km', '物理', '--dry-run')).code).toBe(0)
    expect(
      (await importRanks(dir, '--km', '物理', '--level', '专料', '--allow-new', '专料', '--dry-run')).code,
    ).toBe(0)
  })

  it('refuses a plans category or batch typo, naming the file line and the closest name', async () => {
    const dir = await fixture()
    const head = '院校名称,专业名称,科类,批次,计划数,最低分\n南京大学,法学,综合,本科批,10,690\n'
    const args = ['--province', '北京', '--year', '2025', '--datasets', dir]
    const km = await gaokao(
      'import',
      'plans',
      file('p.csv', `${head}南京大学,哲学,综和,本科批,10,690\n`),
      ...args,
    )
    expect(km.code).toBe(2)
    expect(km.stderr).toMatch(
      /^错误: p.csv 第 3 行: 科类 '综和' 不是已知的科类 \(最接近的是 综合\); 北京 2025 年的普通科类: 综合/u,
    )
    const batch = await gaokao(
      'import',
      'plans',
      file('b.csv', `${head}南京大学,哲学,综合,本科北,10,690\n`),
      ...args,
    )
    expect(batch.code).toBe(2)
    expect(batch.stderr).toBe(
      "错误: b.csv 第 3 行: 批次 '本科北' 不是已知的批次 (最接近的是 本科批); 已知: 本科批 本科提前批 专科批 专科提前批 国家专项 地方专项 高校专项 强基计划; 确是数据中还没有的新批次请加 --allow-new 本科北\n",
    )
  })

  it('refuses a control line of an unknown category or without a batch', async () => {
    const dir = await fixture()
    const type = await gaokao(
      'import',
      'score_lines',
      file('l.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物埋,本科批,462\n'),
      '--datasets',
      dir,
    )
    expect(type.code).toBe(2)
    expect(type.stderr).toContain("l.csv 第 2 行: 科类 '物埋' 不是已知的科类 (最接近的是 物理类)")
    const empty = await gaokao(
      'import',
      'score_lines',
      file('e.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n2025,江苏,物理,,300\n'),
      '--datasets',
      dir,
    )
    expect(empty.code).toBe(2)
    expect(empty.stderr).toBe('错误: e.csv 第 3 行: 批次为空\n')
    // a province that is none, in the file as with --province: named with its line, whatever the category says
    for (const km of ['物理类', '物理']) {
      const mars = await gaokao(
        'import',
        'score_lines',
        file('m.csv', `年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n2025,火星,${km},本科批,300\n`),
        '--datasets',
        dir,
      )
      expect(mars.code, km).toBe(2)
      expect(mars.stderr, km).toBe('错误: m.csv 第 3 行: 未知省份 火星\n')
    }
  })

  it('closestName: a near name, or none when nothing is near', () => {
    expect(closestName('物埋', ['物理类', '历史类'])).toBe('物理类')
    expect(closestName('本科北', ['本科批', '专科批'])).toBe('本科批')
    expect(closestName('abc', ['物理类', '历史类'])).toBeUndefined()
  })
})

describe('import: messages name the file and what is wrong', () => {
  it('a value that cannot be read names the file and the line', async () => {
    const dir = await fixture()
    const run = await gaokao(
      'import',
      'score_ranks',
      file('bad.csv', '分数,人数,累计人数\n700,5,5\n699,abc,15\n'),
      '--province',
      '江苏',
      '--year',
      '2025',
      '--km',
      '物理类',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("错误: bad.csv 第 3 行 第 2 列 (人数): 'abc' 不是整数\n")
  })

  it("--km '' is empty, not a category of the wrong exam mode", async () => {
    const dir = await fixture()
    const run = await importRanks(dir, '--km', '')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: --km 为空; 江苏 2025 年的普通科类: 物理类 历史类, 或艺术 / 体育类别\n')
    expect(run.stderr).not.toContain('3+3')
  })
})

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveTableFile } from '../../src/data/table-files.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { runGaokao } from '../helpers/cli.js'
import { fixtureDataset } from './damaged-files.js'

/** The columns of an imported file: those no column takes are named, a published rank is kept. */

const fixture = () => fixtureDataset('gaokao-import-columns-')
const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])
type Row = Record<string, unknown>
const rows = (dir: string, table: string): Promise<Row[]> => readParquet(liveTableFile(dir, table))

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gaokao-in-')), name)
  writeFileSync(path, text)
  return path
}

describe('import: columns the file has and the table does not', () => {
  it('keeps a published rank under 录取最低位次 (rank_derived false) and names the ignored 备注 column', async () => {
    const dir = await fixture()
    const path = file(
      'p.csv',
      '院校名称,专业名称,科类,批次,计划数,最低分,录取最低位次,备注\n南京大学,法学,物理类,本科批,40,690,300,中外合作\n',
    )
    const args = ['import', 'plans', path, '--province', '江苏', '--year', '2025', '--datasets', dir]
    const dry = await gaokao(...args, '--dry-run', '--json')
    expect(dry.code).toBe(0)
    expect(JSON.parse(dry.stdout).ignoredColumns).toEqual(['备注'])
    const run = await gaokao(...args, '--replace')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      '警告: 文件中 1 列不是 plans 的列, 未导入: 备注 (可识别的表头见 src/datasets/import/README.md)\n',
    )
    const imported = (await rows(dir, 'plans')).filter((r) => r.province === '江苏' && r.year === 2025)
    expect(imported).toHaveLength(1)
    expect(imported[0]).toMatchObject({ spname: '法学', min: 690, min_section: 300, rank_derived: false })
  })

  it('names a misspelt column of volunteer_rules instead of importing its values as null in silence', async () => {
    const dir = await fixture()
    const path = file(
      'v.csv',
      'province,year,batch_name,local_batch_name,subjects_type,score_max,volunteer_type,volunteer_num_max,major_num_max,volunter_note\n' +
        '江苏,2025,本科批,本科批,2,750,2,40,6,先看选科\n',
    )
    const run = await gaokao('import', 'volunteer_rules', path, '--datasets', dir)
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('未导入: volunter_note')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('says nothing when every column is taken', async () => {
    const dir = await fixture()
    const path = file('s.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n')
    const run = await gaokao('import', 'score_lines', path, '--datasets', dir, '--replace')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
  })
})

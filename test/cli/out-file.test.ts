import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })
const scratch = () => mkdtempSync(join(tmpdir(), 'gaokao-out-'))
/** The first sheet's rows */
const firstSheet = async (file: string) => ((await readXlsxFile(file))[0]?.data ?? []) as unknown[][]

describe('--out on every endpoint command: take the answer away as a file', () => {
  it('writes the tables the terminal shows as .xlsx: title, Chinese heads, the same rows, the footer', async () => {
    const file = join(scratch(), '一分一段.xlsx')
    const args = ['seating', 'list', '--province', '江苏', '--year', '2025', '--km', '物理类']
    const run = await gaokao(...args, '--out', file)
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(`已写入 ${file}\n`)
    const rows = await firstSheet(file)
    expect(rows[0]?.[0]).toMatch(/^江苏 2025 物理类 一分一段表/u)
    expect(rows[1]).toEqual(['分数', '人数', '累计人数(位次)'])
    // every row of the table, numbers as numbers
    const csv = await gaokao(...args, '--format', 'csv', '--no-bom')
    const records = csv.stdout.trim().split('\r\n').slice(1)
    const body = rows.slice(2).filter((r) => typeof r[1] === 'number')
    expect(body).toHaveLength(records.length)
    expect(typeof body[0]?.[2]).toBe('number')
  })
  it('writes .csv and .json as --format csv and --json print them', async () => {
    const at = scratch()
    const args = ['scores', '--province', '江苏', '--year', '2025']
    expect((await gaokao(...args, '--out', join(at, 'a.csv'))).code).toBe(0)
    expect(readFileSync(join(at, 'a.csv'), 'utf8')).toBe((await gaokao(...args, '--format', 'csv')).stdout)
    expect((await gaokao(...args, '--out', join(at, 'a.json'))).code).toBe(0)
    expect(JSON.parse(readFileSync(join(at, 'a.json'), 'utf8'))).toEqual(
      JSON.parse((await gaokao(...args, '--json')).stdout),
    )
  })
  it('says an empty answer in the file, and refuses a kind it cannot write before any work', async () => {
    const file = join(scratch(), 'none.xlsx')
    const run = await gaokao(
      'scores',
      '--province',
      '江苏',
      '--year',
      '2025',
      '--keyword',
      '没有这个专业',
      '--out',
      file,
    )
    expect(run.code).toBe(0)
    const rows = await firstSheet(file)
    expect(rows.flat().some((c) => typeof c === 'string' && /没有/u.test(c))).toBe(true)
    const bad = await gaokao('scores', '--province', '江苏', '--out', join(scratch(), 'a.pdf'))
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(/^错误: --out .*不支持的文件类型 "\.pdf"/u),
    ])
  })
})

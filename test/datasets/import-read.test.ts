import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { liveTableFile } from '../../src/data/table-files.js'
import { carriesNoData, convertCell } from '../../src/datasets/import/layouts.js'
import {
  guessDelimiter,
  IMPORT_MAX_BYTES,
  parseDelimited,
  readSheetRows,
  XLSX_MAX_BYTES,
} from '../../src/datasets/import/read.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'

const ROOT = resolve(import.meta.dirname, '../..')
const SAMPLES = join(ROOT, 'fixtures/import')
/**
 * Two sheets, 2025物理 (title on row 1, header on row 2, three rows, then `合计,156,`) and 2025历史 (row 1
 * empty, title on row 2, header on row 3, three rows).
 */
const SHEETS = join(SAMPLES, 'score_ranks-sheets.xlsx')
const tmp = mkdtempSync(join(tmpdir(), 'gaokao-import-read-'))
const write = (name: string, content: string | Buffer) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}
const dataset = () =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-import-read-ds-')),
  })
const rank = ['--province', '江苏', '--year', '2025', '--km', '物理']
const importRanks = async (file: string, ...more: string[]) =>
  runGaokao(['datasets', 'import', 'score_ranks', file, ...rank, ...more, '--datasets', await dataset()])
/** An exit-2 failure: one Chinese line on stderr, no library text. */
const expectOneLineError = (run: { code: number; stderr: string }, message: string) => {
  expect(run.code).toBe(2)
  expect(run.stderr).toMatch(/^错误: [^\n]+\n$/)
  expect(run.stderr).toContain(message)
  expect(run.stderr).not.toMatch(/Cannot read|Sheet not found|relationId|TypeError/)
}

describe('reading CSV: the delimiter', () => {
  it('is guessed from the lines that agree, not from a title line on line 1', () => {
    expect(guessDelimiter('江苏省2025年一分一段表\n分数,人数,累计\n700,1,1\n699,2,3\n')).toBe(',')
    expect(guessDelimiter('标题,,\n分数;人数;累计\n700;1;1\n699;2;3\n')).toBe(';')
    // a tab file whose cells hold commas: tabs are on every line
    expect(guessDelimiter('院校\t选科\t计划\n南大\t首选物理,再选化学\t3\n东大\t不限\t4\n')).toBe('\t')
    // commas inside quotes do not count
    expect(guessDelimiter('"a,b,c"\tx\n"d,e,f"\ty\n')).toBe('\t')
    expect(guessDelimiter('分数\n700\n')).toBe(',')
  })

  it('a 一分一段 CSV whose title line has no padding commas imports (defect 9)', async () => {
    const text = readFileSync(join(SAMPLES, 'score_ranks.csv'), 'utf8')
    const [title, ...rest] = text.split('\n')
    expect(title).toMatch(/,,$/)
    const file = write('no-padding.csv', [(title as string).replace(/,+$/, ''), ...rest].join('\n'))
    expect(parseDelimited(readFileSync(file, 'utf8'))[1]).toEqual(['分数', '本段人数', '累计人数'])
    const run = await importRanks(file, '--dry-run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('导入 96 行')
  })
})

describe('summary rows (合计 / 总计 / 小计) are skipped (defect 8)', () => {
  it('carriesNoData takes a summary cell, spaced or with a colon, as no data', () => {
    expect(carriesNoData(['合计', '26159', ''])).toBe(true)
    expect(carriesNoData(['总 计：', '1'])).toBe(true)
    expect(carriesNoData(['', '', '小计', '5'])).toBe(true)
    expect(carriesNoData(['合计人数', '5'])).toBe(false)
    expect(carriesNoData(['700', '5'])).toBe(false)
  })

  it('a 合计 row with counts under a 一分一段 CSV is skipped, the rows above import', async () => {
    const text = readFileSync(join(SAMPLES, 'score_ranks.csv'), 'utf8').trimEnd()
    const run = await importRanks(write('total.csv', `${text}\n合计,26159,\n`), '--dry-run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('导入 96 行')
  })
})

describe('是否启用 / is_use reads 是/否 as 1/0 (defect 7)', () => {
  const isUse = SCHEMA.score_lines.find((c) => c.name === 'is_use')
  if (!isUse) throw new Error('score_lines.is_use is gone from schema.ts')

  it('convertCell', () => {
    for (const [cell, want] of [
      ['是', 1],
      ['否', 0],
      ['1', 1],
      ['0', 0],
      ['TRUE', 1],
      ['false', 0],
      ['Y', 1],
      ['n', 0],
    ] as const)
      expect(convertCell(cell, isUse, 2), cell).toBe(want)
    expect(() => convertCell('也许', isUse, 7, 6)).toThrow(
      "第 7 行 第 6 列 (is_use): '也许' 不是 是/否 (或 1/0)",
    )
    expect(() => convertCell('也许', isUse, 7)).toThrow("第 7 行 (is_use): '也许' 不是 是/否 (或 1/0)")
  })

  it('a control-line table with a 是否启用 column imports', async () => {
    const dir = await dataset()
    const file = write(
      'is-use.csv',
      '年份,省份,科类,批次,分数线,是否启用\n2025,江苏,物理,本科批,462,是\n2025,江苏,历史,本科批,477,否\n',
    )
    const run = await runGaokao(['datasets', 'import', 'score_lines', file, '--datasets', dir, '--replace'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = (await readParquet(liveTableFile(dir, 'score_lines'))).filter(
      (r) => r.province === '江苏' && r.year === 2025,
    )
    expect(lines.map((r) => [r.type_name, r.is_use])).toEqual([
      ['物理类', 1],
      ['历史类', 0],
    ])
  })
})

describe('reading XLSX: --sheet (defect 11c)', () => {
  it('picks a sheet by name or by number from 1; rows keep the sheet row numbers', async () => {
    const first = await readSheetRows(SHEETS)
    expect(first[1]).toEqual(['分数', '本段人数', '累计人数'])
    const byName = await readSheetRows(SHEETS, { sheet: '2025历史' })
    expect(await readSheetRows(SHEETS, { sheet: '2' })).toEqual(byName)
    expect(byName[0]).toEqual(['', '', '']) // row 1 is empty: rows[n - 1] is Excel's row n
    expect(byName[3]).toEqual(['660以上', '20', '20'])
  })

  it('imports the sheet asked for, a 合计 row at its foot skipped', async () => {
    const run = await importRanks(SHEETS, '--sheet', '1', '--dry-run')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('导入 3 行')
  })

  it('0, a number past the last sheet or an unknown name: one line listing the sheets', async () => {
    const have = '本文件的工作表: 2025物理, 2025历史'
    expectOneLineError(
      await importRanks(SHEETS, '--sheet', '0'),
      `没有第 0 个工作表 (序号从 1 起, 共 2 个); ${have}`,
    )
    expectOneLineError(
      await importRanks(SHEETS, '--sheet', '3'),
      `没有第 3 个工作表 (序号从 1 起, 共 2 个); ${have}`,
    )
    const byName = await importRanks(SHEETS, '--sheet', '2025化学')
    expectOneLineError(byName, `工作表 "2025化学" 不存在; ${have}`)
    expect(byName.stderr).not.toContain('不是可读的')
  })

  it('a file that is not a workbook: 不是可读的 .xlsx, in Chinese', async () => {
    expectOneLineError(
      await importRanks(write('bad.xlsx', 'not a zip')),
      '不是可读的 .xlsx (不是 xlsx 工作簿, 或文件已损坏)',
    )
  })
})

describe('text files that cannot be read say why', () => {
  it('--sheet with a CSV is an error, not ignored', async () => {
    expectOneLineError(
      await importRanks(join(SAMPLES, 'score_ranks.csv'), '--sheet', '2'),
      '--sheet 只用于 .xlsx 工作簿',
    )
  })

  it('a pipe, a device or a file over the limit is refused before it is read (they blocked or took GBs)', async () => {
    const fifo = join(tmp, 'pipe.csv')
    execFileSync('mkfifo', [fifo])
    await expect(readSheetRows(fifo)).rejects.toThrow(/不是普通文件/u)
    const device = join(tmp, 'zero.csv')
    symlinkSync('/dev/zero', device)
    await expect(readSheetRows(device)).rejects.toThrow(/不是普通文件/u)
    const big = write('big.csv', 'score,num,total\n')
    truncateSync(big, IMPORT_MAX_BYTES + 1) // sparse: no disk used
    await expect(readSheetRows(big)).rejects.toThrow(/文件太大 \(1024 MB\); 一次最多导入 1024 MB/u)
    // a workbook is read whole: its limit is lower, and the message says why and what to do
    const book = write('big.xlsx', '')
    truncateSync(book, XLSX_MAX_BYTES + 1)
    await expect(readSheetRows(book)).rejects.toThrow(
      /文件太大 \(64 MB\); \.xlsx 工作簿要整个读入内存, 一次最多导入 64 MB: 请另存为 \.csv/u,
    )
    // one line naming the file, not the system's ENOENT
    await expect(readSheetRows(join(tmp, 'missing.csv'))).rejects.toThrow(
      `找不到文件 ${join(tmp, 'missing.csv')}`,
    )
  })

  it('an empty file, or one with only empty cells', async () => {
    expectOneLineError(await importRanks(write('empty.csv', '')), '文件是空的')
    expectOneLineError(await importRanks(write('blank.csv', ',,\n\n,,\n')), '文件中没有任何文字')
  })

  it('bytes in no accepted encoding (binary, UTF-16 without BOM)', async () => {
    const message = '无法识别文件的编码; 支持 UTF-8, GB18030 (GBK) 和带 BOM 的 UTF-16'
    expectOneLineError(
      await importRanks(write('binary.csv', Buffer.from([0xff, 0xfd, 0x81, 0x20, 0x00]))),
      message,
    )
    expectOneLineError(
      await importRanks(write('utf16.csv', Buffer.from('分数,人数\n700,1\n', 'utf16le'))),
      message,
    )
  })

  it('an unclosed quote names the line it starts on', async () => {
    expectOneLineError(
      await importRanks(write('quote.csv', '分数,人数\n700,1\n699,"2\n698,3\n')),
      '第 3 行起有未闭合的引号',
    )
  })
})

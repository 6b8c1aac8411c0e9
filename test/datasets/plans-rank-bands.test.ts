import { describe, expect, it } from 'vitest'
import type { MajorRow } from '../../src/datasets/majors/match.js'
import { planPlans } from '../../src/datasets/plans/build.js'
import { RANK_BAND_TOLERANCE, rankBandsLine, rankFitsBand } from '../../src/datasets/plans/rank-bands.js'
import { RankTable, type RankTableSlice } from '../../src/datasets/plans/ranks.js'
import type { PlanRecord, PlanSourceId } from '../../src/datasets/plans/types.js'
import type { RankRow } from '../../src/datasets/types.js'
import { schoolRow } from './helpers.js'

/**
 * Ranks agree with their own 一分一段 tables (src/datasets/plans/rank-bands.ts; src/datasets/plans/README.md,
 * "Ranks").
 */

const row = (scoreLow: number, scoreHigh: number, num: number, total: number): RankRow => ({
  scoreLow,
  scoreHigh,
  num,
  total,
})

// 河南 2025 历史类 as the issue quotes it: 600 is 5930-6178; 591-597 is a gap; the table stops at 400
const HISTORY = [
  row(601, 750, 5929, 5929),
  row(600, 600, 249, 6178),
  row(599, 599, 250, 6428),
  row(598, 598, 252, 6680),
  row(590, 590, 300, 6980),
  row(400, 589, 40000, 46980),
]
// 物理类's 600 is 45887: the rank the issue found on a 历史类 row
const PHYSICS = [row(601, 750, 45500, 45500), row(600, 600, 387, 45887), row(300, 599, 300000, 345887)]
// 广西 2025 物理类: the ordinary table and the 区外 one (scores without the regional bonus)
const GX = [
  row(503, 750, 1000, 1000),
  row(502, 502, 100, 1100),
  row(501, 501, 100, 1200),
  row(500, 500, 100, 1300),
  row(499, 499, 100, 1400),
  row(498, 498, 100, 1500),
  row(300, 497, 10000, 11500),
]
const GX_OUT = GX.map((r) => ({ ...r, num: r.num / 2, total: r.total / 2 }))

const slices: RankTableSlice[] = [
  { province: '河南', year: 2025, km: '历史类', level: '', rows: HISTORY },
  { province: '河南', year: 2025, km: '物理类', level: '', rows: PHYSICS },
  { province: '广西', year: 2025, km: '物理类', level: '', rows: GX },
  { province: '广西', year: 2025, km: '物理类', level: '区外', rows: GX_OUT },
]

const school = (sid: number, name: string, province: string) => schoolRow({ sid, name, province })
const schools = [school(1, '郑州大学', '河南'), school(2, '北京大学', '北京'), school(3, '广西大学', '广西')]
const majors: MajorRow[] = []

const TIER: Record<string, PlanRecord['tier']> = { LG: 0, GA: 1, SH: 1, IM: 2, GP: 4, LB: 5 }
const rec = (over: Partial<PlanRecord> & { sgCode: string; min: number | null }): PlanRecord => ({
  source: 'LG',
  sourceFile: 'f',
  tier: TIER[over.source ?? 'LG'] ?? 0,
  province: '河南',
  year: 2025,
  subjectType: '历史类',
  batchName: '本科批',
  localBatchName: '本科批',
  planType: '普通',
  level: '本科',
  schoolName: '郑州大学',
  schoolCode: null,
  spname: '',
  spcode: null,
  sgInfos: null,
  num: null,
  tuition: null,
  length: null,
  minSection: null,
  rankDerived: false,
  rankBlocked: false,
  average: null,
  max: null,
  outcomeLevel: 'group',
  ...over,
})

function build(records: PlanRecord[]) {
  const res = planPlans(
    { records, dropped: [], files: [], firstClass: { file: null, pairs: [] } },
    { schools, majors, rankSlices: slices },
  )
  expect(res.violations).toEqual([])
  const by = (province: string, school: string, group: string) => {
    const r = res.rows.find(
      (x) => x.province === province && x.school_name === school && x.sg_name === `专业组（${group}）`,
    )
    if (!r) throw new Error(`no row ${province} ${school} ${group}`)
    return { min: r.min, rank: r.min_section, derived: r.rank_derived, source: r.source }
  }
  return { res, by }
}

describe('the ranks a table gives a score (RankTable.bandOf) and the tolerance', () => {
  const t = new RankTable(HISTORY)
  it('gives a row its candidates, a gap the row above’s total, the top and the bottom open bands', () => {
    expect(t.bandOf(600)).toEqual({ lo: 5930, hi: 6178 })
    expect(t.bandOf(650)).toEqual({ lo: 1, hi: 5929 }) // inside the band 601-750
    expect(t.bandOf(595)).toEqual({ lo: 6680, hi: 6680 }) // nobody had 595: rankOf's rule
    expect(t.bandOf(760)).toEqual({ lo: 1, hi: 5929 }) // above the top row ("X 及以上")
    expect(t.bandOf(380)).toEqual({ lo: 6981, hi: Number.POSITIVE_INFINITY }) // below the last row
  })

  it('accepts the ranks of the scores one point either side, not two', () => {
    expect(RANK_BAND_TOLERANCE).toBe(1)
    expect(rankFitsBand(t, 600, 6000)).toBe(true)
    expect(rankFitsBand(t, 600, 6428)).toBe(true) // 599's last candidate
    expect(rankFitsBand(t, 600, 5700)).toBe(true) // inside 601-750
    expect(rankFitsBand(t, 600, 6429)).toBe(false) // 598's
    expect(rankFitsBand(t, 599, 6680)).toBe(true)
    expect(rankFitsBand(t, 600, 45887)).toBe(false) // 物理类's rank of 600
    expect(rankFitsBand(t, 380, 100)).toBe(false) // below the table, a rank inside it
    expect(rankFitsBand(t, 380, 50000)).toBe(true) // below the table, a rank after it
  })
})

describe('planPlans: every rank agrees with its own table', () => {
  it('fixes a rank of another category from the row’s own table, keeps one within the tolerance, clears one the table cannot give', () => {
    const { res, by } = build([
      rec({ sgCode: '01', min: 600, minSection: 45887 }), // 物理类's rank on a 历史类 row
      rec({ sgCode: '02', min: 600, minSection: 6000 }), // in 600's band
      rec({ sgCode: '03', min: 600, minSection: 6400 }), // 599's: a tie / 1-point 加分 away
      rec({ sgCode: '04', min: 600, minSection: 6700 }), // 598's: two points away
      rec({ sgCode: '05', min: 595, minSection: 6680, rankDerived: true }), // a gap: the row above's total
      rec({ sgCode: '06', source: 'GP', min: 380, minSection: 100 }), // below the table, a rank inside it
      rec({ sgCode: '07', min: 380, minSection: 50000 }), // below the table, after it: consistent
      // LG has the score only (its rank is derived), GP publishes a wrong rank on the same score: GP's replaces
      // the derived one in the merge, and the check puts it back, counted under GP
      rec({ sgCode: '08', min: 600, minSection: null }),
      rec({ sgCode: '08', source: 'GP', min: 600, minSection: 6800 }),
      // art scores are composites: not checked
      rec({ sgCode: '09', subjectType: '美术类', min: 600, minSection: 45887 }),
    ])
    expect(by('河南', '郑州大学', '01')).toEqual({ min: 600, rank: 6178, derived: true, source: 'LG' })
    expect(by('河南', '郑州大学', '02')).toMatchObject({ rank: 6000, derived: false })
    expect(by('河南', '郑州大学', '03')).toMatchObject({ rank: 6400, derived: false })
    expect(by('河南', '郑州大学', '04')).toMatchObject({ rank: 6178, derived: true })
    expect(by('河南', '郑州大学', '05')).toMatchObject({ rank: 6680, derived: true })
    expect(by('河南', '郑州大学', '06')).toEqual({ min: 380, rank: null, derived: false, source: 'GP' })
    expect(by('河南', '郑州大学', '07')).toMatchObject({ rank: 50000, derived: false })
    expect(by('河南', '郑州大学', '08')).toEqual({ min: 600, rank: 6178, derived: true, source: 'LG+GP' })
    expect(by('河南', '郑州大学', '09')).toMatchObject({ rank: 45887 })
    expect(res.rankBands).toEqual({ tolerance: 1, fixed: { LG: 2, GP: 1 }, cleared: { GP: 1 } })
    expect(rankBandsLine(res.rankBands)).toBe(
      'plans ranks outside their own 一分一段 band (±1 分): fixed from the table 3 (LG 2, GP 1), cleared 1 (GP 1)',
    )
  })

  it('lets a school outside the province fit the 区外 table, and fixes it from that table', () => {
    const gx = (schoolName: string, sgCode: string, minSection: number, source: PlanSourceId = 'LG') =>
      rec({ province: '广西', subjectType: '物理类', schoolName, sgCode, min: 500, minSection, source })
    const { res, by } = build([
      gx('北京大学', '01', 640), // 区外's 500 is 601-650
      gx('广西大学', '01', 640), // the ordinary table's 500 is 1201-1300: 640 is 5 points away
      gx('北京大学', '02', 5000), // fits neither: fixed from the 区外 table
    ])
    expect(by('广西', '北京大学', '01')).toMatchObject({ rank: 640, derived: false })
    expect(by('广西', '广西大学', '01')).toMatchObject({ rank: 1300, derived: true })
    expect(by('广西', '北京大学', '02')).toMatchObject({ rank: 650, derived: true })
    expect(res.rankBands.fixed).toEqual({ LG: 2 })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import type { SmartMatchData, ZybItem } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { smartMatchRecords } from '../../../src/features/smart-match/table.js'
import { compositionText } from '../../../src/features/smart-match/workbook.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { HUBEI_REQUEST, itemsOf, workbookOf } from '../../helpers/smart-match.js'

/**
 * Where the rank year's plan does not name a school, smart-match carries its offer from an earlier plan
 * (plan_carried, candidate.earlier_plan_year): the 志愿表 (workbook.ts) and the CSV (table.ts) must say that the
 * item's majors are that earlier plan's, not the plan year's. The fixtures' 湖北 2025 list has no carried item:
 * its answer is marked carried from 2024 here, as the shipped 湖北 2026 list is all carried from 2025.
 */

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

/** The fixture's list, its items carried from 2024 where `carried(i)` says so */
async function listCarried(carried: (i: number) => boolean): Promise<SmartMatchData> {
  const res = await call(smartMatch, HUBEI_REQUEST, ctx)
  expect(res.code).toBe(200)
  const data = structuredClone(res.data) as SmartMatchData
  const items = itemsOf(data)
  expect(items.length).toBeGreaterThan(3)
  expect(items.every((item) => item.composition === 'plan' && !item.plan_carried)).toBe(true)
  data.candidate.earlier_plan_year = 2024
  items.forEach((item, i) => {
    item.plan_carried = carried(i)
    if (carried(i)) item.plan_year = 2024
  })
  return data
}

function sheetsOf(data: SmartMatchData) {
  const [list, cover] = workbookOf(data, HUBEI_REQUEST)
  const [, head, ...rows] = list?.rows ?? []
  const source = rows.map((r) => r[(head ?? []).indexOf('专业来源')])
  return { source, cover: (label: string) => cover?.rows.find((r) => r[0] === label)?.[1] }
}

describe('items carried from an earlier plan', () => {
  it("say in the form's 专业来源 and on the cover that their majors are the earlier plan's", async () => {
    const { source, cover } = sheetsOf(await listCarried(() => true))
    // Before: "2025 年计划" on every row and "全部取自 2025 年计划" on the cover
    expect(new Set(source)).toEqual(new Set(['2024 年计划 (沿用)']))
    expect(cover('专业来源')).toBe(
      '全部取自 2024 年计划 (沿用: 2025 年计划未见这些院校): 填报前请以当年招生计划核对',
    )
    expect(cover('招生计划')).toContain('沿用 2024 年计划')
    expect(compositionText('plan', 2026, 2025)).toBe('2025 年计划 (沿用)')
  })

  it('count the plan year’s items and the carried ones apart when the list has both', async () => {
    const data = await listCarried((i) => i % 2 === 1)
    const n = itemsOf(data).length
    const carried = Math.floor(n / 2)
    const { source, cover } = sheetsOf(data)
    expect(source).toEqual(itemsOf(data).map((_, i) => (i % 2 === 1 ? '2024 年计划 (沿用)' : '2025 年计划')))
    expect(cover('专业来源')).toBe(
      `${n - carried} 项取自 2025 年计划, ${carried} 项取自 2024 年计划 (沿用: 2025 年计划未见这些院校): 填报前请以当年招生计划核对`,
    )
  })

  it("name the plan year's plan for its own items when the rank year has none (all plan_carried)", async () => {
    // 山东 2026: no 2026 plan; every item is of the 2025 plan (plan_carried, the rank year's plan not naming it),
    // none of the 2024 plan before it. Before: every row said 2024 年计划 (沿用)
    const data = await listCarried(() => false)
    data.candidate.rank_year = 2026
    for (const item of itemsOf(data)) item.plan_carried = true
    const { source, cover } = sheetsOf(data)
    expect(new Set(source)).toEqual(new Set(['2025 年计划']))
    expect(cover('专业来源')).toBe('全部取自 2025 年计划')
    expect(smartMatchRecords(data).every((r) => r.plan_year === 2025)).toBe(true)
  })

  it('keep the plan year’s words where nothing is carried', async () => {
    const { source, cover } = sheetsOf(await listCarried(() => false))
    expect(new Set(source)).toEqual(new Set(['2025 年计划']))
    expect(cover('专业来源')).toBe('全部取自 2025 年计划')
    expect(compositionText('plan', 2025)).toBe('2025 年计划')
  })

  it("carry the item's plan year and plan_carried in the CSV records", async () => {
    const data = await listCarried((i) => i === 0)
    const records = smartMatchRecords(data)
    const first = itemsOf(data)[0] as ZybItem
    for (const r of records)
      expect([r.plan_year, r.plan_carried]).toEqual(r.index === first.index ? [2024, true] : [2025, false])
    const csv = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS, '--format', 'csv', '--no-bom'], {
      datasets: dir,
    })
    const [head, row] = csv.stdout.split('\r\n')
    const cols = (head ?? '').split(',')
    expect(cols.slice(cols.indexOf('composition'), cols.indexOf('composition') + 3)).toEqual([
      'composition',
      'plan_year',
      'plan_carried',
    ])
    const cells = (row ?? '').split(',')
    expect([cells[cols.indexOf('plan_year')], cells[cols.indexOf('plan_carried')]]).toEqual(['2025', 'false'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import type { SmartMatchData } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { HIGH_FEE, smartMatchRecords, smartMatchTables } from '../../../src/features/smart-match/table.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { HUBEI_REQUEST, itemsOf, workbookOf } from '../../helpers/smart-match.js'

/**
 * A major's fee, where the plan gives it: a 中外合作办学 programme costs many times its school's other majors
 * (大连理工大学 湖北 专业组（06）: 60,000 元 a year), and the lists had shown none. The JSON carries it (tuition), the
 * CSV and the workbook every known fee, the terminal's table the high ones.
 */

let ctx: EndpointContext
beforeAll(async () => {
  ctx = fixtureContext(await buildFixtureDatasets())
})
afterAll(async () => ctx.db.close())

describe("a major's fee", () => {
  it("is the plan's in the JSON and the CSV, and named in the table where it is high", async () => {
    const data = structuredClone((await call(smartMatch, HUBEI_REQUEST, ctx)).data) as SmartMatchData
    const majors = itemsOf(data).flatMap((i) => i.zyList)
    // the fixture's 湖北 2025 plan: 5,000 元 a year for every major
    expect(new Set(majors.map((z) => z.tuition))).toEqual(new Set([5000]))
    expect(smartMatchRecords(data).every((r) => r.tuition === 5000)).toBe(true)
    const table = () => smartMatchTables(data).flatMap((v) => v.rows.map((r) => String(r[3])))
    expect(table().some((cell) => cell.includes('学费'))).toBe(false)
    const first = itemsOf(data)[0]?.zyList[0]
    if (!first) throw new Error('the fixture list has no major')
    first.tuition = 60_000
    expect(HIGH_FEE).toBeLessThanOrEqual(60_000)
    expect(table().some((cell) => cell.includes(`${first.zyName}`) && cell.includes('(学费 60000/年)'))).toBe(
      true,
    )
  })

  it('has a column of the workbook, per major in the order of the major columns', async () => {
    const data = (await call(smartMatch, HUBEI_REQUEST, ctx)).data as SmartMatchData
    const [list] = workbookOf(data, HUBEI_REQUEST)
    const [, head, ...rows] = list?.rows ?? []
    const at = (head ?? []).indexOf('学费 (元/年)')
    expect(at).toBeGreaterThan(0)
    const first = itemsOf(data)[0]
    expect(rows[0]?.[at]).toBe(first?.zyList.map((z) => z.tuition).join('、'))
  })
})

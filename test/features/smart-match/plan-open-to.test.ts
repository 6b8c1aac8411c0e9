import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import { missesProgrammes, planOpenTo } from '../../../src/features/smart-match/model/plan-book.js'
import type { SmartMatchData } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { smartMatchTables } from '../../../src/features/smart-match/table.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { workbookOf } from '../../helpers/smart-match.js'

/**
 * 浙江's 2026 plan (source ZJP) holds only the programmes open to 物化生 candidates: a list for a candidate of other
 * subjects misses the programmes that require them, and must say so (model/plan-book.ts). Before, a 史政地
 * candidate's list looked complete. The fixtures' 湖北 2025 plan is marked as of that source here.
 */

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  const plans = join(dir, 'plans.parquet')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  await conn.run(
    `COPY (SELECT * REPLACE (CASE WHEN province = '湖北' AND year = 2025 THEN 'ZJP' ELSE source END AS source)
       FROM read_parquet('${plans}')) TO '${join(dir, 'plans-zjp.parquet')}' (FORMAT parquet)`,
  )
  await conn.run(
    `COPY (SELECT * FROM read_parquet('${join(dir, 'plans-zjp.parquet')}')) TO '${plans}' (FORMAT parquet)`,
  )
  conn.closeSync()
  instance.closeSync()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const body = (xuanke: string) => ({
  province: '湖北',
  batch: '本科批',
  rank_year: 2025,
  score: 600,
  subject: '物理',
  xuanke,
})

async function listFor(xuanke: string): Promise<SmartMatchData> {
  const res = await call(smartMatch, body(xuanke), ctx)
  expect(res.code).toBe(200)
  return res.data as SmartMatchData
}

describe('a plan filtered for some subjects', () => {
  it('is known by its source, and misses programmes for candidates of other subjects or none given', () => {
    expect(planOpenTo(['GP', 'ZJP'])).toEqual(['物理', '化学', '生物'])
    expect(planOpenTo(['GP', 'JSP'])).toBeNull()
    const open = ['物理', '化学', '生物'] as const
    expect(missesProgrammes(open, new Set(['物理', '化学', '生物']))).toBe(false)
    expect(missesProgrammes(open, new Set(['物理', '化学']))).toBe(false)
    expect(missesProgrammes(open, new Set(['物理', '化学', '政治']))).toBe(true)
    expect(missesProgrammes(open, null)).toBe(true)
  })

  it('is named in the answer, the title and the cover for a candidate of other subjects', async () => {
    const data = await listFor('物理,化学,政治')
    expect(data.candidate.plan_open_to).toBe('物理+化学+生物')
    const note = '2025 年计划数据只含物理+化学+生物考生可报的专业 (来源所限); 要求其他选考科目的专业未列入'
    expect(smartMatchTables(data)[0]?.title).toContain(note)
    const [, cover] = workbookOf(data, body('物理,化学,政治'))
    expect(cover?.rows.find((r) => r[0] === '计划不全')?.[1]).toContain(note)
  })

  it('is not named for a candidate whose subjects it covers', async () => {
    const data = await listFor('物理,化学,生物')
    expect(data.candidate.plan_open_to).toBeUndefined()
    expect(smartMatchTables(data)[0]?.title).not.toContain('来源所限')
  })
})

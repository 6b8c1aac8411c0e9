import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import type { SmartMatchData } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { smartMatchTables } from '../../../src/features/smart-match/table.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { HUBEI_REQUEST } from '../../helpers/smart-match.js'

/**
 * A tier with fewer items than its strategy plans says so in its title; a short 保 says why, where far safer
 * schools exist: it lists only those within 2.2 times the candidate's rank (model/classify.ts). Before, "not
 * enough" read as "none safe" (四川 at rank 22,303: 11 of 14, beside hundreds of safer schools).
 */

let ctx: EndpointContext
beforeAll(async () => {
  ctx = fixtureContext(await buildFixtureDatasets())
})
afterAll(async () => ctx.db.close())

describe('the title of a tier short of its plan', () => {
  it('says a short 保 lists only schools within the cap of the rank; a short 冲 says only that it is short', async () => {
    const data = structuredClone((await call(smartMatch, HUBEI_REQUEST, ctx)).data) as SmartMatchData
    const tiers = data.zyb_data.zybData
    tiers.bao = tiers.bao.slice(0, 1)
    tiers.chong = tiers.chong.slice(0, 1)
    const titles = smartMatchTables(data).map((v) => v.title)
    const bao = titles.find((t) => t?.startsWith('保 1 项'))
    expect(bao).toMatch(
      /; 达到该档把握的可选项不够: 保只列往年最低位次在本人位次 2.2 倍以内的, 更稳的院校不列/u,
    )
    const chong = titles.find((t) => t?.startsWith('冲 1 项'))
    expect(chong).toMatch(/; 达到该档把握的可选项不够\)$/u)
  })

  it('names the province by its short name however it was typed (四川省, sichuan)', async () => {
    const data = (await call(smartMatch, HUBEI_REQUEST, ctx)).data as SmartMatchData
    for (const typed of ['湖北省', 'hubei', '湖北'])
      expect(smartMatchTables(data, { province: typed })[0]?.title).toMatch(/^湖北 /u)
  })
})

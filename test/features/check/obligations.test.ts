import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import check from '../../../src/features/check/volunteer-check.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets, giveObligations } from '../../helpers/datasets.js'

/**
 * A choice that binds whoever it admits (公费师范, 定向 …) is said in the check, as smart-match marks its items: a
 * family typing its own list may not have read the contract in the name. The fixture's programmes
 * (giveObligations): 荆楚测试大学 02组 holds 英语(国家公费师范生) beside 会计学; 江城测试学院's majors are all 定向培养;
 * 黄鹤测试学院's 市场营销(非定向) binds nobody.
 */

let ctx: EndpointContext
beforeAll(async () => {
  const dir = await buildFixtureDatasets()
  await giveObligations(dir)
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const HUBEI = { province: '湖北', rank_year: 2025, score: 600, subject: '物理', xuanke: '物理,化学,生物' }
const TEACHER = '公费师范 (须签协议, 毕业后到指定地区任教)'

const said = async (choices: string) => {
  const d = (await call(check, { ...HUBEI, choices }, ctx)).data
  return d.warnings.filter((w: any) => w.code === 'obligation').map((w: any) => [w.choices, w.message])
}

describe('a choice that binds whoever it admits', () => {
  it('names a listed major that binds, and the unit that binds whole', async () => {
    const out = await said('荆楚测试大学/02/英语(国家公费师范生)+会计学,江城测试学院/01')
    expect(out.map(([at]: any) => at)).toEqual([[1], [2]])
    expect(out[0][1]).toBe(
      `第 1 志愿 荆楚测试大学 02组（物理）: 所填专业 英语(国家公费师范生) 须履约: ${TEACHER}; 录取后须按协议到指定地区或单位工作 (违约一般须退还费用并缴纳违约金); 不想受此约束请换掉这些专业`,
    )
    expect(out[1][1]).toMatch(/^第 2 志愿 江城测试学院 .*: 须履约: 定向 \(毕业后到定向单位或地区就业\); /u)
  })

  it('says where 调剂 can place the candidate in one, and not where 调剂 is refused', async () => {
    const out = await said('荆楚测试大学/02/会计学')
    expect(out).toEqual([
      [
        [1],
        `第 1 志愿 荆楚测试大学 02组（物理）: 未填的专业中有公费师范 (${TEACHER}), 服从调剂可能被录取到; 不想受此约束可不服从调剂或换掉这个志愿`,
      ],
    ])
    expect(await said('荆楚测试大学/02/会计学/不调剂')).toEqual([])
  })

  it('says nothing of names that only look so, nor of ordinary groups', async () => {
    expect(await said('黄鹤测试学院/01,荆楚测试大学/01,楚天测试大学/01')).toEqual([])
  })
})

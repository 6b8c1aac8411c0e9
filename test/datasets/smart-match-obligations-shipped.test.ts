import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/data/db.js'
import { createContextFactory } from '../../src/endpoints/context.js'
import smartMatch from '../../src/features/smart-match/smart-match.js'
import { call } from '../helpers/context.js'
import { tempStore } from '../helpers/datasets.js'
import { listItems } from '../helpers/smart-match.js'
import { SHIPPED } from './helpers.js'

/**
 * Programmes that bind whoever is admitted, as the shipped plans spell them (docs/smart-match.md, "Programmes that
 * bind"): they reach real lists of the ordinary batches, marked, and leave them on request.
 */

const ctx = createContextFactory({ db: openDb({ datasetsDir: SHIPPED }), storeDir: tempStore() }).forCaller(
  null,
)
afterAll(async () => ctx.db.close())

const SHANDONG = {
  province: '山东',
  batch: '普通类一段',
  rank_year: 2025,
  rank: 20000,
  subject: '综合',
  xuanke: '物理,化学,生物',
}

describe('programmes that bind on the shipped data', () => {
  it("marks 山东师范大学's 省属公费师范 majors in a 山东 list, and leaves them out on request", async () => {
    const res = await call(smartMatch, SHANDONG, ctx)
    const bound = listItems(res.data).filter((i) => i.obligation !== null)
    expect(bound.length).toBeGreaterThan(0)
    for (const item of bound) {
      expect(item.obligation).toMatch(/^(公费师范|公费农科生|定向医学生|定向) \(/u)
      expect(item.zyList.every((z: any) => z.obligation === item.obligation)).toBe(true)
    }
    expect(bound.some((i) => i.schoolName === '山东师范大学' && i.obligation.startsWith('公费师范'))).toBe(
      true,
    )
    const without = await call(smartMatch, { ...SHANDONG, exclude_obligated: 1 }, ctx)
    expect(without.code).toBe(200)
    const names = listItems(without.data).flatMap((i) => i.zyList.map((z: any) => z.zyName))
    expect(names.some((n: string) => /公费师范|面向.*就业/u.test(n))).toBe(false)
  })

  it("marks in part 华东师范大学's 江苏 专业组（01）, which lists a 国家优师专项 row beside its ordinary majors", async () => {
    const res = await call(
      smartMatch,
      {
        ...SHANDONG,
        province: '江苏',
        batch: '本科批',
        rank: 1000,
        subject: '历史',
        xuanke: '历史,政治,地理',
      },
      ctx,
    )
    const [item] = listItems(res.data).filter((i) => i.schoolName === '华东师范大学' && i.obligation !== null)
    expect(item?.obligation).toBe('部分专业 优师计划 (须签协议, 毕业后到定向县中小学任教)')
    const marked = item?.zyList.filter((z: any) => z.obligation !== null).map((z: any) => z.zyName)
    expect(marked).toEqual(['国家优师专项(汉语言文学/历史学/英语/思想政治教育/数学(史)等)'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import type { Option } from '../../../src/features/smart-match/model/options.js'
import { NO_PREFERENCES, preferredOptions } from '../../../src/features/smart-match/preferences.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { readStudents } from '../../../src/features/smart-match/students.js'
import { smartMatchRecords, smartMatchTables } from '../../../src/features/smart-match/table.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets, giveObligations } from '../../helpers/datasets.js'
import { HUBEI_REQUEST, listItems, workbookOf } from '../../helpers/smart-match.js'

/**
 * A programme that binds whoever is admitted (公费师范, 定向 …; model/obligations.ts) is marked wherever a list shows
 * it, and a family can leave such programmes out. The fixture's programmes that bind (and those that only look so):
 * test/helpers/datasets.ts giveObligations.
 */

const PUBLIC_TEACHER = '公费师范 (须签协议, 毕业后到指定地区任教)'
const DIRECTED = '定向 (毕业后到定向单位或地区就业)'

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  await giveObligations(dir)
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const bySchool = (data: unknown, sid: number) => listItems(data).filter((i) => i.sid === sid)

describe('a list holding programmes that bind', () => {
  it('says so in the JSON: each major that binds, and its item, whole or in part', async () => {
    const res = await call(smartMatch, HUBEI_REQUEST, ctx)
    expect(res.code).toBe(200)
    const [jingchu] = bySchool(res.data, 3003)
    expect(jingchu?.obligation).toBe(`部分专业 ${PUBLIC_TEACHER}`)
    expect(jingchu?.zyList.map((z: any) => [z.zyName, z.obligation])).toEqual([
      ['会计学', null],
      ['英语(国家公费师范生)', PUBLIC_TEACHER],
    ])
    const [jiangcheng] = bySchool(res.data, 3009)
    expect(jiangcheng?.obligation).toBe(DIRECTED)
    expect(jiangcheng?.zyList.every((z: any) => z.obligation === DIRECTED)).toBe(true)
    // the look-alikes bind nobody, and neither does any other item
    for (const item of listItems(res.data).filter((i) => i.sid !== 3003 && i.sid !== 3009)) {
      expect(item.obligation, item.schoolName).toBeNull()
      expect(item.zyList.every((z: any) => z.obligation === null)).toBe(true)
    }
    expect(listItems(res.data).some((i) => i.zyList.some((z: any) => z.zyName === '市场营销(非定向)'))).toBe(
      true,
    )
  })

  it('says so of a group whose majors that bind a major keyword left out of the list (调剂 can place there)', async () => {
    const res = await call(smartMatch, { ...HUBEI_REQUEST, major_keyword: '会计' }, ctx)
    const [jingchu] = bySchool(res.data, 3003)
    expect(jingchu?.zyList.map((z: any) => z.zyName)).toEqual(['会计学'])
    expect(jingchu?.obligation).toBe(`部分专业 ${PUBLIC_TEACHER}`)
  })

  it('marks the majors in the table and says in its footer what each kind binds to', async () => {
    const run = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS], { datasets: dir })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/英语\(国家公费师范生\) \d+ \[公费师范\]/u)
    expect(run.stdout).toMatch(/旅游管理\(定向培养\) \d+ \[定向\]/u)
    expect(run.stdout).toMatch(/市场营销\(非定向\) \d+ +│/u)
    expect(run.stdout).toContain('须履约的专业 (录取后须按协议到指定地区或单位工作')
    expect(run.stdout).toContain(`${PUBLIC_TEACHER}; ${DIRECTED}.`)
  })

  it('says in the table when only majors it does not list bind (调剂 can place a candidate there)', async () => {
    const res = await call(smartMatch, HUBEI_REQUEST, ctx)
    const [jingchu] = bySchool(res.data, 3003)
    jingchu.zyList = jingchu.zyList.filter((z: any) => z.obligation === null)
    const row = smartMatchTables(res.data)
      .flatMap((v) => v.rows)
      .find((r) => String(r[1]).includes('荆楚测试大学'))
    expect(String(row?.[3])).toMatch(/^会计学 \d+\n\[未列出的专业中有公费师范, 调剂可能录取到\]$/u)
    // a 专业+院校 choice is one major: no 调剂 places the candidate in one the item does not list
    res.data.zyb_rule.volunteerType = 3
    const one = smartMatchTables(res.data)
      .flatMap((v) => v.rows)
      .find((r) => String(r[1]).includes('荆楚测试大学'))
    expect(one).toBeDefined()
    expect(JSON.stringify(one)).not.toContain('未列出的专业中有')
  })

  it('writes it in the CSV records: each major its own, each record its item’s', async () => {
    const res = await call(smartMatch, HUBEI_REQUEST, ctx)
    const records = smartMatchRecords(res.data).filter((r) => r.school === '荆楚测试大学')
    expect(records.map((r) => [r.major, r.obligation, r.item_obligation])).toEqual([
      ['会计学', null, `部分专业 ${PUBLIC_TEACHER}`],
      ['英语(国家公费师范生)', PUBLIC_TEACHER, `部分专业 ${PUBLIC_TEACHER}`],
    ])
    const csv = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS, '--format', 'csv'], { datasets: dir })
    const [head] = csv.stdout.replace(/^\uFEFF/u, '').split('\n')
    expect(head?.split(',')).toEqual(expect.arrayContaining(['item_obligation', 'obligation']))
  })

  it("writes it in the workbook's 备注", async () => {
    const res = await call(smartMatch, HUBEI_REQUEST, ctx)
    const [sheet] = workbookOf(res.data, HUBEI_REQUEST)
    const [, head, ...rows] = sheet?.rows ?? []
    const col = (name: string) => (head ?? []).indexOf(name)
    const note = (school: string) => String(rows.find((r) => r[col('院校')] === school)?.[col('备注')])
    expect(note('荆楚测试大学')).toBe(
      `须履约的专业: 英语(国家公费师范生) — ${PUBLIC_TEACHER}; 服从调剂也可能录取到`,
    )
    expect(note('江城测试学院')).toBe(`须履约: ${DIRECTED}`)
    expect(note('黄鹤测试学院')).toBe('')
  })
})

describe('leaving them out (exclude_obligated)', () => {
  it('leaves out a group holding one whole and says so; the others are listed as before', async () => {
    const plain = await call(smartMatch, HUBEI_REQUEST, ctx)
    const res = await call(smartMatch, { ...HUBEI_REQUEST, exclude_obligated: 1 }, ctx)
    expect(res.code).toBe(200)
    expect(res.data.candidate.preferences).toBe('不含须履约的专业')
    const sids = listItems(res.data).map((i) => i.sid)
    expect(sids).not.toContain(3003)
    expect(sids).not.toContain(3009)
    expect(sids).toEqual(expect.arrayContaining([3007, 3008]))
    expect(listItems(res.data).every((i) => i.obligation === null)).toBe(true)
    // a group that binds nobody keeps its chance: preferences narrow the options, never change one
    const chance = (data: unknown) => bySchool(data, 3007)[0]?.chance
    expect(chance(res.data)).toBe(chance(plain.data))
    expect((await call(smartMatch, { ...HUBEI_REQUEST, exclude_obligated: 'yes' }, ctx)).message).toBe(
      '参数 exclude_obligated 无效: 应为 1、0、true 或 false, 收到 "yes"',
    )
  })

  it("keeps a school's or a major's other majors, and reads 四川's county notes", () => {
    const option = (granularity: string, majors: string[]) =>
      ({
        key: 's1',
        sid: 1,
        group: '',
        granularity,
        majors: majors.map((name) => ({ row: { name } })),
      }) as unknown as Option
    const p = { ...NO_PREFERENCES, excludeObligated: true }
    const kept = preferredOptions(
      [option('school', ['会计学', '临床医学(乐山市井研县)']), option('major', ['临床医学(乐山市井研县)'])],
      p,
      new Map(),
      '四川',
    )
    expect(kept.map((o) => o.majors.map((m) => m.row.name))).toEqual([['会计学']])
    // elsewhere the note is a campus
    expect(
      preferredOptions([option('major', ['临床医学(乐山市井研县)'])], p, new Map(), '广东'),
    ).toHaveLength(1)
    expect(preferredOptions([option('group', ['会计学', '英语(公费师范生)'])], p, new Map())).toEqual([])
  })
})

describe("a class's file (smart-match batch)", () => {
  it('reads the column that leaves them out, in Chinese or English', () => {
    const { students } = readStudents([
      ['姓名', '省份', '分数', '不要须履约专业'],
      ['甲', '湖北', '600', '是'],
    ])
    expect(students[0]?.fields.exclude_obligated).toBe('是')
    const english = readStudents([
      ['province', 'rank', 'exclude_obligated'],
      ['湖北', '20000', '1'],
    ])
    expect(english.students[0]?.fields.exclude_obligated).toBe('1')
  })
})

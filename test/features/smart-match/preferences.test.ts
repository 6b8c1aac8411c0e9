import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import type { Option } from '../../../src/features/smart-match/model/options.js'
import {
  describePreferences,
  NO_PREFERENCES,
  type PreferredSchool,
  preferredOptions,
} from '../../../src/features/smart-match/preferences.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { HUBEI_REQUEST, listItems } from '../../helpers/smart-match.js'

/** A family's preferences narrow the list (extensions of SPEC 4.8's request), and say so; none changes nothing. */

const option = (sid: number, majors: string[]) =>
  ({ key: `s${sid}`, sid, group: '', majors: majors.map((name) => ({ row: { name } })) }) as unknown as Option

const school = (more: Partial<PreferredSchool>): PreferredSchool => ({
  province: '湖北',
  f985: 0,
  f211: 0,
  dual_class: 0,
  nature_name: '公办',
  ...more,
})

describe('preferredOptions', () => {
  const schools = new Map<number, PreferredSchool>([
    [1, school({ province: '江苏', f985: 985, f211: 211, dual_class: 1 })],
    [2, school({ province: '江苏', f211: 211, dual_class: 1 })],
    [3, school({ province: '浙江', dual_class: 1 })],
    [4, school({ province: '浙江', nature_name: '民办' })],
    [5, school({ province: '上海', nature_name: '中外合作办学' })],
  ])
  const options = [1, 2, 3, 4, 5].map((sid) => option(sid, ['计算机科学与技术', '软件工程']))
  const sids = (p: Partial<typeof NO_PREFERENCES>) =>
    preferredOptions(options, { ...NO_PREFERENCES, ...p }, schools).map((o) => o.sid)
  it('keeps every option without preferences, and an unknown school out of any school preference', () => {
    expect(sids({})).toEqual([1, 2, 3, 4, 5])
    expect(preferredOptions([option(9, ['x'])], { ...NO_PREFERENCES, publicOnly: true }, schools)).toEqual([])
  })
  it('by where the school is, its level (985 within 211) and whether it is public', () => {
    expect(sids({ schoolProvinces: ['浙江', '上海'] })).toEqual([3, 4, 5])
    expect(sids({ schoolLevel: '985' })).toEqual([1])
    expect(sids({ schoolLevel: '211' })).toEqual([1, 2])
    expect(sids({ schoolLevel: '双一流' })).toEqual([1, 2, 3])
    expect(sids({ publicOnly: true })).toEqual([1, 2, 3])
    expect(sids({ schoolProvinces: ['浙江'], publicOnly: true })).toEqual([3])
  })
  it('by a major keyword: only the majors holding it, and no option without one', () => {
    const some = [option(1, ['计算机科学与技术', '软件工程']), option(2, ['临床医学'])]
    const kept = preferredOptions(some, { ...NO_PREFERENCES, majorKeyword: '计算 机' }, schools)
    expect(kept.map((o) => [o.sid, o.majors.map((m) => m.row.name)])).toEqual([[1, ['计算机科学与技术']]])
    // the options themselves are not changed
    expect(some[0]?.majors).toHaveLength(2)
  })
  it("public only leaves out a public school's 中外合作办学 programmes, and an option that has only those", () => {
    const some = [
      option(1, ['会计学', '会计学(中外合作办学)']),
      option(2, ['电子信息类(浦江国际学院)(中外合作办学)']),
      option(3, []),
    ]
    const kept = preferredOptions(some, { ...NO_PREFERENCES, publicOnly: true }, schools)
    expect(kept.map((o) => [o.sid, o.majors.map((m) => m.row.name)])).toEqual([
      [1, ['会计学']],
      [3, []],
    ])
    // a group that holds one is left out whole: its 调剂 can place the candidate there
    const group = {
      ...option(1, ['化学工程与工艺', '化学工程与工艺(中外合作办学)']),
      granularity: 'group',
    } as Option
    expect(preferredOptions([group], { ...NO_PREFERENCES, publicOnly: true }, schools)).toEqual([])
  })
  it('says what they are in a few words', () => {
    expect(
      describePreferences({
        schoolProvinces: ['江苏', '浙江'],
        schoolLevel: '985',
        publicOnly: true,
        majorKeyword: '计算机',
        excludeObligated: true,
      }),
    ).toBe('学校在 江苏、浙江 · 985 · 公办 · 专业含 计算机 · 不含须履约的专业')
  })
})

describe('smart-match with preferences', () => {
  let ctx: EndpointContext
  beforeAll(async () => {
    ctx = fixtureContext(await buildFixtureDatasets())
  })
  afterAll(async () => ctx.db.close())
  const HUBEI = HUBEI_REQUEST
  const items = listItems
  it('lists only what meets them, and says so; without them the answer is the spec’s', async () => {
    const plain = await call(smartMatch, HUBEI, ctx)
    expect(plain.code).toBe(200)
    expect(plain.data.candidate).not.toHaveProperty('preferences')
    // 楚天测试大学 (3001) is the fixture's one 985 school, 江汉测试大学 (3002) is 211; at 650 both are within reach
    const high = await call(smartMatch, { ...HUBEI, score: 650 }, ctx)
    expect(items(high.data).some((i) => i.sid !== 3001 && i.sid !== 3002)).toBe(true)
    const top = await call(smartMatch, { ...HUBEI, score: 650, school_level: '211' }, ctx)
    expect(top.code).toBe(200)
    expect(new Set(items(top.data).map((i) => i.sid))).toEqual(new Set([3001, 3002]))
    expect(top.data.candidate.preferences).toBe('211')
    const computing = await call(
      smartMatch,
      { ...HUBEI, major_keyword: '计算机', school_provinces: '本省' },
      ctx,
    )
    expect(computing.code).toBe(200)
    expect(computing.data.candidate.preferences).toBe('学校在 湖北 · 专业含 计算机')
    for (const item of items(computing.data))
      for (const major of item.zyList) expect(major.zyName).toContain('计算机')
    expect(items(computing.data).length).toBeGreaterThan(0)
  })
  it('an empty list says the preferences left nothing', async () => {
    const res = await call(smartMatch, { ...HUBEI, school_provinces: '西藏' }, ctx)
    expect(res).toEqual({ code: 400, message: '湖北省2025年暂无<物理、物理,化学,生物>数据', data: {} })
  })
  it('refuses what it cannot read, naming the field', async () => {
    const message = async (body: Record<string, unknown>) =>
      (await call(smartMatch, { ...HUBEI, ...body }, ctx)).message
    expect(await message({ school_provinces: '江苏,火星' })).toBe(
      '参数 school_provinces 无效: 未知省份: 火星',
    )
    expect(await message({ school_level: '986' })).toBe(
      '参数 school_level 无效: 应为 985、211、双一流 之一, 收到 "986"',
    )
    expect(await message({ public_only: 'yes' })).toBe(
      '参数 public_only 无效: 应为 1、0、true 或 false, 收到 "yes"',
    )
    expect(await message({ major_keyword: '计'.repeat(21) })).toBe(
      '参数 major_keyword 无效: 最多 20 个字, 收到 21 个',
    )
  })
})

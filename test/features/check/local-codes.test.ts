import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import { localCodeMap } from '../../../src/features/check/choice-facts.js'
import { readChoicesFile } from '../../../src/features/check/file.js'
import { schoolIndex } from '../../../src/features/check/model/match.js'
import check from '../../../src/features/check/volunteer-check.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets, giveLocalCodes } from '../../helpers/datasets.js'

/**
 * A 志愿表 as the province's form is filled: by its own 院校代号, 院校专业组代码 and 专业代号 (湖北's form asks for
 * A14305 and the majors' codes), with or without the names beside them. The form is filed by the codes, so a code
 * that is another school's or major's than the name beside it is said. The fixture's codes (giveLocalCodes):
 * 荆楚测试大学 4301, its majors 软件工程 18 and 通信工程 20 (组 01), 会计学 22 and 英语 (组 02); 东湖测试学院 A301.
 */

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  await giveLocalCodes(dir)
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const HUBEI = { province: '湖北', rank_year: 2025, score: 600, subject: '物理', xuanke: '物理,化学,生物' }
const csv = (text: string) => readChoicesFile('志愿表.csv', new TextEncoder().encode(text))
const warningsOf = (d: any, code: string) =>
  d.warnings.filter((w: any) => w.code === code).map((w: any) => [w.choices, w.message])

describe("a list by the province's own codes", () => {
  it('finds the school by its 院校代号, and school and group by a whole 院校专业组代码', async () => {
    const d = (await call(check, { ...HUBEI, choices: '4301/01,430102,a301' }, ctx)).data
    expect(d.choices.map((c: any) => [c.school, c.group, c.status, c.note])).toEqual([
      ['荆楚测试大学', '荆楚测试大学01组（物理+化学）', 'ok', '按院校代号 4301'],
      ['荆楚测试大学', '荆楚测试大学02组（物理）', 'ok', '按院校专业组代码 430102 (院校代号 4301)'],
      [
        '东湖测试学院',
        '东湖测试学院01组（物理）',
        'ok',
        '按院校代号 A301; 未填专业组, 按该校唯一的专业组判断',
      ],
    ])
    // the group code after the school's: as a group column holds it beside the name, too
    const named = (await call(check, { ...HUBEI, choices: '荆楚测试大学/430102' }, ctx)).data
    expect(named.choices[0]).toMatchObject({ group: '荆楚测试大学02组（物理）', status: 'ok' })
  })

  it('reads a 草表 of codes only: 院校专业组代码 and 专业代号, the names left blank', async () => {
    const list = await csv(
      '序号,院校专业组代码,专业代号1,专业代号2,是否服从调剂\n1,430101,20,18,否\n2,430102,22,,是\n',
    )
    expect(list.notes).toEqual([])
    const d = (await call(check, { ...HUBEI, choices: list.choices }, ctx)).data
    expect(
      d.choices.map((c: any) => [c.school, c.group, c.majors.map((m: any) => [m.name, m.matched])]),
    ).toEqual([
      [
        '荆楚测试大学',
        '荆楚测试大学01组（物理+化学）',
        [
          ['通信工程', true],
          ['软件工程', true],
        ],
      ],
      ['荆楚测试大学', '荆楚测试大学02组（物理）', [['会计学', true]]],
    ])
    expect(d.warnings.map((w: any) => w.code)).not.toContain('majors_unknown')
  })

  it('says a 院校代号 beside the name that is another school’s, or no school’s of the plan', async () => {
    const list = await csv(
      '序号,院校代号,院校名称,专业组代号\n1,A301,荆楚测试大学,01\n2,4399,荆楚测试大学,02\n3,4301,荆楚测试大学,02\n',
    )
    const d = (await call(check, { ...HUBEI, choices: list.choices }, ctx)).data
    // the name is taken; the form, filed by the code, would go elsewhere
    expect(d.choices.map((c: any) => [c.school, c.status])).toEqual([
      ['荆楚测试大学', 'ok'],
      ['荆楚测试大学', 'ok'],
      ['荆楚测试大学', 'ok'],
    ])
    expect(warningsOf(d, 'school_code_mismatch')).toEqual([
      [
        [1],
        '第 1 志愿: 院校 "荆楚测试大学" 与院校代号 A301 (东湖测试学院) 不是同一所院校, 请核对 (投档按代号); 现按院校名称判断',
      ],
      [
        [2],
        '第 2 志愿: 院校代号 4399 不是本省该年计划中的院校代号 (荆楚测试大学 是 4301); 投档按代号, 请核对; 现按院校名称判断',
      ],
    ])
  })

  it('says a 专业代号 beside a major’s name that is another major’s, and takes the name', async () => {
    const list = await csv(
      '序号,院校名称,专业组,专业名称1,专业代号1,专业名称2,专业代号2\n1,荆楚测试大学,01,软件工程,20,通信工程,20\n',
    )
    const d = (await call(check, { ...HUBEI, choices: list.choices }, ctx)).data
    expect(d.choices[0].majors.map((m: any) => [m.name, m.matched])).toEqual([
      ['软件工程', true],
      ['通信工程', true],
    ])
    expect(warningsOf(d, 'major_code_mismatch')).toEqual([
      [
        [1],
        '第 1 志愿 荆楚测试大学 01组（物理+化学）: 专业 软件工程 的专业代号是 18, 表中写的 20 是 通信工程 的代号; 投档按代号, 请核对; 现按专业名称判断',
      ],
    ])
  })

  it('says nothing of codes where the plan has none to check them by', async () => {
    // 楚天测试大学 has no 院校代号 in the fixture (though other schools have): a code beside its name is neither found
    // nor said wrong …
    const d = (
      await call(
        check,
        { ...HUBEI, choices: [{ 院校: '楚天测试大学', 院校代号: '1101', 专业组: '01' }] },
        ctx,
      )
    ).data
    expect(d.choices[0]).toMatchObject({ school: '楚天测试大学', status: 'ok' })
    expect(warningsOf(d, 'school_code_mismatch')).toEqual([])
    // … and a code of no school, alone, is not found, with the reason
    const alone = (await call(check, { ...HUBEI, choices: 'B999/01' }, ctx)).data
    expect(alone.choices[0]).toMatchObject({ status: 'school_not_found' })
    expect(alone.choices[0].note).toContain('"B999" 不是本省该年计划中的院校代号')
  })

  it('finds a code whose leading zeros Excel dropped (浙江 0012 as 12), unless two codes then look alike', () => {
    const schools = [1, 2, 3, 4].map((sid) => ({ sid, name: `学校${sid}`, code: null }))
    const local = localCodeMap(
      [
        { code: '0012', sid: 1 },
        { code: '0034', sid: 2 },
        { code: '034', sid: 3 },
        { code: '56', sid: 4 },
      ],
      schoolIndex(schools),
    )
    expect(local.get('0012')?.sid).toBe(1)
    expect(local.get('12')?.sid).toBe(1)
    // 34 may be 0034 or 034: neither is taken for it
    expect(local.get('34')).toBeUndefined()
    expect([local.get('0034')?.sid, local.get('034')?.sid, local.get('56')?.sid]).toEqual([2, 3, 4])
  })

  it('finds a 专业代号 whose leading zero Excel dropped (18 as 018)', async () => {
    const list = await csv('序号,院校代号,专业组代号,专业代号1\n1,4301,1,018\n')
    const d = (await call(check, { ...HUBEI, choices: list.choices }, ctx)).data
    expect(d.choices[0].majors.map((m: any) => [m.name, m.matched])).toEqual([['软件工程', true]])
  })

  it('reads the codes from the CLI and a file as the endpoint does', async () => {
    const run = await runGaokao(['check', '430102', ...HUBEI_LIST_FLAGS, '--json'], { datasets: dir })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).data.choices[0]).toMatchObject({
      school: '荆楚测试大学',
      group: '荆楚测试大学02组（物理）',
      status: 'ok',
    })
  })
})

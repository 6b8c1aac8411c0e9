import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import { readChoicesFile } from '../../../src/features/check/file.js'
import { checkInputFromSmartMatch } from '../../../src/features/check/from-smart-match.js'
import { type ChoiceInput, schoolIndex } from '../../../src/features/check/model/match.js'
import { schoolRefs } from '../../../src/features/check/queries.js'
import { findListSchools } from '../../../src/features/check/school-names.js'
import check from '../../../src/features/check/volunteer-check.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'

/**
 * A bare number in a list a person typed or a spreadsheet is never the datasets' own school id (src/features/check/
 * school-names.ts): a province's 院校代号 (江苏's 1265, 中国人民大学（苏州校区）) is often also some sid (1265 is 西安医学院),
 * and the check then judged another school. Only a code is a number's school; an id comes from its own field
 * (school_id, smart-match's sid). The fixtures' 荆楚测试大学 is sid 3003, code T3003, with groups in 湖北.
 */

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const HUBEI = { province: '湖北', rank_year: 2025, score: 600, subject: '物理', xuanke: '物理,化学,生物' }
const DAIHAO =
  '"3003" 像是本省自己的院校代号 (该省该年的计划数据中没有院校代号, 只认 5 位的全国院校代码), 请填写院校名称'

describe('a number where a list names a school', () => {
  it('takes a typed 4-digit number for no school, and says it looks like the province’s 院校代号', async () => {
    const d = (await call(check, { ...HUBEI, choices: '3003/01,３００３/01' }, ctx)).data
    for (const c of d.choices) {
      // Before: 荆楚测试大学 by its id, status ok, note 按ID "3003"
      expect(c).toMatchObject({ status: 'school_not_found', school_id: null, note: DAIHAO })
    }
    const notFound = d.warnings.filter((w: any) => w.code === 'school_not_found')
    expect(notFound.map((w: any) => w.choices)).toEqual([[1], [2]])
    // the warning itself says why, where a counsellor reads it
    expect(notFound[0].message).toBe(`第 1 志愿: 找不到院校 "3003": ${DAIHAO}`)
  })

  it("finds a school by the province's own 院校代号 where the plan book gives them (江苏 2026's 1265)", async () => {
    const index = schoolIndex(await schoolRefs(ctx.db))
    const jingchu = index.byId.get(3003)
    if (!jingchu) throw new Error('fixture school 3003 missing')
    // the plan's codes (run.ts localSchoolCodes): 4321 is 荆楚测试大学's here
    const local = new Map([['4321', jingchu]])
    const choice = (school: string) => ({ school, majors: [], tiaoji: true }) as ChoiceInput
    const [byLocal, unknown] = await findListSchools(ctx.db, [choice('4321'), choice('9999')], index, local)
    expect(byLocal).toMatchObject({ school: { sid: 3003 }, note: '按院校代号 4321' })
    expect(unknown).toMatchObject({
      school: undefined,
      note: '"9999" 不是本省该年计划中的院校代号, 也不是已知的全国院校代码, 请核对或填写院校名称',
    })
    // a 院校代码 column holding the province's own code finds it too
    const [byColumn] = await findListSchools(ctx.db, [{ ...choice(''), schoolCode: '4321' }], index, local)
    expect(byColumn?.school?.sid).toBe(3003)
  })

  it('says a number of another length is no known 院校代码, and finds a school by its code', async () => {
    const d = (await call(check, { ...HUBEI, choices: '111,10284' }, ctx)).data
    expect(d.choices[0]).toMatchObject({
      status: 'school_not_found',
      note: '"111" 不是已知的院校代码 (全国院校代码为 5 位数字, 如 10284), 请填写院校名称',
    })
    expect(d.choices[1]).toMatchObject({ school: '南京大学', school_id: 111 })
  })

  it('reads a spreadsheet’s number as a code only; its school_id column stays the id', async () => {
    const csv = (text: string) => readChoicesFile('志愿表.csv', new TextEncoder().encode(text))
    const byCode = await csv('院校代码,专业组\n3003,01\n')
    const codeRun = (await call(check, { ...HUBEI, choices: byCode.choices }, ctx)).data
    expect(codeRun.choices[0]).toMatchObject({ status: 'school_not_found', note: DAIHAO })
    const byId = await csv('院校,school_id,专业组\n,3003,01\n')
    const idRun = (await call(check, { ...HUBEI, choices: byId.choices }, ctx)).data
    expect(idRun.choices[0]).toMatchObject({ school: '荆楚测试大学', school_id: 3003, status: 'ok' })
  })

  it("still finds smart-match's items by their sid, and the CLI's typed list as the endpoint does", async () => {
    const sm = await call(smartMatch, { ...HUBEI, batch: '本科批' }, ctx)
    const list = checkInputFromSmartMatch(sm)
    // only the sid: the school found by the id field, never by a number in the name's place
    const choices = list.choices.map(({ school: _, ...c }) => ({ ...c, school_id: c.schoolId }))
    const d = (await call(check, { ...HUBEI, choices }, ctx)).data
    expect(d.choices.length).toBeGreaterThan(4)
    expect(d.choices.every((c: any) => c.status === 'ok' && c.school_id !== null)).toBe(true)
    const run = await runGaokao(
      ['check', '3003/01', '--province', '湖北', '--rank-year', '2025', '--score', '600'].concat([
        '--subject',
        '物理',
        '--xuanke',
        '物理,化学,生物',
        '--json',
      ]),
      { datasets: dir },
    )
    expect(JSON.parse(run.stdout).data.choices[0]).toMatchObject({ status: 'school_not_found', note: DAIHAO })
  })
})

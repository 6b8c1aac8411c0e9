import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import { checkInputFromSmartMatch } from '../../../src/features/check/from-smart-match.js'
import type { CheckData } from '../../../src/features/check/run.js'
import { checkTables } from '../../../src/features/check/table.js'
import check from '../../../src/features/check/volunteer-check.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { bandsNote } from '../../../src/features/smart-match/table.js'
import { buildApp } from '../../../src/http/app.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets, tempStore } from '../../helpers/datasets.js'

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

const HUBEI = { province: '湖北', rank_year: 2025, score: 600, subject: '物理', xuanke: '物理,化学,生物' }
const CHONGQING = { province: '重庆', rank_year: 2025, rank: 9000, subject: '物理', xuanke: '物理,化学' }
const HENAN = { province: '河南', batch: '本科一批', rank_year: 2024, rank: 30000, subject: '理科' }

const codes = (res: { data: { warnings: { code: string }[] } }) => res.data.warnings.map((w) => w.code)

describe('volunteer/check', () => {
  it('finds a school by what counsellors call it (简称, 拼音), and names the schools an unclear name may mean', async () => {
    const choices = [{ school: '南大' }, { school: 'bjdx' }, { school: '南京' }, { school: '火星大学' }]
    const d = (await call(check, { ...HUBEI, choices }, ctx)).data
    expect(d.choices[0]).toMatchObject({ school: '南京大学', note: expect.stringContaining('按简称 "南大"') })
    expect(d.choices[1]).toMatchObject({ school: '北京大学', note: expect.stringContaining('"bjdx"') })
    expect(d.choices[2]).toMatchObject({
      school: '南京',
      status: 'school_not_found',
      note: expect.stringMatching(/^可能是: .*南京大学/u),
    })
    expect(d.choices[3]).toMatchObject({ school: '火星大学', status: 'school_not_found', note: null })
    // the warning names what an unclear name may mean, too
    const said = (n: number) =>
      d.warnings.find((w: any) => w.choices[0] === n && w.code === 'school_not_found')
    expect(said(3)?.message).toMatch(/找不到院校 "南京", 是否指 .*南京大学.*\?/u)
    expect(said(4)?.message).not.toContain('是否指')
  })
  it('suggests, never takes, a school a loose abbreviation finds only by its words in order (中南财大)', async () => {
    const d = (await call(check, { ...HUBEI, choices: [{ school: '荆楚测大', group: '01' }] }, ctx)).data
    expect(d.choices[0]).toMatchObject({ status: 'school_not_found', school_id: null })
    expect(d.choices[0].note).toBe('可能是: 荆楚测试大学')
    expect(d.warnings.find((w: any) => w.code === 'school_not_found')?.message).toBe(
      '第 1 志愿: 找不到院校 "荆楚测大", 是否指 荆楚测试大学? (请核对院校全称或代码)',
    )
  })
  it('a 院校代码 beside the name: finds the school the name does not, and is named when it is another school', async () => {
    const choices = [
      { 院校: '荆楚测试大学', 院校代码: 'T3003', 专业组: '01' },
      { 院校: '楚天测试大学', 院校代码: 'T3002', 专业组: '01' },
      { 院校: '荆楚测大', 院校代码: 't3003', 专业组: '01' },
      // its own code: nothing to say
      { 院校: '南京大学', 院校代码: '10284' },
    ]
    const d = (await call(check, { ...HUBEI, choices }, ctx)).data
    expect(d.choices.map((c: any) => [c.school, c.status])).toEqual([
      ['荆楚测试大学', 'ok'],
      ['楚天测试大学', 'ok'],
      ['荆楚测试大学', 'ok'],
      ['南京大学', expect.any(String)],
    ])
    expect(d.choices[2].note).toContain('按院校代码 t3003')
    const mismatch = d.warnings.filter((w: any) => w.code === 'school_code_mismatch')
    expect(mismatch).toEqual([
      {
        code: 'school_code_mismatch',
        level: 'warning',
        message:
          '第 2 志愿: 院校 "楚天测试大学" 与院校代码 T3002 (江汉测试大学) 不是同一所院校, 请核对; 现按院校名称判断',
        choices: [2],
      },
    ])
  })
  it('checks a group list: each choice matched, its chances, and P(滑档) + P(each choice) = 1', async () => {
    const res = await call(
      check,
      {
        ...HUBEI,
        choices: [
          { school: '楚天测试大学', group: '01', majors: ['计算机科学与技术'] },
          { school: '江汉测试大学', group: '专业组（01）', majors: ['自动化', '计算机科学与技术'] },
          { school: '荆楚测试大学', group: '02组', majors: ['会计学'], tiaoji: false },
          { school_id: 3007, majors: ['市场营销', '物流管理'] },
        ],
      },
      ctx,
    )
    expect(res.code).toBe(200)
    expect(res.message).toBe('检查完成')
    const d = res.data
    expect(d.candidate).toMatchObject({ province: '湖北', category: '物理类', rank_year: 2025, score: 600 })
    expect(d.rule).toEqual({ volunteer_type: 2, volunteer_num_max: 45, major_num_max: 6, tiaoji: true })
    expect(d.choices.map((c: any) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok'])
    expect(d.choices[3].note).toContain('唯一的专业组')
    const total = d.summary.p_slide + d.choices.reduce((s: number, c: any) => s + c.p_admit, 0)
    expect(total).toBeCloseTo(1, 3)
    // the most selective group first, the safest last: chances rise down the list
    const chances = d.choices.map((c: any) => c.chance)
    expect(chances).toEqual([...chances].sort((a: number, b: number) => a - b))
    expect(d.choices[3].tier).toBe('bao')
    // a choice's outcomes add up to its P(admit)
    for (const c of d.choices)
      expect(c.p_major + c.p_tiaoji + c.p_tuidang).toBeLessThanOrEqual(c.p_admit + 1e-9)
    expect(d.choices[2].p_tiaoji).toBe(0)
    // deterministic
    const again = await call(
      check,
      {
        ...HUBEI,
        choices: res.data.choices.map((c: any) => ({
          school_id: c.school_id,
          group: c.group,
          majors: c.majors.map((m: any) => m.name),
          tiaoji: c.tiaoji,
        })),
      },
      ctx,
    )
    expect(again.data.summary.p_slide).toBe(d.summary.p_slide)
  })
  it('says what cannot be matched, what 选科 rules out, and what is listed twice', async () => {
    const res = await call(
      check,
      {
        ...HUBEI,
        xuanke: '物理,化学,政治',
        choices:
          '火星大学/01,楚天测试大学/09,汉水测试医科大学/01/临床医学,江汉测试大学/01/自动化,江汉测试大学/专业组（01）/自动化,楚天测试大学//土木工程+火星学',
      },
      ctx,
    )
    expect(res.code).toBe(200)
    const w = codes(res)
    expect(w).toEqual(
      expect.arrayContaining([
        'school_not_found',
        'group_not_found',
        'xuanke',
        'duplicate',
        'majors_unknown',
      ]),
    )
    const statuses = res.data.choices.map((c: any) => [c.status, c.simulated])
    expect(statuses).toEqual([
      ['school_not_found', false],
      ['group_not_found', false],
      ['ok', false],
      ['ok', true],
      ['ok', false],
      ['ok', true],
    ])
    expect(res.data.choices[5].note).toContain('所填专业所在的专业组')
    // 楚天测试大学 09 does not exist; 土木工程 of the last choice is its group 02's, 火星学 no group's
    expect(res.data.warnings.find((x: any) => x.code === 'majors_unknown').message).not.toContain(' 在 ')
    expect(res.data.warnings.find((x: any) => x.code === 'xuanke').message).toContain(
      '首选物理, 再选化学和生物',
    )
  })
  it('a list of choices none of which is found has no P(滑档): unknown, not certain', async () => {
    const none = (await call(check, { ...HUBEI, choices: '火星大学/01,楚天测试大学/09' }, ctx)).data
    expect(none.summary).toMatchObject({
      choices: 2,
      simulated: 0,
      unmatched: 2,
      p_slide: null,
      p_admitted: null,
    })
    expect(none.warnings.map((w: any) => w.code)).not.toContain('few_bao')
    const [view] = checkTables(none)
    expect(view?.title).toMatch(/^P\(滑档\) 无法判断 \(所填志愿在数据中都找不到\)/u)
    expect(view?.title).not.toContain('录取')
    // one found: its P(滑档), said to leave the other out
    const some = (await call(check, { ...HUBEI, choices: '荆楚测试大学/01,火星大学' }, ctx)).data
    expect(some.summary.unmatched).toBe(1)
    expect(typeof some.summary.p_slide).toBe('number')
    expect(checkTables(some)[0]?.title).toMatch(
      /^P\(滑档\) \d+% \(不计数据中找不到的 1 个志愿; 计入只会更低\)/u,
    )
    // the table's note explains (?) only where a listed major is not in the plan
    expect(checkTables(some)[0]?.footer).not.toContain('(?)')
    const unknownMajor = (await call(check, { ...HUBEI, choices: '楚天测试大学//土木工程+火星学' }, ctx)).data
    expect(checkTables(unknownMajor)[0]?.footer).toContain('(?) 该专业不在计划中')
  })
  it('shows a chance alone and the 档 bounds as smart-match does, cut to the percent below', async () => {
    const data = structuredClone(
      (await call(check, { ...HUBEI, choices: '荆楚测试大学/01' }, ctx)).data,
    ) as CheckData
    const [view] = checkTables(data)
    // smart-match's legend (table.ts bandsNote): 冲 6%-44%, 稳 44%-96%, 保 96% 以上; rounded, the check said 97%
    expect(view?.footer).toContain(`档${bandsNote(1).replace(/^; /u, ': ')}`)
    const at = view?.head.indexOf('单独录取') ?? -1
    ;(data.choices[0] as { chance: number | null }).chance = 0.9695
    expect(checkTables(data)[0]?.rows[0]?.[at]).toBe('96%')
    // the chance of being the one that admits is cut the same way: the first choice's two are one number (0.3456
    // showed 34% and 35% side by side); above 0 but under a percent, <1%
    const filed = view?.head.indexOf('由此录取') ?? -1
    const first = data.choices[0] as { chance: number | null; p_admit: number }
    first.chance = 0.3456
    first.p_admit = 0.3456
    expect([checkTables(data)[0]?.rows[0]?.[at], checkTables(data)[0]?.rows[0]?.[filed]]).toEqual([
      '34%',
      '34%',
    ])
    first.p_admit = 0.004
    expect(checkTables(data)[0]?.rows[0]?.[filed]).toBe('<1%')
  })
  it("says which plan each choice was read from, and the title the plans of the list's choices", async () => {
    const data = (await call(check, { ...HUBEI, choices: '荆楚测试大学/01,火星大学' }, ctx)).data as CheckData
    expect(data.choices.map((c) => c.plan_year)).toEqual([2025, null])
    expect(checkTables(data)[0]?.title).toContain('2025 年 (计划 2025 年)')
    // 四川 2026: every school of the list carried from the 2025 plan; before, the title said 计划 2026 年
    const carried = structuredClone(data)
    carried.candidate.rank_year = 2026
    carried.candidate.plan_year = 2026
    ;(carried.choices[0] as { plan_year: number | null }).plan_year = 2025
    expect(checkTables(carried)[0]?.title).toContain('2026 年 (计划 2025 年)')
  })
  it('names the group a misplaced major or a wrong group code belongs to', async () => {
    // 楚天测试大学: 01组（物理+化学） holds 计算机科学与技术, 02组（物理） 土木工程
    const res = await call(
      check,
      { ...HUBEI, choices: '楚天测试大学/01/计算机科学与技术+土木工程,楚天测试大学/09/土木工程' },
      ctx,
    )
    const said = (code: string) => res.data.warnings.find((x: any) => x.code === code)?.message
    expect(said('majors_unknown')).toContain('土木工程 在 02组（物理）')
    expect(said('group_not_found')).toContain(
      '没有专业组 "09" (本批次物理类的专业组: 01组（物理+化学）、02组（物理）',
    )
    expect(said('group_not_found')).toContain('所填专业在 02组（物理）')
  })
  it('a school with several groups and no group named', async () => {
    const res = await call(check, { ...HUBEI, choices: '楚天测试大学' }, ctx)
    expect(res.data.choices[0].status).toBe('group_missing')
    expect(codes(res)).toContain('group_missing')
  })
  it('a major province: one major per choice, no 调剂', async () => {
    const res = await call(
      check,
      {
        ...CHONGQING,
        choices: [
          { school: '巴渝测试大学', majors: ['软件工程'], tiaoji: true },
          { school: '嘉陵测试学院', majors: ['通信工程', '英语'] },
          { school: '长江测试学院', majors: ['财务管理'] },
          { school: '渝北测试学院', majors: ['旅游管理'] },
        ],
      },
      ctx,
    )
    expect(res.code).toBe(200)
    expect(res.data.rule).toMatchObject({
      volunteer_type: 3,
      volunteer_num_max: 96,
      major_num_max: 1,
      tiaoji: false,
    })
    expect(codes(res)).toEqual(expect.arrayContaining(['tiaoji_not_allowed', 'too_many_majors']))
    // a choice is its major: whoever it files is admitted to it
    for (const c of res.data.choices) {
      expect(c.p_major).toBe(c.p_admit)
      expect(c.p_tiaoji + c.p_tuidang).toBe(0)
      expect(c.tiaoji).toBe(false)
    }
  })
  it('the rule: more choices and majors than allowed (河南 2024 本科一批: 6 choices × 5 majors)', async () => {
    const schools = [
      '中原测试大学',
      '郑州测试大学',
      '洛阳测试学院',
      '开封测试学院',
      '安阳测试学院',
      '新乡测试学院',
      '南阳测试学院',
    ]
    const res = await call(
      check,
      {
        ...HENAN,
        choices: schools.map((school, i) => ({
          school,
          majors:
            i === 0 ? ['计算机科学与技术', '软件工程', '电子信息工程', '自动化', '通信工程', '土木工程'] : [],
        })),
      },
      ctx,
    )
    expect(res.code).toBe(200)
    const tooMany = res.data.warnings.find((x: any) => x.code === 'too_many_choices')
    expect(tooMany.choices).toEqual([7])
    expect(res.data.choices[6].simulated).toBe(false)
    expect(codes(res)).toContain('too_many_majors')
  })
  it('an out-of-order list, 退档 without 调剂, too few 保', async () => {
    // the safest group first: it takes the chance of the ones after it
    const res = await call(
      check,
      {
        ...HUBEI,
        choices: '江城测试学院/01,荆楚测试大学/01/软件工程,东湖测试学院/01/计算机科学与技术/不调剂',
      },
      ctx,
    )
    expect(codes(res)).toContain('order')
    // 临床医学 is far more selective than its group: filed to the group, the candidate is sent back without 调剂
    const { score: _, ...byRank } = HUBEI
    const refuse = await call(
      check,
      { ...byRank, rank: 19_000, choices: '汉水测试医科大学/01/临床医学/不调剂' },
      ctx,
    )
    expect(codes(refuse)).toContain('tuidang')
    expect(refuse.data.summary.p_tuidang).toBeGreaterThan(0.3)
    const accept = await call(
      check,
      { ...byRank, rank: 19_000, choices: '汉水测试医科大学/01/临床医学/调剂' },
      ctx,
    )
    expect(codes(accept)).not.toContain('tuidang')
    expect(accept.data.summary.p_tiaoji).toBeGreaterThan(0.3)
    const thin = await call(check, { ...HUBEI, choices: '荆楚测试大学/01' }, ctx)
    expect(codes(thin)).toContain('few_bao')
  })
  it('refuses a request without the list, the province or a score or rank', async () => {
    expect((await call(check, { ...HUBEI }, ctx)).message).toBe('参数 choices 无效: 不能为空')
    expect((await call(check, { ...HUBEI, province: '', choices: 'x' }, ctx)).message).toBe(
      '参数 province 无效: 不能为空',
    )
    const { score: _, ...noScore } = HUBEI
    expect((await call(check, { ...noScore, choices: 'x' }, ctx)).message).toBe(
      '缺少必要参数: score 与 rank 至少给一个',
    )
    expect((await call(check, { ...HUBEI, xuanke: '火星', choices: 'x' }, ctx)).message).toContain(
      '参数 xuanke 无效',
    )
  })
  it("checks smart-match's own list (its --json output), every item found", async () => {
    const sm = await call(smartMatch, { ...HUBEI, batch: '本科批' }, ctx)
    const list = checkInputFromSmartMatch(sm)
    const res = await call(
      check,
      { ...HUBEI, ...list.candidate, choices: list.choices.map((c) => ({ ...c, school_id: c.schoolId })) },
      ctx,
    )
    expect(res.code).toBe(200)
    expect(res.data.choices.length).toBeGreaterThan(4)
    expect(res.data.choices.every((c: any) => c.status === 'ok')).toBe(true)
    expect(res.data.summary.p_slide).toBeLessThan(0.05)
  })
})

describe('volunteer/check over HTTP and the CLI', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
  })
  afterAll(async () => app.close())
  it('answers POST /api/v1/volunteer/check', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/volunteer/check',
      payload: { ...HUBEI, choices: [{ school: '黄鹤测试学院', group: '01', majors: ['市场营销'] }] },
    })
    expect(res.json()).toMatchObject({ code: 200, message: '检查完成' })
    expect(res.json().data.choices[0].status).toBe('ok')
  })
  it('prints a table titled with P(滑档) and the warnings', async () => {
    // smart-match's flags for the candidate: the check takes them as they are (本科批 is its default batch too)
    const run = await runGaokao(['check', '荆楚测试大学/01,火星大学', ...HUBEI_LIST_FLAGS], { datasets: dir })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/P\(滑档\) \d+%/)
    expect(run.stdout).toContain('需要注意')
    expect(run.stdout).toContain('找不到院校 "火星大学"')
  })

  it('refuses a directory given as the list, saying so (exit 2)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'gaokao-check-'))
    const run = await runGaokao(['check', work, ...HUBEI_LIST_FLAGS], { datasets: dir })
    expect(run).toMatchObject({
      code: 2,
      stderr: `错误: ${work} 是目录, 不是文件: 请给出其中的志愿表文件 (.csv .xlsx 或 .json)\n`,
    })
  })

  it('reads a 院校代码 column beside the names, and warns of a code of another school', async () => {
    const work = mkdtempSync(join(tmpdir(), 'gaokao-check-'))
    const csv = join(work, '志愿表.csv')
    writeFileSync(csv, '序号,院校,院校代码,专业组\n1,楚天测试大学,T3002,01\n2,荆楚测大,T3003,01\n')
    const run = await runGaokao(['check', csv, ...HUBEI_LIST_FLAGS, '--json'], { datasets: dir })
    const d = JSON.parse(run.stdout).data
    expect(d.choices.map((c: any) => c.school)).toEqual(['楚天测试大学', '荆楚测试大学'])
    expect(
      d.warnings.filter((w: any) => w.code === 'school_code_mismatch').map((w: any) => w.choices),
    ).toEqual([[1]])
  })

  it('says on stderr when it checks the rows of a file in their 序号 order', async () => {
    const work = mkdtempSync(join(tmpdir(), 'gaokao-check-'))
    const csv = join(work, '志愿表.csv')
    writeFileSync(csv, '序号,院校,专业组\n2,楚天测试大学,01\n1,荆楚测试大学,01\n')
    const run = await runGaokao(['check', csv, ...HUBEI_LIST_FLAGS, '--json'], { datasets: dir })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).data.choices.map((c: any) => c.school)).toEqual([
      '荆楚测试大学',
      '楚天测试大学',
    ])
    expect(run.stderr).toBe(
      '注意: 表中的志愿不是按序号排列的 (序号 1 荆楚测试大学 01 在 2 楚天测试大学 01 之后): 已按序号的先后检查, 平行志愿按序号投档\n',
    )
  })

  it('checks a list from a file: CSV, XLSX, and smart-match’s --json output with its candidate', async () => {
    const work = mkdtempSync(join(tmpdir(), 'gaokao-check-'))
    const csv = join(work, '志愿表.csv')
    writeFileSync(csv, '序号,院校,专业组,专业1,调剂\n1,荆楚测试大学,01,,是\n2,火星大学,01,,是\n')
    const args = [...HUBEI_LIST_FLAGS]
    const fromCsv = await runGaokao(['check', csv, ...args, '--json'], { datasets: dir })
    expect(fromCsv.code).toBe(0)
    const body = JSON.parse(fromCsv.stdout)
    expect(body.data.choices.map((c: any) => c.status)).toEqual(['ok', expect.not.stringMatching(/^ok$/)])
    // the same list typed on the command line gives the same answer
    const typed = await runGaokao(['check', '荆楚测试大学/01,火星大学/01', ...args, '--json'], {
      datasets: dir,
    })
    expect(JSON.parse(typed.stdout).data).toEqual(body.data)
    const xlsx = await runGaokao(['check', 'fixtures/check/list.xlsx', ...args], { datasets: dir })
    expect(xlsx.code).toBe(0)
    expect(xlsx.stdout).toMatch(/P\(滑档\) \d+%/)
    // smart-match's answer carries the rank year, rank and batch: only the province and subjects are added
    const sm = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS, '--json'], { datasets: dir })
    const listFile = join(work, 'list.json')
    writeFileSync(listFile, sm.stdout)
    const fromSmartMatch = await runGaokao(
      ['check', listFile, '--province', '湖北', '--xuanke', '物理,化学,生物', '--json'],
      {
        datasets: dir,
      },
    )
    expect(fromSmartMatch.code).toBe(0)
    const checked = JSON.parse(fromSmartMatch.stdout).data.choices
    const tiers = JSON.parse(sm.stdout).data.zyb_data.zybData
    expect(checked).toHaveLength(tiers.chong.length + tiers.wen.length + tiers.bao.length)
    expect(checked.every((c: any) => c.status === 'ok')).toBe(true)
    // each choice is the same 冲, 稳 or 保 as in smart-match's list, and shows the chance smart-match shows (to its
    // simulation's precision: smart-match floors to the percent)
    const listed = ['chong', 'wen', 'bao'].flatMap((t) =>
      tiers[t].map((item: any) => ({ tier: t, chance: item.chance })),
    )
    expect(checked.map((c: any) => c.tier)).toEqual(listed.map((x) => x.tier))
    for (const [i, c] of checked.entries())
      expect(Math.abs(c.chance - (listed[i]?.chance ?? -1)), c.school).toBeLessThan(0.025)
    // its workbook (--out .xlsx) says the whole candidate on its 说明 sheet: no flag is needed; and its CSV (one
    // row per major) is the same list
    const book = join(work, '志愿表.xlsx')
    const flat = join(work, '志愿表.csv')
    for (const out of [book, flat]) {
      const wrote = await runGaokao(['smart-match', ...HUBEI_LIST_FLAGS, '--out', out], { datasets: dir })
      expect(wrote.code).toBe(0)
    }
    const fromBook = await runGaokao(['check', book, '--json'], { datasets: dir })
    expect(fromBook.stderr).toBe('')
    expect(JSON.parse(fromBook.stdout).data).toEqual(JSON.parse(fromSmartMatch.stdout).data)
    const fromFlat = await runGaokao(['check', flat, '--json', ...args], { datasets: dir })
    expect(JSON.parse(fromFlat.stdout).data.choices).toEqual(JSON.parse(fromSmartMatch.stdout).data.choices)
    // a rank given beside the file replaces the file's rank and the score it came from, both
    const ranked = await runGaokao(['check', book, '--rank', '30000', '--json'], { datasets: dir })
    const candidate = JSON.parse(ranked.stdout).data.candidate
    expect(candidate.rank).toBe(30000)
    expect(candidate.score).not.toBe(600)
    // a file name that names no file is said so (exit 2), not read as a list
    const missing = await runGaokao(['check', join(work, 'nope.xlsx'), ...args], { datasets: dir })
    expect([missing.code, missing.stderr.trim()]).toEqual([2, `错误: 找不到文件: ${join(work, 'nope.xlsx')}`])
  })
})

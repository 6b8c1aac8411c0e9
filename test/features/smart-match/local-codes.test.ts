import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import check from '../../../src/features/check/volunteer-check.js'
import type { ListItem } from '../../../src/features/smart-match/model/index.js'
import { namesLocalCodes } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { smartMatchRecords } from '../../../src/features/smart-match/table.js'
import { HUBEI_LIST_FLAGS, runGaokao } from '../../helpers/cli.js'
import { call, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets, giveLocalCodes } from '../../helpers/datasets.js'
import { HUBEI_REQUEST, listItems } from '../../helpers/smart-match.js'

/**
 * The province's own 院校代号 and 专业代号 (plans.local_*, given by the plan books of 江苏, 浙江 and 广西 2026) are
 * what its 志愿表 asks for beside the names: a list carries them in the JSON, the CSV, the table and the workbook.
 * The fixture's codes: test/helpers/datasets.ts giveLocalCodes (荆楚测试大学 4301, 东湖测试学院's group line A301).
 */

let dir: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  await giveLocalCodes(dir)
  ctx = fixtureContext(dir)
})
afterAll(async () => ctx.db.close())

describe("the province's own codes in a list", () => {
  it('names them in the JSON and the CSV: the item its 院校代号, each major its 专业代号', async () => {
    const res = (await call(smartMatch, HUBEI_REQUEST, ctx)) as any
    const items = listItems(res.data)
    const coded = items.filter((i: any) => i.sid === 3003)
    expect(coded.length).toBeGreaterThan(0)
    for (const item of coded) {
      expect(item.local_school_code).toBe('4301')
      for (const z of item.zyList)
        if (z.zyName === '英语') expect(z.local_sp_code).toBeNull()
        else expect(z.local_sp_code).toMatch(/^\d{2}$/u)
    }
    // a code on a group's own line only, as HB gives 湖北's, is the group's item's: 东湖测试学院 01组
    const lined = items.filter((i: any) => i.sid === 3005)
    expect(lined.map((i: any) => [i.sg_name, i.local_school_code])).toEqual([
      ['东湖测试学院01组（物理）', 'A301'],
    ])
    expect(
      items
        .filter((i: any) => i.sid !== 3003 && i.sid !== 3005)
        .every((i: any) => i.local_school_code === null),
    ).toBe(true)
    const records = smartMatchRecords(res.data).filter((r) => r.school === coded[0].schoolName)
    expect(records.every((r) => r.local_school_code === '4301')).toBe(true)
    const majors = records.filter((r) => r.major !== '英语')
    expect(majors.length).toBeGreaterThan(0)
    expect(majors.every((r) => /^\d{2}$/u.test(String(r.local_sp_code)))).toBe(true)
  })

  it('writes them before the names in the table, and as columns of the workbook', async () => {
    const args = ['smart-match', ...HUBEI_LIST_FLAGS]
    const run = await runGaokao(args, { datasets: dir })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/│ 4301 荆楚测试大学/u)
    expect(run.stdout).toMatch(/│ \d{2} 会计学/u)
    const out = join(mkdtempSync(join(tmpdir(), 'gaokao-codes-')), '志愿表.xlsx')
    expect((await runGaokao([...args, '--out', out], { datasets: dir })).code).toBe(0)
    const [sheet] = await readXlsxFile(out)
    if (!sheet) throw new Error('no sheet in the workbook')
    const [, head, ...rows] = sheet.data as unknown as (string | number | null)[][]
    const col = (name: string) => (head as string[]).indexOf(name)
    expect(col('院校代号')).toBeGreaterThan(-1)
    expect(col('专业代号')).toBeGreaterThan(-1)
    const row = rows.find((r) => r[col('院校')] === '荆楚测试大学')
    expect(row?.[col('院校代号')]).toBe('4301')
    // 英语 has none: written ?, and the 备注 says why
    expect(String(row?.[col('专业代号')])).toMatch(/^\d{2}、\?$/u)
    expect(String(row?.[col('备注')])).toContain('专业代号为 ? 的专业: 计划书中有同名的两个专业')
  })

  it("lets the 志愿表 check find a school by the plan's 院校代号, and say a code the plan lacks", async () => {
    const d = (await call(check, { ...HUBEI_REQUEST, choices: '4301/02,4399/02' }, ctx)).data
    expect(d.choices[0]).toMatchObject({
      school: '荆楚测试大学',
      note: expect.stringContaining('按院校代号 4301'),
    })
    expect(d.choices[1]).toMatchObject({
      status: 'school_not_found',
      note: '"4399" 不是本省该年计划中的院校代号, 也不是已知的全国院校代码, 请核对或填写院校名称',
    })
  })

  it('counts in the audit the items that name them all: a school code and every major its code', async () => {
    const run = await runGaokao([
      ...['smart-match', 'audit', '--province', '湖北', '--years', '2025', '--json'],
      ...['--datasets', dir],
    ])
    expect(run.code).toBe(0)
    const [row] = JSON.parse(run.stdout).rows
    // only 荆楚测试大学's items can name codes, and not one listing 英语: some, not all (at 5 % of the cohort one
    // item lists 软件工程 18 and 通信工程 20, another 会计学 22 and 英语 without a code)
    expect(row.local_codes).toBeGreaterThan(0)
    expect(row.local_codes).toBeLessThan(row.items)
  })

  it('counts no item that lists no major: its 院校代号 alone names none of the majors the form asks for', () => {
    const item = (codes: (string | null)[]) =>
      ({
        classified: { option: { localSchoolCode: 'A001' } },
        majors: codes.map((localSpcode) => ({ entry: { row: { localSpcode } } })),
      }) as unknown as ListItem
    expect(namesLocalCodes(item(['01', '02']))).toBe(true)
    expect(namesLocalCodes(item(['01', null]))).toBe(false)
    expect(namesLocalCodes(item([]))).toBe(false)
  })

  it("shows them in a school's major groups, where a counsellor looks them up; the spec's JSON stays as it was", async () => {
    const run = await runGaokao(['major-groups', '荆楚测试大学', '--province', '湖北', '--year', '2025'], {
      datasets: dir,
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/专业组 \S+\s+院校代号 4301/u)
    expect(run.stdout).toMatch(/│ 专业代号 │ 专业/u)
    expect(run.stdout).toMatch(/│ \d\d\s+│ 软件工程/u)
    const json = await runGaokao(
      ['major-groups', '荆楚测试大学', '--province', '湖北', '--year', '2025', '--json'],
      {
        datasets: dir,
      },
    )
    expect(json.stdout).not.toContain('local_s')
    // a school without codes: no such column
    const plain = await runGaokao(['major-groups', '楚天测试大学', '--province', '湖北', '--year', '2025'], {
      datasets: dir,
    })
    expect(plain.stdout).not.toContain('代号')
  })
})

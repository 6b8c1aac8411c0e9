import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Prompter } from '../../../src/cli/smart-match-prompts.js'
import type { EndpointContext } from '../../../src/endpoints/define.js'
import { choicesFromRows } from '../../../src/features/check/file.js'
import { groupCode } from '../../../src/features/check/model/match.js'
import type { SmartMatchData, ZybItem } from '../../../src/features/smart-match/response.js'
import smartMatch from '../../../src/features/smart-match/smart-match.js'
import { smartMatchRecords } from '../../../src/features/smart-match/table.js'
import { compositionText, groupCell, majorCells } from '../../../src/features/smart-match/workbook.js'
import { runGaokao } from '../../helpers/cli.js'
import { callWithView, fixtureContext } from '../../helpers/context.js'
import { buildFixtureDatasets } from '../../helpers/datasets.js'
import { itemsOf, workbookOf } from '../../helpers/smart-match.js'

/** `gaokao smart-match --out 志愿表.xlsx`: the workbook read back, for each kind of the provinces' forms. */

let dir: string
let out: string
let ctx: EndpointContext
beforeAll(async () => {
  dir = await buildFixtureDatasets()
  // What a built datasets directory carries: the sources the cover names
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      sources: { repos: [{ id: 'FIXTURE', repo: 'example/fixture-data', snapshot: 'abc1234' }] },
    }),
  )
  ctx = fixtureContext(dir)
  out = mkdtempSync(join(tmpdir(), 'gaokao-workbook-'))
})
afterAll(async () => ctx.db.close())

const HUBEI = ['--province', '湖北', '--batch', '本科批', '--rank-year', '2025', '--score', '600']
const SUBJECTS = ['--subject', '物理', '--xuanke', '物理,化学,生物']
const gaokao = (...args: string[]) => runGaokao(args, { datasets: dir })

type Row = (string | number | boolean | null)[]
/** A workbook read back: its sheets' names in order, and a sheet's rows by name */
async function sheetsOf(file: string) {
  const sheets = await readXlsxFile(file)
  return {
    names: sheets.map((s) => s.sheet),
    get(name: string): Row[] {
      const sheet = sheets.find((s) => s.sheet === name)
      if (!sheet) throw new Error(`no sheet ${name} in ${file}`)
      return sheet.data as unknown as Row[]
    },
  }
}
/** The cover's 内容 of a 项目 */
const coverValue = (rows: Row[], label: string) => rows.find((r) => r[0] === label)?.[1]

describe('smart-match --out 志愿表.xlsx', () => {
  it("names the family's preferences in the cover's command, which makes the same list again", async () => {
    const file = join(out, '湖北-只列.xlsx')
    const wanted = ['--public-only', '1', '--major-keyword', '计算机', '--exclude-obligated', '1']
    const run = await gaokao('smart-match', ...HUBEI, ...SUBJECTS, ...wanted, '--out', file)
    expect(run.code).toBe(0)
    const command = String(coverValue((await sheetsOf(file)).get('说明'), '命令'))
    expect(command).toBe(
      `gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,化学,生物 --type 1 ${wanted.join(' ')}`,
    )
    const again = await gaokao(...command.split(' ').slice(1), '--json')
    const first = await gaokao('smart-match', ...HUBEI, ...SUBJECTS, ...wanted, '--json')
    expect(JSON.parse(again.stdout).data.zyb_data).toEqual(JSON.parse(first.stdout).data.zyb_data)
    expect(
      itemsOf(JSON.parse(again.stdout).data).every((i) => i.zyList.every((z) => z.zyName.includes('计算机'))),
    ).toBe(true)
  })
  it('writes the form (院校专业组: 专业组, 专业1-6, 调剂) and the cover, one row per item of the list', async () => {
    const file = join(out, '湖北.xlsx')
    const run = await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--out', file)
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(`已写入 ${file}\n`)
    const json = await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--json')
    const items = itemsOf(JSON.parse(json.stdout).data)
    expect(items.length).toBeGreaterThan(3)

    const sheets = await sheetsOf(file)
    expect(sheets.names).toEqual(['志愿表', '说明'])
    const [title, head, ...rows] = sheets.get('志愿表')
    expect(title?.[0]).toContain('湖北 物理类 600 分')
    expect(title?.[0]).toContain('选科 物理+化学+生物')
    expect(head).toEqual([
      '志愿序号',
      '院校代码',
      '院校',
      '专业组',
      '专业1',
      '专业2',
      '专业3',
      '专业4',
      '专业5',
      '专业6',
      '是否服从调剂',
      '冲稳保',
      '录取概率',
      '预估最低位次',
      '位次差',
      '最近一年最低位次',
      '学费 (元/年)',
      '专业来源',
      '备注',
    ])
    expect(rows).toHaveLength(items.length)
    const col = (name: string) => (head as Row).indexOf(name)
    rows.forEach((row, i) => {
      const item = items[i] as ZybItem
      expect(row[col('志愿序号')]).toBe(item.index)
      expect(row[col('院校')]).toBe(item.schoolName)
      // the fixture's schools have no national code (T3003): left empty, not their id typed as one
      expect(item.schoolCode).toMatch(/^T\d{4}$/u)
      expect(row[col('院校代码')]).toBeNull()
      // 专业组（01）, 楚天测试大学01组（物理）: 01, as the form writes it
      expect(row[col('专业组')]).toBe(groupCode(item.sg_name, item.schoolName))
      const majors = row.slice(col('专业1'), col('专业6') + 1).filter((m) => m !== null)
      expect(majors).toEqual(item.zyList.map((z) => z.zyName))
      expect(row[col('是否服从调剂')]).toBe('是')
      expect(row[col('冲稳保')]).toBe({ chong: '冲', wen: '稳', bao: '保' }[item.source])
      expect(row[col('录取概率')]).toBe(item.chance)
      expect(row[col('预估最低位次')]).toBe(item.min_section)
      expect(row[col('专业来源')]).toMatch(/年计划|往年录取|未列专业/u)
      // the plan's fee of each major, in the order of the major columns (the fixture's: 5,000 元)
      expect(row[col('学费 (元/年)')]).toBe(item.zyList.map((z) => z.tuition ?? '?').join('、'))
    })

    const cover = sheets.get('说明')
    expect(coverValue(cover, '省份')).toBe('湖北')
    expect(coverValue(cover, '科类')).toContain('物理类')
    expect(coverValue(cover, '选科')).toBe('物理+化学+生物')
    expect(coverValue(cover, '分数')).toBe('600')
    expect(coverValue(cover, '位次')).toMatch(/^25057 \(由分数在 2025 年一分一段表中查得/u)
    expect(coverValue(cover, '位次年份')).toMatch(/^2025/u)
    expect(coverValue(cover, '策略')).toMatch(/^冲稳保 /u)
    expect(coverValue(cover, '命令')).toBe(
      'gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,化学,生物 --type 1',
    )
    expect(coverValue(cover, '录取概率、预估最低位次、位次差')).toContain('模型估计')
    expect(coverValue(cover, '合成数据')).toMatch(/^无/u)
    expect(coverValue(cover, '数据目录')).toBe(dir)
    expect(coverValue(cover, '数据版本')).toMatch(/^manifest\.json [0-9a-f]{12}, 文件日期 \d{4}-\d\d-\d\d$/u)
    expect(coverValue(cover, '来源 FIXTURE')).toMatch(
      /^example\/fixture-data@abc1234; 参与招生计划与往年录取 \d+ 行/u,
    )
  })

  it('is a list `gaokao check` reads back: the same schools, groups and majors in the same order', async () => {
    const file = join(out, 'check.xlsx')
    expect((await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--out', file)).code).toBe(0)
    const items = itemsOf(
      JSON.parse((await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--json')).stdout).data,
    )
    const rows = (await sheetsOf(file)).get('志愿表').map((r) => r.map((c) => (c === null ? '' : String(c))))
    const choices = choicesFromRows(rows)
    expect(choices.map((c) => [c.school, c.group, c.majors, c.tiaoji])).toEqual(
      items.map((i) => [
        i.schoolName,
        groupCode(i.sg_name, i.schoolName),
        i.zyList.map((z) => z.zyName),
        true,
      ]),
    )
  })

  it('says so on the cover when no 选科 was given and the directory has no manifest.json', async () => {
    const bare = await buildFixtureDatasets()
    const file = join(out, 'bare.xlsx')
    const run = await runGaokao(['smart-match', ...HUBEI, '--subject', '物理', '--out', file], {
      datasets: bare,
    })
    expect(run.code).toBe(0)
    const sheets = await sheetsOf(file)
    expect(sheets.get('志愿表')[0]?.[0]).toContain('未限定选科')
    const cover = sheets.get('说明')
    expect(coverValue(cover, '选科')).toMatch(/^未限定选科 \(未填写\)/u)
    expect(coverValue(cover, '数据版本')).toBe('数据目录中没有 manifest.json: 来源与日期未知')
  })

  it('writes .csv and .json as --format csv and --json print them', async () => {
    const csv = join(out, '志愿表.csv')
    const json = join(out, '志愿表.json')
    expect((await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--out', csv)).code).toBe(0)
    expect((await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--out', json)).code).toBe(0)
    expect(readFileSync(csv, 'utf8')).toBe(
      (await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--format', 'csv')).stdout,
    )
    expect(readFileSync(json, 'utf8')).toBe(
      (await gaokao('smart-match', ...HUBEI, ...SUBJECTS, '--json')).stdout,
    )
  })

  it('refuses a file it cannot write, with exit 2, before asking or computing anything', async () => {
    // Any question fails the test (not a thenable: the prompter is awaited)
    const never = new Proxy(
      {},
      {
        get: (_target, key) =>
          key === 'then'
            ? undefined
            : async () => {
                throw new Error(`asked ${String(key)}`)
              },
      },
    ) as Prompter
    const cases: [string, RegExp][] = [
      [join(out, '志愿表.txt'), /不支持的文件类型 "\.txt"; 请用 \.xlsx, \.csv 或 \.json/u],
      [join(out, 'no-such-dir', '志愿表.xlsx'), /目录不存在/u],
      [out, /是一个目录/u],
    ]
    for (const [file, message] of cases) {
      // --batch and the score left out, in a terminal: the questions would come next
      const run = await runGaokao(
        ['smart-match', '--province', '湖北', '--rank-year', '2025', '--out', file],
        {
          datasets: dir,
          interactive: true,
          deps: { prompter: async () => never },
        },
      )
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(message)
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    }
    expect(existsSync(join(out, '志愿表.txt'))).toBe(false)
  })

  it('refuses --out beside another --format', async () => {
    const run = await gaokao(
      'smart-match',
      ...HUBEI,
      ...SUBJECTS,
      '--out',
      join(out, 'x.xlsx'),
      '--format',
      'csv',
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('不能同时用 --format csv')
  })
})

const sheetsFor = async (body: Record<string, unknown>) => {
  const { res } = await callWithView(smartMatch, body, ctx)
  expect(res.code).toBe(200)
  const data = res.data as SmartMatchData
  return { data, sheets: workbookOf(data, body) }
}

describe('the form follows the province rule', () => {
  it("院校代码: the national 5-digit code, empty (never the datasets' id, gk1218) where it is unknown", async () => {
    const body = { province: '湖北', batch: '本科批', rank_year: 2025, score: 600, subject: '物理' }
    const { data: fixture } = await sheetsFor(body)
    expect(itemsOf(fixture).length).toBeGreaterThan(1)
    // the fixture's schools have no national code: the first item gets one, the second an id like 东北大学秦皇岛分校's
    const data = structuredClone(fixture)
    itemsOf(data).forEach((item, i) => {
      item.schoolCode = i % 2 === 0 ? '10284' : 'gk1218'
    })
    const sheets = workbookOf(data, body)
    const [, head, ...rows] = sheets[0]?.rows ?? []
    const at = (head ?? []).indexOf('院校代码')
    expect(rows.slice(0, 2).map((r) => r[at])).toEqual(['10284', null])
    expect(sheets[1]?.rows.find((r) => r[0] === '院校代码')?.[1]).toContain('没有这个代码的院校')
    // the CSV and NDJSON records alike; the JSON (the spec's schoolCode) keeps the school's own code
    const records = smartMatchRecords(data)
    expect(records.filter((r) => r.index === 1).map((r) => r.school_code)).toContain('10284')
    expect(records.filter((r) => r.index === 2).every((r) => r.school_code === null)).toBe(true)
    expect(itemsOf(data)[1]?.schoolCode).toBe('gk1218')
  })

  it('专业+院校 (重庆): one major per row, no 专业组 and no 调剂', async () => {
    const { data, sheets } = await sheetsFor({
      province: '重庆',
      batch: '本科批',
      rank_year: 2025,
      rank: 9000,
      subject: '物理',
      xuanke: '物理,化学',
    })
    const [, head, ...rows] = sheets[0]?.rows ?? []
    expect(head?.slice(0, 5)).toEqual(['志愿序号', '院校代码', '院校', '专业', '冲稳保'])
    expect(head).not.toContain('专业组')
    expect(head).not.toContain('是否服从调剂')
    expect(rows.map((r) => r[3])).toEqual(itemsOf(data).map((i) => i.zyList.map((z) => z.zyName).join('、')))
  })

  it('院校+专业 (河南 2024 本科一批): majors 1-5 under the school, 调剂, no 专业组', async () => {
    const { data, sheets } = await sheetsFor({
      province: '河南',
      batch: '本科一批',
      rank_year: 2024,
      rank: 30000,
      subject: '理科',
    })
    const [title, head, ...rows] = sheets[0]?.rows ?? []
    expect(head?.slice(0, 9)).toEqual([
      '志愿序号',
      '院校代码',
      '院校',
      '专业1',
      '专业2',
      '专业3',
      '专业4',
      '专业5',
      '是否服从调剂',
    ])
    expect(rows).toHaveLength(itemsOf(data).length)
    // 文理: no 选科 to name
    expect(title?.[0]).not.toContain('选科')
    const cover = sheets[1]?.rows ?? []
    expect(cover.find((r) => r[0] === '选科')?.[1]).toBe('文理分科: 没有选科要求')
    expect(cover.find((r) => r[0] === '志愿形式')?.[1]).toBe(
      '院校 + 专业: 6 个志愿, 每个志愿 5 个专业, 是否服从调剂',
    )
  })
})

describe('cells', () => {
  it('the group code as the form writes it', () => {
    expect(groupCell({ sg_name: '专业组（02）', schoolName: '深圳大学' })).toBe('02')
    expect(groupCell({ sg_name: '南京大学01组（物理+化学）', schoolName: '南京大学' })).toBe('01')
    expect(groupCell({ sg_name: '', schoolName: '南京大学' })).toBe('')
  })
  it('majors one per cell; more than the form has share the last', () => {
    expect(majorCells(['a', 'b'], 3)).toEqual(['a', 'b', ''])
    expect(majorCells(['a', 'b', 'c'], 1)).toEqual(['a、b、c'])
    expect(majorCells(['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c、d'])
  })
  it('where the majors come from, in words to check against the plan book', () => {
    expect(compositionText('plan', 2025)).toBe('2025 年计划')
    expect(compositionText('plan_prev_year', 2025)).toBe('2024 年计划 (当年计划未列专业, 请核对)')
    expect(compositionText('admitted_prev_year', 2025)).toContain('往年录取')
    expect(compositionText(null, 2025)).toContain('未列专业')
  })
})

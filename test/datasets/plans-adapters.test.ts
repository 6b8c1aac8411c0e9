import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { Drops } from '../../src/datasets/plans/drops.js'
import { mergeRecords } from '../../src/datasets/plans/merge.js'
import { gaPlans } from '../../src/datasets/plans/sources/ga.js'
import { gpGroupRecords, gpPlans, gpSchoolRecords } from '../../src/datasets/plans/sources/gp.js'
import { imPlans, imRecord } from '../../src/datasets/plans/sources/im.js'
import { lbPlans } from '../../src/datasets/plans/sources/lb.js'
import { type LgRecord, lgPlans, lgRecord, lgRecords, tierOf } from '../../src/datasets/plans/sources/lg.js'
import { loadFirstClassMajors } from '../../src/datasets/plans/sources/mc.js'
import { shPlans } from '../../src/datasets/plans/sources/sh.js'
import type { PlanAdapterResult, PlanRecord } from '../../src/datasets/plans/types.js'
import { unzip } from '../../src/datasets/sources/zip.js'
import { FIXTURES } from './helpers.js'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const dropped = (r: PlanAdapterResult, reason: string) =>
  r.dropped.find((d) => d.reason === reason)?.rows ?? 0
const find = (records: PlanRecord[], f: Partial<PlanRecord>) =>
  records.filter((r) => Object.entries(f).every(([k, v]) => r[k as keyof PlanRecord] === v))

const LG_DIR = join(FIXTURES, 'liuguanghui0226__gaokao-zhiyuan-site/site/data/release-v3.275')
const lgShard = async (slug: string) =>
  (JSON.parse(await readFile(join(LG_DIR, `${slug}.json`), 'utf8')) as { records: LgRecord[] }).records

describe('LG adapter (records of the province shards)', () => {
  it('reads official major lines with the rank LG derived, and flags it', async () => {
    const drops = new Drops('LG')
    const recs = lgRecords(await lgShard('hebei'), 'hebei.json', drops)
    const [pku] = find(recs, { schoolName: '北京大学[公办]', spname: '文科试验班类(不限选考科目类专业)' })
    expect(pku).toMatchObject({
      province: '河北',
      year: 2025,
      subjectType: '历史类',
      batchName: '本科批',
      planType: '普通',
      tier: 0,
      min: 671,
      minSection: 43,
      rankDerived: true,
      outcomeLevel: 'major',
      sgCode: null, // 河北 fills 专业+院校 choices: 专业代号 is no group
    })
    // third-party copy of the same line (institution-admission with a major name: a major's outcome)
    expect(find(recs, { schoolName: '北京大学', tier: 3 })[0]).toMatchObject({
      outcomeLevel: 'major',
      min: 671,
    })
  })

  it('drops unplaceable categories, 预科, fractional scores and third-party rows repeated from an earlier year', async () => {
    const drops = new Drops('LG')
    const recs = lgRecords(await lgShard('hebei'), 'hebei.json', drops)
    const list = drops.list()
    const count = (reason: string) => list.find((d) => d.reason === reason)?.rows ?? 0
    // 河北工业大学's 2023 row, repeated unchanged under 2024 and 2025: the copies go, the earliest stays; its own
    // 2025 row (another score) stays too
    expect(count('third-party summary row repeated from an earlier year')).toBe(2)
    expect(
      find(recs, { schoolName: '河北工业大学', spname: '电子科学与技术' }).map((r) => [r.year, r.min]),
    ).toEqual([
      [2023, 604],
      [2025, 611],
    ])
    // 对口本科征集志愿 labelled 综合 in a 3+1+2 year: the category cannot be placed (checked first)
    expect(count('category is not a gaokao category (vocational, 单列, 蒙授 or unlabelled)')).toBe(1)
    expect(count('preparatory class (预科)')).toBe(1)
    expect(count('fractional score (a composite or computed score)')).toBe(1)
    // the 2010 line is kept by the adapter; the builder drops years outside 2014..2026
    expect(find(recs, { year: 2010 })).toHaveLength(1)
  })

  it('reads plans (吉林 guide) with group, requirement and tuition; drops conscript plans', async () => {
    const drops = new Drops('LG')
    const recs = lgRecords(await lgShard('jilin'), 'jilin.json', drops)
    const [plan] = find(recs, { year: 2025, spname: '人文科学试验班' })
    expect(plan).toMatchObject({
      province: '吉林',
      batchName: '本科批',
      localBatchName: '普通本科批',
      sgCode: '006',
      sgInfos: '首选历史,再选不限',
      num: 2,
      min: null,
      outcomeLevel: '',
    })
    expect(plan?.tuition).toBeGreaterThan(0)
    expect(drops.list().find((d) => d.reason === 'military-only plan')?.rows).toBe(2)
  })

  it('reads group lines, school lines, special plans and 文理 years', async () => {
    const drops = new Drops('LG')
    const js = lgRecords(await lgShard('jiangsu'), 'jiangsu.json', drops)
    expect(find(js, { schoolName: '中国人民大学(苏州校区)', year: 2025 })[0]).toMatchObject({
      outcomeLevel: 'group',
      spname: '',
      sgCode: '02',
      localBatchName: '普通类本科批次平行志愿',
      min: 627,
      minSection: 1489,
      rankDerived: true,
    })
    // the 征求志愿 lines are a vacancy round
    expect(find(js, { schoolName: '北京科技大学天津学院' })).toEqual([])
    const hn = lgRecords(await lgShard('henan'), 'henan.json', drops)
    // 河南 2021 was 文理: LG's 物理类 label is 理科; a school page's 国家专项 line is a special plan
    expect(find(hn, { schoolName: '清华大学', year: 2021, planType: '国家专项' })[0]).toMatchObject({
      subjectType: '理科',
      batchName: '国家专项',
      outcomeLevel: 'school',
      tier: 1,
      min: 686,
    })
    expect(find(hn, { schoolName: '北京大学', year: 2024 })[0]).toMatchObject({
      localBatchName: '本科一批',
      outcomeLevel: 'school',
      tier: 0,
    })
  })

  it("makes a school's rows without major names (官网行级分数（代码N）) its school line, never majors", () => {
    const row = (code: number, minScore: number): LgRecord => ({
      province: '河北',
      year: 2025,
      subjectType: '物理类',
      batch: '普通类',
      schoolName: '南京邮电大学',
      schoolCode: '10293',
      dataType: 'institution-admission',
      majorName: `南京邮电大学2025河北普通类（物理+化学）官网行级分数（代码${code}）`,
      majorGroup: `南京邮电大学|河北|2025|普通类|物理+化学|代码${code}`,
      minScore,
      minRank: minScore === 633 ? 7880 : 8237,
      sourceQuality: 'official-school-njupt-2021-2025-national-xlsx-score-rank',
    })
    const records = [row(16, 633), row(12, 632)].map((r) => lgRecord(r, 'hebei.json'))
    for (const r of records)
      expect(r).toMatchObject({ outcomeLevel: 'school', spname: '', sgCode: null, tier: 1 })
    // Folded into one row of the school, whose line is the lowest of its rows
    const resolved = (records as PlanRecord[]).map((r) => ({
      ...r,
      sid: 1,
      schoolLabel: '南京邮电大学',
      majorId: null,
    }))
    const { rows } = mergeRecords(resolved, ['LG'])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'school', spname: '', min: 632, minSection: 8237 })
  })

  it('classifies sources by quality and loads every shard of the fixture release', async () => {
    expect(tierOf('official-hebei-2025-undergraduate-major-filing-xlsx-score-only')).toBe(0)
    expect(tierOf('official-school-pku-2015-2025-national-html-score-only')).toBe(1)
    expect(tierOf('third-party-filing-line-imported-score-only')).toBe(3)
    expect(lgRecord({ dataType: 'control-line' }, 'x')).toMatch(/not a plan or admission record/u)
    const r = await lgPlans.load(FIXTURES)
    expect(r.files.some((f) => f.endsWith('release-v3.275/hebei.json'))).toBe(true)
    expect(
      r.records.some((x) => x.province === '上海' && x.schoolName === '上海体大' && x.sgCode === '01'),
    ).toBe(true)
  })
})

describe('IM adapter (plans_<year>.csv)', () => {
  it('keeps 广东 group plans with their line and 安徽 special plans', async () => {
    const r = await imPlans.load(FIXTURES)
    expect(find(r.records, { province: '广东', year: 2025, schoolName: '北京大学' })[0]).toMatchObject({
      spname: '',
      sgCode: '206',
      num: 34,
      tuition: 6000,
      min: 689,
      minSection: 99,
      outcomeLevel: 'group',
      schoolCode: '10001',
      tier: 2,
    })
    expect(find(r.records, { province: '安徽', spname: '会计学' })[0]).toMatchObject({
      year: 2025,
      batchName: '国家专项',
      planType: '国家专项',
      num: 1,
      tuition: 4400,
      outcomeLevel: '',
    })
  })

  it('reads a plan of 0 beside an admission line as unknown (广东 2024 group rows)', () => {
    const row = {
      province: '广东',
      subject_group: '历史类',
      batch: '本科批',
      university_code: '11393',
      university_name: '昆明学院',
      group_code: '201',
      major_name: '昆明学院组201',
      major_code: '',
      plan_count: '0',
      tuition: '6000',
      lowest_score_2024: '510.0',
      lowest_rank_2024: '0.0',
    }
    expect(imRecord(row, 2024, 'plans_2024.csv')).toMatchObject({ num: null, min: 510, sgCode: '201' })
    // without a line a 0 is what the row says, and a row of neither is dropped
    expect(imRecord({ ...row, lowest_score_2024: '' }, 2024, 'plans_2024.csv')).toMatchObject({ num: 0 })
  })

  it('stores 甘肃 plans_2025 outcomes as 2024 and reads the programme from major_name', async () => {
    const r = await imPlans.load(FIXTURES)
    const gs = find(r.records, { province: '甘肃', schoolName: '北京大学' })
    expect(gs.map((x) => [x.year, x.batchName, x.sgCode, x.min, x.minSection])).toEqual([
      [2024, '本科批', '16', 657, 25],
      [2024, '国家专项', '17', 651, 37],
    ])
    expect(dropped(r, 'preparatory class (预科)')).toBe(3)
  })

  it('drops the implausible provinces, the 2026 copies and the history duplicate', async () => {
    const r = await imPlans.load(FIXTURES)
    expect(r.records.some((x) => ['福建', '山东', '河南'].includes(x.province))).toBe(false)
    expect(r.records.some((x) => x.year === 2026)).toBe(false)
    expect(dropped(r, 'implausible 福建 rows (see README)')).toBe(5)
    expect(dropped(r, 'implausible 山东 rows (see README)')).toBe(3)
    expect(dropped(r, 'plans_2026 row repeating the 2025 file')).toBe(2)
    expect(dropped(r, 'plans_2024_history.csv repeats the 历史类 rows of plans_2024.csv')).toBe(3)
  })
})

describe('GA adapter (广东)', () => {
  it('reads the by-major files despite the newlines in their header cells', async () => {
    const r = await gaPlans.load(FIXTURES)
    expect(find(r.records, { schoolName: '北京师范大学', spname: '金融学' })[0]).toMatchObject({
      province: '广东',
      year: 2024,
      subjectType: '物理类',
      batchName: '本科批',
      sgCode: '204',
      sgInfos: '首选物理,再选不限',
      min: 642,
      max: 647,
      minSection: 4310,
      rankDerived: false,
      outcomeLevel: 'major',
      schoolCode: '10027',
    })
    expect(dropped(r, 'gender-split line')).toBe(4)
    expect(dropped(r, '师范 plan of the 提前批 (batch not stated)')).toBe(4)
  })

  it('reads the 2025 历史类 plan with the 方向 of a major and only the 高校专项 of the special batch', async () => {
    const r = await gaPlans.load(FIXTURES)
    expect(find(r.records, { year: 2025, spname: '文科试验班类(元培)' })[0]).toMatchObject({
      subjectType: '历史类',
      sgCode: '205',
      num: 1,
      length: '四年',
      tuition: 5300,
      sgInfos: '首选历史,再选不限',
      outcomeLevel: '',
    })
    expect(find(r.records, { year: 2025, spname: '中国语言文学类' })).toHaveLength(1)
    expect(find(r.records, { year: 2025, spname: '英语(高校专项计划)' })[0]).toMatchObject({
      batchName: '高校专项',
      localBatchName: '特殊类型招生批',
    })
    expect(find(r.records, { year: 2025, batchName: '专科批' }).length).toBeGreaterThan(0)
    expect(dropped(r, 'special admission route')).toBe(3)
  })
})

describe('SH adapter (上海 group lines)', () => {
  it('keeps lines with a score and drops lower bounds and blanks', async () => {
    const r = await shPlans.load(FIXTURES)
    expect(r.records.map((x) => [x.year, x.schoolName, x.sgCode, x.min, x.minSection])).toContainEqual([
      2023,
      '上海体大',
      '01',
      513,
      16423,
    ])
    expect(r.records.every((x) => x.outcomeLevel === 'group' && x.subjectType === '综合')).toBe(true)
    expect(dropped(r, 'line given only as a lower bound (N及以上)')).toBe(5)
    expect(dropped(r, 'no score and no plan number')).toBe(1)
  })
})

describe('GP adapter (school minimums, college groups)', () => {
  it('reads pro_type_min by the exam mode and the school level', async () => {
    const r = await gpPlans.load(FIXTURES)
    expect(find(r.records, { schoolName: '北京大学', province: '北京', year: 2025 })[0]).toMatchObject({
      subjectType: '综合',
      batchName: '本科批',
      localBatchName: '',
      min: 685,
      outcomeLevel: 'school',
      sidHint: 31,
      tier: 4,
    })
    expect(
      find(r.records, { schoolName: '长春师范高等专科学校' }).every((x) => x.batchName === '专科批'),
    ).toBe(true)
  })

  it('files a military academy’s minimum under the early batch, which is the only one it admits in', () => {
    const school = (type: string, level: string) => ({
      gaokao_cn_id: 1222,
      name: '网络空间部队信息工程大学',
      level,
      type,
      pro_type_min: { '32': [{ year: 2025, type: { '2073': 626 } }] },
    })
    const batch = (type: string, level = '本科') =>
      gpSchoolRecords(school(type, level), 'f', new Drops('GP')).map((r) => r.batchName)
    expect(batch('军事类')).toEqual(['本科提前批'])
    expect(batch('军事类', '专科（高职）')).toEqual(['专科提前批'])
    expect(batch('理工类')).toEqual(['本科批'])
  })

  it('drops 预科 and minority classes named as majors, and the line of a group of nothing else', () => {
    const drops = new Drops('GP')
    const group = (code: string, majors: string[]) => ({
      group_code: code,
      track: '物理',
      category: '普通类',
      group_min_score: 600,
      group_min_rank: 18000,
      majors: majors.map((name) => ({ name, plan: 2, min_score: 600, min_rank: 18000 })),
    })
    const records = gpGroupRecords(
      {
        universities: [
          {
            university: '华中师范大学',
            provinces: [
              {
                province: '湖北',
                groups: [group('24', ['本科预科班']), group('20', ['心理学类', '少数民族预科班'])],
              },
            ],
          },
        ],
      },
      'college_groups.json',
      drops,
    )
    expect(records.map((r) => [r.sgCode, r.spname])).toEqual([
      ['20', ''],
      ['20', '心理学类'],
    ])
    expect(drops.list()).toContainEqual({ source: 'GP', reason: 'preparatory class (预科)', rows: 3 })
  })

  it('reads the college-group file: group lines and plans by major', async () => {
    const r = await gpPlans.load(FIXTURES)
    const groups = find(r.records, { schoolName: '北京师范大学', province: '江苏', outcomeLevel: 'group' })
    expect(groups.length).toBeGreaterThan(0)
    expect(groups.every((g) => g.sgCode !== null && g.min !== null && g.year === 2025)).toBe(true)
    expect(r.records.some((x) => x.spname === '北京师范大学' || x.spname === '珠海校区')).toBe(false)
    expect(find(r.records, { schoolName: '北京大学', spname: '中国语言文学类' })).toEqual([]) // neither plan nor line
    expect(dropped(r, 'not a major name (a batch, campus, programme or school)')).toBeGreaterThan(0)
  })
})

// ---- LB: the zipped workbook is built here from text ----

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(b: Buffer): number {
  let c = 0xffffffff
  for (const x of b) c = (CRC[(c ^ x) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A zip of deflated entries (names flagged UTF-8). */
function makeZip(files: [string, Buffer][]): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const [name, raw] of files) {
    const data = deflateRawSync(raw)
    const n = Buffer.from(name, 'utf8')
    const head = Buffer.alloc(30)
    head.writeUInt32LE(0x04034b50, 0)
    head.writeUInt16LE(20, 4)
    head.writeUInt16LE(0x0800, 6)
    head.writeUInt16LE(8, 8)
    head.writeUInt32LE(crc32(raw), 14)
    head.writeUInt32LE(data.length, 18)
    head.writeUInt32LE(raw.length, 22)
    head.writeUInt16LE(n.length, 26)
    const dir = Buffer.alloc(46)
    dir.writeUInt32LE(0x02014b50, 0)
    dir.writeUInt16LE(20, 4)
    dir.writeUInt16LE(20, 6)
    dir.writeUInt16LE(0x0800, 8)
    dir.writeUInt16LE(8, 10)
    dir.writeUInt32LE(crc32(raw), 16)
    dir.writeUInt32LE(data.length, 20)
    dir.writeUInt32LE(raw.length, 24)
    dir.writeUInt16LE(n.length, 28)
    dir.writeUInt32LE(offset, 42)
    parts.push(head, n, data)
    central.push(dir, n)
    offset += 30 + n.length + data.length
  }
  const cd = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, cd, end])
}

const COLS = 'ABCDEFGHIJKLMNOPQRSTU'
const esc = (s: string) => s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;')

/** An xlsx with one sheet per entry, cells as inline strings (the reader's inlineStr path). */
function makeWorkbook(sheets: [string, string[][]][]): Buffer {
  const files: [string, Buffer][] = []
  const book = sheets.map(([name], i) => `<sheet name="${esc(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
  files.push([
    'xl/workbook.xml',
    Buffer.from(`<workbook xmlns:r="r"><sheets>${book.join('')}</sheets></workbook>`),
  ])
  const rels = sheets.map(
    (_, i) => `<Relationship Id="rId${i + 1}" Target="worksheets/sheet${i + 1}.xml" Type="worksheet"/>`,
  )
  files.push(['xl/_rels/workbook.xml.rels', Buffer.from(`<Relationships>${rels.join('')}</Relationships>`)])
  sheets.forEach(([, rows], i) => {
    const body = rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row
            .map((v, c) =>
              v === '' ? '' : `<c r="${COLS[c]}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
            )
            .join('')}</row>`,
      )
      .join('')
    files.push([
      `xl/worksheets/sheet${i + 1}.xml`,
      Buffer.from(`<worksheet><sheetData>${body}</sheetData></worksheet>`),
    ])
  })
  return makeZip(files)
}

const LB_HEADER = ['省份', '城市', 'F915', 'F211', '双一流', '学校']
for (const y of [2020, 2019, 2018, 2017, 2016]) LB_HEADER.push(`${y}年`, '最低排位', '平均分')

describe('LB adapter (zipped workbooks)', () => {
  it('reads 普通类 and special-plan sheets by year, drops programme sheets', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gaokao-plans-lb-'))
    dirs.push(root)
    const dir = join(root, 'labolado__gaokao_2016-2020')
    mkdirSync(dir, { recursive: true })
    const school = (name: string, cells: string[]) => ['江苏', '南京市', '否', '否', '否', name, ...cells]
    const book = makeWorkbook([
      [
        '普通类_本科一批',
        [
          LB_HEADER,
          school('南京大学', ['390.00', '1200', '--', '', '', '', '381.00', '0', '385.00']),
          school('东南大学', ['--', '0', '--']),
        ],
      ],
      ['国家专项计划_本科一批', [LB_HEADER, school('南京大学', ['380.00', '2600', '--'])]],
      ['中外合作办学_本科二批', [LB_HEADER, school('南京大学', ['350.00', '60000', '--'])]],
    ])
    writeFileSync(
      join(dir, '江苏-理科.xlsx.zip'),
      makeZip([
        ['江苏-理科.xlsx', book],
        ['readme.txt', Buffer.from('x')],
      ]),
    )
    writeFileSync(
      join(dir, '香港-理科.xlsx.zip'),
      makeZip([['x.xlsx', makeWorkbook([['普通类_本科一批', [LB_HEADER]]])]]),
    )
    expect(unzip(await readFile(join(dir, '江苏-理科.xlsx.zip'))).map((e) => e.name)).toEqual([
      '江苏-理科.xlsx',
      'readme.txt',
    ])
    const r = await lbPlans.load(root)
    expect(
      r.records.map((x) => [
        x.year,
        x.schoolName,
        x.batchName,
        x.localBatchName,
        x.min,
        x.minSection,
        x.average,
      ]),
    ).toEqual([
      [2020, '南京大学', '国家专项', '本科一批', 380, 2600, null],
      [2020, '南京大学', '本科批', '本科一批', 390, 1200, null],
      [2018, '南京大学', '本科批', '本科一批', 381, null, 385],
    ])
    expect(
      r.records.every((x) => x.subjectType === '理科' && x.outcomeLevel === 'school' && x.tier === 5),
    ).toBe(true)
    expect(dropped(r, 'programme sheet other than 普通类 / 专项 (a school line inside one programme)')).toBe(
      1,
    )
    expect(dropped(r, 'not a mainland province (台湾/香港/澳门)')).toBe(1)
  })
})

describe('MC (一流专业 for is_dual_class)', () => {
  it('reads school and major pairs', async () => {
    const mc = await loadFirstClassMajors(FIXTURES)
    expect(mc.file).toBe('manmonthW__gaokao-canmou/etl/data/swyc_batches.csv')
    expect(mc.pairs.length).toBeGreaterThan(0)
    expect(mc.pairs.every(([s, m]) => s !== '' && m !== '')).toBe(true)
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/errors.js'
import {
  choicesFromRows,
  csvRows,
  fileKind,
  parseChoicesJson,
  readChoicesFile,
  readTable,
} from '../../../src/features/check/file.js'
import { checkInputFromSmartMatch } from '../../../src/features/check/from-smart-match.js'
import { majorList, parseChoices, splitMajors, yesNo } from '../../../src/features/check/input.js'
import {
  findMajor,
  findSchool,
  groupCode,
  matchMajor,
  matchOption,
  schoolIndex,
} from '../../../src/features/check/model/match.js'
import type { MajorEntry, Option } from '../../../src/features/smart-match/model/options.js'

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'check')

describe('the choices field', () => {
  it('reads an array of objects, English or Chinese field names', () => {
    expect(
      parseChoices([
        { school: '楚天测试大学', group: '01', majors: ['计算机科学与技术'], tiaoji: false },
        { 院校: '江汉测试大学', 专业组: '02', 专业: '自动化、机械设计制造及其自动化', 服从调剂: '是' },
        { school_id: 3003 },
      ]),
    ).toEqual([
      { school: '楚天测试大学', group: '01', majors: ['计算机科学与技术'], tiaoji: false },
      { school: '江汉测试大学', group: '02', majors: ['自动化', '机械设计制造及其自动化'], tiaoji: true },
      { schoolId: 3003, majors: [] },
    ])
  })
  it('keeps a 院校代码 given beside the name, to be checked against it; alone it is the school', () => {
    expect(
      parseChoices([
        { 院校: '楚天测试大学', 院校代码: 'T3002' },
        { 院校代码: 'T3003' },
        { school: '江汉测试大学', school_code: 'T3002' },
      ]),
    ).toEqual([
      { school: '楚天测试大学', schoolCode: 'T3002', majors: [] },
      { school: 'T3003', majors: [] },
      { school: '江汉测试大学', schoolCode: 'T3002', majors: [] },
    ])
    expect(
      choicesFromRows([
        ['院校代码', '院校名称', '专业组'],
        ['T3002', '楚天测试大学', '01'],
        ['T3003', '', '02'],
      ]),
    ).toEqual([
      { school: '楚天测试大学', schoolCode: 'T3002', group: '01', majors: [] },
      { school: 'T3003', group: '02', majors: [] },
    ])
  })
  it('reads JSON text and the compact line a counsellor types (院校/专业组/专业+专业/调剂)', () => {
    expect(parseChoices('[{"school":"楚天测试大学"}]')).toEqual([{ school: '楚天测试大学', majors: [] }])
    expect(
      parseChoices('楚天测试大学/01/计算机科学与技术+电子信息工程/不调剂，巴渝测试大学//软件工程'),
    ).toEqual([
      { school: '楚天测试大学', group: '01', majors: ['计算机科学与技术', '电子信息工程'], tiaoji: false },
      { school: '巴渝测试大学', majors: ['软件工程'] },
    ])
  })
  it('refuses what is no list, in Chinese, naming the field', () => {
    const message = (v: unknown) => {
      try {
        parseChoices(v)
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError)
        return (err as ApiError).message
      }
      return ''
    }
    expect(message(undefined)).toBe('参数 choices 无效: 不能为空')
    expect(message({ a: 1 })).toBe('参数 choices 无效: 应为志愿数组')
    expect(message('[{')).toBe('参数 choices 无效: 不是合法的 JSON')
    expect(message([{ group: '01' }])).toBe('参数 choices 无效: 第 1 个志愿没有院校')
    expect(message(Array.from({ length: 201 }, () => ({ school: 'x' })))).toContain('最多 200 个志愿')
  })
  it('reads 是/否 as forms write them', () => {
    expect(['是', '服从', 'Y', '1', true].map(yesNo)).toEqual([true, true, true, true, true])
    expect(['否', '不服从', 'n', 0].map(yesNo)).toEqual([false, false, false, false])
    expect(yesNo('也许')).toBeUndefined()
  })
})

describe('matching a choice to its option', () => {
  it('reads a group code however it is written', () => {
    expect(groupCode('专业组（01）')).toBe('01')
    expect(groupCode('楚天测试大学01组（物理+化学）', '楚天测试大学')).toBe('01')
    expect(groupCode('第3组')).toBe('3')
    expect(groupCode('(w99)')).toBe('W99')
    expect(groupCode(' 101 ')).toBe('101')
  })
  const entry = (id: number, name: string): MajorEntry => ({
    row: {
      id,
      sid: 1,
      group: '专业组（01）',
      name,
      majorId: null,
      spcode: null,
      num: null,
      length: null,
      sgInfos: null,
    },
    requirement: { first: null, clauses: [] },
    estimate: undefined,
  })
  const option = (
    key: string,
    group: string,
    majors: MajorEntry[],
    granularity: Option['granularity'] = 'group',
  ) => ({ key, sid: 1, group, granularity, majors, requirements: [] }) as unknown as Option
  it('finds a major by name, by stem, by one name holding the other', () => {
    const majors = [entry(1, '计算机类(拔尖班)'), entry(2, '临床医学（5+3一体化）'), entry(3, '软件工程')]
    expect(findMajor('计算机类', majors)?.row.id).toBe(1)
    expect(findMajor('临床医学(5+3一体化)', majors)?.row.id).toBe(2)
    expect(findMajor('软件', majors)?.row.id).toBe(3)
    expect(findMajor('英语', majors)).toBeUndefined()
    // typed without the bracket, as one major of a cell (split at + only between names)
    const [typed] = splitMajors('临床医学5+3+软件工程')
    expect(findMajor(typed ?? '', majors)?.row.id).toBe(2)
  })
  it('takes a bare name the plan has twice with notes as the most selective of them, and names them all', () => {
    const withEstimate = (e: MajorEntry, expected: number): MajorEntry =>
      ({ ...e, estimate: { expected } }) as unknown as MajorEntry
    const south = withEstimate(entry(1, '工程管理(南校区)'), 30_000)
    const programme = withEstimate(entry(2, '工程管理(长安学堂计划)(南校区)'), 12_000)
    const majors = [south, programme, entry(3, '土木工程')]
    expect(matchMajor('工程管理', majors)).toEqual({
      name: '工程管理',
      entry: programme,
      ambiguous: ['工程管理(南校区)', '工程管理(长安学堂计划)(南校区)'],
    })
    // a name the plan has as written, or a note that tells them apart, is no doubt
    expect(matchMajor('工程管理(南校区)', majors)).toEqual({ name: '工程管理(南校区)', entry: south })
    expect(matchMajor('土木工程', majors).ambiguous).toBeUndefined()
    // in a 专业+院校 province the choice itself is the major: the doubt is kept on it
    const byMajor = majors.map((m, i) => option(`m${i}`, '', [m], 'major'))
    const school = { sid: 1, name: '楚天测试大学', code: 'T1' }
    const found = matchOption({ majors: ['工程管理'] }, school, byMajor, 3)
    expect([found.option, found.majors[0]?.ambiguous?.length]).toEqual([byMajor[1], 2])
  })
  it('finds a group by its text or code, or the only group, or the one holding the majors', () => {
    const school = { sid: 1, name: '楚天测试大学', code: 'T1' }
    const g1 = option('g1|01', '专业组（01）', [entry(1, '计算机科学与技术')])
    const g2 = option('g1|02', '专业组（02）', [entry(2, '土木工程')])
    expect(matchOption({ group: '1' }, school, [g1, g2], 2).option).toBe(g1)
    expect(matchOption({ group: '专业组（02）' }, school, [g1, g2], 2).option).toBe(g2)
    expect(matchOption({ group: '03' }, school, [g1, g2], 2).status).toBe('group_not_found')
    // a wrong group is not replaced by the one holding the listed majors, only named beside it
    const wrong = matchOption({ group: '03', majors: ['土木工程'] }, school, [g1, g2], 2)
    expect([wrong.status, wrong.option, wrong.majorsGroup]).toEqual([
      'group_not_found',
      undefined,
      '专业组（02）',
    ])
    expect(matchOption({ group: '03', majors: ['火星学'] }, school, [g1, g2], 2).majorsGroup).toBeUndefined()
    expect(matchOption({}, school, [g1, g2], 2).status).toBe('group_missing')
    expect(matchOption({ majors: ['土木工程', '火星学'] }, school, [g1, g2], 2).option).toBe(g2)
    expect(matchOption({}, school, [g1], 2).note).toContain('唯一的专业组')
    expect(matchOption({}, undefined, [], 2).status).toBe('school_not_found')
    expect(matchOption({}, school, [], 2).status).toBe('no_option')
  })
  it('finds a major province choice by its major, else the school judged whole', () => {
    const school = { sid: 1, name: '巴渝测试大学', code: null }
    const m1 = option('m1', '', [entry(1, '软件工程')], 'major')
    const m2 = option('m2', '', [entry(2, '自动化')], 'major')
    expect(matchOption({ majors: ['自动化'] }, school, [m1, m2], 3).option).toBe(m2)
    expect(matchOption({ majors: ['英语'] }, school, [m1, m2], 3).status).toBe('major_not_found')
    expect(matchOption({}, school, [m1, m2], 3).status).toBe('major_missing')
    const whole = option('s1', '', [], 'school')
    expect(matchOption({ majors: ['英语'] }, school, [m1, whole], 3).note).toContain('按院校线判断')
  })
  it('finds a school by id, name (any brackets and spaces) or code', () => {
    const index = schoolIndex([{ sid: 7, name: '中国石油大学(华东)', code: '10425' }])
    expect(findSchool({ schoolId: 7 }, index)?.sid).toBe(7)
    expect(findSchool({ school: '中国石油大学（华东）' }, index)?.sid).toBe(7)
    expect(findSchool({ school: '10425' }, index)?.sid).toBe(7)
    expect(findSchool({ school: '火星大学' }, index)).toBeUndefined()
  })
})

describe('a 志愿表 from a file', () => {
  it('reads CSV with quotes, a title row, numbered major columns and a 序号 order', () => {
    const csv =
      '志愿表,,,,\n序号,院校名称,专业组,专业1,专业2,服从调剂\n2,江汉测试大学,01,自动化,,是\n1,"楚天测试大学","专业组（01）","计算机科学与技术","电子信息工程,",否\n'
    const rows = csvRows(new TextEncoder().encode(csv), 'list.csv')
    expect(rows[3]?.[4]).toBe('电子信息工程,')
    expect(choicesFromRows(rows)).toEqual([
      {
        school: '楚天测试大学',
        group: '专业组（01）',
        majors: ['计算机科学与技术', '电子信息工程'],
        tiaoji: false,
      },
      { school: '江汉测试大学', group: '01', majors: ['自动化'], tiaoji: true },
    ])
  })
  it('says when it puts the rows in their 序号 order, and of a 序号 given twice or left blank', async () => {
    const header = ['序号', '院校', '专业组']
    // in order, or without a 序号 column: nothing to say
    expect(readTable([header, ['1', '楚天测试大学', '01'], ['2', '江汉测试大学', '02']]).notes).toEqual([])
    expect(readTable([['院校'], ['江汉测试大学'], ['楚天测试大学']]).notes).toEqual([])
    const { choices, notes } = readTable([
      header,
      ['1', '楚天测试大学', '01'],
      ['3', '江汉测试大学', '02'],
      ['2', '巴渝测试大学', '05'],
      ['', '荆楚测试学院', ''],
      ['3', '楚天测试大学', '04'],
    ])
    expect(choices.map((c) => `${c.school} ${c.group ?? ''}`.trim())).toEqual([
      '楚天测试大学 01',
      '巴渝测试大学 05',
      '江汉测试大学 02',
      '楚天测试大学 04',
      '荆楚测试学院',
    ])
    expect(notes).toEqual([
      '表中的志愿不是按序号排列的 (序号 2 巴渝测试大学 05 在 3 江汉测试大学 02 之后): 已按序号的先后检查, 平行志愿按序号投档',
      '序号重复: 3 江汉测试大学 02 与 3 楚天测试大学 04; 同一序号的按表中先后检查',
      '没有序号的志愿排在有序号的之后检查: 荆楚测试学院',
    ])
    // a row that names a group (or the first row, majors) but no school is no choice: said, not dropped unseen;
    // a template's empty numbered rows are nothing to say
    const blank = readTable([
      ['序号', '院校', '专业组', '专业1'],
      ['1', '', '', '法学'],
      ['2', '楚天测试大学', '01', ''],
      ['3', '', '04', ''],
      ['4', '', '', ''],
    ])
    expect(blank.choices.map((c) => c.school)).toEqual(['楚天测试大学'])
    expect(blank.notes).toEqual(['这些行没有填院校, 未检查: 序号 1 法学; 序号 3 04'])
    // and a file read says them
    const csv = '序号,院校\n2,江汉测试大学\n1,楚天测试大学\n'
    const list = await readChoicesFile('list.csv', new TextEncoder().encode(csv))
    expect(list.notes).toHaveLength(1)
  })
  it('reads one row per major as one choice: a repeated 序号 and unit, or a blank school (merged cells)', () => {
    const rows = [
      // smart-match's own CSV: tier, index, school, group, …, major — one row per major
      ['tier', 'index', 'school', 'group', 'major_index', 'major'],
      ['冲', '1', '楚天测试大学', '专业组（01）', '1', '计算机科学与技术'],
      ['冲', '1', '楚天测试大学', '专业组（01）', '2', '电子信息工程'],
      ['稳', '2', '楚天测试大学', '专业组（02）', '1', '自动化'],
      // the same 序号 but another unit is another choice (a list typed with a slip), not a major of the first
      ['稳', '2', '江汉测试大学', '01', '1', '软件工程'],
    ]
    expect(choicesFromRows(rows)).toEqual([
      { school: '楚天测试大学', group: '专业组（01）', majors: ['计算机科学与技术', '电子信息工程'] },
      { school: '楚天测试大学', group: '专业组（02）', majors: ['自动化'] },
      { school: '江汉测试大学', group: '01', majors: ['软件工程'] },
    ])
    // a sheet whose merged cells leave the school, group and 序号 blank below a choice's first row
    const merged = [
      ['序号', '院校', '专业组', '专业', '服从调剂'],
      ['1', '楚天测试大学', '01', '计算机科学与技术', '否'],
      ['', '', '', '电子信息工程', ''],
      ['2', '江汉测试大学', '01', '自动化', '是'],
    ]
    expect(choicesFromRows(merged)).toEqual([
      { school: '楚天测试大学', group: '01', majors: ['计算机科学与技术', '电子信息工程'], tiaoji: false },
      { school: '江汉测试大学', group: '01', majors: ['自动化'], tiaoji: true },
    ])
  })
  it("reads a province's own form: 院校代号, 专业组代号, 专业名称1 … beside their 专业代号", () => {
    // 湖北's 志愿草表 as typed in Excel: its 院校代号 is the province's own code (not the ministry's 院校代码), and the
    // 专业代号 columns are codes of the province's plan book, not names: both read beside the names, to be checked
    // against the plan (school-names.ts, match.ts)
    const rows = [
      [
        '志愿序号',
        '院校代号',
        '院校名称',
        '专业组代号',
        '专业代号1',
        '专业名称1',
        '专业代号2',
        '专业名称2',
        '是否服从调剂',
      ],
      ['1', '1101', '楚天测试大学', '01', '03', '计算机科学与技术', '05', '电子信息工程', '是'],
      ['2', '2203', '江汉测试大学', '02', '01', '自动化', '', '', '否'],
    ]
    expect(choicesFromRows(rows)).toEqual([
      {
        school: '楚天测试大学',
        localCode: '1101',
        group: '01',
        majors: ['计算机科学与技术', '电子信息工程'],
        majorCodes: ['03', '05'],
        tiaoji: true,
      },
      {
        school: '江汉测试大学',
        localCode: '2203',
        group: '02',
        majors: ['自动化'],
        majorCodes: ['01'],
        tiaoji: false,
      },
    ])
    // the codes alone: a major by its 专业代号 where its name is left blank, the school by its 院校代号, and 湖北's
    // 院校专业组代码 whole where no school is written (the check splits it: school-names.ts)
    expect(
      choicesFromRows([
        ['序号', '院校代号', '专业组代号', '专业代号1', '专业名称1', '专业代号2', '专业名称2'],
        ['1', '1101', '01', '03', '', '05', '电子信息工程'],
      ]).concat(
        choicesFromRows([
          ['序号', '院校专业组代码', '专业代号1', '专业名称1'],
          ['1', 'A14305', '', ''],
        ]),
      ),
    ).toEqual([
      { school: '1101', group: '01', majors: ['03', '电子信息工程'], majorCodes: ['03', '05'] },
      { school: 'A14305', group: 'A14305', majors: [] },
    ])
    // smart-match's workbook: one 专业代号 cell for 专业1 … (01、03), ? where it has no code
    expect(
      choicesFromRows([
        ['志愿序号', '院校代码', '院校代号', '院校', '专业组', '专业1', '专业2', '专业3', '专业代号'],
        ['1', '10487', 'A143', '华中科技大学', '05', '法学', '哲学', '英语', '08、?、10'],
      ]),
    ).toEqual([
      {
        school: '华中科技大学',
        schoolCode: '10487',
        localCode: 'A143',
        group: '05',
        majors: ['法学', '哲学', '英语'],
        majorCodes: ['08', '', '10'],
      },
    ])
    expect(
      choicesFromRows([
        ['院校', '第1专业名称', '专业2名称'],
        ['楚天测试大学', '软件工程', '自动化'],
      ]),
    ).toEqual([{ school: '楚天测试大学', majors: ['软件工程', '自动化'] }])
  })
  it('decodes GB18030 (Excel on Chinese Windows) and UTF-8 with a BOM; tabs and semicolons too', async () => {
    const gbk = new Uint8Array([0xd4, 0xba, 0xd0, 0xa3, 0xc3, 0xfb, 0xb3, 0xc6]) // 院校名称 in GBK
    expect(csvRows(gbk, 'a.csv')).toEqual([['院校名称']])
    expect(csvRows(new TextEncoder().encode('\ufeff院校'), 'a.csv')).toEqual([['院校']])
    expect(csvRows(new TextEncoder().encode('院校\t专业\n楚天测试大学\t软件工程'), 'a.csv')).toEqual([
      ['院校', '专业'],
      ['楚天测试大学', '软件工程'],
    ])
    const list = await readChoicesFile(
      'a.csv',
      new TextEncoder().encode('院校;专业\n巴渝测试大学;软件工程\n'),
    )
    expect(list.choices).toEqual([{ school: '巴渝测试大学', majors: ['软件工程'] }])
  })
  it('reads the first sheet of an .xlsx', async () => {
    const list = await readChoicesFile('list.xlsx', readFileSync(join(FIXTURES, 'list.xlsx')))
    expect(list.choices).toEqual([
      {
        school: '楚天测试大学',
        group: '专业组（01）',
        majors: ['计算机科学与技术', '电子信息工程'],
        tiaoji: false,
      },
      { school: '江汉测试大学', group: '01', majors: ['自动化'], tiaoji: true },
    ])
  })
  it('refuses a table without a school column, and unknown kinds of file', async () => {
    expect(() => choicesFromRows([['专业'], ['软件工程']])).toThrow('找不到表头')
    // a form with the province's own school codes only is read: its codes are the schools
    expect(
      choicesFromRows([
        ['院校代号', '专业组代号'],
        ['1101', '01'],
      ]),
    ).toEqual([{ school: '1101', group: '01', majors: [] }])
    expect(() => choicesFromRows([['姓名', '分数']])).toThrow('志愿表中找不到表头')
    await expect(readChoicesFile('a.pdf', new Uint8Array())).rejects.toThrow('不支持的文件类型')
    expect(fileKind('x.XLSX')).toBe('xlsx')
  })
  it("reads smart-match's --json output (envelope or data) as the check's input, in filing order", () => {
    const data = {
      zyb_data: {
        zybData: {
          chong: [
            {
              index: 1,
              sid: 3001,
              schoolName: '楚天测试大学',
              sg_name: '专业组（01）',
              zyList: [{ zyName: '计算机科学与技术' }],
            },
          ],
          wen: [{ index: 2, sid: 3002, schoolName: '江汉测试大学', sg_name: '专业组（01）', zyList: [] }],
          bao: [
            {
              index: 3,
              sid: 3007,
              schoolName: '黄鹤测试学院',
              sg_name: '',
              zyList: [{ zyName: '市场营销' }],
            },
          ],
        },
      },
      zyb_rule: { batchName: '本科批' },
      candidate: { rank: 25057, rank_year: 2025, category: '物理类', score: 600 },
    }
    const list = checkInputFromSmartMatch({ code: 200, message: '获取成功', data })
    expect(list.choices.map((c) => c.schoolId)).toEqual([3001, 3002, 3007])
    expect(list.choices[0]).toEqual({
      school: '楚天测试大学',
      schoolId: 3001,
      group: '专业组（01）',
      majors: ['计算机科学与技术'],
      tiaoji: true,
    })
    expect(list.candidate).toEqual({
      rank_year: 2025,
      rank: 25057,
      score: 600,
      batch: '本科批',
      subject: '物理类',
    })
    expect(parseChoicesJson(JSON.stringify(data)).choices).toHaveLength(3)
    expect(parseChoicesJson('{"province":"湖北","choices":[{"school":"楚天测试大学"}]}')).toEqual({
      choices: [{ school: '楚天测试大学', majors: [] }],
      candidate: { province: '湖北' },
    })
  })
})

describe('majors written in one text', () => {
  it('are split at their separators, never inside a bracket that is part of a major’s name', () => {
    expect(splitMajors('计算机科学与技术+软件工程、数字经济(数字经济+人工智能双学士学位项目)')).toEqual([
      '计算机科学与技术',
      '软件工程',
      '数字经济(数字经济+人工智能双学士学位项目)',
    ])
    expect(splitMajors('临床医学（5+3一体化）\n口腔医学')).toEqual(['临床医学（5+3一体化）', '口腔医学'])
    expect(majorList('临床医学（5+3一体化）,口腔医学')).toEqual(['临床医学（5+3一体化）', '口腔医学'])
    // an unbalanced bracket does not swallow the rest of the list
    expect(splitMajors('法学)+英语')).toEqual(['法学)', '英语'])
    // a + between digits is a programme's name written without its bracket, not two majors
    expect(splitMajors('临床医学5+3+口腔医学')).toEqual(['临床医学5+3', '口腔医学'])
    expect(splitMajors('数学3+1+4、物理学')).toEqual(['数学3+1+4', '物理学'])
  })
})

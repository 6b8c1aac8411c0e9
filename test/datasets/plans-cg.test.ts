import { beforeAll, describe, expect, it } from 'vitest'
import { Drops } from '../../src/datasets/plans/drops.js'
import {
  cgGroupCode,
  cgPlans,
  cgRecords,
  cgSchool,
  padGroupCode,
  requirementFromCombos,
} from '../../src/datasets/plans/sources/cg.js'
import type { PlanAdapterResult, PlanRecord } from '../../src/datasets/plans/types.js'
import { FIXTURES } from './helpers.js'

const dropped = (r: PlanAdapterResult, reason: string) =>
  r.dropped.find((d) => d.reason === reason)?.rows ?? 0
const find = (records: PlanRecord[], f: Partial<PlanRecord>) =>
  records.filter((r) => Object.entries(f).every(([k, v]) => r[k as keyof PlanRecord] === v))

let r: PlanAdapterResult
beforeAll(async () => {
  r = await cgPlans.load(FIXTURES)
})

describe('CG adapter (gaokao-pro college-groups, 2025)', () => {
  it('reads both the gzipped and the plain files, in sorted order', () => {
    expect(cgPlans.repo).toBe('hamajun-tao__gaokao-pro')
    expect(r.files).toEqual([
      'hamajun-tao__gaokao-pro/cli/data/college-groups/fixture-nju-2025.json.gz',
      'hamajun-tao__gaokao-pro/cli/data/college-groups/fixture-pku-2025.json',
    ])
    expect(r.records.every((x) => x.source === 'CG' && x.tier === 4 && x.year === 2025)).toBe(true)
  })

  it('emits one plan record per unique major of a group and one group record with the group line', () => {
    const js = find(r.records, { province: '江苏', schoolName: '南京大学', sgCode: '01' })
    // 计算机类 ×2 and 软件工程 ×2 are exact duplicates; 软件工程 with 12 places is another entry
    expect(js.map((x) => [x.spname, x.num])).toEqual([
      ['', null],
      ['计算机类', 20],
      ['软件工程', 10],
      ['软件工程', 12],
    ])
    expect(dropped(r, 'exact duplicate of a major in the same group')).toBe(3)
    const [group, cs, se] = js
    expect(group).toMatchObject({
      outcomeLevel: 'group',
      min: 660,
      minSection: 2100,
      num: null,
      subjectType: '物理类',
      batchName: '本科批',
      planType: '普通',
      sgInfos: '首选物理,再选化学',
    })
    expect(group?.numUnverified).toBeUndefined()
    expect(cs).toMatchObject({
      outcomeLevel: '',
      min: null,
      spcode: null, // 0809 is a 专业类 code, not a catalogue code
      numUnverified: true,
      tuition: 5200,
      length: '四年',
      schoolCode: '10284',
    })
    expect(se?.spcode).toBe('080902')
  })

  it('reads 选科 from gaokao.cn combinations (AND / OR) and from texts', () => {
    const [special] = find(r.records, { province: '江苏', sgCode: '02', spname: '生物科学' })
    expect(special).toMatchObject({
      sgInfos: '首选物理,再选化学或生物',
      batchName: '国家专项',
      planType: '国家专项',
    })
    expect(find(r.records, { province: '湖南', spname: '化学' })[0]?.sgInfos).toBe('首选物理,再选化学和生物')
    expect(find(r.records, { province: '湖南', spname: '法学' })[0]?.sgInfos).toBe('首选历史,再选政治')
    expect(find(r.records, { province: '北京', spname: '数学类' })[0]?.sgInfos).toBe('物理和化学')
    expect(
      requirementFromCombos('70000_70001_70002^70000_70001_70003^70000_70001_70005', '江苏', '物理'),
    ).toBe('化学')
    expect(
      requirementFromCombos(
        '70000_70001_70002^70000_70001_70003^70000_70001_70005^70000_70002_70003^70000_70002_70005',
        '湖北',
        '物理',
      ),
    ).toBe('(化学或生物)')
    expect(requirementFromCombos('70008', '山东', null)).toBe('不限')
    // 3+3: 物理 and 化学 in every allowed selection
    expect(
      requirementFromCombos(
        '70000_70001_70002^70000_70001_70003^70000_70001_70004^70000_70001_70005',
        '北京',
        null,
      ),
    ).toBe('物理和化学')
    expect(requirementFromCombos('70000_70009', '北京', null)).toBeNull()
  })

  it('does not turn a school-level score repeated on several groups into group lines', () => {
    const hn = find(r.records, { province: '湖南', schoolName: '南京大学' })
    expect(hn.filter((x) => x.outcomeLevel === 'group').map((x) => [x.sgCode, x.min])).toEqual([['204', 630]])
    expect(dropped(r, 'group line repeating a school-level score on several groups')).toBe(3)
    // the majors of those groups stay
    expect(find(hn, { spname: '物理学' })[0]?.sgCode).toBe('201')
  })

  it('keeps 浙江 bundles as majors without a group code or a group line', () => {
    const zj = find(r.records, { province: '浙江' })
    expect(zj.map((x) => x.spname)).toEqual(['电子信息类', '天文学'])
    expect(zj.every((x) => x.sgCode === null && x.outcomeLevel === '' && x.subjectType === '综合')).toBe(true)
    expect(zj[1]?.num).toBe(2) // `plan` when `num` is null
    expect(dropped(r, 'group line of a province without 院校专业组 (a bundle of majors)')).toBe(1)
  })

  it('walks dict-form provinces (pinyin and GB keys), string majors and summaries; no provincial code as schoolCode', () => {
    const pku = find(r.records, { schoolName: '北京大学' })
    expect(pku.every((x) => x.schoolCode === null)).toBe(true)
    expect(find(pku, { province: '北京', spname: '物理学类' })[0]).toMatchObject({ num: null, sgCode: '02' })
    // a group given only as a majors_summary: its line stays, its majors are counted
    expect(find(pku, { province: '北京', sgCode: '03' }).map((x) => [x.spname, x.min])).toEqual([['', 690]])
    expect(dropped(r, 'group given only as a majors_summary text (its majors)')).toBe(1)
    expect(dropped(r, 'gender-split line')).toBe(2)
    const gd = find(pku, { province: '广东' })
    expect(gd.map((x) => [x.sgCode, x.subjectType, x.spname, x.outcomeLevel])).toEqual([
      ['201', '历史类', '', 'group'],
      ['201', '历史类', '中国语言文学类', ''],
      ['202', '物理类', '临床医学', ''],
    ])
    expect(find(gd, { spname: '临床医学' })[0]).toMatchObject({ tuition: null, length: '八年' })
  })

  it('drops the tracks the README drops (预科)', () => {
    expect(dropped(r, 'preparatory class (预科)')).toBe(2)
    expect(find(r.records, { sgCode: '03', province: '江苏' })).toEqual([])
  })

  it('normalises group codes to the width the province uses and reads the school fields', () => {
    expect(padGroupCode('001', '江苏')).toBe('01')
    expect(padGroupCode('5', '广东')).toBe('005')
    expect(padGroupCode('1203', '江苏')).toBe('1203')
    expect(padGroupCode('D02', '江苏')).toBe('D02')
    expect(cgGroupCode({ sg_name: '（101）' })).toBe('101')
    expect(cgGroupCode({ group: '999组' })).toBe('999')
    expect(cgGroupCode({ group_name: '物理普通类(本科批)' })).toBeNull()
    expect(cgSchool({ uni: '安徽建筑大学', code: 800, zs_code: '1087800' })).toEqual({
      name: '安徽建筑大学',
      code: null,
    })
    expect(cgSchool({ _university: { name: '华东理工大学', moe_zs_code: '10251' } })).toEqual({
      name: '华东理工大学',
      code: '10251',
    })
  })

  it('drops groups whose category cannot be placed, counting the group and its majors', () => {
    const drops = new Drops('CG')
    const recs = cgRecords(
      {
        uni: '北京大学',
        provinces: [
          {
            province: '河北',
            groups: [
              { sg_name: '', first_subject: null, batch: '本科批', majors: [{ sp_name: '数学类', num: 2 }] },
            ],
          },
        ],
      },
      'x.json',
      drops,
    )
    expect(recs).toEqual([])
    expect(drops.list()).toEqual([
      { source: 'CG', reason: 'category unknown or not of the exam mode (group and its majors)', rows: 2 },
    ])
  })

  it("drops a group's line when every entry is a track by its name (预科班), and keeps that line aside", () => {
    // 长安大学 内蒙古 （301）, 590: two 预科班 entries; gaokao.cn labels the group 普通类. Its line had stayed as an
    // ordinary group of no majors
    const drops = new Drops('CG')
    const trackLines: PlanRecord[] = []
    const yuke = { spcode: '0', sp_name: '预科班', plan: 6, info_short: '（预科班）' }
    const recs = cgRecords(
      {
        uni: '长安大学',
        provinces: [
          {
            province: '湖北',
            groups: [
              {
                sg_name: '（301）',
                first_subject: '70000',
                batch: '本科批',
                min_score: '590',
                majors: [yuke],
              },
              {
                sg_name: '（302）',
                first_subject: '70000',
                batch: '本科批',
                zslx_name: '民族班',
                min_score: '580',
                majors: [{ sp_name: '土木类', num: 2 }],
              },
            ],
          },
        ],
      },
      'x.json',
      drops,
      trackLines,
    )
    expect(recs).toEqual([])
    expect(trackLines.map((t) => [t.sgCode, t.min, t.planType, t.batchName])).toEqual([
      ['301', 590, '普通', '本科批'],
      ['302', 580, '普通', '本科批'],
    ])
  })

  describe('majors a group lists twice under one name, with other notes', () => {
    const group = (province: string, sg: string, majors: unknown[]) => ({
      province,
      groups: [{ sg_name: sg, first_subject: '70000', batch: '本科批', majors }],
    })
    const read = (...provinces: unknown[]) => {
      const drops = new Drops('CG')
      const recs = cgRecords({ uni: '长安大学', provinces }, 'x.json', drops)
      return { recs, drops: drops.list() }
    }

    it('names each by the 方向 and programme brackets of its note, so that no seats fold away', () => {
      const { recs } = read(
        group('湖北', '02', [
          { sp_name: '工程管理', num: 3, info: '（南校区）' },
          { sp_name: '工程管理', num: 1, info: '（长安学堂计划；南校区）' },
          { sp_name: '英语', num: 56, info: '' },
          { sp_name: '英语', num: 36, spname: '英语（中美卓越师范生；外语语种：英语）' },
          { sp_name: '临床医学', num: 12, info: '（5+3一体化，儿科学）（不招收色盲、色弱考生）' },
          { sp_name: '临床医学', num: 335, info: '（不招收色盲、色弱考生）' },
          { sp_name: '机械电子工程', num: 4, info: '（中外合作办学）' },
          { sp_name: '汉语言文学', num: 2, info: '（4年）（4200元/年）（在东陆校区办学）' },
          {
            sp_name: '汉语言文学',
            num: 3,
            info: '（医学部）（医学部）（学制5年）（男1女1）（国家级一流本科专业建设点）',
          },
          { sp_name: '航空航天类', num: 6, info: '（航天，专业分流时按成绩与志愿确定）（长安校区）' },
          { sp_name: '航空航天类', num: 4, info: '（航空，专业分流时按成绩与志愿确定）（长安校区）' },
          { sp_name: '工科试验班（智能与计算类；计算机科学与技术、人工智能；办学地点：北洋园校区）', num: 9 },
        ]),
      )
      expect(recs.filter((r) => r.spname !== '').map((r) => [r.spname, r.num])).toEqual([
        ['工程管理(南校区)', 3],
        ['工程管理(长安学堂计划)(南校区)', 1],
        ['英语', 56],
        ['英语(中美卓越师范生)', 36],
        ['临床医学(5+3一体化)(儿科学)', 12],
        ['临床医学', 335],
        // a name of its own keeps it: the rows other sources give of it name the major alone
        ['机械电子工程', 4],
        // a fee, a length, seats by gender are no 方向; a 方向 said twice is said once
        ['汉语言文学(在东陆校区办学)', 2],
        ['汉语言文学(医学部)', 3],
        // the pieces of a sentence are no 方向: only what names the programme is kept
        ['航空航天类(航天)(长安校区)', 6],
        ['航空航天类(航空)(长安校区)', 4],
        // a name that carries the plan book's remark keeps its 方向
        ['工科试验班(智能与计算类)', 9],
      ])
    })

    it('names apart by the notes they do not share those whose 方向 agree; identical ones fold', () => {
      const { recs } = read(
        group('四川', '101', [
          { sp_name: '金融学', num: 3, info: '' },
          { sp_name: '金融学', num: 1, info: '（双学士学位、金融学和统计学）' },
          { sp_name: '法学', num: 2, info: '（不招收色盲考生）' },
          { sp_name: '法学', num: 2, info: '（不招收色盲考生）' },
        ]),
      )
      expect(recs.filter((r) => r.spname !== '').map((r) => [r.spname, r.num])).toEqual([
        ['金融学', 3],
        ['金融学(双学士学位、金融学和统计学)', 1],
        // the same entry twice (a group listed twice) is one
        ['法学', 2],
      ])
    })

    it('reads a note without brackets as one, and leaves out what only says who may apply', () => {
      const { recs } = read(
        group('河南', '101', [
          { sp_name: '软件工程', num: 224, info_short: '软件学院牵头;开封校区' },
          { sp_name: '软件工程', num: 200, info_short: '漯阳工学院联办' },
          { sp_name: '临床医学', num: 8, info: '（八年制）（首选物理，再选化学）' },
          { sp_name: '临床医学', num: 30, info: '（五年）（身高不低于1.70米）（进校后不得转专业）' },
          { sp_name: '车辆工程', num: 5, info_short: '车辆工程等；¥8100/年；多退少补' },
          { sp_name: '车辆工程', num: 6, info_short: '卓越班' },
        ]),
      )
      expect(recs.filter((r) => r.spname !== '').map((r) => [r.spname, r.num])).toEqual([
        ['软件工程(软件学院牵头)(开封校区)', 224],
        ['软件工程(漯阳工学院联办)', 200],
        // 八年制 names a programme (the plan books' 临床医学(八年制)); 五年 alone is a length
        ['临床医学(八年制)', 8],
        ['临床医学', 30],
        ['车辆工程', 5],
        ['车辆工程(卓越班)', 6],
      ])
    })

    it('reads a note for the plan type and the tracks the README drops', () => {
      const { recs, drops } = read(
        group('湖北', '02', [
          { sp_name: '食品科学与工程', num: 62, info: '' },
          { sp_name: '食品科学与工程', num: 2, spname: '食品科学与工程（国家专项计划）' },
          { sp_name: '中医学', num: 5, info: '（为寿县定向培养）（农村订单定向医学生培养计划）' },
          { sp_name: '法学', num: 6, info: '（执行省属高校少数民族地区加分办法1。）' },
          // the name says it (清华大学 湖北 2025, a group gaokao.cn labels 普通类)
          { sp_name: '理科试验班（国家专项）', num: 3 },
          { sp_name: '行政管理', num: 1, info: '（只招女生,要求考生成绩达到本科批录取控制分数线）' },
          { sp_name: '行政管理', num: 1, info: '（只招男生,要求考生成绩达到本科批录取控制分数线）' },
        ]),
      )
      expect(recs.map((r) => [r.spname, r.planType, r.batchName, r.sgCode, r.num])).toEqual([
        ['食品科学与工程', '普通', '本科批', '02', 62],
        ['食品科学与工程', '国家专项', '国家专项', '02', 2],
        // 少数民族地区加分 is 四川's bonus points, open to every candidate: no minority-only class
        ['法学', '普通', '本科批', '02', 6],
        ['理科试验班(国家专项)', '国家专项', '国家专项', '02', 3],
      ])
      expect(drops).toEqual(
        expect.arrayContaining([
          { source: 'CG', reason: 'directed / domicile-restricted plan', rows: 1 },
          { source: 'CG', reason: 'gender-split line', rows: 2 },
        ]),
      )
      expect(drops).toHaveLength(2)
    })

    it('gives a group line the plan its majors all say, and drops it with them when they are all dropped', () => {
      const line = { track_name: '物理类', batch: '本科批C段', zslx_name: '普通类', min_score: '539' }
      const { recs, drops } = read({
        province: '甘肃',
        groups: [
          {
            ...line,
            group_code: '（013）',
            items: [
              { sp_name: '建筑类', plan: 4, info_short: '（建筑学、城乡规划）（国家专项计划）' },
              { sp_name: '工商管理类', plan: 4, info_short: '（国家专项计划）' },
            ],
          },
          {
            ...line,
            group_code: '（014）',
            min_score: '520',
            items: [{ sp_name: '临床医学', info: '（定向）' }],
          },
        ],
      })
      expect(recs.map((r) => [r.sgCode, r.spname, r.planType, r.batchName, r.min])).toEqual([
        ['013', '', '国家专项', '国家专项', 539],
        ['013', '建筑类', '国家专项', '国家专项', null],
        ['013', '工商管理类', '国家专项', '国家专项', null],
      ])
      expect(drops).toEqual([{ source: 'CG', reason: 'directed / domicile-restricted plan', rows: 2 }])
    })

    it('names apart the bundles of a 专业+院校 province, which have no group', () => {
      const { recs } = read({
        province: '辽宁',
        groups: [
          { first_subject: '70000', batch: '本科批', majors: [{ sp_name: '临床医学', num: 335, info: '' }] },
          {
            first_subject: '70000',
            batch: '本科批',
            majors: [{ sp_name: '临床医学', num: 12, info: '（5+3一体化）' }],
          },
        ],
      })
      expect(recs.map((r) => [r.spname, r.sgCode, r.num])).toEqual([
        ['临床医学', null, 335],
        ['临床医学(5+3一体化)', null, 12],
      ])
    })
  })
})

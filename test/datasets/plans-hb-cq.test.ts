import { describe, expect, it } from 'vitest'
import { cqPlans, cqRecord } from '../../src/datasets/plans/sources/cq.js'
import {
  hbLine,
  hbPlans,
  hbRecord,
  hbRequirement,
  repairSchool,
  splitGroupLabel,
  UNDERGRADUATE_LINE,
} from '../../src/datasets/plans/sources/hb.js'
import type { PlanAdapterResult, PlanRecord } from '../../src/datasets/plans/types.js'
import { FIXTURES } from './helpers.js'

const dropped = (r: PlanAdapterResult, reason: string) =>
  r.dropped.find((d) => d.reason === reason)?.rows ?? 0
const find = (records: PlanRecord[], f: Partial<PlanRecord>) =>
  records.filter((r) => Object.entries(f).every(([k, v]) => r[k as keyof PlanRecord] === v))
const one = (records: PlanRecord[], f: Partial<PlanRecord>): PlanRecord => {
  const hits = find(records, f)
  expect(hits, JSON.stringify(f)).toHaveLength(1)
  return hits[0] as PlanRecord
}

describe('HB adapter (湖北 本科普通批 首选物理 group lines)', () => {
  it('reads the three years as tier-1 group lines: school and group split from the label, no rank', async () => {
    const r = await hbPlans.load(FIXTURES)
    expect(r.files).toEqual([
      'cathyjay__hubei-gaokao-volunteer-2026/data/derived/hubei-2023-physics-toudang-parsed.csv',
      'cathyjay__hubei-gaokao-volunteer-2026/data/derived/hubei-2024-physics-toudang-parsed.csv',
      'cathyjay__hubei-gaokao-volunteer-2026/data/derived/hubei-2025-physics-toudang-parsed.csv',
    ])
    expect(one(r.records, { year: 2023, schoolName: '北京大学', sgCode: '05' })).toMatchObject({
      source: 'HB',
      tier: 1,
      province: '湖北',
      subjectType: '物理类',
      batchName: '本科批',
      localBatchName: '本科普通批',
      planType: '普通',
      level: '本科',
      spname: '',
      spcode: null,
      schoolCode: null,
      localSchoolCode: 'A001',
      sgInfos: '首选物理,再选不限',
      min: 693,
      minSection: null,
      rankDerived: false,
      outcomeLevel: 'group',
    })
    expect(find(r.records, { year: 2023 })).toHaveLength(12)
    expect(find(r.records, { year: 2024 })).toHaveLength(2)
    expect(find(r.records, { year: 2025 })).toHaveLength(15)
  })

  it('takes the plan type from 备注 and drops 预科 and 民族班 groups', async () => {
    const r = await hbPlans.load(FIXTURES)
    expect(one(r.records, { year: 2023, schoolName: '北京大学', sgCode: '06' })).toMatchObject({
      planType: '国家专项',
      batchName: '国家专项',
      localBatchName: '本科普通批',
    })
    expect(one(r.records, { year: 2023, schoolName: '湖北工业大学', sgCode: '12' })).toMatchObject({
      planType: '地方专项',
      batchName: '地方专项',
    })
    // 护理类 is a note on an ordinary group
    expect(one(r.records, { year: 2023, schoolName: '湖北理工学院' })).toMatchObject({
      planType: '普通',
      sgInfos: '首选物理,再选化学和生物',
    })
    // 2024: a bracket printed in front of the note; 2025: OCR 国冢专项计划
    expect(one(r.records, { year: 2024, schoolName: '北京林业大学' }).planType).toBe('国家专项')
    expect(one(r.records, { year: 2025, schoolName: '北京大学', sgCode: '09' }).planType).toBe('国家专项')
    expect(one(r.records, { year: 2025, schoolName: '北京外国语大学' }).planType).toBe('国家专项')
    expect(find(r.records, { schoolName: '西南民族大学' })).toEqual([])
    expect(find(r.records, { schoolName: '烟台大学' })).toEqual([])
    expect(find(r.records, { schoolName: '长春工程学院' })).toEqual([])
    expect(dropped(r, 'preparatory class (预科)')).toBe(3)
    expect(dropped(r, 'minority-only class')).toBe(1)
    // each kept aside as the ordinary line LG carries without the 备注 (special-copies.ts drops that copy)
    // (the 预科 lines of 2024 and 2025, 398 and 380, are below the 本科 line: no ordinary line has their score)
    expect((r.trackLines ?? []).map((t) => [t.schoolName, t.sgCode, t.min, t.planType, t.batchName])).toEqual(
      [
        ['西南民族大学', '06', 546, '普通', '本科批'],
        ['西南民族大学', '07', 530, '普通', '本科批'],
      ],
    )
  })

  it('drops 2025 scores below the 本科 control line and unreadable ones, and recovers shifted cells', async () => {
    const r = await hbPlans.load(FIXTURES)
    // 180 (480 misread) and 408 (468 misread) are below 湖北's 2025 本科 line 426; 426 itself is kept
    expect(find(r.records, { schoolName: '湖北中医药大学' })).toEqual([])
    expect(find(r.records, { schoolName: '新疆科技学院', sgCode: '06' })).toEqual([])
    expect(one(r.records, { schoolName: '新疆科技学院', sgCode: '07' }).min).toBe(426)
    expect(dropped(r, 'score below the 本科 control line (OCR misreading)')).toBe(2)
    // 49］ cannot be read
    expect(find(r.records, { schoolName: '泉州师范学院' })).toEqual([])
    expect(dropped(r, 'score unreadable (OCR)')).toBe(1)
    // the requirement cell was lost: the score column of the CSV holds 语数之和 (209), `row` has the line 497
    expect(one(r.records, { schoolName: '石家庄学院', sgCode: '04' })).toMatchObject({
      min: 497,
      sgInfos: null,
    })
    // '445.' made the CSV take the next number (180)
    expect(one(r.records, { schoolName: '黑龙江财经学院', sgCode: '03' })).toMatchObject({
      min: 445,
      sgInfos: '首选物理,再选化学',
    })
    // a stray OCR cell before the requirement
    expect(one(r.records, { schoolName: '兰州理工大学' })).toMatchObject({
      min: 513,
      sgInfos: '首选物理,再选不限',
    })
    expect(Math.min(...find(r.records, { year: 2025 }).map((x) => x.min ?? 0))).toBeGreaterThanOrEqual(
      UNDERGRADUATE_LINE[2025] as number,
    )
  })

  it('repairs names, group numbers and requirements spoiled by watermarks and OCR', async () => {
    const r = await hbPlans.load(FIXTURES)
    // watermark characters in front of the name (众, 湖公), in the requirement cell (生不限, 北化或生)
    expect(find(r.records, { year: 2023, schoolName: '北京体育大学' }).map((x) => x.sgCode)).toEqual([
      '01',
      '02',
      '03',
    ])
    expect(one(r.records, { schoolName: '北京体育大学', sgCode: '03' }).sgInfos).toBe(
      '首选物理,再选化学或生物',
    )
    expect(one(r.records, { schoolName: '北京航空航天大学' }).sgInfos).toBe('首选物理,再选不限')
    expect(one(r.records, { year: 2023, schoolName: '哈尔滨理工大学' }).sgCode).toBe('01')
    expect(one(r.records, { schoolName: '信阳师范大学' }).sgInfos).toBe('首选物理,再选化学或地理')
    // 个限, 第TI组 (group from the code C12811), a name cut over two cells, characters after 组, 三峽 misread
    expect(one(r.records, { schoolName: '北京外国语大学' }).sgInfos).toBe('首选物理,再选不限')
    expect(one(r.records, { schoolName: '湖北经济学院', sgCode: '11' }).min).toBe(505)
    expect(one(r.records, { schoolName: '山东第一医科大学' })).toMatchObject({
      sgCode: '09',
      min: 525,
      sgInfos: '首选物理,再选化学',
    })
    expect(one(r.records, { schoolName: '上海大学' }).sgCode).toBe('05')
    expect(find(r.records, { schoolName: '三峡大学' }).map((x) => x.sgCode)).toEqual(['01', '02', '03'])
    expect(one(r.records, { schoolName: '北京工业大学' }).sgCode).toBe('02')
  })

  it('drops a campus entry group that repeats a group number of its main school', async () => {
    const r = await hbPlans.load(FIXTURES)
    expect(one(r.records, { schoolName: '电子科技大学', sgCode: '01' }).min).toBe(650)
    expect(find(r.records, { schoolName: '电子科技大学(沙河校区)' }).map((x) => x.sgCode)).toEqual(['02'])
    expect(
      dropped(r, 'campus entry repeating a group of its main school (one school in the schools table)'),
    ).toBe(1)
  })

  it('parses single lines, labels and requirement cells', () => {
    expect(splitGroupLabel('北京大学第05组')).toEqual({ school: '北京大学', group: '05' })
    expect(splitGroupLabel('华北电力大学（保定）第05组')).toEqual({
      school: '华北电力大学(保定)',
      group: '05',
    })
    expect(splitGroupLabel('北京大学')).toBeNull()
    expect(hbRequirement('化或生')).toBe('化或生')
    expect(hbRequirement('生或地')).toBe('生或地')
    expect(hbRequirement('生化或生')).toBe('化或生')
    expect(hbRequirement('厅不限')).toBe('不限')
    expect(hbRequirement('招化和生')).toBe('化和生')
    expect(hbRequirement('497')).toBeNull()
    expect(hbRequirement('抖')).toBeNull()
    expect(hbLine('A00105 | 北京大学第05组 | 不限 | 693 | 266 | 1')).toEqual({
      code: 'A00105',
      name: '北京大学第05组',
      req: '不限',
      score: 693,
      remark: '',
    })
    expect(hbLine('H22704 | 泉州师范学院第04组 | 化 | 49］ | 191')).toBe('score unreadable (OCR)')
    expect(repairSchool('等湖对外经济贸易大学', undefined)).toBe('对外经济贸易大学')
    expect(repairSchool('湖北大学', undefined)).toBe('湖北大学')
    expect(repairSchool('北京大学', undefined)).toBe('北京大学')
    expect(repairSchool('合肥工业大学(宜城校区)', undefined)).toBe('合肥工业大学(宣城校区)')
    const line = { code: 'A00101', name: '北京大学第01组', req: '化', score: 425, remark: '' }
    expect(hbRecord(line, 2025, 'f')).toBe('score below the 本科 control line (OCR misreading)')
    expect(hbRecord({ ...line, score: 426 }, 2025, 'f')).toMatchObject({
      min: 426,
      sgCode: '01',
      localSchoolCode: 'A001',
    })
    // 湖北's 院校代号 with OCR's letters for digits repaired; none when the code is no code
    expect(hbRecord({ ...line, code: 'KOT201', score: 500 }, 2025, 'f')).toMatchObject({
      localSchoolCode: 'K072',
    })
    expect(hbRecord({ ...line, code: '北京01', score: 500 }, 2025, 'f')).toMatchObject({
      localSchoolCode: null,
    })
    expect(hbRecord({ ...line, score: 430 }, 2024, 'f')).toBe(
      'score below the 本科 control line (OCR misreading)',
    )
  })
})

describe('CQ adapter (重庆 2023 本科批 major lines)', () => {
  it('reads both workbooks as tier-1 major lines with the derived rank and no group', async () => {
    const r = await cqPlans.load(FIXTURES)
    expect(r.files).toEqual([
      'la667-j__chongqinggaokao2026/source-data/重庆2023物理类.xlsx',
      'la667-j__chongqinggaokao2026/source-data/历史/重庆2023历史类.xlsx',
    ])
    expect(one(r.records, { schoolName: '清华大学' })).toMatchObject({
      source: 'CQ',
      tier: 1,
      province: '重庆',
      year: 2023,
      subjectType: '物理类',
      batchName: '本科批',
      localBatchName: '本科批',
      planType: '普通',
      level: '本科',
      spname: '临床医学类',
      spcode: null,
      sgCode: null,
      sgInfos: null,
      min: 692,
      minSection: 152,
      rankDerived: true,
      outcomeLevel: 'major',
    })
    expect(one(r.records, { schoolName: '北京大学' })).toMatchObject({
      subjectType: '历史类',
      spname: '文科试验班类(文科基础类专业)',
      min: 661,
      minSection: 60,
      rankDerived: true,
    })
    expect(find(r.records, { subjectType: '物理类' })).toHaveLength(8)
    expect(find(r.records, { subjectType: '历史类' })).toHaveLength(3)
    expect(r.records.every((x) => x.rankDerived && x.sgCode === null && x.outcomeLevel === 'major')).toBe(
      true,
    )
  })

  it('reads the programme of the school name: 地方专项, 中外合作; drops 预科, 民族班 and minority-only majors', async () => {
    const r = await cqPlans.load(FIXTURES)
    expect(one(r.records, { schoolName: '重庆医科大学' })).toMatchObject({
      spname: '临床医学',
      planType: '地方专项',
      batchName: '地方专项',
      min: 598,
    })
    expect(one(r.records, { schoolName: '西南政法大学', subjectType: '历史类' })).toMatchObject({
      spname: '行政管理',
      planType: '地方专项',
    })
    expect(one(r.records, { schoolName: '四川大学' })).toMatchObject({
      spname: '工业工程(中外合作办学)',
      planType: '普通',
    })
    expect(find(r.records, { schoolName: '西安交通大学' })).toEqual([])
    expect(find(r.records, { schoolName: '华中科技大学' })).toEqual([])
    expect(find(r.records, { schoolName: '西南大学' })).toEqual([])
    expect(dropped(r, 'preparatory class (预科)')).toBe(1)
    expect(dropped(r, 'minority-only class')).toBe(2)
    // labels that only look restrictive are kept: a bilingual class, the 彝语言 direction of a major
    expect(one(r.records, { schoolName: '上海对外经贸大学' }).spname).toBe('德语(双语班)')
    expect(one(r.records, { schoolName: '中央民族大学' }).spname).toBe('中国少数民族语言文学(彝语言)')
    // a major printed twice is kept twice (the builder folds them, the lower line wins)
    expect(find(r.records, { schoolName: '西南政法大学', spname: '法学' }).map((x) => x.min)).toEqual([
      600, 559,
    ])
  })

  it('repairs the PDF column wrap and drops interleaved rows', async () => {
    const r = await cqPlans.load(FIXTURES)
    expect(one(r.records, { schoolName: '中国石油大学(北京)克拉玛依校区' })).toMatchObject({
      spname: '英语',
      min: 525,
    })
    expect(one(r.records, { schoolName: '北京交通大学(威海校区)' }).spname).toBe(
      '计算机科学与技术(中外合作办学)',
    )
    expect(find(r.records, { schoolName: '北京师范大学-香港浸会大学联' })).toEqual([])
    expect(dropped(r, 'cells of two lines interleaved (PDF column wrap)')).toBe(1)
    const cells = {
      school: '上海外国语大学贤达经济人文学',
      code: '1院09',
      major: '英语',
      score: '475',
      rank: '16268',
    }
    expect(cqRecord(cells, 2023, '历史类', 'f')).toMatchObject({
      schoolName: '上海外国语大学贤达经济人文学院',
      spname: '英语',
      min: 475,
      minSection: 16268,
    })
    expect(
      cqRecord({ ...cells, school: '陕西师范大学(非西藏生定藏就', code: '业11)1' }, 2023, '历史类', 'f'),
    ).toBe('region-restricted class')
    expect(cqRecord({ ...cells, score: '' }, 2023, '历史类', 'f')).toBe('no score')
  })
})

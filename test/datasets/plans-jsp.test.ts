import { describe, expect, it } from 'vitest'
import { directionsOf } from '../../src/datasets/plans/normalize.js'
import { groupNo, jspPlans, jspTuition, parseDetailPart } from '../../src/datasets/plans/sources/jsp.js'
import type { PlanAdapterResult, PlanRecord } from '../../src/datasets/plans/types.js'
import { FIXTURES } from './helpers.js'

const dropped = (r: PlanAdapterResult, reason: string) =>
  r.dropped.find((d) => d.reason === reason)?.rows ?? 0
const find = (records: PlanRecord[], f: Partial<PlanRecord>) =>
  records.filter((r) => Object.entries(f).every(([k, v]) => r[k as keyof PlanRecord] === v))

describe('JSP adapter (江苏 2026 plan with 2023-2025 major outcomes)', () => {
  it('makes a 2026 plan record per major with group, requirement, tuition and length', async () => {
    const r = await jspPlans.load(FIXTURES)
    expect(r.files).toEqual([
      'ycxukun__jiangsu-plan/identity_key_full_audit.csv.gz',
      'ycxukun__jiangsu-plan/data-major-details-part-01.js.gz',
      'ycxukun__jiangsu-plan/data-major-details-part-02.js.gz',
      'ycxukun__jiangsu-plan/group_change_mapping_audit.csv.gz',
    ])
    const [plan] = find(r.records, { year: 2026, schoolName: '南京大学', spname: '计算机类' })
    expect(plan).toMatchObject({
      source: 'JSP',
      tier: 3,
      province: '江苏',
      subjectType: '物理类',
      batchName: '本科批',
      localBatchName: '本科批',
      planType: '普通',
      level: '本科',
      schoolCode: null,
      sgCode: '03', // 100103: 院校代号 1001 + 组号 03
      localSchoolCode: '1001',
      localSpcode: '01',
      sgInfos: '首选物理,再选化学',
      num: 10,
      tuition: 5200,
      length: '四年',
      min: null,
      outcomeLevel: '',
    })
    // 方向 kept, notes dropped; 待定 tuition is unknown; 化学和生物 both required
    expect(find(r.records, { year: 2026, spname: '临床医学(5+3一体化)' })[0]).toMatchObject({
      sgInfos: '首选物理,再选化学和生物',
      tuition: null,
      length: '八年',
      num: 5,
    })
    expect(find(r.records, { year: 2026, spname: '英语(师范)' })[0]).toMatchObject({
      sgInfos: '首选物理,再选不限',
      tuition: null,
    })
    // a 港元 amount is no tuition in yuan
    expect(find(r.records, { year: 2026, schoolName: '江苏大学', sgCode: '02' })[0]?.tuition).toBeNull()
    // 1858C1: the group number comes from rawGroupCode when the code's tail is not 2 digits
    expect(find(r.records, { year: 2026, schoolName: '南京师范大学中北学院' })[0]).toMatchObject({
      subjectType: '历史类',
      sgCode: '01',
      sgInfos: '首选历史,再选不限',
    })
  })

  it('places 提前本科批 special plans and drops directed plans and gender-split lines', async () => {
    const r = await jspPlans.load(FIXTURES)
    expect(find(r.records, { year: 2026, schoolName: '东南大学' })[0]).toMatchObject({
      batchName: '高校专项',
      planType: '高校专项',
      localBatchName: '提前本科批',
      sgCode: '02',
    })
    expect(find(r.records, { year: 2025, schoolName: '东南大学' })[0]).toMatchObject({
      batchName: '高校专项',
      localBatchName: '本科提前批',
      min: 650,
    })
    expect(find(r.records, { schoolName: '南京医科大学' })).toEqual([])
    expect(dropped(r, 'directed / domicile-restricted plan')).toBe(1)
    expect(find(r.records, { schoolName: '海军军医大学' })).toEqual([])
    expect(dropped(r, 'gender-split line')).toBe(2)
    expect(dropped(r, 'no data-major-details entry')).toBe(1)
  })

  it('keeps the programmes whose notes only look like a track, 中外合作办学 in the name, and names apart two of one name', async () => {
    const r = await jspPlans.load(FIXTURES)
    const plans = r.records.filter((x) => x.year === 2026)
    // 面向地方公安机关入警就业: where the graduates work, not who may apply (no directed plan)
    expect(find(plans, { schoolName: '南京警察学院', spname: '侦查学' })).toHaveLength(1)
    // 英日双语: the language of teaching, not a minority class
    expect(find(plans, { schoolName: '上海外国语大学', spname: '日语(多元方向)' })).toHaveLength(1)
    expect(dropped(r, 'minority-only class')).toBe(0)
    // the first 方向 and 中外合作办学, wherever it stands among the notes
    expect(find(plans, { schoolName: '哈尔滨工业大学' })[0]?.spname).toBe(
      '数学与应用数学(哈尔滨市)(中外合作办学)',
    )
    // or where only the group's label says it
    expect(find(plans, { schoolName: '东南大学', sgCode: '15' })[0]?.spname).toBe(
      '机器人工程(苏州校区)(中外合作办学)',
    )
    // two 电子信息类(中外合作办学) of one group: each with the notes the other lacks, its own places
    expect(
      find(plans, { schoolName: '上海交通大学', sgCode: '07' })
        .map((x) => [x.spname, x.num])
        .sort(),
    ).toEqual([
      ['电子信息类(电子与计算机工程、机械工程)(浦江国际学院,依托张江国际理工学院)(中外合作办学)', 68],
      ['电子信息类(能源与动力工程、机械工程、信息工程)(巴黎卓越工程师学院,含笛卡尔班)(中外合作办学)', 10],
    ])
  })

  it('files major outcomes 2023-2025; the 2025 one under the confidently mapped 2025 group only', async () => {
    const r = await jspPlans.load(FIXTURES)
    const cs = find(r.records, { schoolName: '南京大学', spname: '计算机类', outcomeLevel: 'major' })
    expect(cs.map((x) => [x.year, x.sgCode, x.min, x.minSection, x.num])).toEqual([
      [2025, '05', 660, 2000, 12], // 高度延续/高: 2026 group 03 was 2025 group 05
      [2024, null, 655, 2500, 11],
      [2023, null, 650, 3000, 10],
    ])
    for (const x of cs) expect(x).toMatchObject({ rankDerived: false, sgInfos: null, tuition: null })
    // 疑似对应/待核对 (中低): no group code
    expect(find(r.records, { year: 2025, spname: '英语(师范)' })[0]).toMatchObject({ sgCode: null, min: 640 })
    // 延续调整/中高: mapped
    expect(find(r.records, { year: 2025, schoolName: '南京师范大学中北学院' })[0]?.sgCode).toBe('02')
    // one major name in two groups with different unmapped outcomes: which group's? dropped
    expect(find(r.records, { schoolName: '江苏大学', outcomeLevel: 'major' })).toEqual([])
    expect(dropped(r, "outcome of one major name in two groups (that year's group unknown)")).toBe(4)
    expect(find(r.records, { schoolName: '江苏大学', year: 2026 })).toHaveLength(2)
  })

  it('never reads the proprietary ratings or groupScore25', async () => {
    const r = await jspPlans.load(FIXTURES)
    expect(JSON.stringify(r.records)).not.toMatch(/proprietary|A\+|999/u)
  })
})

describe('JSP helpers', () => {
  it('strips the JS wrapper of a details part', () => {
    const text =
      'window.MAJOR_DETAIL_PARTS=window.MAJOR_DETAIL_PARTS||[];\nwindow.MAJOR_DETAIL_PARTS.push({"m_1_01":{"name":"x(a)"}});\n'
    expect(parseDetailPart(text)).toEqual({ m_1_01: { name: 'x(a)' } })
    expect(() => parseDetailPart('{"a":1}')).toThrow()
  })

  it('keeps programme brackets, skips notes, reads nested brackets whole', () => {
    expect(directionsOf('(师范)(只招英语考生)')).toEqual(['(师范)'])
    expect(directionsOf('(以下专业在仙林校区学习)(中外合作办学)')).toEqual(['(中外合作办学)'])
    expect(directionsOf('(与深圳顺丰泰森控股(集团)有限公司联合培养)')).toEqual([
      '(与深圳顺丰泰森控股(集团)有限公司联合培养)',
    ])
    expect(directionsOf('(工商管理、市场营销)')).toEqual([])
    expect(directionsOf('')).toEqual([])
  })

  it('reads tuition and the group number', () => {
    expect(jspTuition('待定')).toBeNull()
    expect(jspTuition('214000港元')).toBeNull()
    expect(jspTuition(5200)).toBe(5200)
    expect(groupNo('100103', '03')).toBe('03')
    expect(groupNo('1858C1', '01')).toBe('01')
    expect(groupNo('1858C1', '')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import {
  gxPlans,
  gxTuition,
  lineLabels,
  nameApartByRemarks,
  programmeLabel,
} from '../../src/datasets/plans/sources/gx.js'
import {
  nameApartByLength,
  zjpPlans,
  zjpSchoolName,
  zjpTuition,
} from '../../src/datasets/plans/sources/zjp.js'
import type { PlanAdapterResult, PlanRecord } from '../../src/datasets/plans/types.js'
import { FIXTURES } from './helpers.js'

// Fixtures: fixtures/sources/Linear27__guangxi-gaokao-2026-physics/… (gzipped JSON shaped like the real files) and
// fixtures/sources/SatoriYoukai__…/2026年_普通类平行计划1_普通类平行录取_物理化学生物.xlsm (a 3 KB zip of
// [Content_Types].xml, workbook, rels, sharedStrings and Sheet1, written with Python's zipfile: form header row,
// column-name row, ten data rows).

const dropped = (r: PlanAdapterResult, reason: string) =>
  r.dropped.find((d) => d.reason === reason)?.rows ?? 0
const find = (records: PlanRecord[], f: Partial<PlanRecord>) =>
  records.filter((r) => Object.entries(f).every(([k, v]) => r[k as keyof PlanRecord] === v))

describe('GX adapter (广西 2026 plan book, 2025 group lines)', async () => {
  const res = await gxPlans.load(FIXTURES)

  it('reads a programme per record, with group, requirement, tuition and length', () => {
    const [eng] = find(res.records, { schoolName: '北京大学', spname: '工科试验班类' })
    expect(eng).toMatchObject({
      source: 'GX',
      tier: 0,
      province: '广西',
      year: 2026,
      subjectType: '物理类',
      batchName: '本科批',
      localBatchName: '本科普通批',
      planType: '普通',
      level: '本科',
      schoolCode: '10001',
      sgCode: '102',
      spcode: null, // majorCode 021 is a provincial 专业代号
      localSchoolCode: '10001',
      localSpcode: '021',
      sgInfos: '首选物理,再选化学',
      num: 2,
      tuition: 5000,
      length: '四年',
      min: null,
      outcomeLevel: '',
    })
    // plan number given as text: unknown; 11万元 per year; a 只招男生 remark is a requirement, not a gender split
    expect(find(res.records, { spname: '临床医学(八年制)' })[0]).toMatchObject({
      num: null,
      tuition: 110_000,
      length: '八年',
    })
    const [gxnu] = find(res.records, { schoolName: '广西师范大学', year: 2026 })
    expect(gxnu).toMatchObject({ subjectType: '历史类', sgCode: '111', sgInfos: '首选历史,再选政治' })
    const [voc] = find(res.records, { spname: '软件技术' })
    expect(voc).toMatchObject({
      batchName: '专科批',
      localBatchName: '高职高专普通批',
      level: '专科',
      length: '三年',
    })
  })

  it('names apart programmes repeating a key by their remarks; reads 化学 + 生物', () => {
    // 022 and 023, both 理科试验班类 of 专业组 102: 包含专业：数学类 / 物理学类. Folded, they had shown one programme of
    // 4 places and no 专业代号
    const sci = find(res.records, { schoolName: '北京大学', sgCode: '102' }).filter((r) =>
      r.spname.startsWith('理科试验班类'),
    )
    expect(sci.map((r) => [r.spname, r.localSpcode, r.num, r.sgInfos])).toEqual([
      ['理科试验班类(含数学类)', '022', 1, '首选物理,再选化学和生物'],
      ['理科试验班类(含物理学类)', '023', 3, '首选物理,再选化学和生物'],
    ])
    expect(dropped(res, 'programme repeating another of its key (plan numbers added)')).toBe(0)
  })

  it('names programmes apart by the first remark piece the others lack, and leaves alike ones to fold', () => {
    const rec = (spname: string, localSpcode: string | null, tuition = 5400) =>
      ({
        year: 2026,
        schoolName: '西安外国语大学',
        batchName: '本科批',
        sgCode: '153',
        spname,
        localSpcode,
        tuition,
      }) as PlanRecord
    const named = (pairs: [PlanRecord, string][]) => {
      nameApartByRemarks(
        pairs.map(([r]) => r),
        new Map(pairs),
      )
      return pairs.map(([r]) => r.spname)
    }
    // GX's commas; the campus's 在…办学 and the fee are no note; a piece both share is none either
    expect(
      named([
        [rec('英语', '024'), '4 年，5400 元/年，在长安校区办学'],
        [rec('英语', '025'), '师范类，4 年，5400 元/年，在长安校区办学'],
      ]),
    ).toEqual(['英语', '英语(师范类)'])
    // ZJP's full stops; a requirement worded two ways is no note; a long piece is cut
    expect(
      named([
        [rec('化学', '041'), '玉泉校区。轻度色觉异常（俗称色弱）者不予录取。'],
        [rec('化学', '042'), '玉泉校区。双学士学位复合型人才培养项目。不招色弱考生。'],
        [rec('化学', '043'), '玉泉校区。与英国赫瑞瓦特大学马来西亚校区“2+2”双学位联合培养。'],
      ]),
    ).toEqual([
      '化学',
      '化学(双学士学位复合型人才培养项目)',
      '化学(与英国赫瑞瓦特大学马来西亚校区“2+2”双学位联…)',
    ])
    // remarks that differ in the fee only, or codes not all known: left as they are (foldSameKey adds them)
    expect(
      named([
        [rec('会计学', '008', 5280), '卫星校区[东校区]。'],
        [rec('会计学', '027', 20000), '卫星校区[东校区]。'],
      ]),
    ).toEqual(['会计学', '会计学'])
    expect(
      named([
        [rec('法学', null), '4 年,6000 元/年,纪检监察方向'],
        [rec('法学', null), '4 年,6000 元/年'],
      ]),
    ).toEqual(['法学', '法学'])
  })

  it('takes the plan type from the programme label and drops the README tracks', () => {
    const [nat] = find(res.records, { spname: '数学类' })
    expect(nat).toMatchObject({
      batchName: '国家专项',
      planType: '国家专项',
      localBatchName: '本科普通批',
      sgCode: '504',
      sgInfos: '首选物理,再选不限', // 'cut off' 不 is 不限
    })
    expect(find(res.records, { spname: '汉语言文学', schoolName: '北京大学' })).toEqual([])
    expect(dropped(res, 'minority-only class')).toBe(2) // 民族班 programme and its 2025 line
    expect(dropped(res, 'special admission route')).toBe(1) // 高水平运动队
    // 定向医学生 in the name, 高职高专提前批定向类 (定向培养军士生), 人防定向 line
    expect(dropped(res, 'directed / domicile-restricted plan')).toBe(3)
    expect(dropped(res, 'preparatory class (预科)')).toBe(1)
    expect(dropped(res, 'gender-split line')).toBe(0)
  })

  it('makes art batches 艺术类 rows, the 校考 方向 in brackets, requirement from the track', () => {
    const art = find(res.records, { spname: '录音艺术(录音工程方向)' })
    // printed in both books: one record each, folded by the merge on their common key
    expect(art).toHaveLength(2)
    expect(art[0]).toMatchObject({
      subjectType: '艺术类',
      batchName: '本科提前批',
      localBatchName: '本科提前批艺术类本科第一批',
      num: null,
      sgInfos: null,
      tuition: 10_000,
    })
    expect(find(res.records, { year: 2025, sgCode: '251' })[0]).toMatchObject({ subjectType: '艺术类' })
  })

  it('drops a campus entry repeating its main school’s key, keeps its own keys', () => {
    expect(find(res.records, { schoolName: '电子科技大学(沙河校区)', sgCode: '101' })).toEqual([])
    expect(find(res.records, { schoolName: '电子科技大学(沙河校区)', sgCode: '102' })).toHaveLength(1)
    expect(find(res.records, { schoolName: '电子科技大学', sgCode: '101', year: 2025 })[0]?.min).toBe(628)
    expect(
      dropped(res, 'campus entry repeating a key of its main school (one school in the schools table)'),
    ).toBe(2)
  })

  it('reads the 2025 group lines without their 区内 rank', () => {
    const lines = find(res.records, { year: 2025 })
    expect(lines.every((l) => l.outcomeLevel === 'group' && l.minSection === null && l.spname === '')).toBe(
      true,
    )
    expect(find(lines, { schoolName: '北京大学', sgCode: '102' })[0]).toMatchObject({
      subjectType: '物理类',
      batchName: '本科批',
      localBatchName: '本科普通批',
      min: 673,
      num: null,
      tier: 0,
      rankDerived: false,
    })
    expect(find(lines, { sgCode: '504' })[0]).toMatchObject({ batchName: '国家专项', planType: '国家专项' })
    // 身高 requirements mention 男生/女生 but are no gender split
    expect(find(lines, { sgCode: '101', schoolName: '北京大学' })[0]).toMatchObject({
      batchName: '本科提前批',
      min: 640,
    })
    expect(find(lines, { subjectType: '历史类' })).toHaveLength(1)
    expect(lines).toHaveLength(7)
    expect(res.files).toContain(
      'Linear27__guangxi-gaokao-2026-physics/public/data/tracks/physics/history/2025/guangxi-physics-admission-lines.json.gz',
    )
  })

  it('parses labels and fees', () => {
    expect(programmeLabel('国家专项计划，4 年，5458 元/年')).toEqual({
      labels: ['国家专项计划'],
      direction: '',
    })
    expect(programmeLabel('钢琴 艺术校考类,4年,10000元/年')).toEqual({
      labels: ['艺术校考类'],
      direction: '钢琴',
    })
    expect(programmeLabel('4 年,5000 元/年,只招男生')).toEqual({ labels: [], direction: '' })
    expect(lineLabels('国家公费师范生，国家专项计划')).toEqual(['国家公费师范生', '国家专项计划'])
    expect(lineLabels('仅招男生，身高165cm及以上')).toEqual([])
    expect(gxTuition('免费')).toBe(0)
    expect(gxTuition('待定')).toBeNull()
    expect(gxTuition('一年级10万元/(生·年)，二年级起12.98万元/(生·年)')).toBe(100_000)
    expect(gxTuition(5200)).toBe(5200)
  })
})

describe('ZJP adapter (浙江 2026 plan, 物化生 items)', async () => {
  const res = await zjpPlans.load(FIXTURES)

  it('reads one major record per row of Sheet1', () => {
    expect(res.files).toEqual([
      'SatoriYoukai__2026_Zhejiang_gaokao_enrollment_database/2026年_普通类平行计划1_普通类平行录取_物理化学生物.xlsm',
    ])
    const [zju] = find(res.records, { spname: '人文科学试验班(中文与传播)' })
    expect(zju).toMatchObject({
      source: 'ZJP',
      tier: 0,
      province: '浙江',
      year: 2026,
      subjectType: '综合',
      batchName: '本科批',
      localBatchName: '普通类平行录取',
      planType: '普通',
      level: '本科',
      schoolName: '浙江大学',
      schoolCode: null, // 0001 is a 浙江 code: the form's
      localSchoolCode: '0001',
      spcode: null,
      sgCode: null,
      sgInfos: '不限',
      num: 78,
      tuition: 5300,
      length: '四年',
      outcomeLevel: '',
    })
    expect(find(res.records, { spname: '工科试验班' })[0]?.sgInfos).toBe('物理和化学')
    expect(find(res.records, { spname: '临床医学' })[0]).toMatchObject({
      schoolName: '中国石油大学(北京)',
      sgInfos: '物理',
      tuition: 100_000,
      length: '八年',
    })
  })

  it('reads requirements, fees and 专科 rows; a 强基班 name is no 强基计划; 双语班 is kept', () => {
    expect(find(res.records, { spname: '新闻学(双语班)' })[0]).toMatchObject({
      sgInfos: '物理和化学和生物',
      tuition: 5520,
    })
    expect(find(res.records, { spname: '金融学(智能金融强基班)' })[0]).toMatchObject({
      planType: '普通',
      batchName: '本科批',
      sgInfos: '化学',
      tuition: null,
    })
    expect(find(res.records, { spname: '学前教育' })[0]).toMatchObject({
      batchName: '专科批',
      level: '专科',
      tuition: 0,
      length: '三年',
      sgInfos: '生物',
    })
  })

  it('adds repeated major names of a school and drops the README tracks', () => {
    const nurse = find(res.records, { spname: '护理' })
    expect(nurse).toHaveLength(1)
    expect(nurse[0]?.num).toBe(117)
    expect(dropped(res, 'item repeating a major name of its school (plan numbers added)')).toBe(1)
    expect(dropped(res, 'minority-only class')).toBe(1)
    expect(dropped(res, 'directed / domicile-restricted plan')).toBe(1)
    expect(res.records).toHaveLength(7)
  })

  it('names apart items of one name and another length, which fold no more', () => {
    const item = (spname: string, length: string, localSpcode: string) =>
      ({ schoolName: '四川大学', batchName: '本科批', spname, length, localSpcode }) as PlanRecord
    const records = [
      item('口腔医学', '五年', '015'),
      item('口腔医学', '八年', '017'),
      item('口腔医学', '五年', '516'),
    ]
    nameApartByLength(records)
    expect(records.map((r) => [r.spname, r.localSpcode])).toEqual([
      ['口腔医学', '015'],
      ['口腔医学(八年制)', '017'],
      ['口腔医学', '516'],
    ])
  })

  it('cleans school names and fees', () => {
    expect(zjpSchoolName('中国石油大学(北京)克拉玛依校区（“双一流”建设高校）')).toBe(
      '中国石油大学(北京)克拉玛依校区',
    )
    expect(zjpSchoolName('浙江工业大学(入选“2011计划”高校)(省重点建设高校)')).toBe('浙江工业大学')
    expect(zjpTuition('约15万')).toBe(150_000)
    expect(zjpTuition('104750港元')).toBeNull()
    expect(zjpTuition('见简注')).toBeNull()
  })
})

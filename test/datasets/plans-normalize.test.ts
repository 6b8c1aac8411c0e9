import { describe, expect, it } from 'vitest'
import {
  campusOf,
  catalogueCode,
  classifyBatch,
  cleanMajorName,
  excludedTrack,
  groupCode,
  groupKey,
  intOrNull,
  isAggregateName,
  lengthOrNull,
  NOT_A_TRACK,
  normalizeRequirement,
  normalizeSubjectType,
  planTypeOf,
  programmeAnnotation,
  requirementInGroupLabel,
  schoolNameVariants,
  sgName,
  tuitionOrNull,
  unlabelledSubjectType,
} from '../../src/datasets/plans/normalize.js'
import { acceptsGroups, outcomeNumbers } from '../../src/datasets/plans/sources/common.js'

describe('subject type', () => {
  it('maps ordinary labels by the exam mode of the province and year', () => {
    expect(normalizeSubjectType('江苏', 2025, '物理')).toBe('物理类')
    expect(normalizeSubjectType('江苏', 2025, '历史类')).toBe('历史类')
    // 安徽 was still 文理 in 2021: LG's 物理类 label becomes 理科
    expect(normalizeSubjectType('安徽', 2021, '物理类')).toBe('理科')
    expect(normalizeSubjectType('安徽', 2021, '文史')).toBe('文科')
    // GP's 理科 id in a 3+1+2 year
    expect(normalizeSubjectType('河南', 2025, '理科')).toBe('物理类')
    expect(normalizeSubjectType('北京', 2025, '综合改革')).toBe('综合')
    // a physics label cannot be placed in a 3+3 year
    expect(normalizeSubjectType('北京', 2025, '理科')).toBeNull()
    expect(normalizeSubjectType('新疆', 2025, '物理类')).toBe('理科')
  })

  it('keeps art and sport names, drops vocational, 单列 and 蒙授 tracks', () => {
    expect(normalizeSubjectType('江苏', 2025, '艺术类')).toBe('艺术类')
    expect(normalizeSubjectType('山西', 2025, '艺术统考美术与设计类')).toBe('美术与设计类')
    expect(normalizeSubjectType('山西', 2025, '音乐表演（器乐）')).toBe('音乐表演(器乐)')
    expect(normalizeSubjectType('江苏', 2025, '体育类')).toBe('体育类')
    expect(normalizeSubjectType('河北', 2025, '对口高职')).toBeNull()
    expect(normalizeSubjectType('新疆', 2025, '单列类物理类')).toBeNull()
    expect(normalizeSubjectType('内蒙古', 2024, '蒙授文科')).toBeNull()
    expect(normalizeSubjectType('江苏', 2025, '官网未列科类')).toBeNull()
  })

  it('reads an unlabelled category as 综合 only in a 3+3 year', () => {
    expect(unlabelledSubjectType('天津', 2025, '官网未列科类')).toBe('综合')
    expect(unlabelledSubjectType('江苏', 2025, '官网未列科类')).toBeNull()
    expect(unlabelledSubjectType('天津', 2025, '计算机类')).toBeNull()
  })
})

describe('batch and plan type', () => {
  it('maps local batches to the four SPEC batches and keeps the local name', () => {
    expect(classifyBatch('本科一批')).toEqual({
      batchName: '本科批',
      planType: '普通',
      localBatchName: '本科一批',
      level: '本科',
    })
    expect(classifyBatch('普通类本科批次平行志愿')).toMatchObject({ batchName: '本科批' })
    expect(classifyBatch('本科批B段')).toMatchObject({ batchName: '本科批', localBatchName: '本科批B段' })
    expect(classifyBatch('本科提前批A段')).toMatchObject({ batchName: '本科提前批' })
    expect(classifyBatch('高职（专科）批')).toMatchObject({
      batchName: '专科批',
      localBatchName: '高职(专科)批',
      level: '专科',
    })
    expect(classifyBatch('高职专科提前批')).toMatchObject({ batchName: '专科提前批' })
    // no batch in the label: the record type decides the level
    expect(classifyBatch('官网未列批次', [], true)).toMatchObject({ batchName: '专科批', localBatchName: '' })
    expect(classifyBatch('官网未列批次', [], false)).toMatchObject({
      batchName: '本科批',
      localBatchName: '',
    })
  })

  it('gives a special plan its type as batch_name', () => {
    expect(classifyBatch('国家专项')).toMatchObject({ batchName: '国家专项', planType: '国家专项' })
    expect(classifyBatch('本科批', ['国家贫困专项'])).toMatchObject({
      batchName: '国家专项',
      localBatchName: '本科批',
    })
    expect(classifyBatch('地方专项计划本科批')).toMatchObject({ planType: '地方专项' })
    expect(classifyBatch('本科提前批B段', ['高校专项'])).toMatchObject({ batchName: '高校专项' })
    expect(classifyBatch('区域教育均衡专项')).toMatchObject({ planType: '高校专项' })
    // the 高校专项计划's other name, which 农村专项 (地方专项) would take
    expect(classifyBatch('高校农村专项计划')).toMatchObject({ planType: '高校专项' })
    expect(classifyBatch('地方农村专项计划')).toMatchObject({ planType: '地方专项' })
    expect(classifyBatch('强基计划')).toMatchObject({ batchName: '强基计划', planType: '强基计划' })
    expect(planTypeOf('本科批', '普通类')).toBe('普通')
  })

  it('excludes the tracks that are not an ordinary admission', () => {
    expect(classifyBatch('本科批第1次征集')).toEqual({ excluded: 'vacancy round (征集/征求/补录)' })
    expect(classifyBatch('本科二批', ['预科'])).toEqual({ excluded: 'preparatory class (预科)' })
    expect(excludedTrack('专升本')).toBe('upgrade track (专升本)')
    expect(excludedTrack('对口本科批')).toBe('vocational exam track')
    expect(excludedTrack('民族班')).toBe('minority-only class')
    expect(excludedTrack('本科二批(新疆班)')).toBe('region-restricted class')
    expect(excludedTrack('普通类本科批（面向福州）')).toBe('directed / domicile-restricted plan')
    expect(excludedTrack('面向全省')).toBeNull()
    // 非定向 is the ordinary plan
    expect(excludedTrack('第一次填报/专业Q0/普通类/非定向')).toBeNull()
    expect(excludedTrack('只招男生')).toBe('gender-split line')
    // batches of 公费师范 / 优师 students and special plans that do not say which: no ordinary lines
    for (const batch of ['公费师范生', '地方公费师范/优师专项', '优师计划批', '提前批师范类(公费)(厦门)'])
      expect(classifyBatch(batch)).toEqual({ excluded: 'directed / domicile-restricted plan' })
    expect(classifyBatch('本科提前批', ['汉语言文学(公费师范)'])).toMatchObject({ batchName: '本科提前批' })
    for (const batch of ['专项计划本科二批', '精准专项'])
      expect(classifyBatch(batch)).toEqual({ excluded: 'special plan (专项) of no known type' })
    // 广西's 精准专项 named on GX's programmes (groups 9xx), not only on LG's batch
    expect(classifyBatch('本科普通批', ['护理学(精准专项)'])).toEqual({
      excluded: 'special plan (专项) of no known type',
    })
    // the 专科 major 自然保护地建设与管理 is no 自然保护地 定向 plan; the plan is
    expect(excludedTrack('自然保护地建设与管理'.replace(NOT_A_TRACK, ''))).toBeNull()
    expect(excludedTrack('林学(自然保护地定向)')).toBe('directed / domicile-restricted plan')
    expect(classifyBatch('民族专项')).toEqual({ excluded: 'minority-only class' })
    expect(classifyBatch('特殊类型招生批', ['(高水平运动队)'])).toEqual({
      excluded: 'special admission route',
    })
    expect(classifyBatch('特殊类型招生批', ['(北京市)(高校专项计划)'])).toMatchObject({
      batchName: '高校专项',
    })
    expect(classifyBatch('特殊类型招生批', ['特殊类型招生'])).toEqual({
      excluded: 'special-type batch of no known plan type',
    })
  })
})

describe('major groups', () => {
  it('reads group codes from every label style', () => {
    expect(groupCode('第604组')).toBe('604')
    expect(groupCode('北京大学第06组')).toBe('06')
    expect(groupCode('103 第103组')).toBe('103')
    expect(groupCode('04专业组(化学)')).toBe('04')
    expect(groupCode('203专业组')).toBe('203')
    expect(groupCode('D02专业组（健美操、啦啦操）')).toBe('D02')
    expect(groupCode('专业组003')).toBe('003')
    expect(groupCode('院校专业组 000201')).toBe('01')
    expect(groupCode('复旦大学(01)')).toBe('01')
    expect(groupCode('01 物理＋化学')).toBe('01')
    expect(groupCode('37E8001 第001组 007')).toBe('001')
    expect(groupCode('206')).toBe('206')
  })

  it('refuses labels that are batches, rounds or major numbers', () => {
    expect(groupCode('本科批平行志愿')).toBeNull()
    expect(groupCode('专业代号01')).toBeNull()
    expect(groupCode('专业编号41')).toBeNull()
    expect(groupCode('第一次填报/专业Q0/普通类/非定向')).toBeNull()
    expect(groupCode('普通类')).toBeNull()
    expect(groupCode('北方工业大学2020校线|北京|不限选考')).toBeNull()
    expect(groupCode(null)).toBeNull()
  })

  it('stores 专业组（code） and keys codes without leading zeros', () => {
    expect(sgName('06')).toBe('专业组（06）')
    expect(sgName(null)).toBeNull()
    expect(groupKey('006')).toBe('6')
    expect(groupKey('6')).toBe('6')
    expect(groupKey('D02')).toBe('D02')
    expect(groupKey(null)).toBe('')
  })

  it('accepts groups only where the province admitted by 院校专业组 that year', () => {
    expect(acceptsGroups('江苏', 2025)).toBe(true)
    expect(acceptsGroups('河北', 2025)).toBe(false)
    expect(acceptsGroups('重庆', 2025)).toBe(false)
    expect(acceptsGroups('安徽', 2023)).toBe(false)
    expect(acceptsGroups('新疆', 2025)).toBe(false)
  })
})

describe('subject requirements', () => {
  const req = (raw: string | null, province: string, year: number, subject: string) =>
    normalizeRequirement(raw, province, year, subject)

  it('writes 3+1+2 requirements as 首选X,再选Y', () => {
    expect(req('物理+化学', '江苏', 2025, '物理类')).toBe('首选物理,再选化学')
    expect(req('物+化/生', '广东', 2024, '物理类')).toBe('首选物理,再选化学或生物')
    expect(req('物理*(化学+生物)', '河北', 2025, '物理类')).toBe('首选物理,再选化学和生物')
    expect(req('化学、物理（均须选考）', '江苏', 2025, '物理类')).toBe('首选物理,再选化学')
    expect(req('物理类（再选化学）', '湖南', 2025, '物理类')).toBe('首选物理,再选化学')
    expect(req('历+政', '广东', 2024, '历史类')).toBe('首选历史,再选政治')
    expect(req('思想政治和地理', '江苏', 2025, '历史类')).toBe('首选历史,再选政治和地理')
    expect(req('首选物理，再选科目不提', '江苏', 2025, '物理类')).toBe('首选物理,再选不限')
    expect(req('14（物理+不限）', '湖北', 2025, '物理类')).toBe('首选物理,再选不限')
    expect(req('江西理工大学04专业组(化学)', '江西', 2025, '物理类')).toBe('首选物理,再选化学')
    expect(req('不限', '湖北', 2025, '历史类')).toBe('首选历史,再选不限')
    // only the first choice is named: 再选 not stated
    expect(req('首选物理', '贵州', 2025, '物理类')).toBe('首选物理')
  })

  it('writes 3+3 requirements with 和 (all) and 或 (any one)', () => {
    expect(req('物理+化学', '北京', 2025, '综合')).toBe('物理和化学')
    expect(req('物理/化学/生物(选考一门即可)', '北京', 2024, '综合')).toBe('物理或化学或生物')
    expect(req('物理或化学', '上海', 2024, '综合')).toBe('物理或化学')
    expect(req('物理+化学/生物', '天津', 2025, '综合')).toBe('物理和(化学或生物)')
    expect(req('不限中外合作办学', '北京', 2024, '综合')).toBe('不限')
    expect(req('物理、化学、技术（3选1）', '浙江', 2024, '综合')).toBe('物理或化学或技术')
  })

  it('gives null when there is nothing to read or no requirement exists', () => {
    expect(req('物理+化学', '四川', 2024, '理科')).toBeNull()
    expect(req('传统理工', '青海', 2025, '物理类')).toBeNull()
    expect(req('第502组', '江西', 2025, '物理类')).toBeNull()
    expect(req(null, '江苏', 2025, '物理类')).toBeNull()
    expect(req('\\', '江苏', 2025, '物理类')).toBeNull()
  })

  it('takes the subjects of a group label from its last bracket', () => {
    expect(requirementInGroupLabel('04专业组(化学)')).toBe('化学')
    expect(requirementInGroupLabel('北京大学物理类第009组(化学)')).toBe('化学')
    expect(requirementInGroupLabel('海南科技职业大学(民办)|本科二批|理工类')).toBeNull()
  })
})

describe('names and numbers', () => {
  it('tells aggregate names from majors', () => {
    expect(isAggregateName('院校专业组投档线')).toBe(true)
    expect(isAggregateName('西南财经大学本科批录取概况')).toBe(true)
    expect(isAggregateName('普通类专业组')).toBe(true)
    expect(isAggregateName('')).toBe(true)
    expect(isAggregateName('南京邮电大学2025河北普通类（物理+化学）官网行级分数（代码16）')).toBe(true)
    expect(isAggregateName('北京师范大学(珠海校区)普通类调档线')).toBe(true)
    expect(isAggregateName('计算机科学与技术')).toBe(false)
    expect(isAggregateName('工科试验班（尖班）')).toBe(false)
    // 统计 names a statistics row, not the statistics majors
    expect(isAggregateName('2024年录取统计')).toBe(true)
    expect(isAggregateName('统计学')).toBe(false)
    expect(isAggregateName('应用统计学(金融统计)')).toBe(false)
  })

  it('spells school names without the annotations sources add, never without a campus', () => {
    expect(schoolNameVariants('集美大学(厦门市)[公办]')).toEqual([
      '集美大学(厦门市)[公办]',
      '集美大学(厦门市)',
      '集美大学',
    ])
    expect(schoolNameVariants('安徽理工大学（较高收费）')).toEqual(['安徽理工大学(较高收费)', '安徽理工大学'])
    expect(schoolNameVariants('山东大学（威海）')).toEqual(['山东大学(威海)'])
    expect(schoolNameVariants('哈尔滨工业大学(深圳校区)')).toEqual([
      '哈尔滨工业大学(深圳校区)',
      '哈尔滨工业大学(深圳)',
    ])
    expect(schoolNameVariants('10001北京大学')).toEqual(['10001北京大学', '北京大学'])
    // 2026 plan books' new names, found as the names the table knows (a school of the new name is taken first)
    expect(schoolNameVariants('温州职业技术大学')).toEqual(['温州职业技术大学', '温州职业技术学院'])
    expect(schoolNameVariants('复旦大学医学院')).toEqual(['复旦大学医学院', '复旦大学上海医学院'])
    // a stray mark before a major's name (GX's .法学)
    expect(cleanMajorName('.法学')).toBe('法学')
    expect(cleanMajorName('法学(涉外法治.卓越班)')).toBe('法学(涉外法治.卓越班)')
    expect(programmeAnnotation('安徽理工大学（较高收费）', '安徽理工大学')).toBe(true)
    expect(programmeAnnotation('成都东软学院（中外合作办学项目）', '成都东软学院')).toBe(true)
    expect(programmeAnnotation('山东大学（威海）', '山东大学（威海）')).toBe(false)
    // a campus that is a school of the table has lines of its own; one that is not, has none
    expect(programmeAnnotation('合肥工业大学（宣城校区）', '合肥工业大学（宣城校区）')).toBe(false)
    expect(programmeAnnotation('北京师范大学(珠海校区)', '北京师范大学（珠海校区）')).toBe(false)
    expect(programmeAnnotation('电子科技大学(沙河校区)', '电子科技大学')).toBe(true)
    expect(programmeAnnotation('哈尔滨理工大学荣成校区', '哈尔滨理工大学')).toBe(true)
    // a school whose own name says 国际学院 is a school of the table
    expect(programmeAnnotation('海南热带海洋学院国际学院', '海南热带海洋学院国际学院')).toBe(false)
  })

  it('names the campus of a school name that resolved to another school', () => {
    expect(campusOf('电子科技大学（沙河校区）', '电子科技大学')).toBe('沙河校区')
    expect(campusOf('哈尔滨理工大学荣成校区', '哈尔滨理工大学')).toBe('荣成校区')
    expect(campusOf('山东大学威海分校', '山东大学（威海）')).toBeNull()
    expect(campusOf('合肥工业大学(宣城校区)', '合肥工业大学（宣城校区）')).toBeNull()
    expect(campusOf('北京大学', '北京大学')).toBeNull()
  })

  it('parses numbers, codes and lengths', () => {
    expect(intOrNull('612.0')).toBe(612)
    expect(intOrNull('612.5')).toBeNull()
    expect(intOrNull('--')).toBeNull()
    expect(tuitionOrNull('5000.0')).toBe(5000)
    expect(tuitionOrNull('0')).toBeNull()
    expect(catalogueCode('080901')).toBe('080901')
    expect(catalogueCode('080910t')).toBe('080910T')
    expect(catalogueCode('23')).toBeNull()
    expect(catalogueCode('5B1')).toBeNull()
    expect(lengthOrNull('4.0')).toBe('四年')
    expect(lengthOrNull(5)).toBe('五年')
    expect(lengthOrNull('三年')).toBe('三年')
    expect(lengthOrNull('')).toBeNull()
    expect(outcomeNumbers(612, 615.6, 630)).toEqual({ min: 612, average: 616, max: 630 })
    expect(outcomeNumbers(475.8718, null, null)).toBe('fractional')
    expect(outcomeNumbers(null, null, null)).toEqual({ min: null, average: null, max: null })
  })
})

describe('planned numbers', () => {
  it('treats an implausible planned number as unknown', async () => {
    const { planNumOrNull, PLAN_NUM_MAX } = await import('../../src/datasets/plans/normalize.js')
    expect(planNumOrNull('35')).toBe(35)
    expect(planNumOrNull(PLAN_NUM_MAX)).toBe(PLAN_NUM_MAX)
    expect(planNumOrNull(1_812_181)).toBeNull()
    expect(planNumOrNull(-3)).toBeNull()
  })
})

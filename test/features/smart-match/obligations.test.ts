import { describe, expect, it } from 'vitest'
import {
  obligationOf,
  obligationText,
  readObligationText,
  unitObligation,
} from '../../../src/features/smart-match/model/obligations.js'

/**
 * Which programmes bind whoever is admitted, read from their names: the spellings of the shipped plans (the comment of
 * each rule in obligations.ts names where each is found), and the names that look alike and bind nobody.
 */

const kind = (name: string, province?: string) => obligationOf(name, province)?.kind ?? null

describe('obligationOf', () => {
  it('reads 公费师范 in every spelling of the plans, and not 非公费师范', () => {
    for (const name of [
      '化学(省属公费师范生)(面向临沂市就业)',
      '公费师范-汉语言文学/历史学/英语/数学/物理/化学/地理(师范)',
      '数学与应用数学(公费师范生)(国家公费师范生)(师范类)(本专业为本研衔接公费教育)',
      '小学教育(巴中市平昌县)(省级公费师范生)',
      '应用心理学(义教)(南宁市上林县)(地方公费师范生)(师范类)(在雁山校区办学)',
      '小学教育(公费师范生,柳州市融水县)',
      '化学(国家公费师范)',
      '汉语言文学（免费师范生）',
    ])
      expect(kind(name), name).toBe('公费师范')
    for (const name of [
      '化学类(师范类)(非公费师范)',
      '数学类(数学与应用数学(非公费师范)、数学与应用数学(基础学科创新实验班、非公费师范))(华中师范大学)',
    ])
      expect(kind(name), name).toBeNull()
  })

  it('tells 优师计划, 定向医学生, 公费农科生, 订单培养 and 定向 apart', () => {
    expect(kind('国家优师专项(汉语言文学/历史学/英语/思想政治教育/数学(史)等)')).toBe('优师计划')
    expect(kind('数学与应用数学(师范类)(优师)')).toBe('优师计划')
    expect(kind('美术学(地方优师专项计划)')).toBe('优师计划')
    expect(kind('中医学(国家免费医学生)')).toBe('定向医学生')
    expect(kind('中医学(省属公费医学生)(面向日照市就业)')).toBe('定向医学生')
    expect(kind('临床医学(免费)')).toBe('定向医学生')
    expect(kind('农学(省属公费农科生)(面向威海市就业)')).toBe('公费农科生')
    expect(kind('动物科学(乡村振兴“订单生”)')).toBe('公费农科生')
    expect(kind('计算机科学与技术(中软国际订单班)')).toBe('订单培养')
    expect(kind('汽车制造与试验技术(吉利汽车订单培养)')).toBe('订单培养')
    expect(kind('人力资源管理(前程无忧人力协议班)')).toBe('订单培养')
    expect(kind('考古学(文物全科人才)(面向潍坊市就业)')).toBe('定向')
    expect(kind('土木工程(委托培养)')).toBe('定向')
    expect(kind('飞行技术(民航招飞)(运输机驾驶)(东航送培一公费)')).toBe('定向')
    expect(kind('智慧健康养老服务与管理(公费培养生)')).toBe('定向')
    expect(kind('交通管理工程(面向地方公安机关入警就业)')).toBe('定向')
    expect(kind('智慧能源工程(产教融合培养班,回生源地国家电投企业工作)')).toBe('定向')
    expect(kind('临床医学(定向培养)')).toBe('定向')
    expect(obligationOf('化学(国家公费师范)')?.label).toBe('公费师范 (须签协议, 毕业后到指定地区任教)')
  })

  it('does not take 师范, a special plan, 乡村 majors, a 中外 class or free tuition alone for one', () => {
    for (const name of [
      '数学与应用数学(师范)',
      '化学(师范类)',
      '汉语言文学(国家专项计划)',
      '农学(地方专项)',
      '乡村治理',
      '农林经济管理(乡村振兴)',
      '会计学(中外定向培养班)',
      '软件工程(非定向)',
      '护理学(含订单班)',
      '英语(免费)',
      '空中交通管制、飞行签派、航行情报',
      '金融服务与营销',
      '',
    ])
      expect(kind(name), name).toBeNull()
  })

  it("reads a county note as 定向 in 四川's plans only, never a campus", () => {
    expect(kind('临床医学(乐山市井研县)', '四川')).toBe('定向')
    expect(kind('特殊教育(内江市东兴区)', '四川')).toBe('定向')
    expect(kind('文物与博物馆学(甘孜州乡城县)', '四川')).toBe('定向')
    // elsewhere such a note is where the school is
    expect(kind('中医康复技术(广州市白云区)', '广东')).toBeNull()
    expect(kind('临床医学(福州市闽侯县)', '江苏')).toBeNull()
    expect(kind('临床医学(乐山市井研县)')).toBeNull()
    // a campus, even in 四川's plans
    expect(kind('护理学(杭州校区)', '四川')).toBeNull()
    expect(kind('会计学(成都市郫都区校区)', '四川')).toBeNull()
  })
})

describe("a unit's obligation", () => {
  it('binds whole when every major binds or its own label does, partly when some do', () => {
    const whole = unitObligation('专业组（01）', ['化学(国家公费师范)', '物理学(国家公费师范)'])
    expect(whole?.all).toBe(true)
    expect(obligationText(whole)).toBe('公费师范 (须签协议, 毕业后到指定地区任教)')
    const partly = unitObligation('专业组（02）', ['会计学', '英语(国家公费师范生)', '临床医学(免费)'])
    expect(partly?.all).toBe(false)
    const text = obligationText(partly)
    expect(text).toBe(
      '部分专业 公费师范 (须签协议, 毕业后到指定地区任教); 定向医学生 (须签协议, 毕业后到基层医疗卫生机构服务)',
    )
    expect(readObligationText(text ?? '')).toEqual({
      partly: true,
      labels: [
        '公费师范 (须签协议, 毕业后到指定地区任教)',
        '定向医学生 (须签协议, 毕业后到基层医疗卫生机构服务)',
      ],
    })
    expect(unitObligation('专业组（03）(国家优师专项)', [])?.all).toBe(true)
    expect(unitObligation('专业组（04）', ['会计学', '英语'])).toBeNull()
    expect(unitObligation('专业组（05）', [])).toBeNull()
  })
})

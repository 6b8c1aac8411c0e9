/**
 * Programmes of the ordinary batches that bind whoever is admitted: a service contract signed at admission (公费师范,
 * 优师计划, 定向医学生, 公费农科生), an employer or place named in advance (定向, 委培, 订单班). Their lines are often
 * lower than the school's ordinary majors', so they come out as attractive 稳 or 保 items, and a family that does
 * not notice signs the contract. The datasets keep what says so in the major's name (plans.spname: 化学(省属公费师范生)
 * (面向临沂市就业)); no column states it. Every pattern below was found in the shipped plans (docs/smart-match.md,
 * "Programmes that bind").
 */

export type ObligationKind = '优师计划' | '公费师范' | '定向医学生' | '公费农科生' | '订单培养' | '定向'

export interface Obligation {
  kind: ObligationKind
  /** The kind and what it binds the candidate to, in a few words: `公费师范 (须签协议, 毕业后到指定地区任教)` */
  label: string
}

const LABELS: Readonly<Record<ObligationKind, string>> = {
  优师计划: '优师计划 (须签协议, 毕业后到定向县中小学任教)',
  公费师范: '公费师范 (须签协议, 毕业后到指定地区任教)',
  定向医学生: '定向医学生 (须签协议, 毕业后到基层医疗卫生机构服务)',
  公费农科生: '公费农科生 (须签协议, 毕业后到基层农业单位服务)',
  订单培养: '订单培养 (须与合作企业签协议, 毕业后到该企业就业)',
  定向: '定向 (毕业后到定向单位或地区就业)',
}

/** The kinds, each with what marks it; the first that matches is the kind (the more specific first). */
const RULES: readonly { kind: ObligationKind; pattern: RegExp }[] = [
  // 国家优师专项 (湖北 华东师范大学), 地方优师 (四川 2025 提前批, 168 rows), (优师) (湖北大学): a 公费师范 plan of its
  // own, for the 832 脱贫县 and border counties; matched before 公费师范 since its rows say 公费师范 too
  { kind: '优师计划', pattern: /优师/u },
  // 国家 / 省级 / 省属 / 地方 公费师范(生) (山东 本科批 山东师范大学, 河北 西南大学), 公费师范-汉语言文学/… (华东师范大学),
  // 本研衔接公费教育 (河北's note of 西南大学); 免费师范 is the plan's name before 2018. Not 非公费师范 (华中师范大学's
  // 数学类(数学与应用数学(非公费师范)、…) in 天津, 江西, 内蒙古, 广东: the ordinary places of a 师范 school)
  { kind: '公费师范', pattern: /(?<!非)(公费|免费)师范|公费教育/u },
  // 国家免费医学生 (江西中医药大学), 省属公费医学生 (山东中医药大学), 农村订单定向医学生; 吉林医药学院's 临床医学(免费) in
  // 吉林 本科批 is the same plan: a bare (免费) counts only on a medical major (free tuition alone binds nobody)
  { kind: '定向医学生', pattern: /(免费|公费|定向)医学生|订单定向|(医|护理)[^()]*\(免费\)/u },
  // 省属公费农科生 (山东农业大学, 山东 本科批), 公费农科生 (山西农业大学), 订单农科生 and 乡村振兴"订单生" (延边大学)
  { kind: '公费农科生', pattern: /农科生|订单生/u },
  // an employer's class: 中软国际订单班, 吉利汽车订单培养, 前程无忧人力协议班 (武汉工商学院, 贵州 本科批). Not 含订单班
  // (长江大学's 护理学(含订单班)): the major holds such a class, which the admitted candidate need not join
  { kind: '订单培养', pattern: /(?<!含)订单班|订单培养|协议班/u },
  // 定向培养 / 定向就业 (also 定向培养军士), 委托培养 (黑龙江工程学院), 东航送培 (中国民用航空飞行学院: the airline's
  // cadets), 公费培养生 (重庆城市管理职业学院), 面向临沂市就业 (山东's 文物全科人才 of 山东大学, beside its 公费师范),
  // 面向地方公安机关入警就业 (公安院校), 回生源地国家电投企业工作. Not 非定向, nor 广州工商学院's 中外定向培养班 (a
  // 中外 class, not a service contract)
  {
    kind: '定向',
    pattern:
      /(?<!非|中外)定向|委托培养|委培|送培|公费培养|面向[^()]{1,20}(就业|工作)|回生源地[^()]*(就业|工作)/u,
  },
]

/**
 * 四川's plans name a 定向 programme's county and nothing else: 临床医学(乐山市井研县) of 川北医学院 in 本科批 (定向医学生),
 * 特殊教育(内江市东兴区) of 成都大学, 文物与博物馆学(甘孜州乡城县) of 成都体育学院 (every such note of its plans, 155 counties,
 * is one). Elsewhere a note of that form is a campus (广东's 中医康复技术(广州市白云区), 江苏's 福建医科大学
 * 临床医学(福州市闽侯县)), so the rule is 四川's alone.
 */
const COUNTY_NOTE = /\(([^()]{1,6}[市州][^()]{1,8}[县区市旗])\)/gu
const COUNTY_PROVINCES: ReadonlySet<string> = new Set(['四川'])
const CAMPUS = /校|园区/u

const normalized = (text: string) => text.normalize('NFKC').replace(/\s+/gu, '')

/**
 * The obligation a major's name (or a group's label) carries, null when none. `province`: the plan's province, for
 * 四川's county notes. "师范" alone is no obligation (the ordinary places of a 师范 school), nor the special plans
 * (国家专项, 地方专项, 高校专项: admission plans for rural candidates, with no service contract).
 */
export function obligationOf(text: string, province?: string): Obligation | null {
  const t = normalized(text)
  if (t === '') return null
  for (const { kind, pattern } of RULES) if (pattern.test(t)) return { kind, label: LABELS[kind] }
  if (province !== undefined && COUNTY_PROVINCES.has(province))
    for (const [, note] of t.matchAll(COUNTY_NOTE))
      if (note !== undefined && !CAMPUS.test(note)) return { kind: '定向', label: LABELS.定向 }
  return null
}

/** A unit's obligation: whether all of its majors (or its own label) carry one, and which ones, in order */
export interface UnitObligation {
  /** Every major binds (or the group's own label does): whoever is admitted to the unit is bound */
  all: boolean
  obligations: Obligation[]
}

/**
 * A group's, a school's or a major item's obligation from its label and its majors' names: all, when its own label
 * carries one or every major does; else the kinds some majors carry, which 调剂 can place a candidate in. Null when
 * none does.
 */
export function unitObligation(
  label: string,
  majors: readonly string[],
  province?: string,
): UnitObligation | null {
  const own = obligationOf(label, province)
  const found = majors.map((m) => obligationOf(m, province))
  const kinds = [own, ...found].filter((o): o is Obligation => o !== null)
  if (kinds.length === 0) return null
  const obligations = [...new Map(kinds.map((o) => [o.kind, o])).values()]
  return { all: own !== null || found.every((o) => o !== null), obligations }
}

/** Before the labels of a unit only some of whose majors bind */
export const PARTLY = '部分专业 '
const SEPARATOR = '; '

/** A unit's obligation as the answer says it: the labels, after PARTLY when only some majors bind */
export function obligationText(unit: UnitObligation | null): string | null {
  if (unit === null) return null
  const labels = unit.obligations.map((o) => o.label).join(SEPARATOR)
  return unit.all ? labels : `${PARTLY}${labels}`
}

/** obligationText read back: whether only some majors bind, and the labels */
export function readObligationText(text: string): { partly: boolean; labels: string[] } {
  const partly = text.startsWith(PARTLY)
  return { partly, labels: (partly ? text.slice(PARTLY.length) : text).split(SEPARATOR) }
}

/** The kind of a label: `公费师范 (须签协议, …)` → 公费师范 */
export const labelKind = (label: string): string => label.split(' (')[0] ?? label

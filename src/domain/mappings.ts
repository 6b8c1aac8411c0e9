import { lookupTable } from './lookup.js'

/**
 * The value mappings of SPEC 4.7 and 4.9: request words to stored values. Constants copied from the spec, plus
 * the stored art and sport categories the spec's 4.7 table misses.
 */

/** SPEC 4.7's table, verbatim: `subject_type` of a request and the stored category values it matches. */
const SPEC_SUBJECT_TYPE_MATCHES = {
  物理: ['物理', '物理类', '理工', '理科'],
  历史: ['历史', '历史类', '文史', '文科'],
  综合: ['综合', '综合类'],
  艺术: [
    '书法类',
    '戏剧影视导演',
    '戏剧影视表演',
    '播音与主持类',
    '服装表演',
    '美术与设计类',
    '舞蹈类',
    '音乐教育(器乐主项)',
    '音乐教育(声乐主项)',
    '音乐表演(器乐)',
    '音乐表演(声乐)',
  ],
  体育: ['体育(文)', '体育(理)'],
} as const

/**
 * Art and sport categories our plan sources store that the spec's table does not list (from
 * `SELECT DISTINCT subject_type FROM plans`): the generic 艺术类 / 体育类 and the art-form names some provinces
 * use (内蒙古's 美工设计类).
 *
 * A decision, not an oversight: the spec's table names the values of the data it was written for; ours store
 * sport as 体育类 only (no 体育(文) / 体育(理) in any province), so 体育 read verbatim would find no row anywhere,
 * and 艺术 would miss 艺术类, the most common art category (7,616 plan rows against 1,334 under the spec's names).
 * The widening only adds rows of the same kind: a filter on rows hides nothing, unlike a short form that picks one
 * 一分一段 table (km.ts keeps those within 4.2). Each stored name can still be asked for exactly (lookup 4.0).
 * Said to front ends in the field's description (historical-scores-list.ts) and in docs/api.md
 * (Decisions › "Historical scores (4.7)").
 */
export const STORED_ART_CATEGORIES = [
  '艺术类',
  '表(导)演类(服装表演)',
  '表(导)演类(戏剧影视表演)',
  '表(导)演类(戏剧影视导演)',
  '美工设计类',
  '音乐表演(声乐方向)',
  '音乐类(音乐表演-声乐)',
  '音乐类(音乐表演-器乐)',
] as const
export const STORED_SPORT_CATEGORIES = ['体育类'] as const

/** SPEC 4.7: the spec's table, with 艺术 / 体育 also matching the stored categories above. */
export const SUBJECT_TYPE_MATCHES: Readonly<Record<string, readonly string[]>> = lookupTable({
  ...SPEC_SUBJECT_TYPE_MATCHES,
  艺术: [...SPEC_SUBJECT_TYPE_MATCHES.艺术, ...STORED_ART_CATEGORIES],
  体育: [...SPEC_SUBJECT_TYPE_MATCHES.体育, ...STORED_SPORT_CATEGORIES],
})
export const SUBJECT_TYPES = Object.keys(SUBJECT_TYPE_MATCHES)

/**
 * The stored category values a 4.7 `subject_type` selects: a spec word its row of the table, any other value
 * (a stored subject_type, as listed by lookup 4.0) itself.
 */
export function subjectValues(subjectType: string): readonly string[] {
  return Object.hasOwn(SUBJECT_TYPE_MATCHES, subjectType)
    ? (SUBJECT_TYPE_MATCHES[subjectType] ?? [])
    : [subjectType]
}

/** SPEC 4.7 / 4.9: the special-type batches that `特殊类型招生` stands for. */
export const SPECIAL_BATCHES = ['国家专项', '地方专项', '强基计划', '高校专项'] as const

/** SPEC 4.7: batch values of historical scores; `所有批次` (the default) does not filter. */
export const HISTORICAL_BATCHES = [
  '所有批次',
  '本科批',
  '本科提前批',
  '专科批',
  '专科提前批',
  '特殊类型招生',
] as const
/** SPEC 4.9: batch values of the school-plan endpoint; `all` does not filter. */
export const PLAN_BATCHES = ['all', '本科批', '本科提前批', '专科批', '专科提前批', '特殊类型招生'] as const

/**
 * The stored batch names a batch value selects; undefined means no filter. A spec word keeps its meaning; any
 * other value (a stored batch_name, accepted by the endpoints as listed by lookup 4.0) selects itself.
 */
export function batchNames(batch: string | undefined): readonly string[] | undefined {
  if (batch === undefined || batch === '所有批次' || batch === 'all') return undefined
  if (batch === '特殊类型招生') return SPECIAL_BATCHES
  return [batch]
}

/** SPEC 4.9 `school_type` filters. */
export const SCHOOL_TYPES = ['985', '211', '双一流', '普通本科', '专科(高职)'] as const
export type SchoolType = (typeof SCHOOL_TYPES)[number]

export interface SchoolTypeFilter {
  f985?: number
  f211?: number
  levelName?: string
}

/** SPEC 4.9: `双一流` is written as f985 = 985 AND f211 = 211, exactly as the spec has it. */
export function schoolTypeFilter(type: SchoolType | undefined): SchoolTypeFilter {
  switch (type) {
    case '985':
      return { f985: 985 }
    case '211':
      return { f211: 211 }
    case '双一流':
      return { f985: 985, f211: 211 }
    case '普通本科':
    case '专科(高职)':
      return { levelName: type }
    default:
      return {}
  }
}

/** SPEC 4.4 `plan_type`: 1 national, 2 local, 3 university special plans; anything else means all three. */
export const SPECIAL_PLAN_TYPES: Readonly<Record<number, string>> = {
  1: '国家专项',
  2: '地方专项',
  3: '高校专项',
}
export function specialPlanTypes(planType: number | undefined): readonly string[] {
  const one = planType === undefined ? undefined : SPECIAL_PLAN_TYPES[planType]
  return one ? [one] : Object.values(SPECIAL_PLAN_TYPES)
}

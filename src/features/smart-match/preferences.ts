import { JOINT_PROGRAMME } from '../../domain/joint-programme.js'
import { obligationOf } from './model/obligations.js'
import { majorNameKey, type Option } from './model/options.js'
import type { SchoolInfo } from './queries.js'

/**
 * What a family wants of the schools and majors of a list, beside the spec's request (extensions of SPEC 4.8, none
 * by default): where the schools are, how highly ranked, public only, and majors of one field. They narrow the
 * options the list is made of, never an option's chance: each tier is still spread over its chances (assemble.ts),
 * now among the options that meet them, so a tier's admission rate stays what its chances say.
 */
export interface ListPreferences {
  /** Provinces the schools are in (their location), as findProvince names them; empty: anywhere */
  schoolProvinces: string[]
  /** Schools with this tag only: 985, 211 (985 schools are 211 too) or 双一流 */
  schoolLevel: SchoolLevel | null
  /**
   * 公办 schools only: no 民办, 独立学院, 中外合作办学 or other jointly run school; nor a public school's 中外合作办学
   * programme (its name says so; its fees are many times a public major's: 68,000-160,000 元 a year in 江苏 2026)
   */
  publicOnly: boolean
  /** Majors whose name holds this text (NFKC, no spaces): an item lists only those, and one without any is left out */
  majorKeyword: string | null
  /**
   * No programme that binds whoever is admitted (公费师范, 优师计划, 定向 …; model/obligations.ts). Not the default:
   * such a programme is what some families look for (free tuition, a post to go to), so a list holds it, marked
   * (the answer's `obligation`, the table's mark, the workbook's 备注), and the family chooses.
   */
  excludeObligated: boolean
}

export const SCHOOL_LEVELS = ['985', '211', '双一流'] as const
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number]

export const NO_PREFERENCES: ListPreferences = {
  schoolProvinces: [],
  schoolLevel: null,
  publicOnly: false,
  majorKeyword: null,
  excludeObligated: false,
}

const hasSchoolPreferences = (p: ListPreferences) =>
  p.schoolProvinces.length > 0 || p.schoolLevel !== null || p.publicOnly

export const hasPreferences = (p: ListPreferences): boolean =>
  hasSchoolPreferences(p) || p.majorKeyword !== null || p.excludeObligated

/** The school facts the preferences read (schools table) */
export type PreferredSchool = Pick<SchoolInfo, 'province' | 'f985' | 'f211' | 'dual_class' | 'nature_name'>

function schoolMeets(p: ListPreferences, school: PreferredSchool | undefined): boolean {
  if (!hasSchoolPreferences(p)) return true
  // A school the schools table does not know cannot be shown to meet them
  if (!school) return false
  if (p.schoolProvinces.length > 0 && !p.schoolProvinces.includes(school.province ?? '')) return false
  // the schools table stores the tags as the numbers (985, 211; dual_class 1)
  if (p.schoolLevel === '985' && school.f985 !== 985) return false
  if (p.schoolLevel === '211' && school.f211 !== 211 && school.f985 !== 985) return false
  if (p.schoolLevel === '双一流' && school.dual_class !== 1) return false
  if (p.publicOnly && school.nature_name !== '公办') return false
  return true
}

/**
 * The options that meet the preferences, each with only the majors that do (with a major keyword). Applied before
 * the options are classified, so that what counts as a wasted 保 (classify.ts: far safer than the list needs) is
 * judged among the options the family would list: for a 河南 candidate at rank 12,000 who wants 河南's own schools,
 * every one of them is far below the rank, and classified among all schools none would have been listed.
 * `schools` holds the options' schools (by sid); `province` is the plan's (四川's notes of a 定向 county, obligations.ts).
 */
export function preferredOptions(
  options: readonly Option[],
  p: ListPreferences,
  schools: ReadonlyMap<number, PreferredSchool>,
  province?: string,
): Option[] {
  if (!hasPreferences(p)) return [...options]
  const keyword = p.majorKeyword === null ? null : majorNameKey(p.majorKeyword)
  const out: Option[] = []
  for (const o of options) {
    if (!schoolMeets(p, schools.get(o.sid))) continue
    const joint = (m: Option['majors'][number]) => JOINT_PROGRAMME.test(m.row.name)
    // a group holding one is left out whole: its 调剂 can place the candidate in it (华东理工大学's 江苏 2026
    // 专业组（03） holds 化学工程与工艺(中外合作办学))
    if (p.publicOnly && o.granularity === 'group' && o.majors.some(joint)) continue
    const binds = (m: Option['majors'][number]) => obligationOf(m.row.name, province) !== null
    // the same for a group holding a programme that binds (中国民用航空飞行学院's 福建 专业组（500） holds
    // 飞行技术(运输机驾驶)(东航送培)), or one whose own label says it binds
    if (
      p.excludeObligated &&
      (obligationOf(o.group, province) !== null || (o.granularity === 'group' && o.majors.some(binds)))
    )
      continue
    let majors = o.majors
    if (p.publicOnly) majors = majors.filter((m) => !joint(m))
    if (p.excludeObligated) majors = majors.filter((m) => !binds(m))
    if (keyword !== null) majors = majors.filter((m) => majorNameKey(m.row.name).includes(keyword))
    // an option all of whose majors are left out is left out (one that lists none is kept but for a keyword)
    if (majors.length === 0 && (keyword !== null || o.majors.length > 0)) continue
    // a group keeps all of its plan's majors beside those listed: 调剂 can place a candidate in any (what binds
    // among them is said: response.ts obligation)
    if (majors.length === o.majors.length) out.push(o)
    else
      out.push(
        o.granularity === 'group' ? { ...o, majors, planMajors: o.planMajors ?? o.majors } : { ...o, majors },
      )
  }
  return out
}

/**
 * The preferences in a few words, for a list's title and its workbook: "学校在 江苏、浙江 · 985 · 公办 · 专业含 计算机 ·
 * 不含须履约的专业"
 */
export function describePreferences(p: ListPreferences): string {
  return [
    p.schoolProvinces.length > 0 ? `学校在 ${p.schoolProvinces.join('、')}` : '',
    p.schoolLevel ?? '',
    p.publicOnly ? '公办' : '',
    p.majorKeyword === null ? '' : `专业含 ${p.majorKeyword}`,
    p.excludeObligated ? '不含须履约的专业' : '',
  ]
    .filter((x) => x !== '')
    .join(' · ')
}

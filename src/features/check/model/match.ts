import type { MajorEntry, Option } from '../../smart-match/model/options.js'
import { majorNameKey } from '../../smart-match/model/options.js'
import { stemOf } from '../../smart-match/model/premium.js'

/**
 * Which option of smart-match's universe a listed choice is. A counsellor's list names a school (by name, by the
 * national code or by id), a group as the form writes it (专业组（01）, 01组, 第01组, 01) and majors by name; the
 * plans name groups as 专业组（01） and sometimes with the school's name and the subjects around the code
 * (楚天测试大学01组（物理+化学）). Names are compared after NFKC, without spaces and with one kind of bracket; a group
 * by its code where the text differs; a major by its name, else by its name without the bracketed note (计算机类(拔尖班)
 * → 计算机类), else by one name holding the other, when exactly one major fits. A bare name the plan has only with
 * notes, twice or more (工程管理 → 工程管理(南校区), 工程管理(长安学堂计划)(南校区): one major at two campuses or in two
 * programmes, each with its own 专业代号 on the form) is taken as the most selective of them and named ambiguous, so
 * that the counsellor writes which one.
 */

export interface ChoiceInput {
  /** The school's name, or its code */
  school?: string
  /** The school's id in the datasets (sid) */
  schoolId?: number
  /** The school's code, when the list gives it beside the name (a 院校代码 column); else the code is `school` */
  schoolCode?: string
  /**
   * The province's own 院校代号 (江苏 1101, 湖北 A001), when the list gives it in a column of its own: the school
   * itself when no name is given, else checked against the name (school-names.ts)
   */
  localCode?: string
  /** The group as the form writes it (院校专业组 provinces) */
  group?: string
  /**
   * The majors, in the list's order; a major given by its 专业代号 only (a form's 专业代号 column with its name
   * left blank) is that code, which no major's name is
   */
  majors?: string[]
  /** Each major's 专业代号 as the list gives it beside the name, in the same order ('' where none) */
  majorCodes?: string[]
  /** 服从调剂; undefined when the list does not say */
  tiaoji?: boolean
}

export interface SchoolRef {
  sid: number
  name: string
  code: string | null
}

export interface SchoolIndex {
  byId: Map<number, SchoolRef>
  byName: Map<string, SchoolRef>
  byCode: Map<string, SchoolRef>
}

export function schoolIndex(schools: readonly SchoolRef[]): SchoolIndex {
  const index: SchoolIndex = { byId: new Map(), byName: new Map(), byCode: new Map() }
  for (const s of schools) {
    index.byId.set(s.sid, s)
    index.byName.set(majorNameKey(s.name), s)
    if (s.code) index.byCode.set(s.code.trim().toUpperCase(), s)
  }
  return index
}

/** The school a choice names: by id, then by name, then by code. */
export function findSchool(input: ChoiceInput, index: SchoolIndex): SchoolRef | undefined {
  if (input.schoolId !== undefined) {
    const byId = index.byId.get(input.schoolId)
    if (byId) return byId
  }
  const text = input.school?.trim()
  if (!text) return undefined
  return index.byName.get(majorNameKey(text)) ?? schoolByCode(text, index)
}

/** The school of a code as written (10284, ＧＫ1218). */
export const schoolByCode = (code: string, index: SchoolIndex): SchoolRef | undefined =>
  index.byCode.get(code.trim().normalize('NFKC').toUpperCase())

/**
 * A group's code in whatever way it is written: 专业组（01） → 01, 楚天测试大学01组（物理+化学） → 01, 第3组 → 3,
 * (W99) → W99, 01 → 01; undefined when the text holds no code.
 */
export function groupCode(text: string, schoolName = ''): string | undefined {
  let t = text.normalize('NFKC').replace(/\s+/gu, '')
  if (schoolName && t.startsWith(schoolName)) t = t.slice(schoolName.length)
  const patterns = [
    /专业组[([【]?([A-Za-z0-9]+)[)\]】]?/u,
    /^第?([A-Za-z0-9]+)组/u,
    /^[([【]([A-Za-z0-9]+)[)\]】]$/u,
    /^([A-Za-z0-9]+)$/u,
    /([A-Za-z0-9]+)/u,
  ]
  for (const p of patterns) {
    const m = p.exec(t)
    if (m?.[1]) return m[1].toUpperCase()
  }
  return undefined
}

/** Two codes alike: the same text, or the same number (01 and 1). */
const sameCode = (a: string, b: string) =>
  a === b || (/^\d+$/u.test(a) && /^\d+$/u.test(b) && Number(a) === Number(b))

export type MatchStatus =
  | 'ok'
  /** No school of that name, code or id */
  | 'school_not_found'
  /** The school has no option in the candidate's batch and category: not in the plan, or no earlier line */
  | 'no_option'
  /** A group province's choice names no group and the school has several */
  | 'group_missing'
  | 'group_not_found'
  /** A major province's choice names no major and the school has several */
  | 'major_missing'
  | 'major_not_found'

export interface MatchedMajor {
  /** As listed; the plan's name where the list gives the major by its 专业代号 only */
  name: string
  /** The major of the option's plan, when found */
  entry: MajorEntry | undefined
  /** The plan's majors the name may mean, when it may mean two or more (entry is the most selective of them) */
  ambiguous?: string[]
  /**
   * The 专业代号 listed beside the name is not the plan's code of the major the name finds: that code, and the
   * unit's major that has it (null when none). The form is filed by codes, so one of the two is a mistake.
   */
  codeOther?: { code: string; major: string | null }
}

export interface Matched {
  school: SchoolRef | undefined
  option: Option | undefined
  status: MatchStatus
  majors: MatchedMajor[]
  /** How the option was found when the list did not say it exactly (a school's only group) */
  note?: string
  /**
   * group_not_found: the one group of the school that holds the most of the listed majors, as published. Not taken
   * in the group's place (the form as typed names another group), only named so that the counsellor can mend it.
   */
  majorsGroup?: string
}

/**
 * The option of a choice among the options of its school (`ofSchool`: all options of the universe with the
 * school's sid), by the province's kind of choice: 1 a school, 2 a group, 3 a major at a school.
 */
export function matchOption(
  input: ChoiceInput,
  school: SchoolRef | undefined,
  ofSchool: readonly Option[],
  type: 1 | 2 | 3,
): Matched {
  const listed = (input.majors ?? []).map((name, k) => ({
    name: name.trim(),
    code: input.majorCodes?.[k] ?? '',
  }))
  const kept = listed.filter((m) => m.name !== '')
  const names = kept.map((m) => m.name)
  const codes = kept.map((m) => m.code.trim())
  const unmatched = (status: MatchStatus): Matched => ({
    school,
    option: undefined,
    status,
    majors: names.map((name) => ({ name, entry: undefined })),
  })
  if (!school) return unmatched('school_not_found')
  if (ofSchool.length === 0) return unmatched('no_option')
  const withMajors = (option: Option, note?: string): Matched => ({
    school,
    option,
    status: 'ok',
    majors: names.map((name, k) => matchListedMajor(name, codes[k] ?? '', option.majors)),
    ...(note ? { note } : {}),
  })
  if (type === 1) return withMajors(ofSchool[0] as Option)
  if (type === 3) {
    const byMajor = ofSchool.filter((o) => o.granularity === 'major')
    const wanted = names[0]
    if (wanted !== undefined) {
      const found = matchListedMajor(
        wanted,
        codes[0] ?? '',
        byMajor.map((o) => o.majors[0] as MajorEntry),
      )
      const option = found.entry && byMajor.find((o) => o.majors[0] === found.entry)
      if (option) {
        const matched = withMajors(option)
        return { ...matched, majors: matched.majors.map((x, k) => (k === 0 ? { ...x, ...found } : x)) }
      }
      // A school whose plan names no major is one option, "one of its majors", judged by its school line.
      const whole = ofSchool.find((o) => o.granularity === 'school')
      if (whole) return withMajors(whole, '该校计划未列专业, 按院校线判断')
      return unmatched('major_not_found')
    }
    if (ofSchool.length === 1) return withMajors(ofSchool[0] as Option)
    return unmatched('major_missing')
  }
  const text = input.group?.trim()
  if (text) {
    const key = majorNameKey(text)
    const exact = ofSchool.find((o) => majorNameKey(o.group) === key)
    if (exact) return withMajors(exact)
    const code = groupCode(
      withoutSchoolCode(text, [input.localCode, ...ofSchool.map((o) => o.localSchoolCode)]),
      school.name,
    )
    if (code !== undefined) {
      const byCode = ofSchool.filter((o) => {
        const theirs = groupCode(o.group, school.name)
        return theirs !== undefined && sameCode(theirs, code)
      })
      if (byCode.length === 1) return withMajors(byCode[0] as Option)
    }
    const holding = groupHolding(names, ofSchool)
    return { ...unmatched('group_not_found'), ...(holding ? { majorsGroup: holding.group } : {}) }
  }
  if (ofSchool.length === 1) return withMajors(ofSchool[0] as Option, '未填专业组, 按该校唯一的专业组判断')
  // No group named: the one group that holds the most of the listed majors, if exactly one does.
  const holding = groupHolding(names, ofSchool)
  if (holding) return withMajors(holding, '未填专业组, 按所填专业所在的专业组判断')
  return unmatched('group_missing')
}

/** The one option of a school holding the most of the listed majors; undefined when none holds any, or two tie. */
function groupHolding(names: readonly string[], ofSchool: readonly Option[]): Option | undefined {
  if (names.length === 0) return undefined
  const held = ofSchool.map((o) => names.filter((n) => findMajor(n, o.majors) !== undefined).length)
  const most = Math.max(...held)
  return most > 0 && held.filter((h) => h === most).length === 1 ? ofSchool[held.indexOf(most)] : undefined
}

/**
 * A group's code written after its school's own 院校代号, as 湖北's form asks for it (院校专业组代码 A14305: 院校代号
 * A143, group 05) and as a 江苏 list may run them together (520205): the group's part, else the text as it is.
 */
export function withoutSchoolCode(text: string, schoolCodes: readonly (string | null | undefined)[]): string {
  const t = text.normalize('NFKC').replace(/\s+/gu, '').toUpperCase()
  for (const c of new Set(schoolCodes)) {
    const code = c?.normalize('NFKC').trim().toUpperCase()
    if (code && t.length > code.length && t.startsWith(code) && /^\d{1,3}$/u.test(t.slice(code.length)))
      return t.slice(code.length)
  }
  return text
}

/** A 专业代号 as lists write it: digits (江苏 01, 浙江 015, 广西 009), or a letter and a digit (江苏 D8); no major's name is */
const majorCodeLike = (text: string) => /^(\d{1,4}|[A-Za-z]\d{1,2})$/u.test(text.normalize('NFKC').trim())

/**
 * A listed major in a unit's plan, by its name (matchMajor) or, given only by its 专业代号, by that code; a code
 * beside the name that is another major's (or no major's) is said (codeOther), the name being what is taken.
 */
export function matchListedMajor(name: string, code: string, majors: readonly MajorEntry[]): MatchedMajor {
  const byCode = (c: string) =>
    majors.filter(
      (m) =>
        m.row.localSpcode != null &&
        sameCode(m.row.localSpcode.trim(), c.normalize('NFKC').trim().toUpperCase()),
    )
  if (majorCodeLike(name) && (code === '' || sameCode(code, name))) {
    const coded = byCode(name)
    if (coded.length === 1 && coded[0]) return { name: coded[0].row.name, entry: coded[0] }
    const named = matchMajor(name, majors)
    if (named.entry) return named
    return { name, entry: undefined }
  }
  const found = matchMajor(name, majors)
  const theirs = found.entry?.row.localSpcode?.trim()
  if (
    code === '' ||
    !majorCodeLike(code) ||
    !theirs ||
    sameCode(theirs, code.normalize('NFKC').trim().toUpperCase())
  )
    return found
  const other = byCode(code)
  return { ...found, codeOther: { code, major: other.length === 1 && other[0] ? other[0].row.name : null } }
}

/** The major of a list by name (matchMajor), undefined when none fits. */
export function findMajor(name: string, majors: readonly MajorEntry[]): MajorEntry | undefined {
  return matchMajor(name, majors).entry
}

/**
 * A listed major in a unit's plan: the same name, else the same stem (the one such major, or the most selective of
 * several, `ambiguous` naming them all), else the one name holding the other.
 */
export function matchMajor(name: string, majors: readonly MajorEntry[]): MatchedMajor {
  const key = majorNameKey(name)
  const same = majors.find((m) => majorNameKey(m.row.name) === key)
  if (same) return { name, entry: same }
  const stem = stemOf(name)
  const byStem = majors.filter((m) => stemOf(m.row.name) === stem)
  if (byStem.length === 1) return { name, entry: byStem[0] }
  if (byStem.length > 1 && key === stem)
    return { name, entry: mostSelective(byStem), ambiguous: byStem.map((m) => m.row.name) }
  const holding = majors.filter((m) => {
    const theirs = majorNameKey(m.row.name)
    return theirs.includes(key) || key.includes(theirs)
  })
  if (holding.length > 0) return { name, entry: holding.length === 1 ? holding[0] : undefined }
  // the same words with the brackets left out, as a family types a note into the name (临床医学5+3 for
  // 临床医学(5+3一体化)): the one major whose name, so read, holds the text
  const bare = unbracketed(key)
  const byWords = majors.filter((m) => unbracketed(majorNameKey(m.row.name)).includes(bare))
  return { name, entry: bare.length >= 4 && byWords.length === 1 ? byWords[0] : undefined }
}

const unbracketed = (key: string) => key.replace(/[()]/gu, '')

/** The major with the smallest expected lowest rank (the hardest to enter); one without an estimate comes last. */
function mostSelective(majors: readonly MajorEntry[]): MajorEntry | undefined {
  let best: MajorEntry | undefined
  for (const m of majors)
    if (!best || (m.estimate && (!best.estimate || m.estimate.expected < best.estimate.expected))) best = m
  return best
}

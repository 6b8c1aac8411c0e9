import type { Db } from '../../data/db.js'
import { KIND_LABEL, normalizeName, resolveMatches } from '../../domain/name-search.js'
import { findSchools, type SchoolEntry, schoolEntries } from '../name-search/schools.js'
import {
  type ChoiceInput,
  findSchool,
  type SchoolIndex,
  type SchoolRef,
  schoolByCode,
} from './model/match.js'

/** A choice's school, and how a name that is not the school's full name or code found it (or what it may mean). */
export interface FoundSchool {
  school: SchoolRef | undefined
  /** `按简称 "华科"`, or `可能是: 华中师范大学、华南师范大学` when the name fits several */
  note?: string
  /** No school found: the schools the name may mean (the search's candidates, none of them clearly) */
  suggestions?: string[]
  /**
   * The list's 院校代码 (or the province's 院校代号) names another school than its name does: that code, which
   * kind it is, and its school, null when the plan has no school of that 院校代号 (the name's is taken)
   */
  codeOther?: { code: string; name: string | null; kind: CodeKind }
  /** The group's part of a 院校专业组代码 written where the school goes (湖北's A14305: group 05), when split */
  group?: string
}

/** 院校代码 is the ministry's national code; 院校代号 the province's own, on its 志愿表 */
export type CodeKind = '院校代码' | '院校代号'

/**
 * The same school, or a campus and its university: a branch campus or medical school (山东大学（威海）, 北京大学医学部,
 * 华北电力大学（保定）) is filed under its university's national code in many provinces.
 */
function sameSchool(a: string, b: string): boolean {
  const x = normalizeName(a)
  const y = normalizeName(b)
  return x.startsWith(y) || y.startsWith(x)
}

/**
 * A text that is only a code (full-width characters too): digits, or a letter and digits as 湖北's 院校代号 are
 * (A143); else undefined.
 */
function bareNumber(text: string): string | undefined {
  const t = text.normalize('NFKC').replace(/\s+/gu, '').toUpperCase()
  return /^[A-Z]?\d+$/u.test(t) ? t : undefined
}

/**
 * A 院校专业组代码 written whole where a school goes (湖北's form asks for A14305: 院校代号 A143 and group 05; 广西's
 * 10487101): the school of the province's code it starts with and the group's 1 to 3 digits after it. Two digits
 * are tried first, as most provinces' group codes have them.
 */
function splitGroupCode(
  code: string,
  written: string,
  local: ReadonlyMap<string, SchoolRef>,
): (FoundSchool & { school: SchoolRef }) | undefined {
  for (const digits of [2, 3, 1]) {
    const schoolCode = code.slice(0, -digits)
    const group = code.slice(-digits)
    const school = schoolCode.length >= 2 && /^\d+$/u.test(group) ? local.get(schoolCode) : undefined
    if (school) return { school, group, note: `按院校专业组代码 ${written} (院校代号 ${schoolCode})` }
  }
  return undefined
}

/**
 * What a number that is no school's code may be: four digits are the province's own 院校代号 (江苏's 1265), which
 * the datasets hold only where a plan book gives them (`withLocal`: this plan has them, and not this one); else
 * not a national 院校代码, which has five digits.
 */
export function numberNote(number: string, withLocal = false): string {
  if (withLocal)
    return `"${number}" 不是本省该年计划中的院校代号, 也不是已知的全国院校代码, 请核对或填写院校名称`
  if (number.length === 4)
    return `"${number}" 像是本省自己的院校代号 (该省该年的计划数据中没有院校代号, 只认 5 位的全国院校代码), 请填写院校名称`
  return `"${number}" 不是已知的院校代码 (全国院校代码为 5 位数字, 如 10284), 请填写院校名称`
}

/** How many schools a note or a warning names */
const SUGGESTED = 4

/**
 * The schools of a list, found as `schools search` and `--school-name` find them: by id, full name or code first,
 * then by what counsellors call a school (华科, 哈工大, 北邮, njdx). A short name taken must name one school clearly
 * (resolveMatches); one that fits several finds none, and the choice's note names them. Words found only in order
 * (the loosest match: 中南财大 → 中南财经政法大学) are never taken, only suggested. A 院校代码 given beside the name
 * finds the school the name does not, and is named in a warning when it is another school's (not the university of a
 * campus the name names). The search's entries are read only when some name is not exact.
 */
export async function findListSchools(
  db: Db,
  choices: readonly ChoiceInput[],
  index: SchoolIndex,
  local: ReadonlyMap<string, SchoolRef> = new Map(),
): Promise<FoundSchool[]> {
  let entries: SchoolEntry[] | undefined
  const coded = new Set([...local.values()].map((school) => school.sid))
  const out: FoundSchool[] = []
  for (const input of choices) out.push(withCodes(input, await findByName(input)))
  return out

  /**
   * The school the list's codes give, where its name gives none; else the name's, with a code that is another
   * school's (or, where the plan has the province's codes, no school's) said. A 院校代码 column may hold the
   * province's own codes (GX's are the national ones), a 院校代号 column the national code, and either a whole
   * 院校专业组代码.
   */
  function withCodes(input: ChoiceInput, byName: FoundSchool): FoundSchool {
    let found = byName
    for (const [kind, text] of [
      ['院校代码', input.schoolCode],
      ['院校代号', input.localCode],
    ] as const) {
      // looked up normalized (t3003, ＧＫ1218), said as written
      const code = text?.normalize('NFKC').replace(/\s+/gu, '').toUpperCase() ?? ''
      const written = text?.trim() ?? ''
      if (code === '') continue
      const direct = schoolByCode(code, index) ?? local.get(code)
      const split = direct ? undefined : splitGroupCode(code, written, local)
      const school = direct ?? split?.school
      if (!found.school && school) found = split ?? { school, note: `按${kind} ${written}` }
      else if (!found.school)
        found = found.note
          ? found
          : { school: undefined, note: `${kind} ${numberNote(code, local.size > 0)}` }
      else if (school && !sameSchool(found.school.name, school.name))
        found = { ...found, codeOther: { code: written, name: school.name, kind } }
      // a code of the province's that its plan does not have is no school's, and the form would file it so; said
      // only where the plan gives the named school a code (HB's lines miss some schools: it may have one)
      else if (!school && kind === '院校代号' && coded.has(found.school.sid))
        found = { ...found, codeOther: { code: written, name: null, kind } }
    }
    return found
  }

  async function findByName(input: ChoiceInput): Promise<FoundSchool> {
    const exact = findSchool(input, index)
    const text = input.school?.trim()
    if (exact || !text) return { school: exact }
    entries ??= await schoolEntries(db)
    const number = bareNumber(text)
    // A bare number is a code or nothing: never the datasets' own id (1265 is 西安医学院's sid and 中国人民大学（苏州
    // 校区）'s 院校代号 in 江苏), nor a part of a name. An id is taken only from its own field (school_id, smart-match's
    // sid: findSchool).
    const matches = (await findSchools(entries, text)).filter((m) =>
      number ? m.kind === 'code' : m.kind !== 'id',
    )
    // the province's own 院校代号, where the plan book gives them (江苏 2026's 1265: 中国人民大学（苏州校区）)
    const byLocal = number && matches.length === 0 ? local.get(number) : undefined
    if (byLocal) return { school: byLocal, note: `按院校代号 ${number}` }
    if (number && matches.length === 0)
      return (
        splitGroupCode(number, text, local) ?? { school: undefined, note: numberNote(number, local.size > 0) }
      )
    const found = resolveMatches(matches.filter((m) => m.kind !== 'in-order'))
    if (found.found === 'one') {
      const school = index.byId.get(found.match.entry.id)
      return school ? { school, note: `按${KIND_LABEL[found.match.kind]} "${text}"` } : { school: undefined }
    }
    // Several of the best kind, or words found only in order: named, never taken
    const names = (found.found === 'many' ? found.matches : matches).map((m) => m.entry.name)
    const suggestions = [...new Set(names)].slice(0, SUGGESTED)
    if (suggestions.length === 0) return { school: undefined }
    return { school: undefined, note: `可能是: ${suggestions.join('、')}`, suggestions }
  }
}

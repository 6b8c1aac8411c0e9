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
  /** The list's 院校代码 names another school than its name does: that code and school (the name's is taken) */
  codeOther?: { code: string; name: string }
}

/**
 * The same school, or a campus and its university: a branch campus or medical school (山东大学（威海）, 北京大学医学部,
 * 华北电力大学（保定）) is filed under its university's national code in many provinces.
 */
function sameSchool(a: string, b: string): boolean {
  const x = normalizeName(a)
  const y = normalizeName(b)
  return x.startsWith(y) || y.startsWith(x)
}

/** The digits of a text that is only a number (full-width digits too), else undefined. */
function bareNumber(text: string): string | undefined {
  const t = text.normalize('NFKC').replace(/\s+/gu, '')
  return /^\d+$/u.test(t) ? t : undefined
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
  const out: FoundSchool[] = []
  for (const input of choices) {
    const byName = await findByName(input)
    const code = input.schoolCode?.trim()
    const byCode = code ? (schoolByCode(code, index) ?? local.get(code.normalize('NFKC'))) : undefined
    if (!code || !byCode) out.push(byName)
    else if (!byName.school) out.push({ school: byCode, note: `按院校代码 ${code}` })
    else if (!sameSchool(byName.school.name, byCode.name))
      out.push({ ...byName, codeOther: { code, name: byCode.name } })
    else out.push(byName)
  }
  return out

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
    if (number && matches.length === 0) return { school: undefined, note: numberNote(number, local.size > 0) }
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

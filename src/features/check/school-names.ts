import type { Db } from '../../data/db.js'
import { KIND_LABEL, resolveMatches } from '../../domain/name-search.js'
import { findSchools, schoolEntries } from '../name-search/schools.js'
import { type ChoiceInput, findSchool, type SchoolIndex, type SchoolRef } from './model/match.js'

/** A choice's school, and how a name that is not the school's full name or code found it (or what it may mean). */
export interface FoundSchool {
  school: SchoolRef | undefined
  /** `按简称 "华科"`, or `可能是: 华中师范大学、华南师范大学` when the name fits several */
  note?: string
}

/**
 * The schools of a list, found as `schools search` and `--school-name` find them: by id, full name or code first,
 * then by what counsellors call a school (华科, 哈工大, 北邮, njdx). A short name taken must name one school clearly
 * (resolveMatches); one that fits several finds none, and the choice's note names them. Words found only in order
 * (the loosest match) are never taken. The search's entries are read only when some name is not exact.
 */
export async function findListSchools(
  db: Db,
  choices: readonly ChoiceInput[],
  index: SchoolIndex,
): Promise<FoundSchool[]> {
  let entries: Awaited<ReturnType<typeof schoolEntries>> | undefined
  const out: FoundSchool[] = []
  for (const input of choices) {
    const exact = findSchool(input, index)
    const text = input.school?.trim()
    if (exact || !text) {
      out.push({ school: exact })
      continue
    }
    entries ??= await schoolEntries(db)
    const found = resolveMatches((await findSchools(entries, text)).filter((m) => m.kind !== 'in-order'))
    if (found.found === 'one') {
      const school = index.byId.get(found.match.entry.id)
      out.push(
        school ? { school, note: `按${KIND_LABEL[found.match.kind]} "${text}"` } : { school: undefined },
      )
    } else if (found.found === 'many')
      out.push({
        school: undefined,
        note: `可能是: ${found.matches
          .slice(0, 4)
          .map((m) => m.entry.name)
          .join('、')}`,
      })
    else out.push({ school: undefined })
  }
  return out
}

import type { Db } from '../../data/db.js'
import { type NameEntry, type NameMatch, searchNames } from '../../domain/name-search.js'
import { majorRows } from './queries.js'
import { spellingFor } from './spelling.js'

/** A major as it is searched and listed. */
export interface MajorEntry extends NameEntry {
  code: string
  level: string
  category: string
  className: string
}

/** 本科 before 本科(职业教育) before 专科, for a name or a code prefix that several levels share. */
const LEVEL_ORDER: Readonly<Record<string, number>> = { 本科: 0, '本科(职业教育)': 1, 专科: 2 }

/**
 * Every major of the catalogue. Equal matches come by popularity (hot_num, larger is hotter; the 本科 majors carry
 * it), then by level, then by code: the order is their place in that sort.
 */
export async function majorEntries(db: Db): Promise<MajorEntry[]> {
  const rows = await majorRows(db)
  const sorted = [...rows].sort(
    (a, b) =>
      (b.hot_num ?? -1) - (a.hot_num ?? -1) ||
      (LEVEL_ORDER[a.level] ?? 3) - (LEVEL_ORDER[b.level] ?? 3) ||
      a.code.localeCompare(b.code),
  )
  return sorted.map((r, i) => ({
    id: r.major_id,
    name: r.name,
    aliases: [],
    codes: [r.code],
    order: i,
    code: r.code,
    level: r.level,
    category: r.category,
    className: r.class_name,
  }))
}

/** The majors a text finds, best first; a code's beginning finds its class (0809 → 计算机类). */
export const findMajors = async (
  entries: readonly MajorEntry[],
  text: string,
): Promise<NameMatch<MajorEntry>[]> =>
  searchNames(text, entries, { ...(await spellingFor(text)), codePrefix: true })

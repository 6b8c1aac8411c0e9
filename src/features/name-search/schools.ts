import type { Db } from '../../data/db.js'
import { type NameEntry, type NameMatch, searchNames } from '../../domain/name-search.js'
import { SCHOOL_ALIASES } from './aliases.js'
import { schoolRows } from './queries.js'
import { spellingFor } from './spelling.js'

/** A school as it is searched and listed. */
export interface SchoolEntry extends NameEntry {
  /** The short code the endpoints take as a slug (the national 院校代码 where known) */
  code: string
  moeCode: string | null
  province: string
  city: string | null
  level: string
  hot: number | null
}

/** Every school, with its short names; popularity (hot, smaller is hotter) orders equal matches. */
export async function schoolEntries(db: Db): Promise<SchoolEntry[]> {
  const rows = await schoolRows(db)
  return rows.map((r) => ({
    id: r.sid,
    name: r.name,
    aliases: SCHOOL_ALIASES.get(r.name) ?? [],
    // The 5-digit national code, and the 10-digit MOE code (4132010284) and its last five digits (10284)
    codes: [r.code, ...(r.moe_code ? [r.moe_code, r.moe_code.slice(-5)] : [])],
    order: r.hot ?? Number.MAX_SAFE_INTEGER,
    code: r.code,
    moeCode: r.moe_code,
    province: r.province,
    city: r.city,
    level: r.level_name,
    hot: r.hot,
  }))
}

/** The schools a text finds, best first (src/domain/name-search.ts). */
export const findSchools = async (
  entries: readonly SchoolEntry[],
  text: string,
): Promise<NameMatch<SchoolEntry>[]> => searchNames(text, entries, await spellingFor(text))

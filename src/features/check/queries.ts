import type { Db } from '../../data/db.js'
import type { SchoolRef } from './model/match.js'

/** The check's one query (bound, no input text): every school's id, name and code, to find a listed school by. */
export function schoolRefs(db: Db): Promise<SchoolRef[]> {
  return db.all<SchoolRef>('SELECT sid, name, code FROM schools')
}

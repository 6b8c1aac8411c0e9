import type { Db } from '../data/db.js'
import { badRequest } from '../errors.js'
import { memoized } from './caches.js'
import { distinctValues, LOOKUP_SOURCES } from './queries/lookups.js'

/**
 * SPEC 4.7 and 4.9 point to lookup 4.0 (source `plans`) for their valid batch and subject values, so besides the
 * spec's own words they accept any value that lookup lists: a stored batch_name or subject_type, matched exactly.
 */
type PlanColumn = 'batch' | 'subject'

const PLANS = LOOKUP_SOURCES.plans

/** The stored values of one plans column, read once per open Db (the lookup's scan, with bound parameters). */
function storedValues(db: Db, column: PlanColumn): Promise<ReadonlySet<string>> {
  return memoized(db, 'plans-stored-values', column, async () => {
    if (!PLANS) return new Set<string>()
    const name = column === 'batch' ? PLANS.batch : PLANS.subject
    return new Set(name === null ? [] : await distinctValues(db, PLANS, name, {}))
  })
}

/**
 * Checks a request value against the spec's `words` and, failing those, the stored values of the plans column.
 * An unknown value answers the schema's message, which lists the spec's words only:
 * `参数 <field> 无效: 可选值: ...`. The database is read only for a value that is not a spec word.
 */
export async function requirePlanValue(
  db: Db,
  field: string,
  value: string | undefined,
  words: readonly string[],
  column: PlanColumn,
): Promise<void> {
  if (value === undefined || words.includes(value)) return
  if ((await storedValues(db, column)).has(value)) return
  throw badRequest(`参数 ${field} 无效: 可选值: ${words.join(', ')}`)
}

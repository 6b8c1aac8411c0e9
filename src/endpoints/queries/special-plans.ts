import type { Db } from '../../data/db.js'
import { majorOrLine, plannedNumber } from '../../domain/plan-rows.js'
import { NATIONAL_SPECIAL, type SpecialFilter, type SpecialPlan } from '../../domain/scores-special.js'
import { memoized } from '../caches.js'
import { containsPattern, Where } from './sql.js'

/** The query of SPEC 4.4 over `special_plans` (the special plans kept apart in answer order, data/catalogue.ts). */

export interface SpecialPlanResult {
  total: number
  list: SpecialPlan[]
}

const COLUMNS = `sid, major_id, year, province, school_name, spname, num, min, min_section, local_batch_name`
const ORDER = 'min ASC NULLS LAST, id'

/** The SQL form of matchesSpecial (domain/scores-special.ts). */
function whereOf(f: SpecialFilter): Where {
  const where = new Where().in('plan_type', f.types)
  if (f.year !== undefined) where.add('year = ?', f.year)
  if (f.province !== undefined) where.add('province = ?', f.province)
  if (f.keyword !== undefined && f.types.includes(NATIONAL_SPECIAL)) {
    const like = containsPattern(f.keyword)
    where.add(
      `(plan_type <> ? OR school_name LIKE ? ESCAPE '\\' OR spname LIKE ? ESCAPE '\\')`,
      NATIONAL_SPECIAL,
      like,
      like,
    )
  }
  return where
}

/** A stored special-plan row as 2.6 shows it: a line names itself in `spname`, an unknown number is null. */
const specialRecordOf = (r: SpecialPlan & { num: number }): SpecialPlan => ({
  ...r,
  spname: majorOrLine(r.spname),
  num: plannedNumber(r.num),
})

/** A count and one page, from the special plans kept apart in answer order (data/catalogue.ts). */
export async function searchSpecial(
  db: Db,
  f: SpecialFilter,
  offset: number,
  limit: number,
): Promise<SpecialPlanResult> {
  const where = whereOf(f)
  // The total of a filter is counted once per process: walking its pages then costs one query a page.
  const total = await memoized(
    db,
    'special-plan-totals',
    `${where}|${JSON.stringify(where.params)}`,
    async () => {
      const [count] = await db.all<{ total: number }>(
        `SELECT count(*)::INTEGER AS total FROM special_plans WHERE ${where}`,
        where.params,
      )
      return count?.total ?? 0
    },
    256,
  )
  const rows =
    offset >= total
      ? []
      : await db.all<SpecialPlan & { num: number }>(
          `SELECT ${COLUMNS} FROM special_plans WHERE ${where} ORDER BY ${ORDER} LIMIT ? OFFSET ?`,
          [...where.params, limit, offset],
        )
  return { total, list: rows.map(specialRecordOf) }
}

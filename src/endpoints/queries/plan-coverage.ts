import type { Db } from '../../data/db.js'
import type { YearSchools } from '../../domain/plan-coverage.js'
import { memoized } from '../caches.js'

/**
 * Per enrolment province and year: the schools its plans list and those with a known planned number
 * (domain/plan-coverage.ts), one aggregate per open dataset.
 */
export function planSchoolsByYear(db: Db): Promise<ReadonlyMap<string, ReadonlyMap<number, YearSchools>>> {
  return memoized(db, 'plan-coverage', 'all', async () => {
    const rows = await db.all<{ province: string; year: number; listed: number; numbered: number }>(
      `SELECT province, year, count(DISTINCT sid)::INTEGER AS listed,
         count(DISTINCT sid) FILTER (WHERE num > 0)::INTEGER AS numbered
       FROM plans GROUP BY province, year`,
    )
    const out = new Map<string, Map<number, YearSchools>>()
    for (const r of rows) {
      const years = out.get(r.province) ?? new Map<number, YearSchools>()
      years.set(r.year, { listed: r.listed, numbered: r.numbered })
      out.set(r.province, years)
    }
    return out
  })
}

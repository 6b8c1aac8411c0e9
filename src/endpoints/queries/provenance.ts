import type { TableName } from '../../data/catalogue.js'
import type { Db } from '../../data/db.js'
import { memoized } from '../caches.js'

/**
 * Every row of the datasets keeps its provenance (`real`, `derived`, `synthetic`; docs/data.md, "Provenance"):
 * what an answer shows is marked from the rows themselves, not from a list kept in the code.
 */

/** The tables whose rows an answer marks. Constants: the SQL names one of them, never request text. */
export type MarkedTable = Extract<TableName, 'employment' | 'employment_directions' | 'category_stats'>
const COUNTS: Readonly<Record<MarkedTable, string>> = {
  employment: 'SELECT provenance, count(*)::INTEGER AS n FROM employment GROUP BY provenance',
  employment_directions:
    'SELECT provenance, count(*)::INTEGER AS n FROM employment_directions GROUP BY provenance',
  category_stats: 'SELECT provenance, count(*)::INTEGER AS n FROM category_stats GROUP BY provenance',
}

export interface ProvenanceCounts {
  rows: number
  real: number
  derived: number
  synthetic: number
}

/** A table's rows by provenance, once per open dataset; all zero when the table is not installed. */
export function provenanceCounts(db: Db, table: MarkedTable): Promise<ProvenanceCounts> {
  return memoized(db, 'provenance', table, async () => {
    const counts: ProvenanceCounts = { rows: 0, real: 0, derived: 0, synthetic: 0 }
    if (!db.has(table)) return counts
    for (const r of await db.all<{ provenance: string | null; n: number }>(COUNTS[table])) {
      counts.rows += r.n
      if (r.provenance === 'real' || r.provenance === 'derived' || r.provenance === 'synthetic')
        counts[r.provenance] += r.n
    }
    return counts
  })
}

import type { ColumnSpec } from './parquet.js'

/** Columns of score_ranks.parquet, in file order. */
export const SCORE_RANK_COLUMNS: readonly ColumnSpec[] = [
  { name: 'province', type: 'VARCHAR' },
  { name: 'year', type: 'INTEGER' },
  { name: 'km', type: 'VARCHAR' },
  { name: 'level', type: 'VARCHAR' },
  { name: 'seq', type: 'INTEGER' },
  { name: 'score', type: 'VARCHAR' },
  { name: 'score_low', type: 'INTEGER' },
  { name: 'score_high', type: 'INTEGER' },
  { name: 'num', type: 'INTEGER' },
  { name: 'total', type: 'INTEGER' },
  { name: 'source', type: 'VARCHAR' },
]

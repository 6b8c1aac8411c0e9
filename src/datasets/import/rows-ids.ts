import type { DuckDBConnection } from '@duckdb/node-api'
import { keyOf, UNIQUE } from '../validate/rules.js'
import { ident, query } from '../validate/sql.js'
import { type Converted, FILLED_LATER } from './convert.js'
import { ImportInputError } from './read.js'
import { sliceMatch } from './slice-notes.js'
import { rewriteStaged } from './stage.js'

/** The largest INTEGER: ids are INTEGER columns (schema.ts). */
const INT_MAX = 2147483647

/** The natural key that carries an old row's id over to the new row that replaces it. */
const NATURAL_KEY: Readonly<Record<string, readonly string[]>> = {
  plans: [
    'province',
    'year',
    'sid',
    'spname',
    'subject_type',
    'batch_name',
    'plan_type',
    'sg_name',
    'spcode',
  ],
  // one control line per province, year, category and name: the key validate holds the table to
  score_lines: UNIQUE.score_lines?.[0] ?? [],
}

/**
 * Ids for rows without one (tables keyed by `id`): the id of the old row of the slice with the same natural key
 * (the n-th new row of a key takes the n-th old one), else new ids, in file order: after the largest in use when
 * they all fit INTEGER, else the smallest unused ids from 1. The builder's score_lines ids are 31-bit hashes that
 * reach 2147392214, so "after the largest" can run out; the gaps between hashes are wide.
 */
export async function assignIds(conn: DuckDBConnection, c: Converted): Promise<void> {
  if (!(FILLED_LATER[c.table] ?? []).includes('id') || keyOf(c.table).join() !== 'id') return
  const natural = NATURAL_KEY[c.table] ?? c.sliceColumns
  const eq = natural.map((k) => `o.${ident(k)} IS NOT DISTINCT FROM n.${ident(k)}`).join(' AND ')
  const part = natural.map((k) => ident(k)).join(', ')
  // The ids of old rows carried over (`__carried`), then new ids for the other rows without one (`__new_ids`),
  // then __staged rewritten once (an UPDATE of every row kept its changes in memory).
  await conn.run(`CREATE TEMP TABLE __carried AS
      SELECT n.__row, o.id FROM
        (SELECT __row, ${part}, row_number() OVER (PARTITION BY ${part} ORDER BY __row) AS k
         FROM __staged WHERE id IS NULL) n
        JOIN (SELECT id, ${part}, row_number() OVER (PARTITION BY ${part} ORDER BY id) AS k FROM __old o
              WHERE EXISTS (SELECT 1 FROM __staged st WHERE ${sliceMatch(c, 'st', 'o')})) o
        ON ${eq} AND o.k = n.k
        WHERE NOT EXISTS (SELECT 1 FROM __staged x WHERE x.id = o.id)`)
  await conn.run(`CREATE TEMP VIEW __needing AS
    SELECT __row FROM __staged s WHERE id IS NULL AND NOT EXISTS (SELECT 1 FROM __carried c WHERE c.__row = s.__row)`)
  await conn.run(`CREATE TEMP TABLE __used AS
    SELECT DISTINCT CAST(id AS BIGINT) AS id FROM (SELECT id FROM __old UNION ALL SELECT id FROM __staged)
    WHERE id IS NOT NULL`)
  const [need] = await query<{ n: number; top: number | null }>(
    conn,
    `SELECT (SELECT count(*) FROM __needing) AS n, (SELECT max(id) FROM __used) AS top`,
  )
  const n = need?.n ?? 0
  const top = need?.top ?? 0
  if (n === 0) await conn.run('CREATE TEMP TABLE __new_ids (__row INTEGER, id BIGINT)')
  else if (top + n <= INT_MAX)
    await conn.run(`CREATE TEMP TABLE __new_ids AS
      SELECT __row, ${top} + row_number() OVER (ORDER BY __row) AS id FROM __needing`)
  else {
    // The gaps between used ids (with sentinels 0 and INT_MAX + 1), each with the count of free ids before it;
    // the first n free ids are spread over the first gaps.
    await conn.run(`CREATE TEMP TABLE __free AS
      WITH u AS (SELECT id FROM __used WHERE id BETWEEN 1 AND ${INT_MAX}
                 UNION ALL SELECT 0 UNION ALL SELECT ${INT_MAX + 1}),
           g AS (SELECT id + 1 AS lo, lead(id) OVER (ORDER BY id) - 1 AS hi FROM u),
           c AS (SELECT lo, hi, CAST(coalesce(sum(hi - lo + 1) OVER (ORDER BY lo ROWS BETWEEN UNBOUNDED PRECEDING
                   AND 1 PRECEDING), 0) AS BIGINT) AS before FROM g WHERE hi >= lo)
      SELECT row_number() OVER (ORDER BY id) AS k, id FROM (
        SELECT unnest(range(lo, least(hi, lo + ${n} - before - 1) + 1)) AS id FROM c WHERE before < ${n})`)
    const [free] = await query<{ n: number }>(conn, 'SELECT count(*) AS n FROM __free')
    if ((free?.n ?? 0) < n)
      throw new ImportInputError(
        `${c.table} 的 id 已用尽: 需要 ${n} 个新 id, 整数范围内只剩 ${free?.n ?? 0} 个`,
      )
    await conn.run(`CREATE TEMP TABLE __new_ids AS
      SELECT m.__row, f.id FROM (SELECT __row, row_number() OVER (ORDER BY __row) AS k FROM __needing) m
      JOIN __free f ON f.k = m.k`)
  }
  await rewriteStaged(
    conn,
    ['CAST(coalesce(s.id, ca.id, ni.id) AS INTEGER) AS id'],
    ['LEFT JOIN __carried ca ON ca.__row = s.__row', 'LEFT JOIN __new_ids ni ON ni.__row = s.__row'],
  )
}

import type { DuckDBConnection } from '@duckdb/node-api'
import { isOrdinarySubject, schoolNameVariants } from '../plans/normalize.js'
import { RankTable } from '../plans/ranks.js'
import { createSchoolMatcher, type SchoolRow } from '../schools/match.js'
import type { RankRow } from '../types.js'
import type { Session } from '../validate/session.js'
import { query } from '../validate/sql.js'
import type { Converted } from './convert.js'
import { ImportInputError } from './read.js'
import { rewriteStaged } from './stage.js'

/**
 * Fills of plans rows that need the datasets: sid / school_name from schools, major_id from majors, the rank of
 * the lowest score from the 一分一段 table. Schools and ranks are resolved as the builder resolves them
 * (src/datasets/plans/build.ts), with its own functions, so that an imported row says what a rebuilt one would.
 * What JS resolves is each distinct school and score once (tables `__schools`, `__ranks`); the staged rows are
 * then rewritten once, in SQL (rewriteStaged: an UPDATE of a million rows held its changes in memory).
 */
export async function fillPlans(session: Session, c: Converted): Promise<void> {
  const conn = session.conn
  const replace: string[] = []
  const joins: string[] = []
  if (session.present.has('schools')) {
    await fillSchools(conn)
    replace.push(
      'CASE WHEN sc.__hit THEN sc.sid ELSE s.sid END AS sid',
      "CASE WHEN sc.__hit THEN nullif(sc.name, '') ELSE s.school_name END AS school_name",
    )
    joins.push(`LEFT JOIN (SELECT *, true AS __hit FROM __schools) sc
      ON s.sid IS NOT DISTINCT FROM sc.sid_given AND s.school_name IS NOT DISTINCT FROM sc.name_given`)
  }
  if (session.present.has('majors') && !c.given.has('major_id')) {
    replace.push('coalesce(s.major_id, mj.major_id) AS major_id')
    joins.push(`LEFT JOIN (SELECT code, min(major_id) AS major_id FROM "majors" GROUP BY code HAVING count(*) = 1) mj
      ON s.major_id IS NULL AND s.spcode = mj.code`)
  }
  if (session.present.has('score_ranks') && !c.given.has('rank_derived')) {
    await deriveRanks(conn)
    replace.push(
      'coalesce(s.min_section, rk.total) AS min_section',
      'coalesce(CASE WHEN rk.total IS NOT NULL THEN true END, s.rank_derived, false) AS rank_derived',
    )
    joins.push(`LEFT JOIN __ranks rk ON s.min IS NOT NULL AND s.min_section IS NULL AND s.province = rk.province
      AND s.year = rk.year AND s.subject_type = rk.subject_type AND s.min = rk.min`)
  } else replace.push('coalesce(s.rank_derived, false) AS rank_derived')
  await rewriteStaged(conn, replace, joins)
}

/**
 * The builder's school matcher (createSchoolMatcher over schoolNameVariants: annotations, campus spellings,
 * names cut short, the 学院 → 大学 upgrades of renamed schools, a unique prefix). The former names the builder
 * reads from its sources (SchoolRow.aliases) are not in schools.parquet, so they cannot help here.
 * - sid from school_name when the file has no sid;
 * - a sid and a name that name two different schools: the file is refused (which one is right, we cannot tell);
 * - school_name becomes the schools table's name, as the builder writes it.
 */
async function fillSchools(conn: DuckDBConnection): Promise<void> {
  const schools = await query<SchoolRow>(conn, 'SELECT * FROM "schools"')
  const match = createSchoolMatcher(schools)
  const bySid = new Map(schools.map((s) => [s.sid, s]))
  const resolve = (name: string): number | undefined => {
    for (const v of schoolNameVariants(name)) {
      const sid = match(v)
      if (sid !== undefined && bySid.has(sid)) return sid
    }
    return undefined
  }
  // Each (sid, school_name) the file has, once (a few thousand schools, however many rows), with its first line
  // and how many rows have it; resolved in JS by the builder's matcher, put back by a join.
  await conn.run(`CREATE TEMP TABLE __school_pairs AS
    SELECT sid, school_name, min(__row) AS first_row, arg_min(__line, __row) AS first_line, count(*) AS n
    FROM __staged GROUP BY ALL`)
  await conn.run(
    'CREATE TEMP TABLE __schools (sid_given INTEGER, name_given VARCHAR, sid INTEGER, name VARCHAR)',
  )
  const conflicts: { row: number; text: string; n: number }[] = []
  const app = await conn.createAppender('__schools')
  try {
    const pairs = await conn.stream('SELECT sid, school_name, first_row, first_line, n FROM __school_pairs')
    for (;;) {
      const chunk = await pairs.fetchChunk()
      if (!chunk || chunk.rowCount === 0) break
      for (const [given, name, firstRow, firstLine, n] of chunk.getRows()) {
        const r = { sid: given as number | null, school_name: name as string | null }
        const named = r.school_name === null ? undefined : resolve(r.school_name)
        const sid = r.sid ?? named ?? null
        const school = sid === null ? undefined : bySid.get(sid)
        if (r.sid !== null && r.school_name !== null && school && named !== r.sid) {
          conflicts.push({
            row: Number(firstRow),
            text: `第 ${Number(firstLine)} 行: 院校id ${r.sid} 是 ${school.name}, 院校名称却是 ${r.school_name}`,
            n: Number(n),
          })
          continue
        }
        if (r.sid === null) app.appendNull()
        else app.appendInteger(r.sid)
        if (r.school_name === null) app.appendNull()
        else app.appendVarchar(r.school_name)
        if (sid === null) app.appendNull()
        else app.appendInteger(sid)
        app.appendVarchar(school?.name ?? r.school_name ?? '')
        app.endRow()
      }
    }
  } finally {
    app.closeSync()
  }
  if (conflicts.length > 0) {
    conflicts.sort((a, b) => a.row - b.row)
    const others = conflicts.reduce((sum, c) => sum + c.n, 0) - 1
    throw new ImportInputError(
      `${conflicts[0]?.text}${others > 0 ? ` (另有 ${others} 行院校id与院校名称不符)` : ''}`,
    )
  }
}

/**
 * min_section from min through that year's 一分一段 table (km = subject_type, level ''), by the builder's
 * RankTable.rankOf: a score above the table's top or below its last row gives no rank (the table does not say
 * how many candidates are at or above it), and, as in the builder, only ordinary categories are derived.
 */
async function deriveRanks(conn: DuckDBConnection): Promise<void> {
  const wanted = `(SELECT * FROM __staged WHERE min IS NOT NULL AND min_section IS NULL)`
  const ranks = await query<{ province: string; year: number; km: string } & RankRow>(
    conn,
    `SELECT r.province, r.year, r.km, r.score_low AS "scoreLow", r.score_high AS "scoreHigh", r.num, r.total
     FROM "score_ranks" r
     JOIN (SELECT DISTINCT province, year, subject_type FROM ${wanted}) n
       ON r.province = n.province AND r.year = n.year AND r.km = n.subject_type
     WHERE r.level = ''`,
  )
  const grouped = new Map<string, RankRow[]>()
  for (const r of ranks) {
    const k = `${r.province}|${r.year}|${r.km}`
    const list = grouped.get(k)
    if (list) list.push(r)
    else grouped.set(k, [r])
  }
  const tables = new Map([...grouped].map(([k, rows]) => [k, new RankTable(rows)]))
  // each score of each table once (a few hundred per table, however many rows), then joined back
  const scores = await query<{ province: string; year: number; subject_type: string; min: number }>(
    conn,
    `SELECT DISTINCT province, year, subject_type, min FROM ${wanted}`,
  )
  await conn.run(
    'CREATE TEMP TABLE __ranks (province VARCHAR, year INTEGER, subject_type VARCHAR, min INTEGER, total INTEGER)',
  )
  const app = await conn.createAppender('__ranks')
  for (const r of scores) {
    if (!isOrdinarySubject(r.subject_type)) continue
    const rank = tables.get(`${r.province}|${r.year}|${r.subject_type}`)?.rankOf(r.min) ?? null
    if (rank === null) continue
    app.appendVarchar(r.province)
    app.appendInteger(r.year)
    app.appendVarchar(r.subject_type)
    app.appendInteger(r.min)
    app.appendInteger(rank)
    app.endRow()
  }
  app.closeSync()
}

import type { DuckDBConnection } from '@duckdb/node-api'
import { isOrdinarySubject, schoolNameVariants } from '../plans/normalize.js'
import { RankTable } from '../plans/ranks.js'
import { createSchoolMatcher, type SchoolRow } from '../schools/match.js'
import type { RankRow } from '../types.js'
import type { Session } from '../validate/session.js'
import { query } from '../validate/sql.js'
import type { Converted } from './convert.js'
import { ImportInputError } from './read.js'
import type { RowOrigin } from './rows-origin.js'

/**
 * Fills of plans rows that need the datasets: sid / school_name from schools, major_id from majors, the rank of
 * the lowest score from the 一分一段 table. Schools and ranks are resolved as the builder resolves them
 * (src/datasets/plans/build.ts), with its own functions, so that an imported row says what a rebuilt one would.
 */
export async function fillPlans(session: Session, c: Converted): Promise<void> {
  const conn = session.conn
  if (session.present.has('schools')) await fillSchools(conn, c.origins)
  if (session.present.has('majors') && !c.given.has('major_id'))
    await conn.run(`UPDATE __staged s SET major_id = m.major_id
      FROM (SELECT code, min(major_id) AS major_id FROM "majors" GROUP BY code HAVING count(*) = 1) m
      WHERE s.major_id IS NULL AND s.spcode = m.code`)
  if (session.present.has('score_ranks') && !c.given.has('rank_derived')) await deriveRanks(conn)
  await conn.run('UPDATE __staged SET rank_derived = false WHERE rank_derived IS NULL')
}

/**
 * The builder's school matcher (createSchoolMatcher over schoolNameVariants: annotations, campus spellings,
 * names cut short, the 学院 → 大学 upgrades of renamed schools, a unique prefix). The former names the builder
 * reads from its sources (SchoolRow.aliases) are not in schools.parquet, so they cannot help here.
 * - sid from school_name when the file has no sid;
 * - a sid and a name that name two different schools: the file is refused (which one is right, we cannot tell);
 * - school_name becomes the schools table's name, as the builder writes it.
 */
async function fillSchools(conn: DuckDBConnection, origins: readonly RowOrigin[]): Promise<void> {
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
  const staged = await query<{ __row: number; sid: number | null; school_name: string | null }>(
    conn,
    'SELECT __row, sid, school_name FROM __staged ORDER BY __row',
  )
  const conflicts: string[] = []
  await conn.run('CREATE TEMP TABLE __schools (__row INTEGER, sid INTEGER, name VARCHAR)')
  const app = await conn.createAppender('__schools')
  for (const r of staged) {
    const named = r.school_name === null ? undefined : resolve(r.school_name)
    const sid = r.sid ?? named ?? null
    const school = sid === null ? undefined : bySid.get(sid)
    if (r.sid !== null && r.school_name !== null && school && named !== r.sid) {
      conflicts.push(
        `第 ${origins[r.__row]?.line} 行: 院校id ${r.sid} 是 ${school.name}, 院校名称却是 ${r.school_name}`,
      )
      continue
    }
    app.appendInteger(r.__row)
    if (sid === null) app.appendNull()
    else app.appendInteger(sid)
    app.appendVarchar(school?.name ?? r.school_name ?? '')
    app.endRow()
  }
  app.closeSync()
  if (conflicts.length > 0)
    throw new ImportInputError(
      `${conflicts[0]}${conflicts.length > 1 ? ` (另有 ${conflicts.length - 1} 行院校id与院校名称不符)` : ''}`,
    )
  await conn.run(`UPDATE __staged s SET sid = m.sid, school_name = nullif(m.name, '')
    FROM __schools m WHERE s.__row = m.__row`)
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
  const rows = await query<{
    __row: number
    province: string
    year: number
    subject_type: string
    min: number
  }>(conn, `SELECT __row, province, year, subject_type, min FROM ${wanted}`)
  await conn.run('CREATE TEMP TABLE __ranks (__row INTEGER, total INTEGER)')
  const app = await conn.createAppender('__ranks')
  for (const r of rows) {
    if (!isOrdinarySubject(r.subject_type)) continue
    const rank = tables.get(`${r.province}|${r.year}|${r.subject_type}`)?.rankOf(r.min) ?? null
    if (rank === null) continue
    app.appendInteger(r.__row)
    app.appendInteger(rank)
    app.endRow()
  }
  app.closeSync()
  await conn.run(`UPDATE __staged s SET min_section = d.total, rank_derived = true
    FROM __ranks d WHERE s.__row = d.__row`)
}

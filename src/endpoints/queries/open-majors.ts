import type { Db } from '../../data/db.js'
import type { Page } from '../paging.js'

/** The queries of SPEC 4.14 and 4.15 over a school's plans in a province. */

/** SPEC 2.15 shape A. */
export interface OpenMajor {
  spname: string
  major_id: number | null
  level_name: string | null
  type_name: string | null
  nature_name: string | null
  major_name: string
  spcode: string | null
  local_batch_name: string
  kemu: string
  min: number | null
  min_section: number | null
  plan_count: number
  ranking: number
  hot_num: number
}

export const SORT_FIELDS = ['ranking', 'hot'] as const
export type SortField = (typeof SORT_FIELDS)[number]

/**
 * SPEC 4.14 orderings, as SQL over the output columns (constants, never request text). `ranking`: ranking
 * ascending with the unranked (0) last, then `min` descending, which is the whole order when every ranking is 0;
 * `hot`: hot_num descending, then `min` descending. The major name settles what is still tied.
 */
const ORDER_BY: Readonly<Record<SortField, string>> = {
  ranking: `ranking = 0, ranking, "min" DESC NULLS LAST, spname`,
  hot: `hot_num DESC, "min" DESC NULLS LAST, spname`,
}

/**
 * SPEC 4.14: one item per published major name (`spname`) over every year, category and batch of the school's
 * plans in the province; the figures of an item come from one plan record, the latest year with an admission
 * score and in that year the lowest score. In the order of `sortField`.
 */
export const openMajors = (
  db: Db,
  sid: number,
  province: string,
  sortField: SortField,
): Promise<OpenMajor[]> =>
  db.all<OpenMajor>(
    `WITH g AS (
       SELECT spname, count(*)::INTEGER AS plan_count,
              arg_min({'spcode': spcode, 'local_batch_name': local_batch_name, 'kemu': subject_type,
                       'min': "min", 'min_section': min_section},
                      [("min" IS NULL)::INTEGER, -year, coalesce("min", 0), id]) AS rep,
              arg_max(major_id, [year, id]) AS major_id
       FROM plans WHERE sid = ? AND province = ?
       GROUP BY spname HAVING trim(spname) <> '')
     SELECT g.spname, g.major_id, s.level_name, s.type_name, s.nature_name,
            coalesce(m.class_name, '') AS major_name,
            struct_extract(g.rep, 'spcode') AS spcode,
            struct_extract(g.rep, 'local_batch_name') AS local_batch_name,
            struct_extract(g.rep, 'kemu') AS kemu,
            struct_extract(g.rep, 'min') AS "min",
            struct_extract(g.rep, 'min_section') AS min_section,
            g.plan_count, coalesce(m.ranking, 0) AS ranking, coalesce(m.hot_num, 0) AS hot_num
     FROM g LEFT JOIN majors m ON m.major_id = g.major_id LEFT JOIN schools s ON s.sid = ?
     ORDER BY ${ORDER_BY[sortField]}`,
    [sid, province, sid],
  )

/** SPEC 2.15 shape B. */
export type OpenMajorRecord = {
  spname: string
  spcode: string | null
  local_batch_name: string
  kemu: string
  min: number | null
  min_section: number | null
  major_id: number | null
  province: string
  hot_num: number
  sg_name: string
  ranking: number
  level_name: string | null
  type_name: string | null
  nature_name: string | null
  major_name: string
  plan_count: 1
}

/**
 * Order of the records: year descending, then as 4.14's default (major ranking ascending with the unranked
 * last, lowest score descending), then major name and record id, so that pages never overlap.
 */
const ORDER = `year DESC, ranking = 0, ranking, "min" DESC NULLS LAST, spname, id`

/**
 * SPEC 4.15: the school's plan records with a major name in the province (of one year when given): their number,
 * and one page.
 */
export async function openMajorRecords(
  db: Db,
  sid: number,
  province: string,
  year: number | undefined,
  page: Page,
): Promise<{ total: number; records: OpenMajorRecord[] }> {
  const years = year === undefined ? [] : [year]
  const rows = await db.all<Omit<OpenMajorRecord, 'major_name' | 'plan_count'> & { total: number }>(
    `WITH f AS (
       SELECT p.id, p.year, p.spname, p.spcode, p.local_batch_name, p.subject_type AS kemu, p."min",
              p.min_section, p.major_id, p.province, coalesce(p.sg_name, '') AS sg_name,
              coalesce(m.hot_num, 0) AS hot_num, coalesce(m.ranking, 0) AS ranking
       FROM plans p LEFT JOIN majors m ON m.major_id = p.major_id
       WHERE p.sid = ? AND p.province = ? AND trim(p.spname) <> ''${years.length ? ' AND p.year = ?' : ''}),
     pg AS (SELECT *, row_number() OVER (ORDER BY ${ORDER}) AS seq FROM f ORDER BY seq LIMIT ? OFFSET ?)
     SELECT t.total, pg.spname, pg.spcode, pg.local_batch_name, pg.kemu, pg."min", pg.min_section, pg.major_id,
            pg.province, pg.hot_num, pg.sg_name, pg.ranking, s.level_name, s.type_name, s.nature_name
     FROM (SELECT count(*)::INTEGER AS total FROM f) t
     LEFT JOIN pg ON TRUE LEFT JOIN schools s ON s.sid = ?
     ORDER BY pg.seq`,
    [sid, province, ...years, page.size, page.offset, sid],
  )
  const records = rows
    .filter((r) => r.spname !== null)
    .map(({ total: _, ...r }): OpenMajorRecord => ({ ...r, major_name: r.spname, plan_count: 1 }))
  return { total: rows[0]?.total ?? 0, records }
}

import type { Db } from '../../data/db.js'
import { containsPattern } from './sql.js'

/** The queries of SPEC 4.16 over `employment` and `employment_directions`. */

/** SPEC 4.16: the six sort types, and the SQL ordering (constants, never request text) behind each. */
export const EMPLOYMENT_SORTS = [
  'employment_rate_desc',
  'employment_rate_asc',
  'satisfaction_desc',
  'satisfaction_asc',
  'salary_desc',
  'salary_asc',
] as const
export type EmploymentSort = (typeof EMPLOYMENT_SORTS)[number]
const ORDER_BY: Readonly<Record<EmploymentSort, string>> = {
  employment_rate_desc: 'employment_rate DESC',
  employment_rate_asc: 'employment_rate ASC',
  satisfaction_desc: 'satisfaction DESC',
  satisfaction_asc: 'satisfaction ASC',
  salary_desc: 'avg_salary DESC',
  salary_asc: 'avg_salary ASC',
}

/** The majors a request is about: a degree, a discipline (null: all), a name fragment (null: all). */
export interface EmploymentFilter {
  degree: string
  cate1: string | null
  name: string | null
}
const WHERE = `degree = ? AND (? IS NULL OR discipline = ?) AND (? IS NULL OR major_name LIKE ? ESCAPE '\\')`
const whereParams = (f: EmploymentFilter) => [
  f.degree,
  f.cate1,
  f.cate1,
  f.name,
  f.name && containsPattern(f.name),
]
/** The filter's rows of one year. */
const SCOPED = `FROM employment WHERE ${WHERE} AND year = ?`

export interface MajorRef {
  major_id: number
  major_name: string
}

export interface RankRow extends MajorRef {
  discipline: string
  employment_rate: number
  avg_salary: number
  satisfaction: number
}

/** The latest year of the filter's rows, else of any row, else `fallback`. */
export async function latestYear(db: Db, f: EmploymentFilter, fallback: number): Promise<number> {
  const [row] = await db.all<{ y: number | null }>(
    `SELECT coalesce(max(year) FILTER (WHERE ${WHERE}), max(year)) AS y FROM employment`,
    whereParams(f),
  )
  return row?.y ?? fallback
}

/** The number of majors and their average rate, salary and satisfaction in a year. */
export async function employmentSummary(db: Db, f: EmploymentFilter, year: number) {
  const [row] = await db.all<{ n: number; rate: number | null; salary: number | null; sat: number | null }>(
    `SELECT count(*)::INTEGER AS n, avg(employment_rate) AS rate, avg(avg_salary) AS salary, avg(satisfaction) AS sat ${SCOPED}`,
    [...whereParams(f), year],
  )
  return row
}

/** One page of the majors in the sort order (ties by major id). */
export const rankedMajors = (
  db: Db,
  f: EmploymentFilter,
  year: number,
  sort: EmploymentSort,
  limit: number,
  offset: number,
): Promise<RankRow[]> =>
  db.all<RankRow>(
    `SELECT major_id, major_name, discipline, employment_rate, avg_salary, satisfaction ${SCOPED}
     ORDER BY ${ORDER_BY[sort]}, major_id LIMIT ? OFFSET ?`,
    [...whereParams(f), year, limit, offset],
  )

/** The first `count` majors in the sort order, by id and name (the trend's options). */
export const firstMajors = (
  db: Db,
  f: EmploymentFilter,
  year: number,
  sort: EmploymentSort,
  count: number,
): Promise<MajorRef[]> =>
  db.all<MajorRef>(`SELECT major_id, major_name ${SCOPED} ORDER BY ${ORDER_BY[sort]}, major_id LIMIT ?`, [
    ...whereParams(f),
    year,
    count,
  ])

/** The `count` best-paid majors. */
export const bestPaid = (db: Db, f: EmploymentFilter, year: number, count: number) =>
  db.all<{ major_name: string; avg_salary: number }>(
    `SELECT major_name, avg_salary ${SCOPED} ORDER BY avg_salary DESC, major_id LIMIT ?`,
    [...whereParams(f), year, count],
  )

/** The average salary of each discipline of a degree, best paid first. */
export const salaryByDiscipline = (db: Db, degree: string, year: number) =>
  db.all<{ discipline: string; salary: number }>(
    `SELECT discipline, round(avg(avg_salary))::INTEGER AS salary FROM employment WHERE degree = ? AND year = ?
     GROUP BY discipline ORDER BY salary DESC, discipline`,
    [degree, year],
  )

/** The average salaries (with their ranges) half a year, three and five years after graduating. */
export async function salaryGrowth(db: Db, f: EmploymentFilter, year: number) {
  const [row] = await db.all<Record<string, number | null>>(
    `SELECT avg(avg_salary) AS s0, avg(avg_salary_min) AS s0min, avg(avg_salary_max) AS s0max,
            avg(salary_3y) AS s3, avg(salary_3y_min) AS s3min, avg(salary_3y_max) AS s3max,
            avg(salary_5y) AS s5, avg(salary_5y_min) AS s5min, avg(salary_5y_max) AS s5max ${SCOPED}`,
    [...whereParams(f), year],
  )
  return row
}

/** The major of that exact name, of the degree when there is one of each. */
export async function majorNamed(db: Db, name: string, degree: string): Promise<MajorRef | undefined> {
  const [hit] = await db.all<MajorRef>(
    `SELECT major_id, major_name FROM employment WHERE major_name = ? ORDER BY (degree = ?) DESC, major_id LIMIT 1`,
    [name, degree],
  )
  return hit
}

export type DirectionKind = 'industry' | 'position'

/** Industry or position shares averaged over the filtered majors (each major's shares sum to 100). */
export const directionShares = (db: Db, f: EmploymentFilter, kind: DirectionKind) =>
  db.all<{ name: string; percentage: number; avg_salary: number }>(
    `WITH majors AS (SELECT DISTINCT major_id FROM employment WHERE ${WHERE}),
          n AS (SELECT count(*) AS c FROM majors)
     SELECT name, sum(percentage) / any_value(n.c) AS percentage, avg(d.avg_salary) AS avg_salary
     FROM employment_directions d JOIN majors USING (major_id), n
     WHERE kind = ? GROUP BY name ORDER BY percentage DESC, name`,
    [...whereParams(f), kind],
  )

/** One major's industry or position shares. */
export const majorDirections = (db: Db, majorId: number, kind: DirectionKind) =>
  db.all<{ name: string; percentage: number }>(
    `SELECT name, percentage FROM employment_directions WHERE major_id = ? AND kind = ? ORDER BY seq`,
    [majorId, kind],
  )

/** One major's yearly rate and salary. */
export const yearlySeries = (db: Db, majorId: number) =>
  db.all<{ year: number; major_name: string; employment_rate: number; avg_salary: number }>(
    `SELECT year, major_name, employment_rate, avg_salary FROM employment WHERE major_id = ? ORDER BY year`,
    [majorId],
  )

import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { sha256File } from '../../src/datasets/parquet.js'
import { checkPlans } from '../../src/datasets/plans/checks.js'
import type { PlanRow } from '../../src/datasets/plans/types.js'
import { SHIPPED } from './helpers.js'

/** The shipped datasets/plans.parquet, read with DuckDB (a million rows: queries, not objects, where possible). */
const file = join(SHIPPED, 'plans.parquet')
const q = (s: string) => `'${s.replaceAll("'", "''")}'`
let instance: DuckDBInstance
let all: <T = Record<string, unknown>>(sql: string) => Promise<T[]>

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  await conn.run(`CREATE VIEW plans AS SELECT * FROM read_parquet(${q(file)})`)
  await conn.run(`CREATE VIEW schools AS SELECT * FROM read_parquet(${q(join(SHIPPED, 'schools.parquet'))})`)
  await conn.run(`CREATE VIEW majors AS SELECT * FROM read_parquet(${q(join(SHIPPED, 'majors.parquet'))})`)
  await conn.run(
    `CREATE VIEW score_ranks AS SELECT * FROM read_parquet(${q(join(SHIPPED, 'score_ranks.parquet'))})`,
  )
  all = async <T>(sql: string) => {
    const r = await conn.runAndReadAll(sql)
    return r
      .getRowObjectsJS()
      .map((o) =>
        Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
      ) as T[]
  }
}, 120_000)

afterAll(() => instance?.closeSync())

describe('shipped datasets/plans.parquet', () => {
  it('exists, fits its budget and matches its manifest entry', async () => {
    expect(existsSync(file)).toBe(true)
    expect(statSync(file).size).toBeLessThan(40 * 1024 * 1024)
    const entry = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8')).tables.plans
    expect(entry.sha256).toBe(await sha256File(file))
    const [count] = await all<{ n: number }>('SELECT count(*) AS n FROM plans')
    expect(entry.rows).toBe(count?.n)
    expect(count?.n).toBeGreaterThan(1_000_000)
    expect(entry.columns.map((c: { name: string }) => c.name)).toEqual(SCHEMA.plans.map((c) => c.name))
  })

  it('passes the builder’s checks: in SQL on every row, and checkPlans on a sample', async () => {
    const [v] = await all<Record<string, number>>(
      `SELECT
         (SELECT count(*) FROM (SELECT province, year, sid, subject_type, batch_name, plan_type, local_batch_name,
            sg_name, spname FROM plans GROUP BY ALL HAVING count(*) > 1)) AS dup_keys,
         (SELECT count(*) - count(DISTINCT id) FROM plans) AS dup_ids,
         (SELECT count(*) FROM plans WHERE min > average OR average > max OR min > max) AS bad_order,
         (SELECT count(*) FROM plans WHERE num < -1) AS bad_num,
         (SELECT count(*) FROM plans p ANTI JOIN schools s USING (sid)) AS bad_sid,
         (SELECT count(*) FROM plans p WHERE major_id IS NOT NULL
            AND major_id NOT IN (SELECT major_id FROM majors)) AS bad_major,
         (SELECT count(*) FROM plans WHERE year NOT BETWEEN 2014 AND 2026) AS bad_year,
         (SELECT count(*) FROM plans WHERE min_section <= 0 OR min <= 0) AS bad_rank,
         (SELECT count(*) FROM plans WHERE (min IS NULL) <> (outcome_level = '')) AS bad_level`,
    )
    expect(v).toEqual({
      dup_keys: 0,
      dup_ids: 0,
      bad_order: 0,
      bad_num: 0,
      bad_sid: 0,
      bad_major: 0,
      bad_year: 0,
      bad_rank: 0,
      bad_level: 0,
    })
    const sample = await all<PlanRow>('SELECT * FROM plans WHERE id % 50 = 1 ORDER BY id')
    const sids = new Set((await all<{ sid: number }>('SELECT sid FROM schools')).map((r) => r.sid))
    const majors = new Set(
      (await all<{ major_id: number }>('SELECT major_id FROM majors')).map((r) => r.major_id),
    )
    expect(sample.length).toBeGreaterThan(20_000)
    expect(checkPlans(sample, sids, majors)).toEqual([])
  }, 120_000)

  it('covers at least 29 provinces with plans and with scores in 2025, and the years before', async () => {
    const cov = await all<{ year: number; plans: number; scores: number }>(
      `SELECT year, count(DISTINCT province) FILTER (WHERE num >= 0) AS plans,
              count(DISTINCT province) FILTER (WHERE min IS NOT NULL) AS scores
       FROM plans GROUP BY year ORDER BY year`,
    )
    const y = (year: number) => cov.find((c) => c.year === year)
    expect(y(2025)?.plans).toBeGreaterThanOrEqual(29)
    expect(y(2025)?.scores).toBeGreaterThanOrEqual(29)
    for (const year of [2022, 2023, 2024]) expect(y(year)?.scores, String(year)).toBeGreaterThanOrEqual(29)
    for (const year of [2016, 2017, 2018, 2019, 2020])
      expect(y(year)?.scores, String(year)).toBeGreaterThanOrEqual(29)
    expect(Math.min(...cov.map((c) => c.year))).toBeGreaterThanOrEqual(2014)
    expect(Math.max(...cov.map((c) => c.year))).toBeLessThanOrEqual(2026)
  })

  it('is real above 95%, and its derived ranks are those of the 一分一段 tables', async () => {
    const [share] = await all<{ real: number; n: number }>(
      "SELECT count(*) FILTER (WHERE provenance = 'real') AS real, count(*) AS n FROM plans",
    )
    expect((share?.real ?? 0) / (share?.n ?? 1)).toBeGreaterThan(0.95)
    const [d] = await all<{ n: number; eq: number }>(
      `WITH d AS (
         SELECT p.min_section,
           (SELECT total FROM score_ranks s WHERE s.province = p.province AND s.year = p.year
              AND s.km = p.subject_type AND s.level = '' AND s.score_low <= p.min
            ORDER BY s.score_low DESC LIMIT 1) t
         FROM plans p
         WHERE p.rank_derived AND p.subject_type IN ('物理类','历史类','理科','文科','综合')
           AND p.province IN ('江苏','河北','辽宁','重庆'))
       SELECT count(*) AS n, count(*) FILTER (WHERE t = min_section) AS eq FROM d`,
    )
    expect(d?.n).toBeGreaterThan(10_000)
    expect((d?.eq ?? 0) / (d?.n ?? 1)).toBeGreaterThan(0.95)
  }, 120_000)

  it('files no published outcome under the year after its own (GP’s 2025 groups quoted 2024 lines)', async () => {
    // The rule of isOutcomeOfYearBefore in SQL: the year before's table gives exactly the published rank for the
    // score, and no table of the row's own year has the score's row holding that rank.
    const rows = await all<{ province: string; year: number; school_name: string; n: number }>(
      `WITH t AS (SELECT province, year, km, level, score_low, score_high, num, total FROM score_ranks
                  WHERE level IN ('', '区外'))
       SELECT p.province, p.year, p.school_name, count(*) AS n FROM plans p
       WHERE NOT p.rank_derived AND p.min_section > 0
         AND p.subject_type IN ('物理类','历史类','理科','文科','综合')
         AND EXISTS (SELECT 1 FROM t WHERE t.province = p.province AND t.year = p.year - 1 AND t.level = ''
                       AND t.km = p.subject_type AND p.min BETWEEN t.score_low AND t.score_high
                       AND t.total = p.min_section)
         AND EXISTS (SELECT 1 FROM t WHERE t.province = p.province AND t.year = p.year AND t.km = p.subject_type)
         AND NOT EXISTS (SELECT 1 FROM t WHERE t.province = p.province AND t.year = p.year
                       AND t.km = p.subject_type AND p.min BETWEEN t.score_low AND t.score_high
                       AND p.min_section > t.total - t.num AND p.min_section <= t.total)
       GROUP BY ALL`,
    )
    expect(rows).toEqual([])
    // 华东理工大学's 2025 majors in 山东 are kept as plans, without the quoted lines
    const [ecust] = await all<{ n: number; scored: number }>(
      `SELECT count(*) AS n, count(min) AS scored FROM plans
       WHERE province = '山东' AND year = 2025 AND school_name = '华东理工大学' AND spname <> ''`,
    )
    expect(ecust?.n).toBeGreaterThan(0)
    expect(ecust?.scored).toBe(0)
  }, 120_000)

  it('files no third-party page’s earlier rows under a later year (LG’s dxsbb summaries)', async () => {
    // 池州学院 in 安徽 had three 2025 lines for 财务管理 历史类: 2023's 482, 2024's 498 and its own 511.
    const own = await all<{ min: number }>(
      `SELECT min FROM plans WHERE province = '安徽' AND year = 2025 AND school_name = '池州学院'
         AND spname = '财务管理' AND subject_type = '历史类' AND min IS NOT NULL`,
    )
    expect(own.map((r) => r.min)).toEqual([511])
    // Rows of LG repeating an earlier year's row to the batch's name, score and plan count: 957 before the rule,
    // 120 after it (single majors of official school pages and rows JSP confirms: the same line two years running).
    const [repeats] = await all<{ n: number }>(
      `WITH a AS (SELECT * FROM plans WHERE source LIKE 'LG%' AND spname <> '' AND min IS NOT NULL AND num > 0)
       SELECT count(*) AS n FROM a x WHERE EXISTS (SELECT 1 FROM a y WHERE y.province = x.province
         AND y.school_name = x.school_name AND y.spname = x.spname AND y.subject_type = x.subject_type
         AND y.local_batch_name = x.local_batch_name AND y.min = x.min AND y.num = x.num AND y.year < x.year)`,
    )
    expect(repeats?.n).toBeLessThan(200)
  }, 120_000)

  it('holds no school line above its own majors’ lines (one programme’s line taken for the school’s)', async () => {
    // 3,146 such rows before school-lines.ts (天津大学 辽宁 物理类 2025: 657 beside majors from 637)
    const [above] = await all<{ n: number }>(
      `SELECT count(*) AS n FROM plans m JOIN plans s ON s.sid = m.sid AND s.province = m.province
         AND s.year = m.year AND s.subject_type = m.subject_type AND s.batch_name = m.batch_name
         AND s.plan_type = m.plan_type AND coalesce(s.local_batch_name, '') = coalesce(m.local_batch_name, '')
       WHERE m.outcome_level = 'major' AND s.outcome_level = 'school' AND m.min < s.min - 2`,
    )
    expect(above?.n).toBe(0)
  }, 120_000)

  it('holds known lines and plans', async () => {
    const pku = await all(
      `SELECT num, tuition, min, min_section, rank_derived, outcome_level FROM plans
       WHERE province = '广东' AND year = 2025 AND school_name = '北京大学' AND subject_type = '物理类'
         AND sg_name = '专业组（206）' AND spname = ''`,
    )
    expect(pku).toEqual([
      { num: 34, tuition: 6000, min: 689, min_section: 99, rank_derived: false, outcome_level: 'group' },
    ])
    // 山东 and 浙江 (no LG shard): school minimums from GP
    const sd = await all<{ n: number }>(
      "SELECT count(*) n FROM plans WHERE province IN ('山东','浙江') AND year = 2025 AND outcome_level = 'school'",
    )
    expect(sd[0]?.n).toBeGreaterThan(1000)
    // special plans carry their type as batch_name; batch names are the SPEC ones
    const batches = await all<{ batch_name: string }>('SELECT DISTINCT batch_name FROM plans ORDER BY 1')
    expect(batches.map((b) => b.batch_name).sort()).toEqual(
      ['专科批', '专科提前批', '国家专项', '地方专项', '本科批', '本科提前批', '高校专项', '强基计划'].sort(),
    )
    const special = await all<{ n: number }>(
      "SELECT count(*) n FROM plans WHERE batch_name <> plan_type AND plan_type <> '普通'",
    )
    expect(special[0]?.n).toBe(0)
  })
})

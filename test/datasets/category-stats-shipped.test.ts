import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { readParquet } from '../../src/datasets/parquet.js'
import {
  type CategoryStat,
  checkCategoryStats,
  planCategoryStats,
  type RankTable,
} from '../../src/datasets/score-lines/category-stats.js'
import { SHIPPED } from './helpers.js'

interface Row {
  province: string
  year: number
  subject_type: string
  title: string
  total_applicants: number | null
  undergrad_admitted: number | null
  college_admitted: number | null
  provenance: string
  source: string
}

const file = join(SHIPPED, 'category_stats.parquet')
let rows: Row[] = []
beforeAll(async () => {
  rows = (await readParquet(file)) as unknown as Row[]
})
const stat = (r: Row): CategoryStat => ({
  province: r.province,
  year: r.year,
  subjectType: r.subject_type,
  title: r.title,
  totalApplicants: r.total_applicants,
  undergradAdmitted: r.undergrad_admitted,
  collegeAdmitted: r.college_admitted,
  source: r.source,
})

describe('shipped datasets/category_stats.parquet', () => {
  it('exists with the schema columns, derived rows, and passes the checks', () => {
    expect(existsSync(file)).toBe(true)
    expect(rows.length).toBeGreaterThan(100)
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.category_stats.map((c) => c.name))
    expect(new Set(rows.map((r) => r.provenance))).toEqual(new Set(['derived']))
    expect(checkCategoryStats(rows.map(stat))).toEqual([])
  })

  it('matches the counts 广东 publishes beside its lines (GA 线上人数)', () => {
    const gd = rows.find((r) => r.title === '2025年广东物理类')
    expect(gd).toMatchObject({ undergrad_admitted: 276586, total_applicants: 440208 })
    expect(rows.find((r) => r.title === '2024年广东历史类')).toMatchObject({ undergrad_admitted: 96266 })
  })

  it('leaves counts null where the table stops above the line (江苏 starts at the 本科 line)', () => {
    expect(rows.find((r) => r.title === '2025年江苏物理类')).toMatchObject({
      total_applicants: null,
      undergrad_admitted: 205975,
      college_admitted: null,
    })
  })

  it('is what the shipped score_ranks and score_lines give', async () => {
    const ranks = await readParquet(join(SHIPPED, 'score_ranks.parquet'))
    const lines = await readParquet(join(SHIPPED, 'score_lines.parquet'))
    const tables = new Map<string, RankTable>()
    for (const r of ranks) {
      const k = `${r.province}|${r.year}|${r.km}|${r.level}`
      let t = tables.get(k)
      if (!t) {
        t = {
          province: r.province as string,
          year: r.year as number,
          km: r.km as string,
          level: r.level as string,
          source: r.source as string,
          rows: [],
        }
        tables.set(k, t)
      }
      ;(t.rows as unknown[]).push({
        scoreLow: r.score_low,
        scoreHigh: r.score_high,
        num: r.num,
        total: r.total,
      })
    }
    const plan = planCategoryStats(
      [...tables.values()],
      lines.map((l) => ({
        province: l.province as string,
        year: l.year as number,
        typeName: l.type_name as string,
        name: l.name as string,
        score: l.score as number,
        isUse: l.is_use as number,
        source: l.source as string,
      })),
    )
    expect(plan.rows).toEqual(rows.map(stat))
  })
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { majorsBuilder } from '../../src/datasets/tables/majors.js'
import { plansBuilder } from '../../src/datasets/tables/plans.js'
import { provincesBuilder } from '../../src/datasets/tables/provinces.js'
import { schoolsBuilder } from '../../src/datasets/tables/schools.js'
import { scoreRanksBuilder } from '../../src/datasets/tables/score-ranks.js'
import { FIXTURES } from './helpers.js'

const BUILDERS = [provincesBuilder, scoreRanksBuilder, schoolsBuilder, majorsBuilder, plansBuilder]
const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-plans-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

type Row = Record<string, unknown>
let out = ''
let rows: Row[] = []
let report: Awaited<ReturnType<typeof buildDatasets>>

beforeAll(async () => {
  out = tmp()
  report = await buildDatasets({ from: FIXTURES, out, tables: ['plans'], builders: BUILDERS })
  rows = await readParquet(join(out, 'plans.parquet'))
})

const pick = (f: Row) => rows.filter((r) => Object.entries(f).every(([k, v]) => r[k] === v))

describe('plans built from the fixture slices', () => {
  it('writes plans.parquet only, with the schema columns, and a manifest entry', () => {
    const t = report.tables.find((x) => x.table === 'plans')
    expect(t?.refused).toBeNull()
    expect(report.tables.map((x) => x.table)).toEqual(['plans'])
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.plans.map((c) => c.name))
    expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1))
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))
    const entry = manifest.tables.plans
    expect(entry.rows).toBe(rows.length)
    expect(entry.sources.map((s: { id: string }) => s.id)).toEqual([
      'LG',
      'GA',
      'SH',
      'GX',
      'ZJP',
      'HB',
      'CQ',
      'IM',
      'JSP',
      'CG',
      'GP',
      'LB',
    ])
    expect(entry.dropped.length).toBeGreaterThan(0)
    expect(entry.merge).toHaveProperty('ambiguous')
    expect(report.summary[0]).toMatch(/^plans: \d+ rows/u)
  })

  it('is deterministic: a second build gives byte-identical parquet', async () => {
    const b = tmp()
    await buildDatasets({ from: FIXTURES, out: b, tables: ['plans'], builders: BUILDERS })
    expect(readFileSync(join(b, 'plans.parquet')).equals(readFileSync(join(out, 'plans.parquet')))).toBe(true)
  })

  it('merges a plan source into an official line (IM plan number and tuition, LG/IM outcome)', () => {
    const [pku] = pick({ province: '广东', year: 2025, school_name: '北京大学', sg_name: '专业组（206）' })
    expect(pku).toMatchObject({
      subject_type: '物理类',
      batch_name: '本科批',
      num: 34,
      tuition: 6000,
      min: 689,
      min_section: 99,
      rank_derived: false,
      outcome_level: 'group',
    })
  })

  it('derives a missing rank from that year’s table and flags it; keeps LG’s own derivations flagged', () => {
    const [gp] = pick({
      province: '广东',
      year: 2025,
      school_name: '北京大学',
      subject_type: '物理类',
      spname: '',
      sg_name: null,
    })
    expect(gp).toMatchObject({ min: 685, rank_derived: true, outcome_level: 'school', source: 'GP' })
    expect(gp?.min_section).toBeGreaterThan(0)
    const [hb] = pick({
      province: '河北',
      school_name: '北京大学',
      spname: '文科试验班类(不限选考科目类专业)',
    })
    expect(hb).toMatchObject({ min: 671, min_section: 43, rank_derived: true, outcome_level: 'major' })
    // no 2024 江苏 table in the fixtures: the line stays without a rank
    expect(pick({ province: '江苏', year: 2024 }).every((r) => r.min_section === null)).toBe(true)
  })

  it('resolves 上海 short names and relabels IM 甘肃 to 2024', () => {
    expect(pick({ province: '上海', school_name: '上海体育大学', year: 2023 }).length).toBe(6)
    expect(pick({ province: '上海', school_name: '北京师范大学', year: 2023 })[0]).toMatchObject({ min: 568 })
    expect(pick({ province: '甘肃', school_name: '北京大学' }).map((r) => [r.year, r.batch_name])).toEqual([
      [2024, '本科批'],
      [2024, '国家专项'],
    ])
  })

  it('keeps plan-only rows with num and outcome_level ""; special plans carry their type as batch', () => {
    const plan = pick({
      province: '广东',
      year: 2025,
      school_name: '北京大学',
      spname: '英语(高校专项计划)',
    })[0]
    expect(plan).toMatchObject({
      batch_name: '高校专项',
      plan_type: '高校专项',
      num: 1,
      outcome_level: '',
      min: null,
    })
    const jl = pick({ province: '吉林', year: 2026 })
    expect(jl.length).toBeGreaterThan(0)
    expect(jl.every((r) => r.outcome_level === '' && (r.num as number) > 0)).toBe(true)
  })

  it('drops what the rules drop and keeps every key unique', () => {
    expect(rows.some((r) => (r.year as number) < 2014)).toBe(false)
    expect(pick({ school_name: '北京科技大学天津学院' })).toEqual([])
    const keys = rows.map((r) =>
      [
        r.province,
        r.year,
        r.sid,
        r.subject_type,
        r.batch_name,
        r.plan_type,
        r.local_batch_name,
        r.sg_name,
        r.spname,
      ].join('|'),
    )
    expect(new Set(keys).size).toBe(keys.length)
    expect(rows.every((r) => r.provenance === 'real')).toBe(true)
  })
})

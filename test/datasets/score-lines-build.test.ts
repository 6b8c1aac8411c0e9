import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { type BuildReport, buildDatasets } from '../../src/datasets/build.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { categoryStatsBuilder } from '../../src/datasets/tables/category-stats.js'
import { provincesBuilder } from '../../src/datasets/tables/provinces.js'
import { scoreLinesBuilder } from '../../src/datasets/tables/score-lines.js'
import { scoreRanksBuilder } from '../../src/datasets/tables/score-ranks.js'
import { volunteerRulesBuilder } from '../../src/datasets/tables/volunteer-rules.js'
import { FIXTURES } from './helpers.js'

const BUILDERS = [
  provincesBuilder,
  scoreRanksBuilder,
  scoreLinesBuilder,
  categoryStatsBuilder,
  volunteerRulesBuilder,
]
const TABLES = ['score_lines', 'category_stats', 'volunteer_rules']
const FILES = ['category_stats.parquet', 'manifest.json', 'score_lines.parquet', 'volunteer_rules.parquet']

const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-lines-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

let out = ''
let report: BuildReport
beforeAll(async () => {
  out = tmp()
  report = await buildDatasets({ from: FIXTURES, out, tables: TABLES, builders: BUILDERS })
}, 120_000)

describe('score_lines, category_stats and volunteer_rules built from the fixture slices', () => {
  it('writes the three tables, and is byte-identical on rebuild', async () => {
    expect(report.tables.map((t) => [t.table, t.written, t.refused])).toEqual([
      ['score_lines', true, null],
      ['category_stats', true, null],
      ['volunteer_rules', true, null],
    ])
    expect(readdirSync(out).sort()).toEqual(FILES)
    const again = tmp()
    await buildDatasets({ from: FIXTURES, out: again, tables: TABLES, builders: BUILDERS })
    for (const f of FILES)
      expect(readFileSync(join(out, f)).equals(readFileSync(join(again, f))), f).toBe(true)
  })

  it('writes the schema columns', async () => {
    for (const t of TABLES) {
      const rows = await readParquet(join(out, `${t}.parquet`))
      expect(Object.keys(rows[0] ?? {}), t).toEqual(SCHEMA[t as keyof typeof SCHEMA].map((c) => c.name))
    }
  })

  it('resolves the lines across sources and records the conflicts', async () => {
    const rows = await readParquet(join(out, 'score_lines.parquet'))
    const get = (province: string, year: number, type_name: string, name: string) =>
      rows.find(
        (r) => r.province === province && r.year === year && r.type_name === type_name && r.name === name,
      )
    // LG (official) 235 over IM 239; LU+IM 510 over GP (not in the fixtures: a single source)
    expect(get('福建', 2026, '物理类', '专科批')).toMatchObject({ score: 235, source: 'LG', is_use: 1 })
    expect(get('河北', 2026, '历史类', '特殊类型招生控制线')).toMatchObject({ score: 512, source: 'LG' })
    expect(get('河北', 2024, '物理类', '特殊类型招生控制线')).toMatchObject({ score: 484, source: 'LU' })
    expect(get('甘肃', 2025, '物理类', '本科批')).toMatchObject({ score: 374, source: 'GP' })
    expect(get('广东', 2020, '文科', '预科班')).toMatchObject({ is_use: 0 })
    expect(get('西藏', 2023, '文科', '本科一批(A类考生)')).toMatchObject({ score: 320, source: 'LU' })
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))
    const sl = manifest.tables.score_lines
    expect(sl.rows).toBe(rows.length)
    expect(sl.conflicts).toContainEqual({
      province: '福建',
      year: 2026,
      type_name: '物理类',
      name: '专科批',
      chosen: 235,
      rule: 'priority',
      values: [
        { score: 235, sources: ['LG'] },
        { score: 239, sources: ['IM'] },
      ],
    })
    expect(sl.superseded).toContainEqual({
      province: '西藏',
      year: 2023,
      kind: 'batch',
      chosen: 'LU',
      others: [{ source: 'LG(third-party)', lines: 4 }],
    })
    expect(sl.ambiguous_dropped.length).toBeGreaterThan(0)
  })

  it('derives category_stats from the fixture tables and lines', async () => {
    const rows = await readParquet(join(out, 'category_stats.parquet'))
    expect(rows.find((r) => r.province === '甘肃' && r.subject_type === '物理类')).toEqual({
      province: '甘肃',
      year: 2025,
      subject_type: '物理类',
      title: '2025年甘肃物理类',
      total_applicants: 120677,
      undergrad_admitted: 93788,
      college_admitted: 120677,
      provenance: 'derived',
      source: 'score_ranks:GP; score_lines:GP,IM',
    })
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))
    const cs = manifest.tables.category_stats
    expect(cs.cross_checks.agreeing).toBe(cs.cross_checks.total)
    expect(cs.skipped.length).toBeGreaterThan(0)
  })

  it('writes the volunteer rules of RULES.md and G', async () => {
    const rows = await readParquet(join(out, 'volunteer_rules.parquet'))
    expect(
      rows.find((r) => r.province === '江苏' && r.year === 2025 && r.batch_name === '本科批'),
    ).toMatchObject({
      subjects_type: 2,
      score_max: 750,
      volunteer_type: 2,
      volunteer_num_max: 40,
      major_num_max: 6,
      provenance: 'real',
    })
    for (const year of [2024, 2025, 2026]) {
      expect(rows.filter((r) => r.year === year).length, String(year)).toBeGreaterThan(20)
    }
  })
})

describe('refusing a table that fails its checks', () => {
  it('does not write score_lines when a line exceeds the full score', async () => {
    const from = tmp()
    const dir = join(from, 'luanche__gaokao-data', 'json_data')
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'province_control_lines.json'),
      JSON.stringify([
        { 地区: '江苏', 年份: 2023, 考生类别: '物理类', 批次: '本科批', 分数线: 448 },
        { 地区: '上海', 年份: 2023, 考生类别: '综合', 批次: '本科批', 分数线: 700 },
      ]),
    )
    const dest = tmp()
    const r = await buildDatasets({ from, out: dest, tables: ['score_lines'], builders: BUILDERS })
    expect(r.tables[0]).toMatchObject({ table: 'score_lines', written: false })
    expect(r.tables[0]?.refused).toMatch(/score 700 outside 1\.\.660/u)
    expect(readdirSync(dest)).toEqual([])
  })
})

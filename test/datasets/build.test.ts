import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildDatasets, TABLE_NAMES } from '../../src/datasets/build.js'
import { readParquet } from '../../src/datasets/parquet.js'
import type { SliceRejection } from '../../src/datasets/score-ranks-plan.js'
import { runGaokao } from '../helpers/cli.js'
import { FIXTURES } from './helpers.js'

const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-datasets-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('buildDatasets on the fixture slices', () => {
  it('is deterministic: two builds give byte-identical files', async () => {
    const a = tmp()
    const b = tmp()
    const events: string[] = []
    const ra = await buildDatasets({
      from: FIXTURES,
      out: a,
      onProgress: (e) => events.push(`${e.table}:${e.step}`),
    })
    await buildDatasets({ from: FIXTURES, out: b })
    // Every registered table is built from the fixture slices, and every file is byte-identical.
    const files = readdirSync(a).sort()
    expect(files).toEqual(['manifest.json', ...TABLE_NAMES.map((t) => `${t}.parquet`)].sort())
    expect(readdirSync(b).sort()).toEqual(files)
    for (const f of files) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true)
    expect(ra.tables.filter((t) => !t.written).map((t) => `${t.table}: ${t.refused}`)).toEqual([])
    expect(events).toContain('score_ranks:written')
  })

  it('writes the documented schema, order and manifest', async () => {
    const out = tmp()
    const report = await buildDatasets({ from: FIXTURES, out })
    const provinces = await readParquet(join(out, 'provinces.parquet'))
    expect(provinces).toHaveLength(31)
    expect(provinces[0]).toMatchObject({
      name: '北京',
      sort: 1,
      exam_mode: '3+3',
      full_score: 750,
      reform_year: 2020,
    })
    expect(provinces.find((p) => p.name === '新疆')).toMatchObject({ exam_mode: '文理', reform_year: null })

    const rows = await readParquet(join(out, 'score_ranks.parquet'))
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'province',
      'year',
      'km',
      'level',
      'seq',
      'score',
      'score_low',
      'score_high',
      'num',
      'total',
      'provenance',
      'source',
    ])
    const sr = report.tables.find((t) => t.table === 'score_ranks')
    expect(sr?.rows).toBe(rows.length)
    // 重庆 2025 物理类: four sources agree; the most complete one (GP, 160 rows) is shipped
    const cq = rows.filter((r) => r.province === '重庆' && r.year === 2025 && r.km === '物理类')
    expect(cq[0]).toMatchObject({ seq: 1, score: '681', score_low: 681, num: 159, total: 159, source: 'GP' })
    // 湖北 2026 starts mid-table in LG: merged top band
    const hb = rows.find((r) => r.province === '湖北' && r.year === 2026 && r.seq === 1)
    expect(hb).toMatchObject({ score: '710-750', score_low: 710, score_high: 750, num: 21, total: 21 })
    // 广东 2026 levels
    const gdLevels = new Set(rows.filter((r) => r.province === '广东' && r.year === 2026).map((r) => r.level))
    expect([...gdLevels].sort()).toEqual(['', '专科'])

    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))
    expect(manifest.tables.score_ranks.rows).toBe(rows.length)
    expect(manifest.tables.score_ranks.sha256).toMatch(/^[0-9a-f]{64}$/)
    const slice = manifest.tables.score_ranks.slices.find(
      (s: { province: string; year: number; km: string }) => s.province === '重庆' && s.year === 2025,
    )
    expect(slice.source_file).toBe('hamajun-tao__gaokao-pro/cli/data/yifenyiduan/chongqing-2025-physics.json')
    expect(slice.alternatives.map((a: { source: string }) => a.source)).toEqual(['LG', 'LU', 'IM'])
    expect(slice.alternatives[0]).toMatchObject({ common_scores: 40, agreeing: 40 })
    expect(manifest.sources.repos.map((r: { id: string }) => r.id)).toEqual([
      'LG',
      'GA',
      'LU',
      'GP',
      'ZQ',
      'LX',
      'IM',
    ])
    expect(report.summary.join('\n')).toMatch(/2025: \d+ tables/)
  })

  it('refuses a table that has nothing passing the checks, writing nothing', async () => {
    const src = tmp()
    const lx = 'liuxusummer__gaokao-advisor/public/data/scores/江苏'
    await cp(join(FIXTURES, lx), join(src, lx), { recursive: true })
    const out = tmp()
    const report = await buildDatasets({ from: src, out, tables: ['score_ranks'] })
    const sr = report.tables[0]
    expect(sr?.written).toBe(false)
    expect(sr?.refused).toMatch(/no table passed/)
    const rejected = sr?.slicesRejected as SliceRejection[]
    expect(rejected.length).toBeGreaterThan(0)
    expect(rejected.every((r) => r.kind === 'failed-checks')).toBe(true)
    expect(existsSync(join(out, 'score_ranks.parquet'))).toBe(false)
    expect(readdirSync(out)).toEqual([])
  })

  it('never replaces a table with one drawn from a refused table, or with an empty one', async () => {
    const out = tmp()
    const good = (name: string, rows: number, problems: string[] = [], dependsOn?: string[]) => ({
      name,
      dependsOn,
      build: async () => ({
        cells: Array.from({ length: rows }, (_v, i) => ({ id: i + 1 })),
        problems,
        summary: [],
        manifest: {},
        rows: null,
      }),
    })
    const report = await buildDatasets({
      from: tmp(),
      out,
      builders: [
        good('employment', 5, ['missing source TK']),
        good('employment_directions', 3, [], ['employment']),
        good('content_items', 0),
      ] as never,
    })
    const byName = new Map(report.tables.map((t) => [t.table, t]))
    expect(byName.get('employment')?.written).toBe(false)
    expect(byName.get('employment_directions')).toMatchObject({
      written: false,
      refused: '它依赖的 employment 未通过检查',
    })
    expect(byName.get('content_items')?.refused).toContain('没有任何行')
    expect(readdirSync(out)).toEqual([])
  })

  it('rejects unknown table names (the CLI as a usage error, exit 2)', async () => {
    await expect(buildDatasets({ from: FIXTURES, out: tmp(), tables: ['nope'] })).rejects.toThrow(
      /unknown table/,
    )
    const out = tmp()
    const run = await runGaokao(['datasets', 'build', '--from', FIXTURES, '--out', out, '--tables', 'plan'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^错误: 未知的表: plan; 已知: provinces, /u)
    expect(readdirSync(out)).toEqual([])
  })
})

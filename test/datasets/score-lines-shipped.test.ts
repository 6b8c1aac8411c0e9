import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { checkScoreLines, type ScoreLineRecord } from '../../src/datasets/score-lines/checks.js'
import { CANONICAL_NAMES } from '../../src/datasets/score-lines/classify.js'
import { lineId } from '../../src/datasets/score-lines/resolve.js'
import { categoryStatsBuilder } from '../../src/datasets/tables/category-stats.js'
import { provincesBuilder } from '../../src/datasets/tables/provinces.js'
import { scoreLinesBuilder } from '../../src/datasets/tables/score-lines.js'
import { scoreRanksBuilder } from '../../src/datasets/tables/score-ranks.js'
import { volunteerRulesBuilder } from '../../src/datasets/tables/volunteer-rules.js'
import { PROVINCES } from '../../src/domain/provinces.js'
import { hasSharedSources, SHARED_SOURCES, SHIPPED } from './helpers.js'

const file = join(SHIPPED, 'score_lines.parquet')
let rows: ScoreLineRecord[] = []
beforeAll(async () => {
  rows = (await readParquet(file)) as unknown as ScoreLineRecord[]
})
const get = (province: string, year: number, type_name: string, name: string) =>
  rows.find((r) => r.province === province && r.year === year && r.type_name === type_name && r.name === name)

describe('shipped datasets/score_lines.parquet', () => {
  it('exists with the schema columns and passes the checks', () => {
    expect(existsSync(file)).toBe(true)
    expect(rows.length).toBeGreaterThan(5000)
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.score_lines.map((c) => c.name))
    expect(checkScoreLines(rows)).toEqual([])
  })

  it('has ids derived from the key only', () => {
    for (const r of rows) expect(r.id).toBe(lineId(`${r.province}|${r.year}|${r.type_name}|${r.name}`))
  })

  it('holds the known lines', () => {
    expect(get('江苏', 2023, '物理类', '本科批')).toMatchObject({ score: 448, is_use: 1 })
    expect(get('江苏', 2023, '历史类', '本科批')).toMatchObject({ score: 474 })
    expect(get('江苏', 2026, '物理类', '本科批')).toMatchObject({ score: 456, source: 'LG' })
    expect(get('山东', 2023, '综合', '普通类一段')).toMatchObject({ score: 443 })
    expect(get('浙江', 2023, '综合', '普通类一段')).toMatchObject({ score: 488 })
    expect(get('浙江', 2026, '综合', '普通类二段')).toMatchObject({ score: 266 })
    expect(get('广东', 2025, '物理类', '本科批')).toMatchObject({ score: 436 })
    expect(get('四川', 2024, '理科', '本科二批')).toMatchObject({ score: 459 })
    expect(get('河南', 2024, '文科', '本科一批')).toMatchObject({ score: 521, source: 'LG' })
    expect(get('西藏', 2026, '文科', '本科一批(A类考生)')).toMatchObject({ score: 330 })
  })

  it('applies the is_use rule: canonical lines 1, programme lines 0', () => {
    const canonical = new Set<string>(CANONICAL_NAMES)
    for (const r of rows.filter((x) => canonical.has(x.name)))
      expect(r.is_use, `${r.province} ${r.name}`).toBe(1)
    const programmes = rows.filter((r) =>
      /预科|民族班|专项|军队|消防|高水平运动队|自主招生|自招/u.test(r.name),
    )
    expect(programmes.length).toBeGreaterThan(100)
    for (const r of programmes) expect(r.is_use, `${r.province} ${r.year} ${r.name}`).toBe(0)
  })

  it('covers every province with an undergraduate line 2014-2023 and nearly all in 2026', () => {
    const undergrad = /^(本科批|本科一批|本科二批|普通类一段|本科一批\(|重点本科|本科一段|本科批A段)/u
    for (let year = 2014; year <= 2023; year++) {
      const have = new Set(
        rows.filter((r) => r.year === year && undergrad.test(r.name)).map((r) => r.province),
      )
      expect(
        PROVINCES.filter((p) => !have.has(p.name)).map((p) => p.name),
        String(year),
      ).toEqual([])
    }
    const y26 = new Set(rows.filter((r) => r.year === 2026 && undergrad.test(r.name)).map((r) => r.province))
    expect(PROVINCES.filter((p) => !y26.has(p.name)).map((p) => p.name)).toEqual(['山东'])
  })

  it('is described by the manifest', async () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    const entry = manifest.tables.score_lines
    expect(entry.rows).toBe(rows.length)
    expect(entry.sha256).toBe(await sha256File(file))
    expect(entry.conflicts.length).toBeGreaterThan(0)
  })
})

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe.skipIf(!hasSharedSources)('rebuilding from ../shared/data/sources', () => {
  it('gives the shipped files byte for byte', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gaokao-lines-real-'))
    dirs.push(out)
    const tables = ['score_lines', 'category_stats', 'volunteer_rules']
    const report = await buildDatasets({
      from: SHARED_SOURCES,
      out,
      tables,
      builders: [
        provincesBuilder,
        scoreRanksBuilder,
        scoreLinesBuilder,
        categoryStatsBuilder,
        volunteerRulesBuilder,
      ],
    })
    expect(report.tables.map((t) => t.written)).toEqual([true, true, true])
    for (const t of tables) {
      const f = `${t}.parquet`
      expect(readFileSync(join(out, f)).equals(readFileSync(join(SHIPPED, f))), f).toBe(true)
    }
  }, 240_000)
})

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { checkMajors } from '../../src/datasets/majors/checks.js'
import { createMajorMatcher } from '../../src/datasets/majors/match.js'
import type { MajorRow } from '../../src/datasets/majors/types.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { majorsBuilder } from '../../src/datasets/tables/majors.js'
import { hasSharedSources, SHARED_SOURCES, SHIPPED } from './helpers.js'

const file = join(SHIPPED, 'majors.parquet')
let rows: MajorRow[] = []

beforeAll(async () => {
  rows = (await readParquet(file)) as unknown as MajorRow[]
})

describe.skipIf(!existsSync(file))('shipped datasets/majors.parquet', () => {
  it('holds the three catalogues, one row per (level, code), passing every check', () => {
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.majors.map((c) => c.name))
    expect(checkMajors(rows)).toEqual([])
    const count = (level: string) => rows.filter((r) => r.level === level).length
    expect(count('本科')).toBeGreaterThanOrEqual(875)
    expect(count('本科(职业教育)')).toBe(232)
    expect(count('专科')).toBe(659)
    expect(rows.every((r) => r.provenance === 'real' && r.ranking === null)).toBe(true)
  })

  it('has gaokao.cn ids, lengths and salaries where TK has them', () => {
    const cs = rows.find((r) => r.level === '本科' && r.code === '080901')
    expect(cs).toMatchObject({ name: '计算机科学与技术', class_name: '计算机类', length: '四年' })
    expect(cs?.major_id).toBeLessThan(100000)
    expect(rows.find((r) => r.code === '100201K')).toMatchObject({ class_name: '临床医学类', length: '五年' })
  })

  it('serves the matcher', () => {
    const m = createMajorMatcher(rows)
    expect(m('计算机科学与技术(卓越工程师班)', '本科')).toBe(
      rows.find((r) => r.code === '080901' && r.level === '本科')?.major_id,
    )
    expect(m('', '专科', '510201')).toBe(rows.find((r) => r.code === '510201')?.major_id)
  })

  it('matches the manifest', async () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    expect(manifest.tables.majors.rows).toBe(rows.length)
    expect(manifest.tables.majors.sha256).toBe(await sha256File(file))
  })
})

describe.skipIf(!hasSharedSources || !existsSync(file))('majors rebuilt from ../shared/data/sources', () => {
  const out = mkdtempSync(join(tmpdir(), 'gaokao-majors-shipped-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('is byte-identical to the shipped file', async () => {
    const report = await buildDatasets({
      from: SHARED_SOURCES,
      out,
      tables: ['majors'],
      builders: [majorsBuilder],
    })
    expect(report.tables[0]?.written).toBe(true)
    expect(readFileSync(join(out, 'majors.parquet')).equals(readFileSync(file))).toBe(true)
  })
})

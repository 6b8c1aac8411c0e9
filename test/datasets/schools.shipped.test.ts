import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { checkSchools } from '../../src/datasets/schools/checks.js'
import { createSchoolMatcher } from '../../src/datasets/schools/match.js'
import type { SchoolRow } from '../../src/datasets/schools/types.js'
import { schoolsBuilder } from '../../src/datasets/tables/schools.js'
import { hasSharedSources, SHARED_SOURCES, SHIPPED } from './helpers.js'

const file = join(SHIPPED, 'schools.parquet')
let rows: SchoolRow[] = []

beforeAll(async () => {
  rows = (await readParquet(file)) as unknown as SchoolRow[]
})

describe.skipIf(!existsSync(file))('shipped datasets/schools.parquet', () => {
  it('holds the national list once: 2,900-3,100 schools, both levels, passing every check', () => {
    expect(rows.length).toBeGreaterThanOrEqual(2900)
    expect(rows.length).toBeLessThanOrEqual(3100)
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.schools.map((c) => c.name))
    expect(checkSchools(rows)).toEqual([])
    const levels = new Map<string, number>()
    for (const r of rows) levels.set(r.level_name, (levels.get(r.level_name) ?? 0) + 1)
    expect(levels.get('普通本科')).toBeGreaterThan(1300)
    expect(levels.get('专科(高职)')).toBeGreaterThan(1400)
    expect(rows.every((r) => r.provenance === 'real')).toBe(true)
  })

  it('has the well-known schools with their codes and flags', () => {
    const by = (name: string) => rows.find((r) => r.name === name)
    expect(by('北京大学')).toMatchObject({
      sid: 31,
      code: '10001',
      f985: 985,
      f211: 211,
      dual_class: 1,
      qjjh: 1,
    })
    expect(by('清华大学')?.hot).toBeLessThanOrEqual(3)
    expect(by('山东大学（威海）')).toMatchObject({ code: 'gk1219', f985: 985 })
    expect(rows.filter((r) => r.f985 === 985 && !/[（(]|医学|分校|学院$/u.test(r.name)).length).toBe(39)
    expect(rows.filter((r) => r.qjjh === 1).length).toBeLessThanOrEqual(45)
  })

  it('serves the matcher for plan sources (rows read back carry no aliases)', () => {
    const m = createSchoolMatcher(rows)
    expect(m('山东大学威海分校')).toBe(1219)
    expect(m('哈尔滨工业大学(深圳)')).toBe(rows.find((r) => r.name === '哈尔滨工业大学（深圳）')?.sid)
    expect(m('天水师范学院')).toBe(rows.find((r) => r.name === '天水师范大学')?.sid)
  })

  it('matches the manifest', async () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    expect(manifest.tables.schools.rows).toBe(rows.length)
    expect(manifest.tables.schools.sha256).toBe(await sha256File(file))
  })
})

describe.skipIf(!hasSharedSources || !existsSync(file))('schools rebuilt from ../shared/data/sources', () => {
  const out = mkdtempSync(join(tmpdir(), 'gaokao-schools-shipped-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('is byte-identical to the shipped file', async () => {
    const report = await buildDatasets({
      from: SHARED_SOURCES,
      out,
      tables: ['schools'],
      builders: [schoolsBuilder],
    })
    expect(report.tables[0]?.written).toBe(true)
    expect(readFileSync(join(out, 'schools.parquet')).equals(readFileSync(file))).toBe(true)
  })
})

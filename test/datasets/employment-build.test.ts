import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { YEARS } from '../../src/datasets/employment/calibration.js'
import { checkDirections, checkEmployment } from '../../src/datasets/employment/checks.js'
import { FJ_DIR } from '../../src/datasets/employment/sources.js'
import { ANCHOR_YEAR, type DirectionRow, type EmploymentRow } from '../../src/datasets/employment/synth.js'
import { readParquet } from '../../src/datasets/parquet.js'
import type { TableBuilder } from '../../src/datasets/table-builder.js'
import { employmentBuilder } from '../../src/datasets/tables/employment.js'
import { employmentDirectionsBuilder } from '../../src/datasets/tables/employment-directions.js'
import { majorsBuilder } from '../../src/datasets/tables/majors.js'
import { FIXTURES, SHIPPED } from './helpers.js'

const BUILDERS = [majorsBuilder, employmentBuilder, employmentDirectionsBuilder] as unknown as TableBuilder[]
const TABLES = ['employment', 'employment_directions']
const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-employment-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('employment build on the fixture slices', () => {
  it('is deterministic: two builds give byte-identical files', async () => {
    const a = tmp()
    const b = tmp()
    const ra = await buildDatasets({ from: FIXTURES, out: a, tables: TABLES, builders: BUILDERS })
    await buildDatasets({ from: FIXTURES, out: b, tables: TABLES, builders: BUILDERS })
    expect(ra.tables.map((t) => [t.table, t.written, t.refused])).toEqual([
      ['employment', true, null],
      ['employment_directions', true, null],
    ])
    for (const f of ['employment.parquet', 'employment_directions.parquet', 'manifest.json'])
      expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true)
    const majors = await readParquet(join(a, 'employment.parquet'))
    const ids = new Set(majors.map((r) => r.major_id))
    expect(majors).toHaveLength(ids.size * YEARS.length)
    const manifest = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'))
    expect(manifest.tables.employment.synthesizer.seed).toBe(20260611)
    expect(manifest.tables.employment.columns.map((c: { name: string }) => c.name)).toEqual(
      SCHEMA.employment.map((c) => c.name),
    )
    expect(manifest.tables.employment_directions.rows).toBeGreaterThan(ids.size * 8)
  })

  it('refuses the table when a required source is missing', async () => {
    const from = tmp()
    await cp(FIXTURES, from, { recursive: true })
    rmSync(join(from, FJ_DIR), { recursive: true, force: true })
    const out = tmp()
    const r = await buildDatasets({ from, out, tables: ['employment'], builders: BUILDERS })
    expect(r.tables[0]?.written).toBe(false)
    expect(r.tables[0]?.refused).toMatch(/missing source FJ/u)
    expect(existsSync(join(out, 'employment.parquet'))).toBe(false)
  })
})

describe('shipped datasets/employment*.parquet', () => {
  let employment: EmploymentRow[] = []
  let directions: DirectionRow[] = []
  let majors: { major_id: number; level: string; salary_5y: number | null; rating: number | null }[] = []
  beforeAll(async () => {
    employment = (await readParquet(
      join(SHIPPED, 'employment.parquet'),
      'major_id, year',
    )) as unknown as EmploymentRow[]
    directions = (await readParquet(
      join(SHIPPED, 'employment_directions.parquet'),
      'major_id, kind, seq',
    )) as unknown as DirectionRow[]
    majors = (await readParquet(join(SHIPPED, 'majors.parquet'))) as unknown as typeof majors
  })

  it('covers every major of majors.parquet in every year 2019-2025', () => {
    expect(majors.length).toBeGreaterThan(1500)
    expect(employment).toHaveLength(majors.length * YEARS.length)
    expect(
      checkEmployment(
        employment,
        majors.map((m) => m.major_id),
      ),
    ).toEqual([])
  })

  it('has a distribution for every major, shares summing to 100', () => {
    expect(
      checkDirections(
        directions,
        majors.map((m) => m.major_id),
      ),
    ).toEqual([])
  })

  it('keeps rates plausible: most between 80 and 97.5 %, 本科 medians near the school-level calibration', () => {
    const rates = employment.map((r) => r.employment_rate)
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(63)
    expect(Math.max(...rates)).toBeLessThanOrEqual(99.5)
    expect(rates.filter((r) => r >= 80 && r <= 97.5).length / rates.length).toBeGreaterThan(0.9)
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    const cal = manifest.tables.employment.calibration
    for (const year of YEARS) {
      const xs = employment
        .filter((r) => r.degree === '本科' && r.year === year)
        .map((r) => r.employment_rate)
      xs.sort((a, b) => a - b)
      const med = xs[xs.length >> 1] as number
      expect(Math.abs(med - cal.degrees.本科.years[year].level), `本科 ${year}`).toBeLessThan(2)
    }
  })

  it('agrees with majors.parquet on the real values (TK five-year salary, FX rating)', () => {
    const byId = new Map(majors.map((m) => [m.major_id, m]))
    const real = employment.filter((r) => r.salary_5y_provenance === 'real')
    expect(real.length).toBeGreaterThan(400)
    for (const r of real) {
      expect(r.year).toBe(ANCHOR_YEAR)
      expect(r.salary_5y).toBe(byId.get(r.major_id)?.salary_5y)
    }
    const derived = employment.filter((r) => r.satisfaction_provenance === 'derived')
    expect(derived.length / YEARS.length).toBeGreaterThan(800)
    for (const r of derived) {
      expect(r.rating).toBe(byId.get(r.major_id)?.rating)
      expect(r.satisfaction).toBeCloseTo((r.rating as number) * 20, 6)
    }
    for (const r of employment) {
      expect(r.provenance).toBe('synthetic')
      expect(r.degree).toBe(byId.get(r.major_id)?.level === '专科' ? '专科' : '本科')
    }
  })

  it('is listed in the manifest with its row counts', () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8'))
    expect(manifest.tables.employment.rows).toBe(employment.length)
    expect(manifest.tables.employment_directions.rows).toBe(directions.length)
  })
})

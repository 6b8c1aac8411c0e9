import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { checkVolunteerRules } from '../../src/datasets/volunteer-rules/expand.js'
import { rulesRows } from '../../src/datasets/volunteer-rules/rules-table.js'
import type { VolunteerRule } from '../../src/datasets/volunteer-rules/types.js'
import { PROVINCES } from '../../src/domain/provinces.js'
import { SHIPPED } from './helpers.js'

interface Row {
  province: string
  year: number
  batch_name: string
  local_batch_name: string
  subjects_type: 1 | 2 | 3
  score_max: number
  volunteer_type: 1 | 2 | 3
  volunteer_num_max: number
  major_num_max: number
  provenance: 'real' | 'derived'
  source: string
  note: string | null
}

const file = join(SHIPPED, 'volunteer_rules.parquet')
let rows: Row[] = []
beforeAll(async () => {
  rows = (await readParquet(file)) as unknown as Row[]
})
const rule = (r: Row): VolunteerRule => ({
  province: r.province,
  year: r.year,
  batchName: r.batch_name,
  localBatchName: r.local_batch_name,
  subjectsType: r.subjects_type,
  scoreMax: r.score_max,
  volunteerType: r.volunteer_type,
  volunteerNumMax: r.volunteer_num_max,
  majorNumMax: r.major_num_max,
  provenance: r.provenance,
  source: r.source,
  note: r.note ?? '',
})

describe('shipped datasets/volunteer_rules.parquet', () => {
  it('exists with the schema columns and passes the checks', () => {
    expect(existsSync(file)).toBe(true)
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.volunteer_rules.map((c) => c.name))
    expect(checkVolunteerRules(rows.map(rule))).toEqual([])
  })

  it('covers 2024, 2025 and 2026 wherever RULES.md or G know a rule', () => {
    const provinces = (year: number) => new Set(rows.filter((r) => r.year === year).map((r) => r.province))
    const missing = (year: number) => PROVINCES.map((p) => p.name).filter((p) => !provinces(year).has(p))
    expect(missing(2026)).toEqual([])
    expect(missing(2025)).toEqual(['吉林', '广西', '新疆'])
    expect(missing(2024)).toEqual(['山西', '内蒙古', '广西', '四川', '陕西', '青海', '新疆'])
    // smart-match's main batch exists for every province in 2026
    const main = rows.filter((r) => r.year === 2026 && /^(本科批|本科一批|普通类一段)$/u.test(r.batch_name))
    expect(new Set(main.map((r) => r.province)).size).toBe(31)
  })

  it('never fills a key RULES.md marks ?', () => {
    for (const row of rulesRows()) {
      for (const b of row.batches.filter((x) => x.unknown !== undefined)) {
        for (const year of b.years) {
          const p = row.cells[0]
          expect(
            rows.find((r) => r.province === p && r.year === year && r.batch_name === b.batch),
            `${p} ${year} ${b.batch}`,
          ).toBeUndefined()
        }
      }
    }
  })

  it('keeps the local name, the source keys and how each row was read', () => {
    const zj = rows.find((r) => r.province === '浙江' && r.year === 2025 && r.batch_name === '普通类一段')
    expect(zj).toMatchObject({
      local_batch_name: '普通类平行录取一段',
      subjects_type: 3,
      volunteer_type: 3,
      volunteer_num_max: 80,
      major_num_max: 1,
      source: 'P-ZJ1, P-ZJ2, R-ZJ',
      provenance: 'real',
    })
    expect(zj?.note).toMatch(/2022→2026 \(same wording\)/u)
    for (const r of rows) expect(r.note ?? '', `${r.province} ${r.year}`).not.toBe('')
    for (const r of rows.filter((x) => x.provenance === 'derived')) {
      expect(r.note, `${r.province} ${r.year} ${r.batch_name}`).toMatch(/lies between|vs_2025/u)
    }
  })
})

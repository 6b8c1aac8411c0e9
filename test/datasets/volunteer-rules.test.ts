import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkVolunteerRules, expandRules } from '../../src/datasets/volunteer-rules/expand.js'
import { type GpRule, gpRules, readGpBatch } from '../../src/datasets/volunteer-rules/gp.js'
import { rulesRows } from '../../src/datasets/volunteer-rules/rules-table.js'
import type { RulesRow, VolunteerRule } from '../../src/datasets/volunteer-rules/types.js'
import { FIXTURES, ROOT } from './helpers.js'

const RULES_MD = resolve(ROOT, '../shared/data/RULES.md')

/** The rows of the "Table" section of RULES.md, as cells. */
function rulesMdRows(text: string): string[][] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => l.startsWith('| province | year |'))
  const rows: string[][] = []
  for (const l of lines.slice(start + 2)) {
    if (!l.startsWith('|')) break
    rows.push(
      l
        .trim()
        .replace(/^\||\|$/gu, '')
        .split('|')
        .map((c) => c.trim()),
    )
  }
  return rows
}

describe('the RULES.md transcription', () => {
  it.skipIf(!existsSync(RULES_MD))('has every row of the table, cell for cell, in order', () => {
    const md = rulesMdRows(readFileSync(RULES_MD, 'utf8'))
    expect(md).toHaveLength(80)
    expect(rulesRows().map((r) => [...r.cells])).toEqual(md)
  })

  it('reads only numbers that stand in the cells', () => {
    for (const row of rulesRows()) {
      const [, , , , modeCell, choicesCell, majorsCell] = row.cells
      for (const b of row.batches) {
        if (b.unknown !== undefined) continue
        const at = `${row.cells[0]} ${row.cells[1]} ${b.batch}`
        expect(modeCell.startsWith(String(b.volunteerType)), at).toBe(true)
        expect(choicesCell.match(/\d+/gu) ?? [], at).toContain(String(b.volunteerNumMax))
        expect(majorsCell.match(/\d+/gu) ?? [], at).toContain(String(b.majorNumMax))
      }
    }
  })

  it('marks every ? as unknown instead of reading it', () => {
    for (const row of rulesRows()) {
      const hasQuestion = row.cells.slice(4, 7).some((c) => c.includes('?'))
      const known = row.batches.filter((b) => b.unknown === undefined)
      if (hasQuestion && row.cells[0] !== '江西') expect(known, row.cells.join('|')).toEqual([])
    }
  })
})

const R = (cells: Partial<Record<number, string>>, batches: RulesRow['batches']): RulesRow => {
  const base = ['江苏', '2024', '3+1+2', '本科批', '2', '40', '6', '750', 'R-JS', 'Y', '—']
  for (const [i, v] of Object.entries(cells)) base[Number(i)] = v as string
  return { cells: base as unknown as RulesRow['cells'], batches }
}
const B = (batch: string, years: number[], n = 40, extra = {}) => ({
  batch,
  local: batch,
  years,
  volunteerType: 2 as const,
  volunteerNumMax: n,
  majorNumMax: 6,
  ...extra,
})
const G = (over: Partial<GpRule>): GpRule => ({
  province: '江苏',
  year: 2026,
  batch: '本科批',
  local: '本科批',
  volunteerType: 2,
  volunteerNumMax: 40,
  majorNumMax: 6,
  stated: true,
  note: 'G',
  ...over,
})
const pick = (rules: VolunteerRule[]) =>
  rules.map((r) => `${r.province} ${r.year} ${r.batchName} ${r.volunteerNumMax} ${r.provenance} ${r.source}`)

describe('expandRules', () => {
  it('gives one real row per stated year, with the RULES row in the note', () => {
    const out = expandRules([R({}, [B('本科批', [2024, 2025])])], [])
    expect(pick(out.rules)).toEqual(['江苏 2024 本科批 40 real R-JS', '江苏 2025 本科批 40 real R-JS'])
    expect(out.rules[0]).toMatchObject({ subjectsType: 2, scoreMax: 750, localBatchName: '本科批' })
    expect(out.rules[0]?.note).toMatch(/RULES.md row "江苏 \| 2024 \| 本科批"/u)
  })

  it('fills a year between two alike years as derived, never a year marked ?', () => {
    const out = expandRules(
      [
        R({}, [
          B('本科批', [2021, 2024]),
          B('专科批', [2021, 2024]),
          { batch: '专科批', local: '', years: [2022], unknown: '?' },
        ]),
      ],
      [],
    )
    expect(pick(out.rules)).toEqual([
      '江苏 2021 本科批 40 real R-JS',
      '江苏 2021 专科批 40 real R-JS',
      '江苏 2022 本科批 40 derived R-JS',
      '江苏 2023 本科批 40 derived R-JS',
      '江苏 2023 专科批 40 derived R-JS',
      '江苏 2024 本科批 40 real R-JS',
      '江苏 2024 专科批 40 real R-JS',
    ])
    expect(out.rules.find((r) => r.year === 2022)?.note).toMatch(/between 2021 and 2024/u)
    expect(out.unknown).toEqual([{ province: '江苏', year: 2022, batch_name: '专科批', why: 'RULES: ?' }])
  })

  it('does not fill between different rules or across an exam-mode change', () => {
    const out = expandRules(
      [
        R({}, [B('本科批', [2021])]),
        R({}, [B('本科批', [2024], 45)]),
        R({ 0: '河南', 2: '文理' }, [B('本科一批', [2022])]),
        R({ 0: '河南' }, [B('本科一批', [2026])]),
      ],
      [],
    )
    expect(out.rules.map((r) => `${r.province}${r.year}`)).toEqual([
      '江苏2021',
      '江苏2024',
      '河南2022',
      '河南2026',
    ])
  })

  it('adds G for keys RULES lacks, keeps RULES over G and notes the conflict, and lets ? block G', () => {
    const out = expandRules(
      [
        R({}, [B('本科批', [2026], 50)]),
        R({ 0: '吉林' }, [{ batch: '本科批', local: '', years: [2025], unknown: '2025 = ?' }]),
      ],
      [
        G({ volunteerNumMax: 40 }),
        G({ batch: '专科批', local: '专科批', volunteerType: 3, volunteerNumMax: 40, majorNumMax: 1 }),
        G({ province: '吉林', year: 2025, stated: false }),
        G({ province: '上海', year: 2025, stated: false, volunteerNumMax: 24, majorNumMax: 4 }),
      ],
    )
    // national order: 上海 before 江苏
    expect(pick(out.rules)).toEqual([
      '上海 2025 本科批 24 derived G',
      '江苏 2026 本科批 50 real R-JS',
      '江苏 2026 专科批 40 real G',
    ])
    expect(out.rules[1]?.note).toMatch(/G says type 2, 40 choices × 6 majors/u)
    expect(out.conflicts).toHaveLength(1)
    expect(out.blockedG).toEqual([
      { province: '吉林', year: 2025, batch_name: '本科批', g: 'type 2, 40 choices × 6 majors' },
    ])
  })

  it('reports RULES rows that contradict each other', () => {
    const out = expandRules([R({}, [B('本科批', [2024])]), R({}, [B('本科批', [2024], 45)])], [])
    expect(out.problems).toHaveLength(1)
  })
})

describe('G (zhiyuan-rules-2026.json)', () => {
  it('reads a batch only with its unit, count and majors', () => {
    expect(readGpBatch({ unit: '院校专业组', count: 30, majors: 6 })).toEqual({
      type: 2,
      count: 30,
      majors: 6,
    })
    expect(readGpBatch({ 志愿数: 96, unit: '专业+学校', 调剂: false })).toEqual({
      type: 3,
      count: 96,
      majors: 1,
    })
    expect(readGpBatch({ 普通段: { count: 45, unit: '院校专业组', majors: 6 } })).toEqual({
      type: 2,
      count: 45,
      majors: 6,
    })
    expect(readGpBatch({ A段: { count: 1 }, B段: { count: 45 }, unit: '院校专业组', majors: 6 })).toEqual({
      type: 2,
      count: 45,
      majors: 6,
    })
    expect(readGpBatch({ A段: { count: 50 }, B段: { count: 25 }, majors: 6 })).toBe('no unit stated')
    expect(readGpBatch(45)).toMatch(/bare number/u)
  })

  it('reads the fixture slice, with 2025 from a continuation remark', () => {
    const path = join(FIXTURES, 'hamajun-tao__gaokao-pro/cli/data/datasets/zhiyuan-rules-2026.json')
    const { rules, skipped } = gpRules(JSON.parse(readFileSync(path, 'utf8')), 'x')
    const key = (r: GpRule) =>
      `${r.province} ${r.year} ${r.batch} ${r.volunteerType}/${r.volunteerNumMax}/${r.majorNumMax}`
    expect(rules.filter((r) => r.province === '北京').map(key)).toEqual([
      '北京 2026 本科批 2/30/6',
      '北京 2025 本科批 2/30/6',
    ])
    expect(rules.filter((r) => r.province === '上海').map(key)).toEqual(['上海 2026 本科批 2/24/4'])
    expect(rules.filter((r) => r.province === '山东').map(key)).toEqual([
      '山东 2026 普通类一段 3/96/1',
      '山东 2025 普通类一段 3/96/1',
      '山东 2026 普通类二段 3/96/1',
      '山东 2025 普通类二段 3/96/1',
    ])
    expect(skipped.some((s) => s.province === '天津' && s.reason === 'no unit stated')).toBe(true)
    expect(skipped.some((s) => s.province === '新疆' && s.key === '本一')).toBe(true)
  })
})

describe('the shipped reading of RULES.md and G', () => {
  const gDoc = JSON.parse(
    readFileSync(join(FIXTURES, 'hamajun-tao__gaokao-pro/cli/data/datasets/zhiyuan-rules-2026.json'), 'utf8'),
  )
  const out = expandRules(rulesRows(), gpRules(gDoc, 'x').rules)

  it('passes the checks', () => {
    expect(out.problems).toEqual([])
    expect(checkVolunteerRules(out.rules)).toEqual([])
  })

  it('expands "same" ranges and keeps ? keys empty', () => {
    const get = (p: string, y: number, b: string) =>
      out.rules.find((r) => r.province === p && r.year === y && r.batchName === b)
    expect(get('北京', 2020, '本科批')).toMatchObject({ volunteerNumMax: 30, provenance: 'real' })
    expect(get('北京', 2026, '本科批')?.note).toMatch(/2020–2026 same per sources/u)
    expect(get('湖北', 2023, '专科批')).toMatchObject({ localBatchName: '高职高专批', volunteerNumMax: 20 })
    expect(get('江苏', 2026, '本科批')?.note).toMatch(/2026 follows the 2025 意见/u)
    expect(get('西藏', 2025, '本科一批')).toMatchObject({
      provenance: 'derived',
      volunteerNumMax: 10,
      majorNumMax: 4,
    })
    expect(get('吉林', 2025, '本科批')).toBeUndefined()
    expect(get('新疆', 2024, '本科一批')).toBeUndefined()
    expect(get('广西', 2025, '本科批')).toBeUndefined()
    expect(get('福建', 2026, '本科批')).toMatchObject({
      volunteerNumMax: 50,
      source: 'R-FJ (eeafj.cn 2026实施办法)',
    })
    expect(get('福建', 2026, '本科批')?.note).toMatch(/G says type 2, 40 choices/u)
    expect(get('山东', 2024, '普通类一段')).toMatchObject({
      volunteerType: 3,
      volunteerNumMax: 96,
      majorNumMax: 1,
    })
    expect(get('河南', 2024, '本科一批')).toMatchObject({ subjectsType: 1, volunteerType: 1, majorNumMax: 5 })
    expect(get('上海', 2025, '本科批')).toMatchObject({ scoreMax: 660 })
    expect(get('海南', 2024, '本科批')).toMatchObject({ scoreMax: 900 })
  })
})

describe('checkVolunteerRules', () => {
  const ok: VolunteerRule = {
    province: '江苏',
    year: 2025,
    batchName: '本科批',
    localBatchName: '本科批',
    subjectsType: 2,
    scoreMax: 750,
    volunteerType: 2,
    volunteerNumMax: 40,
    majorNumMax: 6,
    provenance: 'real',
    source: 'R-JS',
    note: '',
  }
  it('accepts a good rule', () => expect(checkVolunteerRules([ok])).toEqual([]))
  it.each([
    ['duplicate key', [ok, ok]],
    ['unknown province', [{ ...ok, province: '火星' }]],
    ['year', [{ ...ok, year: 2013 }]],
    ['subjects_type vs exam mode', [{ ...ok, year: 2020 }]],
    ['score_max', [{ ...ok, scoreMax: 660 }]],
    ['volunteer_type', [{ ...ok, volunteerType: 4 as never }]],
    ['volunteer_num_max', [{ ...ok, volunteerNumMax: 0 }]],
    ['major_num_max', [{ ...ok, majorNumMax: 0 }]],
    ['type 3 with majors', [{ ...ok, volunteerType: 3 as const }]],
    ['empty names', [{ ...ok, localBatchName: '' }]],
  ])('catches %s', (_, rules) =>
    expect(checkVolunteerRules(rules as VolunteerRule[]).length).toBeGreaterThan(0),
  )
})

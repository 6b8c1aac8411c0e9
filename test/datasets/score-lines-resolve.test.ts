import { describe, expect, it } from 'vitest'
import { isUseOf, lineId, lineKey, planLines, sourceRank } from '../../src/datasets/score-lines/resolve.js'
import type { LineCandidate } from '../../src/datasets/score-lines/types.js'

const c = (over: Partial<LineCandidate>): LineCandidate => ({
  province: '江苏',
  year: 2025,
  typeName: '物理类',
  name: '本科批',
  score: 463,
  majorScore: null,
  kind: 'batch',
  canonical: true,
  source: 'LU',
  thirdParty: false,
  sourceFile: 'f',
  label: 'l',
  ...over,
})

describe('planLines', () => {
  it('merges repeats of a source and drops one name with two scores as ambiguous', () => {
    const p = planLines(
      [
        c({ source: 'LU', label: 'A' }),
        c({ source: 'LU', label: 'B' }),
        c({ name: '艺术类(本科)', kind: 'art', canonical: false, typeName: '艺术类(物理)', score: 400 }),
        c({ name: '艺术类(本科)', kind: 'art', canonical: false, typeName: '艺术类(物理)', score: 360 }),
      ],
      [],
    )
    expect(p.rows.map((r) => [r.name, r.score])).toEqual([['本科批', 463]])
    expect(p.ambiguous).toEqual([
      {
        province: '江苏',
        year: 2025,
        type_name: '艺术类(物理)',
        name: '艺术类(本科)',
        source: 'LU',
        scores: [360, 400],
      },
    ])
  })

  it('lets agreement win over priority, and priority break a tie', () => {
    const p = planLines(
      [
        c({ source: 'GP', score: 478, typeName: '历史类', name: '特殊类型招生控制线', kind: 'special' }),
        c({ source: 'LU', score: 510, typeName: '历史类', name: '特殊类型招生控制线', kind: 'special' }),
        c({ source: 'IM', score: 510, typeName: '历史类', name: '特殊类型招生控制线', kind: 'special' }),
        c({ source: 'GP', score: 494 }),
        c({ source: 'IM', score: 515 }),
      ],
      [],
    )
    const hist = p.rows.find((r) => r.typeName === '历史类')
    expect(hist).toMatchObject({ score: 510, source: 'LU', agreeing: ['LU', 'IM'] })
    expect(p.rows.find((r) => r.typeName === '物理类')).toMatchObject({ score: 494, source: 'GP' })
    expect(p.conflicts.map((x) => [x.type_name, x.rule, x.chosen])).toEqual([
      ['历史类', 'majority', 510],
      ['物理类', 'priority', 494],
    ])
    expect(p.conflicts[0]?.values).toEqual([
      { score: 510, sources: ['LU', 'IM'] },
      { score: 478, sources: ['GP'] },
    ])
  })

  it('ranks official LG first and LG third-party copies last', () => {
    expect(sourceRank({ source: 'LG', thirdParty: false })).toBe(0)
    expect(sourceRank({ source: 'IM', thirdParty: false })).toBeLessThan(
      sourceRank({ source: 'LG', thirdParty: true }),
    )
    const p = planLines([c({ source: 'LG', thirdParty: true, score: 1 }), c({ source: 'IM', score: 2 })], [])
    expect(p.rows[0]).toMatchObject({ score: 2, source: 'IM' })
  })

  it('takes the other lines of a province, year and kind from one source', () => {
    const art = { kind: 'art' as const, canonical: false, typeName: '艺术类' }
    const p = planLines(
      [
        c({ ...art, source: 'IM', name: '艺术类(本科)-美术与设计类', score: 300 }),
        c({ ...art, source: 'LU', name: '艺术类(本科)-美术', score: 301 }),
        c({ ...art, source: 'LU', name: '艺术类(高职专科)', score: 200 }),
        c({ kind: 'program', canonical: false, source: 'IM', name: '预科班', score: 380 }),
      ],
      [],
    )
    // the 物理类 programme line first (ordinary categories before art), then LU's art lines only
    expect(p.rows.map((r) => `${r.source} ${r.name}`)).toEqual([
      'IM 预科班',
      'LU 艺术类(本科)-美术',
      'LU 艺术类(高职专科)',
    ])
    expect(p.superseded).toEqual([
      { province: '江苏', year: 2025, kind: 'art', chosen: 'LU', others: [{ source: 'IM', lines: 1 }] },
    ])
  })

  it('sets is_use: 1 for batch, special, art and sport lines, 0 for programme lines', () => {
    expect(['batch', 'special', 'art', 'sport', 'program'].map((k) => isUseOf(k as never))).toEqual([
      1, 1, 1, 1, 0,
    ])
    const p = planLines([c({}), c({ kind: 'program', canonical: false, name: '预科班', score: 380 })], [])
    expect(p.rows.map((r) => [r.name, r.isUse])).toEqual([
      ['本科批', 1],
      ['预科班', 0],
    ])
  })

  it('gives stable ids that depend only on the key', () => {
    const a = planLines([c({})], [])
    const b = planLines([c({ province: '北京', typeName: '综合' }), c({})], [])
    const id = a.rows[0]?.id
    expect(b.rows.find((r) => r.province === '江苏')?.id).toBe(id)
    expect(id).toBe(lineId(lineKey(c({}))))
    expect(lineId('江苏|2025|物理类|本科批')).toBe(lineId('江苏|2025|物理类|本科批'))
    expect(lineId('a')).not.toBe(lineId('b'))
    expect(id).toBeGreaterThan(0)
    expect(id).toBeLessThanOrEqual(0x7fffffff)
  })

  it('orders rows by province, year, category, kind and name, whatever the input order', () => {
    const input = [
      c({ year: 2024, name: '专科批', score: 200 }),
      c({ province: '北京', typeName: '综合', score: 400 }),
      c({ year: 2024, typeName: '历史类', score: 470 }),
      c({ year: 2024, score: 460 }),
    ]
    const fwd = planLines(input, []).rows.map((r) => `${r.province}${r.year}${r.typeName}${r.name}`)
    const rev = planLines([...input].reverse(), []).rows.map(
      (r) => `${r.province}${r.year}${r.typeName}${r.name}`,
    )
    expect(fwd).toEqual(rev)
    expect(fwd).toEqual([
      '北京2025综合本科批',
      '江苏2024物理类专科批',
      '江苏2024物理类本科批',
      '江苏2024历史类本科批',
    ])
  })
})

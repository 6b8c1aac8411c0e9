import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  GA_REPO,
  GA_XLSX,
  gaLines,
  gaTotals,
  gpLines,
  imBatchText,
  imLines,
  lgControlRecords,
  loadLines,
  luLines,
  readGaSheet,
} from '../../src/datasets/score-lines/adapters.js'
import type { LineCandidate } from '../../src/datasets/score-lines/types.js'
import { csvRecords } from '../../src/datasets/sources/files.js'
import type { SheetRow } from '../../src/datasets/sources/xlsx.js'
import { FIXTURES, hasSharedSources, SHARED_SOURCES } from './helpers.js'

const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8').replace(/^\uFEFF/u, '')
const find = (cands: readonly LineCandidate[], q: Partial<LineCandidate>) =>
  cands.filter((c) => Object.entries(q).every(([k, v]) => c[k as keyof LineCandidate] === v))

describe('LU province_control_lines.json (two schemas)', () => {
  const rows = JSON.parse(fixture('luanche__gaokao-data/json_data/province_control_lines.json'))
  const r = luLines(rows, 'luanche__gaokao-data/json_data/province_control_lines.json')

  it('reads both schemas, with the schema in the label', () => {
    const js = find(r.candidates, {
      province: '江苏',
      year: 2023,
      typeName: '物理类',
      name: '特殊类型招生控制线',
    })
    expect(js.map((c) => c.label.slice(0, 2)).sort()).toEqual(['A:', 'B:'])
    expect(js.every((c) => c.score === 512 && c.source === 'LU')).toBe(true)
    expect(
      find(r.candidates, { province: '江苏', year: 2023, name: '本科批', typeName: '物理类' })[0]?.score,
    ).toBe(448)
  })

  it('drops vocational categories and composite scores with a reason', () => {
    expect(r.excluded.some((e) => e.label.includes('医学类') && /vocational/.test(e.reason))).toBe(true)
    expect(r.excluded.some((e) => /综合分177/.test(e.label) && /composite/.test(e.reason))).toBe(true)
    expect(r.excluded.some((e) => /含专业成绩/.test(e.label))).toBe(true)
  })

  it('keeps 西藏 origin-split names and 浙江 segments', () => {
    expect(
      find(r.candidates, { province: '西藏', year: 2023, name: '本科一批(A类考生)', typeName: '文科' })[0]
        ?.score,
    ).toBe(320)
    expect(find(r.candidates, { province: '浙江', year: 2019, name: '普通类三段' })[0]?.score).toBe(264)
  })
})

describe('IM control_line_<year>.csv', () => {
  it('picks the batch text from batch_section and batch', () => {
    expect(imBatchText('本科院校', '本科')).toBe('本科院校')
    expect(imBatchText('普通类', '特殊类型资格线')).toBe('特殊类型资格线')
    expect(imBatchText('本科院校', '地方专项')).toBe('本科院校-地方专项')
    expect(imBatchText('军队本科院校', '军队本科')).toBe('军队本科院校')
  })

  it('reads ordinary, special and programme lines; drops specialty-only lines', () => {
    const r = imLines(
      csvRecords(fixture('immaotianyi__gaokao-volunteer-v2/backend/data/control_line_2025.csv')),
      'control_line_2025.csv',
    )
    expect(find(r.candidates, { province: '甘肃', typeName: '物理类', name: '专科批' })[0]?.score).toBe(180)
    expect(
      find(r.candidates, { province: '重庆', typeName: '历史类', name: '特殊类型招生控制线' })[0]?.score,
    ).toBe(515)
    expect(find(r.candidates, { province: '广东', name: '预科班' })[0]?.kind).toBe('program')
    expect(find(r.candidates, { province: '广东', name: '艺术类(本科)-戏曲类' })[0]?.score).toBe(220)
    expect(r.excluded.some((e) => /专业省统考/.test(e.label) && /specialty/.test(e.reason))).toBe(true)
  })

  it('normalises 2024 物理类 of a 文理 year and drops 三校生类', () => {
    const r24 = imLines(
      csvRecords(fixture('immaotianyi__gaokao-volunteer-v2/backend/data/control_line_2024.csv')),
      'x',
    )
    expect(find(r24.candidates, { province: '四川', typeName: '理科', name: '本科二批' })[0]?.score).toBe(459)
    const r26 = imLines(
      csvRecords(fixture('immaotianyi__gaokao-volunteer-v2/backend/data/control_line_2026.csv')),
      'x',
    )
    expect(r26.excluded.some((e) => e.label.startsWith('三校生类'))).toBe(true)
  })
})

describe('GP checkpoints', () => {
  it('turns checkpoint keys into canonical lines with their counts', () => {
    const doc = JSON.parse(fixture('hamajun-tao__gaokao-pro/cli/data/yifenyiduan/gansu-2025-physics.json'))
    const r = gpLines(doc, 'gansu-2025-physics.json')
    expect(r.candidates.map((c) => [c.typeName, c.name, c.score, c.count, c.kind])).toEqual([
      ['物理类', '本科批', 374, 93788, 'batch'],
      ['物理类', '特殊类型招生控制线', 475, 39656, 'special'],
    ])
  })

  it('reads 文理 keys and ignores the other ones', () => {
    const r = gpLines(
      {
        province_name: '四川',
        year: 2024,
        track_cn: '理科',
        checkpoints: { '600': 1, yiben_539: 83354, erben_459: 194087, total_above_150: 5 },
      },
      'x',
    )
    expect(r.candidates.map((c) => `${c.typeName} ${c.name} ${c.score}`)).toEqual([
      '理科 本科二批 459',
      '理科 本科一批 539',
    ])
  })
})

describe('GA sheet 线上人数', () => {
  const rows: SheetRow[] = [
    { A: '广东省2018-2025年高考线上人数汇总' },
    {
      A: '2017',
      B: '520',
      C: '17215',
      D: '485',
      E: '65332',
      F: '418',
      G: '94945.600000000093',
      H: '360',
      I: '203229',
    },
    { A: '2019', B: '546', C: '20702', D: '495', E: '77056', F: '455', G: '106285', H: '390', I: '208357' },
    {
      A: '2025',
      B: '557',
      C: '20815',
      D: '534',
      E: '106293',
      F: '464',
      G: '91654',
      H: '436',
      I: '276586',
      J: '292200',
      K: '440208',
    },
  ]
  const r = gaLines(rows, 'ga.xlsx')

  it('names the lines by year: 本科一批/二批 (2017), 特控线 (2018-2019), 特殊类型招生控制线 (2020-)', () => {
    expect(r.candidates.map((c) => `${c.year} ${c.typeName} ${c.name} ${c.score} ${c.count ?? '-'}`)).toEqual(
      [
        '2017 文科 本科一批 520 -',
        '2017 理科 本科一批 485 -',
        '2017 文科 本科二批 418 -',
        '2017 理科 本科二批 360 -',
        '2019 文科 特控线 546 20702',
        '2019 理科 特控线 495 77056',
        '2019 文科 本科批 455 106285',
        '2019 理科 本科批 390 208357',
        '2025 历史类 特殊类型招生控制线 557 20815',
        '2025 物理类 特殊类型招生控制线 534 106293',
        '2025 历史类 本科批 464 91654',
        '2025 物理类 本科批 436 276586',
      ],
    )
  })

  it('reads the table totals', () => {
    expect(gaTotals(rows)).toEqual([
      { year: 2025, km: '历史类', total: 292200 },
      { year: 2025, km: '物理类', total: 440208 },
    ])
  })

  it.skipIf(!hasSharedSources)('reads the real workbook', async () => {
    const sheet = await readGaSheet(SHARED_SOURCES)
    expect(sheet?.sourceFile).toBe(`${GA_REPO}/${GA_XLSX}`)
    const lines = gaLines(sheet?.rows ?? [], 'x').candidates
    expect(find(lines, { year: 2024, typeName: '物理类', name: '本科批' })[0]).toMatchObject({
      score: 442,
      count: 253795,
    })
  })
})

describe('LG control-line records', () => {
  it('finds the records in a large compact shard without parsing all of it', () => {
    const pad = Array.from({ length: 30_000 }, (_, i) => ({
      id: `x${i}`,
      province: '西藏',
      year: 2025,
      dataType: 'major-admission',
      note: '{"id":"a"} } { "quoted" braces',
    }))
    const target = {
      id: 'cl-1',
      province: '西藏',
      year: 2026,
      dataType: 'control-line',
      batch: '本科一批',
      tags: [{ a: 1 }],
    }
    const text = JSON.stringify({ province: '西藏', records: [...pad, target, ...pad] })
    expect(text.length).toBeGreaterThan(5_000_000)
    expect(lgControlRecords(text)).toEqual([target])
  })

  it('loads import files and shards once per record, qualifies origins, drops eligibility series', async () => {
    const r = await loadLines(FIXTURES)
    const lg = r.candidates.filter((c) => c.source === 'LG')
    expect(
      find(lg, { province: '西藏', year: 2026, typeName: '文科', name: '本科一批(A类考生)' })[0]?.score,
    ).toBe(330)
    expect(find(lg, { province: '西藏', year: 2026, name: '本科(部队生源)' })[0]?.kind).toBe('program')
    expect(find(lg, { province: '西藏', year: 2023 }).every((c) => c.thirdParty)).toBe(true)
    expect(r.excluded.some((e) => e.source === 'LG' && /eligibility/.test(e.reason))).toBe(true)
    expect(r.excluded.some((e) => e.source === 'LG' && /合格线/.test(e.label))).toBe(true)
    // 浙江 2026 (import file only): segments, composite and 单独考试 lines dropped
    expect(find(lg, { province: '浙江', year: 2026, name: '普通类一段' })[0]?.score).toBe(494)
    expect(
      r.excluded.filter((e) => e.province === '浙江' && e.source === 'LG').length,
    ).toBeGreaterThanOrEqual(2)
    // 河北 2026 art line: culture score and specialty score
    expect(find(lg, { province: '河北', name: '舞蹈类艺术本科' })[0]).toMatchObject({
      score: 312,
      majorScore: 205,
    })
    // no record twice
    const ids = lg.map((c) => `${c.province}|${c.year}|${c.typeName}|${c.name}|${c.score}|${c.sourceFile}`)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

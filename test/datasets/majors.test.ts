import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { checkMajors } from '../../src/datasets/majors/checks.js'
import { createMajorMatcher, normalizeMajorName } from '../../src/datasets/majors/match.js'
import {
  bareCode,
  degreeFromNote,
  fallbackMajorId,
  mergeMajors,
  normalizeLength,
} from '../../src/datasets/majors/merge.js'
import {
  fxLevel,
  parseFxMajors,
  parseTkSpecials,
  parseTkTree,
  readFxMajors,
  readLxCatalog,
  readTkSpecials,
  readTkTree,
} from '../../src/datasets/majors/sources.js'
import type { MajorRow } from '../../src/datasets/majors/types.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { majorCells, majorsBuilder } from '../../src/datasets/tables/majors.js'
import { FIXTURES } from './helpers.js'

const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-majors-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const fixtureInputs = async () => ({
  fx: (await readFxMajors(FIXTURES))?.rows ?? [],
  lx: (await readLxCatalog(FIXTURES)) ?? [],
  tk: (await readTkSpecials(FIXTURES)) ?? [],
  tkTree: (await readTkTree(FIXTURES)) ?? new Map<string, string>(),
})

const major = (over: Partial<MajorRow> & Pick<MajorRow, 'major_id' | 'code' | 'name'>): MajorRow => ({
  category: '工学',
  class_name: '计算机类',
  level: '本科',
  length: null,
  degree: null,
  salary: null,
  salary_5y: null,
  rating: null,
  ranking: null,
  hot_num: null,
  provenance: 'real',
  source: 'LX',
  ...over,
})

describe('major source adapters (fixture slices)', () => {
  it('reads FX records separated by the two characters \\n', async () => {
    const fx = await readFxMajors(FIXTURES)
    expect(fx?.skipped).toEqual([])
    expect(fx?.rows.find((r) => r.code === '010101')).toEqual({
      level: '本科',
      code: '010101',
      name: '哲学',
      category: '哲学',
      className: '哲学类',
      rating: 4.2,
    })
    expect(new Set(fx?.rows.map((r) => r.level))).toEqual(new Set(['本科', '本科(职业教育)', '专科']))
    const text =
      '{"level_name":"高职（专科）","major_code":"510201","major_name":"计算机应用技术","discipline_name":"电子与信息","major_class_name":"计算机类","major_satisfaction":"-"}\\n'
    expect(parseFxMajors(text).rows[0]).toMatchObject({ level: '专科', rating: null })
    expect(parseFxMajors(`${text.slice(0, -2)}\n${text}`).rows).toHaveLength(2)
    expect(fxLevel('本科（职业教育）')).toBe('本科(职业教育)')
    expect(fxLevel('研究生')).toBeNull()
  })

  it('reads TK majors (0 salaries as null) and the class tree under the right parent', async () => {
    const [t] = parseTkSpecials(
      JSON.stringify({
        data: [
          {
            special_id: '1',
            spcode: '010101',
            name: '哲学',
            level2_name: '哲学',
            level3_name: '哲学类',
            limit_year: '四年',
            degree: '哲学学士',
            salaryavg: '0',
            fivesalaryavg: 11000,
            view_total: '2420530',
          },
        ],
      }),
    )
    expect(t).toMatchObject({ specialId: 1, salary: null, salary5y: 11000, views: 2420530, length: '四年' })
    const tree = parseTkTree(
      JSON.stringify({
        data: {
          id_0: { root_id: 0, item: [{ name: '专科（高职）', code: '2', spe_id: '2' }] },
          id_2: {
            root_id: 2,
            item: [
              { name: '食品药品与粮食大类', code: '49', spe_id: '23' },
              { name: '公共管理与服务大类', code: '59', spe_id: '33' },
            ],
          },
          id_23: { root_id: 23, item: [{ name: '食品药品管理类', code: '5903', spe_id: '90' }] },
          id_33: { root_id: 33, item: [{ name: '公共服务类', code: '5903', spe_id: '91' }] },
        },
      }),
    )
    expect(tree.get('5903')).toBe('公共服务类')
    expect((await readTkTree(FIXTURES))?.get('4102')).toBe('林业类')
    const lx = await readLxCatalog(FIXTURES)
    expect(lx?.find((l) => l.code === '020109T')).toMatchObject({
      name: expect.any(String),
      category: '经济学',
    })
  })

  it('normalizes codes, lengths and LX degree notes', () => {
    expect(bareCode('020110TK')).toBe('020110')
    expect(bareCode(' ０８０９０１ ')).toBe('080901')
    expect(normalizeLength('五年，四年')).toBe('四年,五年')
    expect(normalizeLength('四年')).toBe('四年')
    expect(normalizeLength(null)).toBeNull()
    expect(degreeFromNote('（注：可授工学或理学学士学位）')).toBe('工学学士,理学学士')
    expect(degreeFromNote('（注：授予理学学士学位）')).toBe('理学学士')
    expect(degreeFromNote(null)).toBeNull()
    expect(fallbackMajorId('本科', '140012TK')).toBe(1_140_012)
    expect(fallbackMajorId('专科', '510201')).toBe(3_510_201)
  })
})

describe('mergeMajors on the fixture slices', () => {
  it('merges on the bare code, renumbered majors on the name, and fixes FX class labels', async () => {
    const { rows, report } = mergeMajors(await fixtureInputs())
    expect(checkMajors(rows)).toEqual([])
    const by = (level: string, code: string) => rows.find((r) => r.level === level && r.code === code)
    expect(by('本科', '010101')).toMatchObject({
      major_id: 1,
      name: '哲学',
      category: '哲学',
      class_name: '哲学类',
      length: '四年',
      degree: '哲学学士',
      salary: null,
      salary_5y: 11000,
      rating: 4.2,
      ranking: null,
      hot_num: 2420530,
      provenance: 'real',
      source: 'LX,TK,FX',
    })
    // FX labels 1002xx 口腔医学类; TK and LX say 临床医学类
    expect(by('本科', '100201K')?.class_name).toBe('临床医学类')
    expect(report.disagreements).toContainEqual({
      code: '100201',
      field: 'class_name',
      values: ['临床医学类', '口腔医学类'],
    })
    // renumbered by the 2026 catalogue: one row under the new code, the old codes kept
    const robot = by('本科', '140001TK')
    expect(robot).toMatchObject({ name: '未来机器人', category: '交叉学科', class_name: '交叉学科' })
    expect(robot?.former_codes).toEqual(expect.arrayContaining(['083201TK', '083201']))
    expect(rows.filter((r) => r.name === '未来机器人')).toHaveLength(1)
    // major_id: TK's special_id where gaokao.cn numbers it, else the level base + the bare code
    expect(robot?.major_id).toBeLessThan(100000)
    expect(by('本科', '140012TK')?.major_id).toBe(1_140_012)
    // a TK/FX major absent from the 2026 catalogue is kept
    expect(by('本科', '0502100T')).toMatchObject({ source: 'TK,FX', class_name: '外国语言文学类' })
    // 专科: FX labels 4102xx 畜牧业类; gaokao.cn's tree says 林业类
    expect(by('专科', '410201')).toMatchObject({ class_name: '林业类', major_id: 3_410_201, source: 'FX' })
    expect(by('本科(职业教育)', '210101')).toMatchObject({ major_id: 2_210_101, category: '农林牧渔' })
    expect(rows.filter((r) => r.level !== '本科').every((r) => r.length === null && r.degree === null)).toBe(
      true,
    )
  })
})

describe('createMajorMatcher', () => {
  const rows: MajorRow[] = [
    major({ major_id: 1, code: '080901', name: '计算机科学与技术' }),
    major({ major_id: 2, code: '080902', name: '软件工程' }),
    major({ major_id: 3, code: '100201K', name: '临床医学', former_codes: ['100299'] }),
    major({ major_id: 4, code: '510201', name: '计算机应用技术', level: '专科' }),
    major({ major_id: 5, code: '310201', name: '计算机应用工程', level: '本科(职业教育)' }),
    major({ major_id: 6, code: '520101', name: '临床医学', level: '专科' }),
    major({ major_id: 7, code: '050201', name: '英语' }),
  ]
  const m = createMajorMatcher(rows)

  it('matches by code first (with or without T/K, former codes), at the plan level', () => {
    expect(m('随便什么名字', '本科', '080902')).toBe(2)
    expect(m('', '本科', '100201')).toBe(3)
    expect(m('', '本科', '100201K')).toBe(3)
    expect(m('', '本科', '100299')).toBe(3)
    expect(m('', '专科', '510201')).toBe(4)
    expect(m('', '本科', '510201')).toBeUndefined()
    expect(m('软件工程', '本科', '01')).toBe(2)
  })

  it('then by exact name, then without (方向 / 班 / 中外合作办学) annotations', () => {
    expect(m('软件工程', '本科')).toBe(2)
    expect(m('软件工程（嵌入式方向）', '本科')).toBe(2)
    expect(m('软件工程[卓越班](中外合作办学)', '本科')).toBe(2)
    expect(m('临床医学(5+3一体化)', '本科')).toBe(3)
    expect(m('临床医学', '专科')).toBe(6)
    expect(m('(中外合作)英语', '本科')).toBe(7)
    expect(m('英语专业', '本科')).toBe(7)
    expect(m(' 英 语 ', '本科')).toBe(7)
  })

  it('searches 职业本科 for 本科 plans, every level without one', () => {
    expect(m('计算机应用工程', '本科')).toBe(5)
    expect(m('计算机应用技术', undefined)).toBe(4)
    expect(m('临床医学', undefined)).toBe(3)
  })

  it('gives undefined for classes, groups and unknown names', () => {
    expect(m('计算机类', '本科')).toBeUndefined()
    expect(m('院校专业组投档线', '专科')).toBeUndefined()
    expect(m('', '本科')).toBeUndefined()
  })

  it('normalizes names', () => {
    expect(normalizeMajorName('软件工程【嵌入式】')).toBe('软件工程(嵌入式)')
  })
})

describe('checkMajors', () => {
  const good = () => [
    major({ major_id: 1, code: '080901', name: '计算机科学与技术' }),
    major({ major_id: 2, code: '080902', name: '软件工程' }),
  ]
  it('passes clean rows', () => {
    expect(checkMajors(good())).toEqual([])
  })
  it.each<[string, Partial<MajorRow>, string]>([
    ['duplicate (level, code)', { code: '080901' }, 'unique-code'],
    ['duplicate major_id', { major_id: 1 }, 'unique-major_id'],
    ['duplicate (level, name)', { name: '计算机科学与技术' }, 'unique-name'],
    ['unknown level', { level: '研究生' as MajorRow['level'] }, 'level'],
    ['code not catalogue-shaped', { code: '01' }, 'code'],
    ['empty class', { class_name: '' }, 'labels'],
    ['rating out of 1..5', { rating: 7 }, 'rating'],
    ['negative salary', { salary: -1 }, 'salary'],
  ])('catches %s', (_label, change, rule) => {
    const rows = good()
    Object.assign(rows[1] as MajorRow, change)
    expect(checkMajors(rows).map((v) => v.rule)).toContain(rule)
  })
  it('allows the same code at two levels', () => {
    const rows = good()
    Object.assign(rows[1] as MajorRow, { code: '080901', level: '专科' })
    expect(checkMajors(rows)).toEqual([])
  })
})

describe('majors builder', () => {
  it('writes the schema columns deterministically (byte-identical rebuilds)', async () => {
    const a = tmp()
    const b = tmp()
    const ra = await buildDatasets({ from: FIXTURES, out: a, tables: ['majors'], builders: [majorsBuilder] })
    await buildDatasets({ from: FIXTURES, out: b, tables: ['majors'], builders: [majorsBuilder] })
    expect(ra.tables[0]).toMatchObject({ table: 'majors', written: true, refused: null })
    expect(readFileSync(join(a, 'majors.parquet')).equals(readFileSync(join(b, 'majors.parquet')))).toBe(true)
    const rows = await readParquet(join(a, 'majors.parquet'))
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.majors.map((c) => c.name))
    expect(ra.summary.join('\n')).toMatch(/majors: \d+ rows \(本科 \d+, 本科\(职业教育\) \d+, 专科 \d+\)/)
  })

  it('refuses the table when a source is missing', async () => {
    const report = await buildDatasets({
      from: tmp(),
      out: tmp(),
      tables: ['majors'],
      builders: [majorsBuilder],
    })
    expect(report.tables[0]?.written).toBe(false)
    expect(report.tables[0]?.refused).toMatch(/missing source file/)
  })

  it('turns rows into cells in schema order', () => {
    const cells = majorCells([major({ major_id: 9, code: '080901', name: '甲', rating: 4.5 })])
    expect(cells[0]).toHaveLength(SCHEMA.majors.length)
    expect(cells[0]?.[SCHEMA.majors.findIndex((c) => c.name === 'rating')]).toBe(4.5)
  })
})

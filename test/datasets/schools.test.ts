import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { checkSchools } from '../../src/datasets/schools/checks.js'
import { deriveHot } from '../../src/datasets/schools/hot.js'
import { joinSchools, SID_BASE } from '../../src/datasets/schools/join.js'
import { createSchoolMatcher, schoolNameKeys } from '../../src/datasets/schools/match.js'
import { levelName, normalizeSchoolName } from '../../src/datasets/schools/normalize.js'
import {
  type GpSchool,
  type LxCollege,
  parseGpQiangji,
  parseGpSchools,
  parseLxColleges,
  parseMcDualClass,
  readGpQiangji,
  readGpSchools,
  readLxColleges,
  readMcDualClass,
} from '../../src/datasets/schools/sources.js'
import type { SchoolRow } from '../../src/datasets/schools/types.js'
import { schoolCells, schoolsBuilder } from '../../src/datasets/tables/schools.js'
import { FIXTURES } from './helpers.js'

const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-schools-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const fixtureInputs = async () => ({
  gp: (await readGpSchools(FIXTURES)) ?? [],
  lx: (await readLxColleges(FIXTURES)) ?? [],
  dualClass: (await readMcDualClass(FIXTURES)) ?? [],
  qiangji: (await readGpQiangji(FIXTURES)).mentions,
})

const gpSchool = (over: Partial<GpSchool> & Pick<GpSchool, 'id' | 'name'>): GpSchool => ({
  zsCode: '99999',
  province: '北京',
  city: '北京市',
  level: '本科',
  type: '综合类',
  nature: '公办',
  belong: '教育部',
  f985: false,
  f211: false,
  dualClass: false,
  minScores: [],
  ...over,
})
const lxCollege = (over: Partial<LxCollege> & Pick<LxCollege, 'moeCode' | 'name'>): LxCollege => ({
  province: '北京',
  city: '北京市',
  level: '本科',
  nature: 'public',
  affiliation: '教育部',
  ...over,
})
const row = (over: Partial<SchoolRow> & Pick<SchoolRow, 'sid' | 'name'>): SchoolRow => ({
  code: String(over.sid + 10000),
  moe_code: null,
  province: '北京',
  city: null,
  level_name: '普通本科',
  type_name: null,
  nature_name: null,
  belong: null,
  f985: 0,
  f211: 0,
  dual_class: 0,
  logo: '',
  hot: 1,
  zybw: 0,
  qjjh: 0,
  sgjh: 0,
  provenance: 'real',
  source: 'GP',
  ...over,
})

describe('school source adapters (fixture slices)', () => {
  it('reads GP school-index (plain .json accepted for the .json.gz) with its minimum scores', async () => {
    const gp = (await readGpSchools(FIXTURES)) ?? []
    expect(gp.length).toBeGreaterThan(20)
    const pku = gp.find((g) => g.id === 31)
    expect(pku).toMatchObject({
      zsCode: '10001',
      name: '北京大学',
      province: '北京',
      f985: true,
      dualClass: true,
    })
    expect(pku?.minScores.find((m) => m.province === '32' && m.typeId === '2073')).toMatchObject({
      year: 2025,
      score: expect.any(Number),
    })
    expect(gp.find((g) => g.id === 3838)).toMatchObject({ level: '', name: '南京大学体验' })
  })

  it('parses GP rows: booleans, 双一流 label, blank strings as null, numeric strings as scores', () => {
    const [g] = parseGpSchools(
      JSON.stringify({
        rows: [
          {
            gaokao_cn_id: 7,
            zs_code: 10007,
            name: ' X大学',
            province: '北京',
            city: '',
            level: '本科',
            type: '',
            nature: '公办',
            belong: '',
            f985: true,
            f211: false,
            dual_class: '双一流',
            pro_type_min: { '11': [{ year: 2025, type: { '3': '600', '1': '-' } }] },
          },
        ],
      }),
    )
    expect(g).toMatchObject({ id: 7, zsCode: '10007', city: null, type: null, belong: null, f985: true })
    expect(g?.dualClass).toBe(true)
    expect(g?.minScores).toEqual([{ province: '11', year: 2025, typeId: '3', score: 600 }])
  })

  it('reads LX colleges with short province names and MC / GP 强基 lists', async () => {
    const lx = (await readLxColleges(FIXTURES)) ?? []
    expect(lx.find((l) => l.name === '北京大学')).toMatchObject({
      moeCode: '4111010001',
      province: '北京',
      level: '本科',
      nature: 'public',
    })
    expect(
      parseLxColleges(JSON.stringify([{ moeCode: '4132010001', name: 'Y', province: '江苏省' }]))[0]
        ?.province,
    ).toBe('江苏')
    expect(
      parseMcDualClass('school_name,discipline_name,note\n甲大学,哲学,\n甲大学,数学,\n乙大学,,\n'),
    ).toEqual(['甲大学', '乙大学'])
    const quota = parseGpQiangji(
      JSON.stringify({
        records: [
          { school: { zs_code: '', name_zh: '强基总盘' } },
          { school: { zs_code: '10001', name_zh: '北京大学' } },
        ],
      }),
      'q.json',
    )
    expect(quota).toEqual([{ name: '北京大学', zsCode: '10001', file: 'q.json' }])
    const adapters = parseGpQiangji(
      JSON.stringify({
        schools: [
          { name: '甲', zs_code: '10001', programs: { qiangji: { offers: true } } },
          { name: '乙', zs_code: '10002', programs: { qiangji: { offers: false } } },
        ],
      }),
      'a.json',
    )
    expect(adapters.map((m) => m.name)).toEqual(['甲'])
  })

  it('normalizes names and levels', () => {
    expect(normalizeSchoolName(' 山东大学（威海）\u2005')).toBe('山东大学(威海)')
    expect(normalizeSchoolName('西藏农牧学院[公办]')).toBe('西藏农牧学院(公办)')
    expect(levelName('专科（高职）')).toBe('专科(高职)')
    expect(levelName('普通本科')).toBe('普通本科')
    expect(levelName('')).toBeNull()
  })
})

describe('joinSchools on the fixture slices', () => {
  it('joins LX and GP, keeps campuses apart, folds former names, excludes non-schools', async () => {
    const { rows, report } = joinSchools(await fixtureInputs())
    const by = (name: string) => rows.find((r) => r.name === name)
    expect(checkSchools(rows)).toEqual([])

    expect(by('北京大学')).toMatchObject({
      sid: 31,
      code: '10001',
      moe_code: '4111010001',
      level_name: '普通本科',
      f985: 985,
      f211: 211,
      dual_class: 1,
      logo: '31.jpg',
      qjjh: 1,
      source: 'GP,LX,MC',
      provenance: 'real',
    })
    // branch campuses are schools of their own, with a code that never reads as a sid
    expect(by('山东大学（威海）')).toMatchObject({ sid: 1219, code: 'gk1219', moe_code: null, source: 'GP' })
    expect(by('哈尔滨工业大学（深圳）')?.code).toBe('gk3255')
    // renamed: GP's current name, the MOE name kept as an alias; joined on code within the province
    expect(by('赤峰大学')).toMatchObject({ code: '10138', aliases: ['赤峰学院'] })
    expect(report.joinedByCode).toContainEqual({ moeName: '赤峰学院', gpName: '赤峰大学', code: '10138' })
    // GP's own code is wrong (33500) or begins with 0: the MOE code, whole when its last five begin with 0
    expect(by('长春师范高等专科学校')?.code).toBe('3622000335')
    // folded: a former school with the MOE school's code, and a programme of a school
    expect(by('山西文化旅游职业大学')?.aliases).toContain('太原旅游职业学院')
    expect(by('成都东软学院')?.aliases).toContain('成都东软学院（中外合作办学项目）')
    expect(by('太原旅游职业学院')).toBeUndefined()
    // a GP-only school with a national code of its own stays; sub-units without code or scores do not
    expect(by('山西旅游职业学院')).toMatchObject({ code: '13697', source: 'GP' })
    expect(by('天津理工大学伯恩茅斯学院')).toBeUndefined()
    const reasons = new Map(report.excluded.map((e) => [e.gpName, e.reason]))
    expect(reasons.get('南京大学体验')).toMatch(/no level/)
    expect(reasons.get('香港中文大学')).toMatch(/outside the 31/)
    expect(reasons.get('康复大学（停用）')).toMatch(/停用/)
    // MOE-only school: sid from SID_BASE, MOE code, empty logo
    expect(by('天津工程职业技术学院')).toMatchObject({
      sid: SID_BASE,
      code: '12487',
      logo: '',
      source: 'LX',
      level_name: '专科(高职)',
    })
    // 华北电力大学 (MOE) is GP's 华北电力大学（北京）; MC's 华北电力大学 and 国防科技大学 reach their rows
    expect(by('华北电力大学（北京）')?.aliases).toEqual(['华北电力大学'])
    expect(by('中国人民解放军国防科技大学')).toMatchObject({ source: 'GP,MC', qjjh: 1 })
    // MC's 上海体育学院 is the school GP calls 上海体育大学 (学院 → 大学 upgrade rule of the matcher)
    expect(report.dualClassUnmatched).toEqual([])
    expect(by('上海体育大学')?.source).toBe('GP,LX,MC')
    // 强基: named by a GP file and 985; a named non-985 school is reported, not flagged
    expect(by('北京科技大学')?.qjjh).toBe(0)
    expect(report.qiangjiRejected.map((r) => r.name)).toEqual(
      expect.arrayContaining(['北京科技大学', '中央财经大学']),
    )
    expect(by('北京师范大学')?.qjjh).toBe(1)
    // flags nobody lists
    expect(rows.every((r) => r.zybw === 0 && r.sgjh === 0)).toBe(true)
    // rows in sid order, hot a permutation
    expect(rows.map((r) => r.sid)).toEqual([...rows.map((r) => r.sid)].sort((a, b) => a - b))
    expect(new Set(rows.map((r) => r.hot)).size).toBe(rows.length)
  })

  it('joins on code only within the same province and only when one GP entry has it', () => {
    const { rows, report } = joinSchools({
      gp: [
        gpSchool({ id: 1, name: '新名大学', zsCode: '10500', province: '湖北' }),
        gpSchool({
          id: 2,
          name: '他省大学',
          zsCode: '10600',
          province: '湖南',
          minScores: [{ province: '43', year: 2025, typeId: '2073', score: 500 }],
        }),
      ],
      lx: [
        lxCollege({ moeCode: '4142010500', name: '旧名学院', province: '湖北' }),
        lxCollege({ moeCode: '4142010600', name: '同码学院', province: '湖北' }),
      ],
      dualClass: [],
      qiangji: [],
    })
    expect(report.joinedByCode).toEqual([{ moeName: '旧名学院', gpName: '新名大学', code: '10500' }])
    expect(rows.map((r) => [r.name, r.sid, r.code])).toEqual([
      ['新名大学', 1, '10500'],
      ['他省大学', 2, 'gk2'],
      ['同码学院', SID_BASE, '10600'],
    ])
  })

  it('GP level and name win over the MOE list (newer); conflicts are reported', () => {
    const { rows, report } = joinSchools({
      gp: [gpSchool({ id: 5, name: '某职业技术大学', zsCode: '12000', level: '本科' })],
      lx: [lxCollege({ moeCode: '4111012000', name: '某职业技术学院', level: '专科' })],
      dualClass: [],
      qiangji: [],
    })
    expect(rows[0]).toMatchObject({
      name: '某职业技术大学',
      level_name: '普通本科',
      aliases: ['某职业技术学院'],
    })
    expect(report.levelConflicts).toEqual([{ name: '某职业技术大学', moe: '专科(高职)', gp: '普通本科' }])
  })
})

describe('hot (derived from GP minimum scores)', () => {
  it('orders by mean position within each cohort, then schools without scores by flags', () => {
    const s = (sid: number, scores: [string, number, string, number][], over: Partial<SchoolRow> = {}) => ({
      row: row({ sid, name: `s${sid}`, ...over }),
      gp: { minScores: scores.map(([province, year, typeId, score]) => ({ province, year, typeId, score })) },
    })
    const hot = deriveHot([
      s(1, [['11', 2025, '3', 600]]),
      s(2, [
        ['11', 2025, '3', 650],
        ['11', 2024, '3', 100],
      ]),
      s(3, [['11', 2025, '3', 500]]),
      s(4, []),
      s(5, [], { f985: 985 }),
    ])
    expect([...hot.entries()].sort((a, b) => a[1] - b[1]).map(([sid]) => sid)).toEqual([2, 1, 3, 5, 4])
  })
})

describe('createSchoolMatcher', () => {
  const rows: SchoolRow[] = [
    row({ sid: 1, name: '山东大学' }),
    row({ sid: 2, name: '山东大学（威海）' }),
    row({ sid: 3, name: '哈尔滨工业大学' }),
    row({ sid: 4, name: '哈尔滨工业大学（威海）' }),
    row({ sid: 5, name: '北京大学' }),
    row({ sid: 6, name: '北京大学医学部' }),
    row({ sid: 7, name: '中国人民解放军国防科技大学' }),
    row({ sid: 8, name: '华北电力大学（北京）', aliases: ['华北电力大学'] }),
    row({ sid: 9, name: '华北电力大学（保定）' }),
    row({ sid: 10, name: '赤峰大学', aliases: ['赤峰学院'] }),
    row({ sid: 11, name: '中国地质大学（北京）' }),
    row({ sid: 12, name: '中国地质大学（武汉）' }),
    row({ sid: 13, name: '文华学院' }),
    row({ sid: 14, name: '天水师范大学' }),
    row({ sid: 15, name: '兴安职业技术大学' }),
    row({ sid: 16, name: '重庆资源与环境保护职业学院' }),
    row({ sid: 17, name: '甲学院', aliases: ['共用旧名'] }),
    row({ sid: 18, name: '乙学院', aliases: ['共用旧名'] }),
    row({ sid: 19, name: '湖南科技学院' }),
    row({ sid: 20, name: '湖南科技大学' }),
    row({ sid: 21, name: '香港中文大学（深圳）' }),
  ]
  const m = createSchoolMatcher(rows)

  it.each([
    ['山东大学', 1],
    ['山东大学(威海)', 2],
    ['山东大学 （威海）', 2],
    ['山东大学威海分校', 2],
    ['山东大学(威海校区)', 2],
    ['山东大学威海分校[公办]', 2],
    ['山东大学(青岛校区)', 1],
    ['哈尔滨工业大学(威海校区)', 4],
    ['北京大学(医学部)', 6],
    ['北京大学(中外合作办学)', 5],
    ['北京大学（较高收费）', 5],
    ['国防科技大学', 7],
    ['华北电力大学', 8],
    ['华北电力大学(保定)', 9],
    ['赤峰学院', 10],
    ['(民办)文华学院', 13],
    ['文华学', 13],
    ['天水师范学院', 14],
    ['兴安职业技术学院', 15],
    ['重庆资源与环境保护职业', 16],
    ['湖南科技学院', 19],
    ['香港中文大学(深圳)', 21],
  ])('%s → %i', (name, sid) => {
    expect(m(name)).toBe(sid)
  })

  it.each([
    ['中国地质大学', 'two schools begin so'],
    ['香港中文大学', 'a whole name, not its namesake’s campus'],
    ['共用旧名', 'an alias two schools share'],
    ['清华大学', 'unknown'],
    ['', 'empty'],
    ['2026年河南省普通高校招生录取控制分数线', 'not a school'],
  ])('%s → undefined (%s)', (name) => {
    expect(m(name)).toBeUndefined()
  })

  it('a name always wins over another school’s alias', () => {
    const mm = createSchoolMatcher([
      row({ sid: 1, name: '甲大学' }),
      row({ sid: 2, name: '乙大学', aliases: ['甲大学'] }),
    ])
    expect(mm('甲大学')).toBe(1)
  })

  it('lists the keys it tries, exact name first', () => {
    const keys = schoolNameKeys('山东大学（威海校区）')
    expect(keys[0]).toBe('山东大学(威海校区)')
    expect(keys).toEqual(expect.arrayContaining(['山东大学(威海)', '山东大学']))
    expect(keys.indexOf('山东大学(威海)')).toBeLessThan(keys.indexOf('山东大学'))
  })
})

describe('checkSchools', () => {
  const good = () => [row({ sid: 1, name: '甲', hot: 1 }), row({ sid: 2, name: '乙', hot: 2 })]

  it('passes clean rows', () => {
    expect(checkSchools(good())).toEqual([])
  })

  it.each<[string, (rows: SchoolRow[]) => void, string]>([
    ['duplicate sid', (r) => Object.assign(r[1] as SchoolRow, { sid: 1 }), 'unique-sid'],
    ['duplicate code', (r) => Object.assign(r[1] as SchoolRow, { code: '10001' }), 'unique-code'],
    [
      'duplicate name after normalisation',
      (r) => Object.assign(r[1] as SchoolRow, { name: ' 甲' }),
      'unique-name',
    ],
    [
      'code equal to another school’s sid',
      (r) => Object.assign(r[1] as SchoolRow, { code: '1' }),
      'code-sid',
    ],
    [
      'code reading as another school’s sid',
      (r) => Object.assign(r[1] as SchoolRow, { code: '00001' }),
      'code-sid',
    ],
    ['code not a slug', (r) => Object.assign(r[1] as SchoolRow, { code: 'a/b' }), 'code'],
    ['level_name', (r) => Object.assign(r[0] as SchoolRow, { level_name: '本科' }), 'level_name'],
    ['f985', (r) => Object.assign(r[0] as SchoolRow, { f985: 1 }), 'f985'],
    ['f211', (r) => Object.assign(r[0] as SchoolRow, { f211: 985 }), 'f211'],
    ['dual_class', (r) => Object.assign(r[0] as SchoolRow, { dual_class: 2 }), 'dual_class'],
    ['unknown province', (r) => Object.assign(r[0] as SchoolRow, { province: '香港' }), 'province'],
    ['full province name', (r) => Object.assign(r[0] as SchoolRow, { province: '北京市' }), 'province'],
    ['moe_code', (r) => Object.assign(r[0] as SchoolRow, { moe_code: '123' }), 'moe_code'],
    ['hot repeats', (r) => Object.assign(r[1] as SchoolRow, { hot: 1 }), 'hot'],
  ])('catches %s', (_label, mutate, rule) => {
    const rows = good()
    mutate(rows)
    expect(checkSchools(rows).map((v) => v.rule)).toContain(rule)
  })

  it('makes the builder refuse the table', async () => {
    const out = tmp()
    const broken = {
      ...schoolsBuilder,
      async build(ctx: Parameters<typeof schoolsBuilder.build>[0]) {
        const r = await schoolsBuilder.build(ctx)
        const [a, b] = r.rows
        if (a && b) b.code = String(a.sid)
        const problems = checkSchools(r.rows).length ? ['check violations'] : []
        return { ...r, problems }
      },
    }
    const report = await buildDatasets({ from: FIXTURES, out, tables: ['schools'], builders: [broken] })
    expect(report.tables[0]).toMatchObject({ written: false, refused: 'check violations' })
  })
})

describe('schools builder', () => {
  it('writes the schema columns deterministically (byte-identical rebuilds)', async () => {
    const a = tmp()
    const b = tmp()
    const ra = await buildDatasets({
      from: FIXTURES,
      out: a,
      tables: ['schools'],
      builders: [schoolsBuilder],
    })
    await buildDatasets({ from: FIXTURES, out: b, tables: ['schools'], builders: [schoolsBuilder] })
    expect(ra.tables[0]).toMatchObject({ table: 'schools', written: true, refused: null })
    expect(readFileSync(join(a, 'schools.parquet')).equals(readFileSync(join(b, 'schools.parquet')))).toBe(
      true,
    )
    expect(readFileSync(join(a, 'manifest.json')).equals(readFileSync(join(b, 'manifest.json')))).toBe(true)
    const rows = await readParquet(join(a, 'schools.parquet'))
    expect(Object.keys(rows[0] ?? {})).toEqual(SCHEMA.schools.map((c) => c.name))
    const manifest = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'))
    expect(manifest.tables.schools.rows).toBe(rows.length)
    expect(manifest.tables.schools.join.renamed.length).toBeGreaterThan(0)
    expect(ra.summary.join('\n')).toMatch(/schools: \d+ rows \(普通本科 \d+, 专科\(高职\) \d+\)/)
  })

  it('refuses the table when the school list sources are missing', async () => {
    const report = await buildDatasets({
      from: tmp(),
      out: tmp(),
      tables: ['schools'],
      builders: [schoolsBuilder],
    })
    expect(report.tables[0]?.written).toBe(false)
    expect(report.tables[0]?.refused).toMatch(/missing source file .*school-index/)
  })

  it('turns rows into cells in schema order', () => {
    const cells = schoolCells([row({ sid: 9, name: '甲', city: null })])
    expect(cells[0]).toHaveLength(SCHEMA.schools.length)
    expect(cells[0]?.[0]).toBe(9)
    expect(cells[0]?.[SCHEMA.schools.findIndex((c) => c.name === 'city')]).toBeNull()
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  calibrate,
  PRIOR,
  quantile,
  RATE_FLOOR,
  schoolObservations,
  YEAR_K,
  YEARS,
} from '../../src/datasets/employment/calibration.js'
import { checkDirections, checkEmployment, SUM_TOLERANCE } from '../../src/datasets/employment/checks.js'
import { hash32, mulberry32, Rng } from '../../src/datasets/employment/prng.js'
import {
  FJ_DIR,
  GP_EMPLOYMENT,
  levelFromName,
  parseFjJob,
  parseGpEmployment,
  parseTk,
  readFj,
  readFx,
  readGpEmployment,
  readTk,
  TK_FILE,
} from '../../src/datasets/employment/sources.js'
import {
  ANCHOR_YEAR,
  type DirectionRow,
  type EmploymentRow,
  roundShares,
  softBound,
  synthesize,
} from '../../src/datasets/employment/synth.js'
import { profileFor, schoolTypeFor } from '../../src/datasets/employment/vocab.js'
import { parseFxMajors } from '../../src/datasets/majors/sources.js'
import { fixedCalibration, major, manyMajors } from './employment-helpers.js'
import { FIXTURES } from './helpers.js'

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  )

// ------------------------------------------------------------------------------------------ PRNG

describe('prng', () => {
  it('mulberry32 is seeded and deterministic', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    const seqA = Array.from({ length: 5 }, a)
    expect(Array.from({ length: 5 }, b)).toEqual(seqA)
    expect(Array.from({ length: 5 }, mulberry32(43))).not.toEqual(seqA)
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true)
  })

  it('keeps the same numbers across versions (snapshot of the first draws)', () => {
    expect(hash32('')).toBe(hash32(''))
    expect(hash32('employment')).not.toBe(hash32('employmenu'))
    const first = Array.from({ length: 3 }, mulberry32(20260611)).map((x) => Math.round(x * 1e9))
    expect(first).toMatchInlineSnapshot(`
      [
        93103232,
        41176932,
        615689432,
      ]
    `)
    expect(hash32('20260611|rate|本科|080901')).toMatchInlineSnapshot(`4287894510`)
  })

  it('gives independent streams per key, reproducible per key', () => {
    const x = Rng.for(1, 'rate', '080901').float()
    expect(Rng.for(1, 'rate', '080901').float()).toBe(x)
    expect(Rng.for(1, 'rate', '080902').float()).not.toBe(x)
    expect(Rng.for(2, 'rate', '080901').float()).not.toBe(x)
  })

  it('has the expected distributions', () => {
    const rng = new Rng(7)
    const n = 20_000
    const u = Array.from({ length: n }, () => rng.float())
    const mean = u.reduce((a, b) => a + b, 0) / n
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01)
    const z = Array.from({ length: n }, () => rng.normal(3, 2))
    const zm = z.reduce((a, b) => a + b, 0) / n
    const zsd = Math.sqrt(z.reduce((a, b) => a + (b - zm) ** 2, 0) / n)
    expect(Math.abs(zm - 3)).toBeLessThan(0.05)
    expect(Math.abs(zsd - 2)).toBeLessThan(0.05)
    const ints = Array.from({ length: 5000 }, () => rng.int(1, 6))
    expect(Math.min(...ints)).toBe(1)
    expect(Math.max(...ints)).toBe(6)
    const f = Array.from({ length: n }, () => rng.logNormalFactor(0.1))
    expect(Math.abs(median(f) - 1)).toBeLessThan(0.01)
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5])
    expect(() => rng.pick([])).toThrow()
  })
})

// ------------------------------------------------------------------------------------------ adapters

describe('adapters on the fixture slices', () => {
  it('TK: salaries, 0 as missing, codes upper-cased', async () => {
    const tk = await readTk(FIXTURES)
    expect(tk.file).toBe(TK_FILE)
    const raw = JSON.parse(readFileSync(join(FIXTURES, TK_FILE), 'utf8')) as { data: unknown[] }
    expect(tk.majors).toHaveLength(raw.data.length)
    const phil = tk.majors.find((m) => m.code === '010101')
    expect(phil).toMatchObject({
      name: '哲学',
      category: '哲学',
      className: '哲学类',
      salaryAvg: null,
      salary5y: 11000,
    })
    const cs = tk.majors.find((m) => m.code === '080901')
    expect(cs).toMatchObject({ salaryAvg: 13512, salary5y: 12300 })
    expect(tk.majors.some((m) => m.salary5y === null && m.salaryAvg === null)).toBe(true)
    expect(tk.majors.some((m) => /[TK]$/u.test(m.code))).toBe(true)
    const inline = parseTk(
      JSON.stringify({
        data: [
          { spcode: '', name: 'x' },
          {
            spcode: '020308t',
            name: '精算学',
            level2_name: '经济学',
            level3_name: '金融学类',
            salaryavg: 15978,
            fivesalaryavg: 0,
          },
        ],
      }),
    )
    expect(inline).toEqual([
      {
        code: '020308T',
        name: '精算学',
        category: '经济学',
        className: '金融学类',
        salaryAvg: 15978,
        salary5y: null,
      },
    ])
  })

  it('FX: literal \\n separators, levels, "-" ratings', async () => {
    const fx = await readFx(FIXTURES)
    expect(fx.file).toMatch(/gaokao_major\.jsonl$/u)
    const raw = readFileSync(join(FIXTURES, fx.file as string), 'utf8')
    expect(raw.includes('\n')).toBe(false) // the slice keeps the source's separator
    expect(fx.majors.length).toBe(raw.split('}\\n{').length)
    expect(new Set(fx.majors.map((m) => m.level))).toEqual(new Set(['本科', '本科(职业教育)', '专科']))
    expect(fx.majors.find((m) => m.code === '010101')).toMatchObject({
      level: '本科',
      name: '哲学',
      rating: 4.2,
    })
    expect(fx.majors.some((m) => m.rating === null)).toBe(true)
    const two = parseFxMajors(
      '{"level_name": "高职（专科）", "major_code": "510201", "major_name": "计算机应用技术", "major_satisfaction": "-"}\\n' +
        '{"level_name": "本科（职业教育）", "major_code": "310201", "major_name": "计算机应用工程", "major_satisfaction": "4.5"}\\n',
    ).rows
    expect(two).toMatchObject([
      { level: '专科', code: '510201', rating: null },
      { level: '本科(职业教育)', code: '310201', rating: 4.5 },
    ])
  })

  it('FJ: rate, report year, salary; empty pages', async () => {
    const fj = await readFj(FIXTURES)
    expect(fj.dir).toBe(FJ_DIR)
    const scau = fj.schools.find((s) => s.id === 100)
    expect(scau).toEqual({ id: 100, name: '四川农业大学', year: 2021, rate: 94.94, salary: 9600 })
    const blank = fj.schools.find((s) => s.id === 1050)
    expect(blank).toMatchObject({ year: null, rate: null, salary: 8000 })
    expect(fj.schools.some((s) => s.rate === 0)).toBe(true) // a 0.00 placeholder
    expect(parseFjJob('{"school_id": "9", "school_name": "x", "jobrate": [], "salary": []}')).toEqual({
      id: 9,
      name: 'x',
      year: null,
      rate: null,
      salary: null,
    })
  })

  it('GP: the 2024 report figures', async () => {
    const gp = await readGpEmployment(FIXTURES)
    expect(gp.files).toContain(GP_EMPLOYMENT)
    expect(gp.reports.find((r) => r.school === '华中科技大学')).toMatchObject({
      rate: 96.36,
      salary: 9397,
      year: 2024,
    })
    expect(gp.reports.find((r) => r.school === '清华大学')?.rate).toBeNull()
    expect(parseGpEmployment('{"schools": []}')).toEqual([])
  })

  it('levelFromName tells 专科 schools, keeping 职业(技术)大学 at 本科', () => {
    expect(levelFromName('重庆航天职业技术学院')).toBe('专科')
    expect(levelFromName('商丘医学高等专科学校')).toBe('专科')
    expect(levelFromName('广州科技职业技术大学')).toBe('本科')
    expect(levelFromName('四川农业大学')).toBe('本科')
  })

  it('readers return nothing when a source is absent', async () => {
    const empty = join(FIXTURES, 'no-such-dir')
    expect(await readTk(empty)).toEqual({ file: null, majors: [] })
    expect(await readFx(empty)).toEqual({ file: null, majors: [] })
    expect(await readFj(empty)).toEqual({ dir: null, schools: [] })
  })
})

// ------------------------------------------------------------------------------------------ calibration

describe('calibration', () => {
  it('drops placeholder rates and adds GP reports for schools FJ lacks in 2024', async () => {
    const fj = (await readFj(FIXTURES)).schools
    const gp = (await readGpEmployment(FIXTURES)).reports
    const { observations, belowFloor } = schoolObservations(fj, [], gp)
    expect(belowFloor).toBe(fj.filter((s) => s.rate !== null && s.rate < RATE_FLOOR).length)
    expect(belowFloor).toBeGreaterThan(0)
    expect(observations.every((o) => o.rate >= RATE_FLOOR && o.rate <= 100)).toBe(true)
    const gpObs = observations.filter((o) => o.source === 'GP')
    expect(gpObs.map((o) => o.school).sort()).toEqual(['北京大学', '华中科技大学', '哈尔滨工业大学'])
    expect(gpObs.every((o) => o.degree === '本科' && o.year === 2024)).toBe(true)
  })

  it('shrinks thin years towards the pooled median and uses priors without data', () => {
    const fj = [
      ...Array.from({ length: 60 }, (_, i) => ({
        id: i,
        name: `大学${i}`,
        year: 2023,
        rate: 90,
        salary: null,
      })),
      { id: 100, name: '孤例大学', year: 2025, rate: 60, salary: null },
    ]
    const cal = calibrate(fj, [], [])
    const b = cal.degrees.本科
    expect(b.years[2023]?.median).toBe(90)
    expect(b.years[2025]?.n).toBe(1)
    // one school at 60 moves 2025 only by 1/(1+K) of the gap
    expect(b.years[2025]?.level).toBeCloseTo((60 + YEAR_K * b.median) / (1 + YEAR_K), 1)
    expect(b.years[2019]?.level).toBe(b.median)
    expect(cal.degrees.专科.n).toBe(0)
    expect(cal.degrees.专科.median).toBe(PRIOR.专科.median)
    expect(cal.salary.ratio).toBe(PRIOR.salaryRatio)
  })

  it('calibrates on the fixture slices', async () => {
    const cal = calibrate((await readFj(FIXTURES)).schools, [], (await readGpEmployment(FIXTURES)).reports)
    for (const d of ['本科', '专科'] as const) {
      expect(cal.degrees[d].median).toBeGreaterThan(85)
      expect(cal.degrees[d].median).toBeLessThan(97)
      for (const y of YEARS) expect(cal.degrees[d].years[y]?.level).toBeGreaterThan(80)
    }
    expect(cal.salary.ratio).toBeGreaterThan(0.5)
    expect(cal.salary.ratio).toBeLessThan(1)
  })
})

// ------------------------------------------------------------------------------------------ synthesizer

describe('synthesizer', () => {
  const majors = manyMajors()
  const cal = fixedCalibration()
  const tk = [
    {
      code: 'B00002',
      name: '计算机类专业0',
      category: '工学',
      className: '计算机类',
      salaryAvg: 13000,
      salary5y: 12300,
    },
    {
      code: 'X',
      name: '计算机类专业1',
      category: '工学',
      className: '计算机类',
      salaryAvg: 12000,
      salary5y: null,
    },
  ]
  const fx = [
    {
      level: '本科' as const,
      code: 'B00003',
      name: '计算机类专业1',
      category: '工学',
      className: '计算机类',
      rating: 4.4,
    },
  ]
  const { employment, directions, stats } = synthesize(majors, tk, fx, cal)

  it('covers every major in every year, directions for every major', () => {
    expect(employment).toHaveLength(majors.length * YEARS.length)
    expect(
      checkEmployment(
        employment,
        majors.map((m) => m.major_id),
      ),
    ).toEqual([])
    expect(
      checkDirections(
        directions,
        majors.map((m) => m.major_id),
      ),
    ).toEqual([])
    expect(stats.majors).toBe(majors.length)
  })

  it('keeps rates within bounds, centred on the calibrated level plus the discipline effect', () => {
    const rates = employment.map((r) => r.employment_rate)
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(63)
    expect(Math.max(...rates)).toBeLessThanOrEqual(99.5)
    for (const degree of ['本科', '专科'] as const)
      for (const year of YEARS) {
        const rows = employment.filter((r) => r.degree === degree && r.year === year)
        const level = cal.degrees[degree].years[year]?.level as number
        const effect =
          rows.reduce(
            (a, r) => a + (cal.degrees[degree].types[schoolTypeFor(r.class_name, r.discipline)]?.effect ?? 0),
            0,
          ) / rows.length
        expect(
          Math.abs(median(rows.map((r) => r.employment_rate)) - (level + effect)),
          `${degree} ${year}`,
        ).toBeLessThan(1.5)
      }
    // the spread between majors is about majorSd (plus yearly noise)
    const y2023 = employment
      .filter((r) => r.year === 2023 && r.degree === '本科')
      .map((r) => r.employment_rate)
    const iqrSd =
      (quantile(
        [...y2023].sort((a, b) => a - b),
        0.75,
      ) -
        quantile(
          [...y2023].sort((a, b) => a - b),
          0.25,
        )) /
      1.349
    expect(iqrSd).toBeGreaterThan(2)
    expect(iqrSd).toBeLessThan(4.5)
    // most majors between 80 and 97 % outside the dip year
    const usual = employment.filter((r) => r.year !== 2020).map((r) => r.employment_rate)
    expect(usual.filter((r) => r >= 80 && r <= 97.5).length / usual.length).toBeGreaterThan(0.9)
  })

  it('discipline effects follow the school types (师范 below 理工)', () => {
    const mean = (cls: string) => {
      const xs = employment
        .filter((r) => r.class_name === cls && r.degree === '本科')
        .map((r) => r.employment_rate)
      return xs.reduce((a, b) => a + b, 0) / xs.length
    }
    expect(mean('计算机类') - mean('教育学类')).toBeGreaterThan(1.5)
  })

  it('anchors salaries on TK and keeps the real value exact in 2023', () => {
    const cs = employment.filter((r) => r.major_code === 'B00002')
    const anchored = cs.find((r) => r.year === ANCHOR_YEAR) as EmploymentRow
    expect(anchored.salary_5y).toBe(12300)
    expect(anchored.salary_5y_provenance).toBe('real')
    expect(anchored.salary_anchor).toBe('TK fivesalaryavg')
    expect(anchored.source).toContain('TK')
    expect(cs.filter((r) => r.salary_5y_provenance === 'real')).toHaveLength(1)
    const byName = employment.find(
      (r) => r.major_code === 'B00003' && r.year === ANCHOR_YEAR,
    ) as EmploymentRow
    expect(byName.salary_anchor).toMatch(/^TK salaryavg/u)
    expect(byName.salary_5y_provenance).toBe('synthetic')
    expect(stats.tkMatched).toMatchObject({ fiveSalary: 1, salaryAvgOnly: 1 })
  })

  it('matches FX codes without the T/K suffix and TK codes with it', () => {
    const m = [
      major(1, '083201TK', '未来机器人', '工学', '交叉工程类'),
      major(2, '020308T', '精算', '经济学', '金融学类'),
    ]
    const r = synthesize(
      m,
      [
        {
          code: '020308T',
          name: '精算学',
          category: '经济学',
          className: '金融学类',
          salaryAvg: null,
          salary5y: 15000,
        },
      ],
      [
        {
          level: '本科',
          code: '083201',
          name: '未来机器人',
          category: '工学',
          className: '交叉工程类',
          rating: 4,
        },
      ],
      cal,
    )
    expect(r.employment.find((x) => x.major_id === 1)?.rating).toBe(4)
    expect(r.employment.find((x) => x.major_id === 2 && x.year === ANCHOR_YEAR)?.salary_5y).toBe(15000)
  })

  it('salaries grow from start to five years, by year, with ranges holding the value', () => {
    for (const r of employment) {
      expect(r.avg_salary).toBeLessThan(r.salary_3y)
      expect(r.salary_3y).toBeLessThan(r.salary_5y)
      expect(r.avg_salary_min).toBeLessThan(r.avg_salary)
      expect(r.avg_salary_max).toBeGreaterThan(r.avg_salary)
    }
    const start = (degree: string, year: number) =>
      median(employment.filter((r) => r.degree === degree && r.year === year).map((r) => r.avg_salary))
    expect(start('本科', 2025)).toBeGreaterThan(start('本科', 2019))
    expect(start('专科', 2025)).toBeLessThan(start('本科', 2025))
    expect(start('本科', 2023)).toBeGreaterThan(3000)
    expect(start('本科', 2023)).toBeLessThan(12000)
  })

  it('satisfaction: FX rating x 20 where FX has one, else a synthetic 3-5 rating', () => {
    const rated = employment.filter((r) => r.major_code === 'B00003')
    for (const r of rated) {
      expect(r.rating).toBe(4.4)
      expect(r.satisfaction).toBe(88)
      expect(r.satisfaction_provenance).toBe('derived')
    }
    for (const r of employment.filter((x) => x.rating === null)) {
      expect(r.satisfaction).toBeGreaterThanOrEqual(60)
      expect(r.satisfaction).toBeLessThanOrEqual(100)
      expect(r.satisfaction_provenance).toBe('synthetic')
    }
    expect(employment.every((r) => r.provenance === 'synthetic')).toBe(true)
  })

  it('directions: profile names, shares summing to exactly 100.0, the 其他 bucket last', () => {
    const cs = directions.filter((d) => d.major_id === majors[0]?.major_id)
    const industries = cs.filter((d) => d.kind === 'industry')
    expect(industries[0]?.name).toBe('信息传输、软件和信息技术服务业')
    expect(industries.at(-1)?.name).toBe('其他行业')
    expect(cs.filter((d) => d.kind === 'position').at(-1)?.name).toBe('其他岗位')
    const groups = new Map<string, number>()
    for (const d of directions)
      groups.set(`${d.major_id}|${d.kind}`, (groups.get(`${d.major_id}|${d.kind}`) ?? 0) + d.percentage * 10)
    for (const units of groups.values()) expect(Math.round(units)).toBe(1000)
    expect(profileFor('计算机类', '工学')).toBe('software')
    expect(profileFor('未知类', '装备制造大类')).toBe('mechanical')
    expect(profileFor('未知类', '未知')).toBe('general')
  })

  it('is deterministic and stable: a major keeps its numbers when others are removed', () => {
    const again = synthesize(majors, tk, fx, cal)
    expect(again.employment).toEqual(employment)
    expect(again.directions).toEqual(directions)
    const some = synthesize(majors.slice(30, 40), tk, fx, cal)
    const id = majors[35]?.major_id
    expect(some.employment.filter((r) => r.major_id === id)).toEqual(
      employment.filter((r) => r.major_id === id),
    )
    expect(some.directions.filter((r) => r.major_id === id)).toEqual(
      directions.filter((r) => r.major_id === id),
    )
  })

  it('helpers: soft bounds and share rounding', () => {
    expect(softBound(90)).toBe(90)
    expect(softBound(120)).toBeLessThan(99.5)
    expect(softBound(98)).toBeGreaterThan(97)
    expect(softBound(20)).toBeGreaterThan(63)
    expect(softBound(70)).toBeLessThan(75)
    const shares = roundShares([33.333, 33.333, 33.334])
    expect(shares.reduce((a, b) => a + b * 10, 0)).toBe(1000)
    expect(roundShares([12.26, 50.05, 37.69]).map((x) => Math.round(x * 10))).toEqual([123, 500, 377])
  })
})

// ------------------------------------------------------------------------------------------ checks

describe('checks catch violations', () => {
  const majors = [
    major(1, 'A1', '甲', '工学', '计算机类'),
    major(2, 'A2', '乙', '医药卫生', '护理类', '专科'),
  ]
  const { employment, directions } = synthesize(majors, [], [], fixedCalibration())
  const ids = majors.map((m) => m.major_id)
  const erules = (rows: EmploymentRow[]) => [...new Set(checkEmployment(rows, ids).map((v) => v.rule))]
  const drules = (rows: DirectionRow[]) => [...new Set(checkDirections(rows, ids).map((v) => v.rule))]
  const e0 = employment[0] as EmploymentRow
  const withE = (r: Partial<EmploymentRow>) => [{ ...e0, ...r }, ...employment.slice(1)]

  it('the clean tables pass', () => {
    expect(checkEmployment(employment, ids)).toEqual([])
    expect(checkDirections(directions, ids)).toEqual([])
  })

  it.each([
    ['unique', () => [...employment, e0]],
    ['rate', () => withE({ employment_rate: 100.5 })],
    ['rate', () => withE({ employment_rate: -1 })],
    ['satisfaction', () => withE({ satisfaction: 101 })],
    ['rating', () => withE({ rating: 6 })],
    ['salary', () => withE({ avg_salary: 0 })],
    ['salary', () => withE({ salary_5y: -100 })],
    ['salary', () => withE({ salary_3y_max: 1 })],
    ['salary', () => withE({ avg_salary: 5000.5 })],
    ['degree', () => withE({ degree: '硕士' as EmploymentRow['degree'] })],
    ['degree', () => withE({ degree: '专科' })],
    ['year', () => withE({ year: 2030 })],
    ['years', () => employment.slice(1)],
    ['coverage', () => employment.filter((r) => r.major_id !== 2)],
    ['provenance', () => withE({ salary_5y_provenance: 'guess' as EmploymentRow['provenance'] })],
    ['source', () => withE({ source: '' })],
  ] as const)('employment: %s', (rule, rows) => {
    expect(erules(rows() as EmploymentRow[])).toContain(rule)
  })

  const d0 = directions[0] as DirectionRow
  const withD = (r: Partial<DirectionRow>) => [{ ...d0, ...r }, ...directions.slice(1)]
  it.each([
    ['unique', () => [...directions, d0]],
    ['sum', () => withD({ percentage: d0.percentage + SUM_TOLERANCE + 0.5 })],
    ['percentage', () => withD({ percentage: 0 })],
    ['kind', () => withD({ kind: 'city' as DirectionRow['kind'] })],
    ['salary', () => withD({ avg_salary: -1 })],
    ['seq', () => withD({ seq: 99 })],
    ['coverage', () => directions.filter((d) => !(d.major_id === 2 && d.kind === 'position'))],
    ['provenance', () => withD({ provenance: 'x' as DirectionRow['provenance'] })],
  ] as const)('directions: %s', (rule, rows) => {
    expect(drules(rows() as DirectionRow[])).toContain(rule)
  })
})

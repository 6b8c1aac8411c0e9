import type { MajorLevel, MajorRow } from '../majors/types.js'
import { type Calibration, type Degree, YEARS } from './calibration.js'
import { Rng } from './prng.js'
import type { FxMajor, TkMajor } from './sources.js'
import {
  disciplineKey,
  type Profile,
  profileFor,
  salaryReferenceDiscipline,
  schoolTypeFor,
  vocab,
} from './vocab.js'

/**
 * The employment synthesizer (README.md documents the model). No source has major-level employment rates,
 * industries, positions or yearly trends: they are drawn here from seeded streams, calibrated on the
 * school-level sources (calibration.ts) and anchored on the real major-level values that exist (TK salaries,
 * FX satisfaction). Every number is a pure function of (SEED, the major's level and code, the sources).
 */

export const SYNTH_NAME = 'employment-synth/1'
export const SEED = 20260611
/** TK was crawled in late 2023 (README.md, "Salaries"): its salaries are the 2023 values. */
export const ANCHOR_YEAR = 2023
export const DIRECTIONS_YEAR = 2025

/** Nominal wage index by survey year, 2023 = 1 (assumption: about 3-4 % a year, flat in 2020). */
export const WAGE_INDEX: Record<number, number> = {
  2019: 0.87,
  2020: 0.88,
  2021: 0.92,
  2022: 0.95,
  2023: 1,
  2024: 1.025,
  2025: 1.05,
}

/** Five-year salary over starting salary, by level (assumption; per-major factor exp(N(0, 0.06))). */
export const GROWTH_5Y: Record<MajorLevel, number> = { 本科: 1.75, '本科(职业教育)': 1.68, 专科: 1.6 }
/** The three-year salary sits at this fraction of the log growth from start to five years. */
export const GROWTH_3Y_SHARE = 0.62
/** Log-sd of individual salaries at half a year, three and five years; the range is P25-P75 (±0.674 sd). */
export const RANGE_SD = { start: 0.3, y3: 0.38, y5: 0.45 } as const
/** Used only when TK is absent (a fixture copy of the sources): the five-year salary of a typical major. */
export const PRIOR_SALARY_5Y = 10_000
export const SATISFACTION_PRIOR = 4.1

export type Provenance = 'real' | 'derived' | 'synthetic'

export interface EmploymentRow {
  major_id: number
  major_code: string
  major_name: string
  level: MajorLevel
  degree: Degree
  discipline: string
  class_name: string
  year: number
  employment_rate: number
  avg_salary: number
  avg_salary_min: number
  avg_salary_max: number
  salary_3y: number
  salary_3y_min: number
  salary_3y_max: number
  salary_5y: number
  salary_5y_min: number
  salary_5y_max: number
  satisfaction: number
  rating: number | null
  salary_anchor: string
  salary_5y_provenance: Provenance
  satisfaction_provenance: Provenance
  provenance: Provenance
  source: string
}

export interface DirectionRow {
  major_id: number
  major_name: string
  degree: Degree
  year: number
  kind: 'industry' | 'position'
  seq: number
  name: string
  percentage: number
  avg_salary: number
  provenance: Provenance
  source: string
}

export interface SynthStats {
  majors: number
  salaryAnchors: Record<string, number>
  tkMatched: { fiveSalary: number; salaryAvgOnly: number; unmatchedTk: number }
  fxMatched: number
  tkRatio: number
}

export const degreeOf = (level: MajorLevel): Degree => (level === '专科' ? '专科' : '本科')
const round1 = (x: number): number => Math.round(x * 10) / 10
const round10 = (x: number): number => Math.round(x / 10) * 10
const normName = (s: string): string =>
  s.normalize('NFKC').replace(/\s+/gu, '').replace(/（/gu, '(').replace(/）/gu, ')')
/** Catalogue code without the T (特设) / K (国家控制布点) suffix: FX publishes codes without it, TK with it. */
export const baseCode = (code: string): string =>
  code
    .trim()
    .toUpperCase()
    .replace(/[TK]+$/u, '')
const medianOf = (values: readonly number[]): number => {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** The soft bounds of a rate: above 97 it approaches 99.5, below 75 it approaches 63. */
export function softBound(rate: number): number {
  if (rate > 97) return 97 + 2.5 * (1 - Math.exp(-(rate - 97) / 2.5))
  if (rate < 75) return 75 - 12 * (1 - Math.exp(-(75 - rate) / 12))
  return rate
}

/** Rounds shares (summing to 100) to one decimal so that they still sum to exactly 100.0 (largest remainder). */
export function roundShares(shares: readonly number[]): number[] {
  const units = shares.map((s) => Math.floor(s * 10))
  let missing = 1000 - units.reduce((a, b) => a + b, 0)
  const order = shares
    .map((s, i) => ({ i, frac: s * 10 - Math.floor(s * 10) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i)
  for (let k = 0; missing > 0 && order.length > 0; k = (k + 1) % order.length, missing--) {
    const i = (order[k] as { i: number }).i
    units[i] = (units[i] as number) + 1
  }
  return units.map((u) => u / 10)
}

interface Anchor {
  salary5y: number
  kind: string
  real: boolean
}

/** Per-major salary anchors: TK's five-year salary, TK's average salary scaled, or a group median. */
function salaryAnchors(majors: readonly MajorRow[], tk: readonly TkMajor[], ratio专科: number) {
  const tkByCode = new Map<string, TkMajor>()
  const tkByBase = new Map<string, TkMajor>()
  const tkByName = new Map<string, TkMajor>()
  for (const t of tk) {
    if (!tkByCode.has(t.code)) tkByCode.set(t.code, t)
    if (!tkByBase.has(baseCode(t.code))) tkByBase.set(baseCode(t.code), t)
    if (!tkByName.has(normName(t.name))) tkByName.set(normName(t.name), t)
  }
  const both = tk.filter((t) => t.salaryAvg !== null && t.salary5y !== null)
  const tkRatio =
    both.length >= 10 ? medianOf(both.map((t) => (t.salary5y as number) / (t.salaryAvg as number))) : 1
  const five = (t: TkMajor): number | null =>
    t.salary5y ?? (t.salaryAvg !== null ? Math.round(t.salaryAvg * tkRatio) : null)
  const groups = (key: (t: TkMajor) => string) => {
    const m = new Map<string, number[]>()
    for (const t of tk) {
      const v = five(t)
      if (v === null) continue
      const k = key(t)
      m.set(k, [...(m.get(k) ?? []), v])
    }
    return new Map([...m].filter(([, v]) => v.length >= 3).map(([k, v]) => [k, medianOf(v)]))
  }
  const byClass = groups((t) => t.className)
  const byDiscipline = groups((t) => t.category)
  const all = tk.map(five).filter((v): v is number => v !== null)
  const overall = all.length >= 3 ? medianOf(all) : PRIOR_SALARY_5Y

  const anchors = new Map<number, Anchor>()
  const used = new Set<TkMajor>()
  for (const m of majors) {
    const rng = Rng.for(SEED, 'salary-anchor', m.level, m.code)
    if (m.level === '本科') {
      const t =
        tkByCode.get(m.code.toUpperCase()) ?? tkByName.get(normName(m.name)) ?? tkByBase.get(baseCode(m.code))
      if (t?.salary5y) {
        anchors.set(m.major_id, { salary5y: t.salary5y, kind: 'TK fivesalaryavg', real: true })
        used.add(t)
        continue
      }
      if (t?.salaryAvg) {
        anchors.set(m.major_id, {
          salary5y: t.salaryAvg * tkRatio,
          kind: 'TK salaryavg x TK five/avg ratio',
          real: false,
        })
        used.add(t)
        continue
      }
      const c = byClass.get(m.class_name)
      const d = byDiscipline.get(disciplineKey(m.category))
      const [base, kind] =
        c !== undefined
          ? [c, 'TK 专业类 median']
          : d !== undefined
            ? [d, 'TK 门类 median']
            : [overall, 'TK median']
      anchors.set(m.major_id, { salary5y: base * rng.logNormalFactor(0.1), kind, real: false })
      continue
    }
    const ref = byDiscipline.get(salaryReferenceDiscipline(m.category))
    const factor = m.level === '专科' ? ratio专科 : (1 + ratio专科) / 2
    anchors.set(m.major_id, {
      salary5y: (ref ?? overall) * factor * rng.logNormalFactor(0.1),
      kind: `${ref !== undefined ? 'TK 门类 median' : 'TK median'} x FJ 专科/本科 ratio${m.level === '专科' ? '' : ' (half)'}`,
      real: false,
    })
  }
  return {
    anchors,
    tkRatio,
    unmatchedTk: tk.filter((t) => (t.salary5y || t.salaryAvg) && !used.has(t)).length,
  }
}

/** Satisfaction rating (1-5): FX's where it has one, else a group mean of FX ratings plus noise. */
function ratings(majors: readonly MajorRow[], fx: readonly FxMajor[]) {
  const byCode = new Map<string, FxMajor>()
  const byName = new Map<string, FxMajor>()
  for (const f of fx) {
    const k = `${f.level}|${baseCode(f.code)}`
    if (!byCode.has(k)) byCode.set(k, f)
    const n = `${f.level}|${normName(f.name)}`
    if (!byName.has(n)) byName.set(n, f)
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  const pools = new Map<string, number[]>()
  const add = (key: string, v: number) => pools.set(key, [...(pools.get(key) ?? []), v])
  for (const f of fx) {
    if (f.rating === null) continue
    const d = degreeOf(f.level)
    add(`c|${d}|${f.className}`, f.rating)
    add(`d|${d}|${disciplineKey(f.category)}`, f.rating)
    add(`l|${d}`, f.rating)
  }
  const pooled = (key: string) => {
    const v = pools.get(key)
    return v && v.length >= 3 ? mean(v) : undefined
  }
  const out = new Map<number, { rating: number; real: boolean }>()
  for (const m of majors) {
    const f = byCode.get(`${m.level}|${baseCode(m.code)}`) ?? byName.get(`${m.level}|${normName(m.name)}`)
    if (f?.rating != null) {
      out.set(m.major_id, { rating: f.rating, real: true })
      continue
    }
    const d = degreeOf(m.level)
    const base =
      pooled(`c|${d}|${m.class_name}`) ??
      pooled(`d|${d}|${disciplineKey(m.category)}`) ??
      pooled(`l|${d}`) ??
      SATISFACTION_PRIOR
    const r = base + Rng.for(SEED, 'satisfaction', m.level, m.code).normal(0, 0.2)
    out.set(m.major_id, { rating: round1(Math.min(5, Math.max(3, r))), real: false })
  }
  return out
}

function distribution(
  rng: Rng,
  items: readonly { name: string; weight: number; salary: number }[],
  other: { name: string; salary: number },
  start: number,
) {
  const drawn = items.map((it) => ({ ...it, weight: it.weight * rng.logNormalFactor(0.35) }))
  const otherShare = rng.uniform(5, 15)
  const total = drawn.reduce((a, b) => a + b.weight, 0)
  const shares = [...drawn.map((d) => ((100 - otherShare) * d.weight) / total), otherShare]
  const rounded = roundShares(shares)
  const named = drawn
    .map((d, i) => ({
      name: d.name,
      percentage: rounded[i] as number,
      avg_salary: round10(start * d.salary * rng.logNormalFactor(0.05)),
    }))
    .sort((a, b) => b.percentage - a.percentage || (a.name < b.name ? -1 : 1))
  return [
    ...named,
    { name: other.name, percentage: rounded.at(-1) as number, avg_salary: round10(start * other.salary) },
  ]
}

/** Employment rows (every major x YEARS) and direction rows (every major, industries then positions). */
export function synthesize(
  majors: readonly MajorRow[],
  tk: readonly TkMajor[],
  fx: readonly FxMajor[],
  cal: Calibration,
): { employment: EmploymentRow[]; directions: DirectionRow[]; stats: SynthStats } {
  const ordered = [...majors].sort((a, b) => a.major_id - b.major_id)
  const { anchors, tkRatio, unmatchedTk } = salaryAnchors(ordered, tk, cal.salary.ratio)
  const rated = ratings(ordered, fx)
  const employment: EmploymentRow[] = []
  const directions: DirectionRow[] = []
  const anchorCounts: Record<string, number> = {}
  const range = (v: number, sd: number) => [
    round10(v * Math.exp(-0.674 * sd)),
    round10(v * Math.exp(0.674 * sd)),
  ]

  for (const m of ordered) {
    const degree = degreeOf(m.level)
    const anchor = anchors.get(m.major_id) as Anchor
    const rating = rated.get(m.major_id) as { rating: number; real: boolean }
    anchorCounts[anchor.kind] = (anchorCounts[anchor.kind] ?? 0) + 1
    const key = [m.level, m.code] as const

    // employment rate: level(year) + school-type effect + major effect + major trend + yearly noise
    const dc = cal.degrees[degree]
    const typeEffect = dc.types[schoolTypeFor(m.class_name, m.category)]?.effect ?? 0
    const rateRng = Rng.for(SEED, 'rate', ...key)
    const majorEffect = rateRng.normal(0, dc.majorSd)
    const slope = rateRng.normal(0, 0.35)

    // salaries: five-year anchor (2023), start = five / growth, three years in between; yearly wage index
    const salaryRng = Rng.for(SEED, 'salary', ...key)
    const growth = GROWTH_5Y[m.level] * salaryRng.logNormalFactor(0.06)
    const drift = salaryRng.logNormalFactor(0.01)
    const start2023 = anchor.salary5y / growth
    const y3of2023 = start2023 * growth ** GROWTH_3Y_SHARE

    const satisfaction = round1(rating.rating * 20)
    const sources = [`${SYNTH_NAME} seed=${SEED}`]
    if (anchor.kind.startsWith('TK fivesalaryavg') || anchor.kind.startsWith('TK salaryavg'))
      sources.push('TK')
    if (rating.real) sources.push('FX')

    for (const year of YEARS) {
      const yRng = Rng.for(SEED, 'year', ...key, year)
      const level = dc.years[year]?.level ?? dc.median
      const rate = round1(
        softBound(level + typeEffect + majorEffect + slope * (year - 2022) + yRng.normal(0, 0.8)),
      )
      const index = (WAGE_INDEX[year] as number) * drift ** (year - ANCHOR_YEAR)
      const realFive = anchor.real && year === ANCHOR_YEAR
      const start = round10(start2023 * index * yRng.logNormalFactor(0.015))
      const y3 = round10(y3of2023 * index * yRng.logNormalFactor(0.015))
      const y5 = realFive
        ? Math.round(anchor.salary5y)
        : round10(anchor.salary5y * index * yRng.logNormalFactor(0.015))
      const [startMin, startMax] = range(start, RANGE_SD.start)
      const [y3Min, y3Max] = range(y3, RANGE_SD.y3)
      const [y5Min, y5Max] = range(y5, RANGE_SD.y5)
      employment.push({
        major_id: m.major_id,
        major_code: m.code,
        major_name: m.name,
        level: m.level,
        degree,
        discipline: m.category,
        class_name: m.class_name,
        year,
        employment_rate: rate,
        avg_salary: start,
        avg_salary_min: startMin as number,
        avg_salary_max: startMax as number,
        salary_3y: y3,
        salary_3y_min: y3Min as number,
        salary_3y_max: y3Max as number,
        salary_5y: y5,
        salary_5y_min: y5Min as number,
        salary_5y_max: y5Max as number,
        satisfaction,
        rating: rating.real ? rating.rating : null,
        salary_anchor: anchor.kind,
        salary_5y_provenance: realFive ? 'real' : 'synthetic',
        satisfaction_provenance: rating.real ? 'derived' : 'synthetic',
        provenance: 'synthetic',
        source: sources.join(' + '),
      })
    }

    // directions (DIRECTIONS_YEAR): industries and positions of the profile, shares drawn around its weights
    const last = employment.at(-1) as EmploymentRow
    const { industries: industryNames, industrySalary, otherIndustry, otherPosition, profiles } = vocab()
    const profile = profiles[profileFor(m.class_name, m.category)] as Profile
    const dirRng = Rng.for(SEED, 'directions', ...key)
    const dirSource = `${SYNTH_NAME} seed=${SEED}`
    const industries = distribution(
      dirRng,
      profile.industries.map(([code, weight]) => ({
        name: industryNames[code] as string,
        weight,
        salary: industrySalary[code] as number,
      })),
      { name: otherIndustry, salary: 0.92 },
      last.avg_salary,
    )
    const positions = distribution(
      dirRng,
      profile.positions.map(([name, weight, salary]) => ({ name, weight, salary })),
      { name: otherPosition, salary: 0.9 },
      last.avg_salary,
    )
    for (const [kind, list] of [
      ['industry', industries],
      ['position', positions],
    ] as const) {
      list.forEach((d, i) => {
        directions.push({
          major_id: m.major_id,
          major_name: m.name,
          degree,
          year: DIRECTIONS_YEAR,
          kind,
          seq: i + 1,
          name: d.name,
          percentage: d.percentage,
          avg_salary: d.avg_salary,
          provenance: 'synthetic',
          source: dirSource,
        })
      })
    }
  }

  const tkFive = ordered.filter((m) => anchors.get(m.major_id)?.real).length
  const tkAvg = ordered.filter((m) => anchors.get(m.major_id)?.kind.startsWith('TK salaryavg')).length
  return {
    employment,
    directions,
    stats: {
      majors: ordered.length,
      salaryAnchors: Object.fromEntries(Object.entries(anchorCounts).sort(([a], [b]) => (a < b ? -1 : 1))),
      tkMatched: { fiveSalary: tkFive, salaryAvgOnly: tkAvg, unmatchedTk },
      fxMatched: [...rated.values()].filter((r) => r.real).length,
      tkRatio: Math.round(tkRatio * 1000) / 1000,
    },
  }
}

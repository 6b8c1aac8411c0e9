import { type FjSchool, type GpReport, type GpSchool, levelFromName, type SchoolLevel } from './sources.js'

/**
 * Calibration of the employment synthesizer on the school-level sources (README.md, "Calibration"):
 * FJ's gaokao.cn employment pages (one 就业率 per school, report years 2019-2025) and GP's official 2024
 * report figures, joined to GP's school index for each school's level (本科 / 专科) and type (理工类, 师范类 ...).
 *
 * - level(degree, year): the median school rate of that report year, shrunk towards the degree's pooled median
 *   with weight n / (n + YEAR_K) (2025 has 7 schools, 2020 has 50: their medians alone would be noise);
 * - effect(degree, school type): median of that type minus the pooled median, shrunk with n / (n + TYPE_K);
 * - majorSd: the spread between majors, MAJOR_SD_FACTOR times the robust sd of school rates (IQR / 1.349):
 *   a major's national rate pools many schools, so majors vary less than single schools do;
 * - salary ratio 专科 / 本科: ratio of the medians of FJ's school salary values by level.
 */

export type Degree = SchoolLevel

export const YEARS = [2019, 2020, 2021, 2022, 2023, 2024, 2025] as const
export const YEAR_K = 30
export const TYPE_K = 20
export const POOL_K = 10
export const MAJOR_SD_FACTOR = 0.45
/** School rates below this are placeholders (FJ has 0.00 for 30 schools) or partial figures: not used. */
export const RATE_FLOOR = 50

/** Used only when a degree has no school data at all (e.g. a fixture copy of the sources without FJ). */
export const PRIOR = {
  本科: { median: 90, robustSd: 6.5 },
  专科: { median: 92, robustSd: 6 },
  salaryRatio: 0.8,
} as const

export interface SchoolObservation {
  school: string
  degree: Degree
  year: number | null
  rate: number
  type: string | null
  source: 'FJ' | 'GP'
}

export interface DegreeCalibration {
  n: number
  /** pooled median of school rates (shrunk towards PRIOR with POOL_K pseudo-observations) */
  median: number
  p25: number
  p75: number
  robustSd: number
  majorSd: number
  years: Record<number, { n: number; median: number | null; level: number }>
  types: Record<string, { n: number; median: number; effect: number }>
}

export interface Calibration {
  degrees: Record<Degree, DegreeCalibration>
  salary: {
    n本科: number
    n专科: number
    median本科: number | null
    median专科: number | null
    ratio: number
  }
  observations: { FJ: number; GP: number; belowFloor: number; levelFromName: number }
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (b - a) * (pos - lo)
}

const median = (values: readonly number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
const round2 = (x: number): number => Math.round(x * 100) / 100

/** School observations: FJ pages with a usable rate, plus GP 2024 report figures for schools FJ lacks in 2024. */
export function schoolObservations(
  fj: readonly FjSchool[],
  gpSchools: readonly GpSchool[],
  gpReports: readonly GpReport[],
): { observations: SchoolObservation[]; belowFloor: number; levelFromName: number } {
  const byId = new Map(gpSchools.map((s) => [s.id, s]))
  const byName = new Map(gpSchools.map((s) => [s.name, s]))
  const out: SchoolObservation[] = []
  let belowFloor = 0
  let fromName = 0
  for (const s of fj) {
    if (s.rate === null || s.rate > 100) continue
    if (s.rate < RATE_FLOOR) {
      belowFloor++
      continue
    }
    const gp = byId.get(s.id)
    let degree = gp?.level ?? null
    if (!degree) {
      degree = levelFromName(s.name)
      fromName++
    }
    out.push({ school: s.name, degree, year: s.year, rate: s.rate, type: gp?.type ?? null, source: 'FJ' })
  }
  const fj2024 = new Set(out.filter((o) => o.year === 2024).map((o) => o.school))
  for (const r of gpReports) {
    if (r.rate === null || r.rate < RATE_FLOOR || r.rate > 100 || fj2024.has(r.school)) continue
    out.push({
      school: r.school,
      degree: '本科',
      year: r.year,
      rate: r.rate,
      type: byName.get(r.school)?.type ?? null,
      source: 'GP',
    })
  }
  return { observations: out, belowFloor, levelFromName: fromName }
}

function degreeCalibration(degree: Degree, obs: readonly SchoolObservation[]): DegreeCalibration {
  const prior = PRIOR[degree]
  const rates = obs.map((o) => o.rate).sort((a, b) => a - b)
  const n = rates.length
  const rawMedian = n > 0 ? quantile(rates, 0.5) : prior.median
  const pooled = (n * rawMedian + POOL_K * prior.median) / (n + POOL_K)
  const p25 = n >= 4 ? quantile(rates, 0.25) : pooled - 0.674 * prior.robustSd
  const p75 = n >= 4 ? quantile(rates, 0.75) : pooled + 0.674 * prior.robustSd
  const robustSd = n >= 20 ? (p75 - p25) / 1.349 : prior.robustSd
  const years: DegreeCalibration['years'] = {}
  for (const y of YEARS) {
    const ys = obs.filter((o) => o.year === y).map((o) => o.rate)
    const m = ys.length > 0 ? median(ys) : null
    const level = m === null ? pooled : (ys.length * m + YEAR_K * pooled) / (ys.length + YEAR_K)
    years[y] = { n: ys.length, median: m === null ? null : round2(m), level: round2(level) }
  }
  const byType = new Map<string, number[]>()
  for (const o of obs) {
    if (!o.type) continue
    const list = byType.get(o.type) ?? []
    list.push(o.rate)
    byType.set(o.type, list)
  }
  const types: DegreeCalibration['types'] = {}
  for (const [type, list] of [...byType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const m = median(list)
    types[type] = {
      n: list.length,
      median: round2(m),
      effect: round2(((m - pooled) * list.length) / (list.length + TYPE_K)),
    }
  }
  return {
    n,
    median: round2(pooled),
    p25: round2(p25),
    p75: round2(p75),
    robustSd: round2(robustSd),
    majorSd: round2(MAJOR_SD_FACTOR * robustSd),
    years,
    types,
  }
}

export function calibrate(
  fj: readonly FjSchool[],
  gpSchools: readonly GpSchool[],
  gpReports: readonly GpReport[],
): Calibration {
  const { observations, belowFloor, levelFromName: fromName } = schoolObservations(fj, gpSchools, gpReports)
  const byId = new Map(gpSchools.map((s) => [s.id, s]))
  const salaries: Record<Degree, number[]> = { 本科: [], 专科: [] }
  for (const s of fj) {
    if (s.salary === null) continue
    salaries[byId.get(s.id)?.level ?? levelFromName(s.name)].push(s.salary)
  }
  const m本 = salaries.本科.length >= 10 ? median(salaries.本科) : null
  const m专 = salaries.专科.length >= 10 ? median(salaries.专科) : null
  return {
    degrees: {
      本科: degreeCalibration(
        '本科',
        observations.filter((o) => o.degree === '本科'),
      ),
      专科: degreeCalibration(
        '专科',
        observations.filter((o) => o.degree === '专科'),
      ),
    },
    salary: {
      n本科: salaries.本科.length,
      n专科: salaries.专科.length,
      median本科: m本,
      median专科: m专,
      ratio: m本 && m专 ? round2(m专 / m本) : PRIOR.salaryRatio,
    },
    observations: {
      FJ: observations.filter((o) => o.source === 'FJ').length,
      GP: observations.filter((o) => o.source === 'GP').length,
      belowFloor,
      levelFromName: fromName,
    },
  }
}

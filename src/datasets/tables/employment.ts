import { SCHEMA } from '../../data/schema.js'
import { type Calibration, calibrate, YEARS } from '../employment/calibration.js'
import { checkEmployment, summarize } from '../employment/checks.js'
import { readFj, readFx, readGpEmployment, readGpSchools, readTk } from '../employment/sources.js'
import {
  ANCHOR_YEAR,
  DIRECTIONS_YEAR,
  type DirectionRow,
  type EmploymentRow,
  GROWTH_3Y_SHARE,
  GROWTH_5Y,
  RANGE_SD,
  SEED,
  SYNTH_NAME,
  type SynthStats,
  synthesize,
  WAGE_INDEX,
} from '../employment/synth.js'
import type { MajorRow } from '../majors/types.js'
import type { CellValue } from '../parquet.js'
import type { TableBuilder } from '../table-builder.js'

export type { DirectionRow, EmploymentRow } from '../employment/synth.js'

/** What the employment builder hands to employment_directions (built in the same pass). */
export interface EmploymentBuild {
  employment: EmploymentRow[]
  directions: DirectionRow[]
  stats: SynthStats
  calibration: Calibration
}

export function employmentCells(rows: readonly EmploymentRow[]): CellValue[][] {
  return rows.map((r) =>
    SCHEMA.employment.map((c) => (r as unknown as Record<string, CellValue>)[c.name] ?? null),
  )
}

export function directionCells(rows: readonly DirectionRow[]): CellValue[][] {
  return rows.map((r) =>
    SCHEMA.employment_directions.map((c) => (r as unknown as Record<string, CellValue>)[c.name] ?? null),
  )
}

export const share = (n: number, total: number): string =>
  `${total ? ((100 * n) / total).toFixed(1) : '0.0'} %`

/** The synthesizer's parameters, for the manifest (README.md explains each). */
export const SYNTH_PARAMETERS = {
  name: SYNTH_NAME,
  prng: 'mulberry32, one stream per (seed, purpose, major level, major code[, year]) keyed by FNV-1a',
  seed: SEED,
  years: [...YEARS],
  salary_anchor_year: ANCHOR_YEAR,
  directions_year: DIRECTIONS_YEAR,
  wage_index: WAGE_INDEX,
  growth_5y: GROWTH_5Y,
  growth_3y_share: GROWTH_3Y_SHARE,
  salary_range_log_sd: RANGE_SD,
  rate_noise: { major_trend_sd_per_year: 0.35, year_sd: 0.8, soft_bounds: '97→99.5, 75→63' },
}

/**
 * employment: one row per major x year (2019-2025). Rates, starting salaries, trends are synthetic (no source
 * has them per major), calibrated on the school-level FJ/GP figures and anchored on TK salaries and FX
 * satisfaction (../employment/README.md).
 */
export const employmentBuilder: TableBuilder<EmploymentBuild> = {
  name: 'employment',
  dependsOn: ['majors'],
  async build(ctx) {
    const majors = ctx.dependency<MajorRow[]>('majors').rows
    ctx.progress('read', 0, 4)
    const [tk, fx, fj, gpSchools, gp] = [
      await readTk(ctx.from),
      await readFx(ctx.from),
      await readFj(ctx.from),
      await readGpSchools(ctx.from),
      await readGpEmployment(ctx.from),
    ]
    const problems: string[] = []
    if (!tk.file) problems.push('missing source TK (specials_lists.json)')
    if (!fx.file) problems.push('missing source FX (gaokao_major.jsonl)')
    if (!fj.dir) problems.push('missing source FJ (data/jobs/*.json)')
    if (majors.length === 0) problems.push('the majors table has no rows')
    ctx.progress('calibrate', 1, 4)
    const calibration = calibrate(fj.schools, gpSchools.schools, gp.reports)
    ctx.progress('synthesize', 2, 4)
    const { employment, directions, stats } = synthesize(majors, tk.majors, fx.majors, calibration)
    ctx.progress('check', 3, 4)
    const violations = checkEmployment(
      employment,
      majors.map((m) => m.major_id),
    )
    if (violations.length > 0) problems.push(summarize('employment', violations))

    const n = employment.length
    const count = (p: (r: EmploymentRow) => boolean) => employment.filter(p).length
    const perDegree = (d: string) =>
      new Set(employment.filter((r) => r.degree === d).map((r) => r.major_id)).size
    const summary = [
      `employment: ${n} rows = ${stats.majors} majors (本科 ${perDegree('本科')}, 专科 ${perDegree('专科')}) x ${YEARS.length} years ${YEARS[0]}-${YEARS.at(-1)}; ` +
        'rows synthetic 100.0 % (rates, starting salaries, trends)',
      `employment fields: salary_5y real ${share(
        count((r) => r.salary_5y_provenance === 'real'),
        n,
      )} (TK fivesalaryavg, ${ANCHOR_YEAR} rows of ${stats.tkMatched.fiveSalary} majors), ` +
        `satisfaction derived ${share(
          count((r) => r.satisfaction_provenance === 'derived'),
          n,
        )} (FX rating x 20, ${stats.fxMatched} majors), the rest synthetic`,
      `employment calibration: 本科 school median ${calibration.degrees.本科.median} % (n ${calibration.degrees.本科.n}), ` +
        `专科 ${calibration.degrees.专科.median} % (n ${calibration.degrees.专科.n}); salary ratio 专科/本科 ${calibration.salary.ratio}`,
    ]
    return {
      cells: employmentCells(employment),
      problems,
      summary,
      manifest: {
        provenance:
          'synthetic (every row); salary_5y real for TK majors in 2023; satisfaction derived from FX',
        sources_read: {
          TK: tk.file,
          FX: fx.file,
          FJ: fj.dir,
          GP: [gpSchools.file, ...gp.files].filter((f): f is string => f !== null),
        },
        synthesizer: SYNTH_PARAMETERS,
        calibration,
        anchors: stats,
        shares: {
          rows: { real: 0, derived: 0, synthetic: n },
          salary_5y: {
            real: count((r) => r.salary_5y_provenance === 'real'),
            synthetic: count((r) => r.salary_5y_provenance === 'synthetic'),
          },
          satisfaction: {
            derived: count((r) => r.satisfaction_provenance === 'derived'),
            synthetic: count((r) => r.satisfaction_provenance === 'synthetic'),
          },
        },
      },
      rows: { employment, directions, stats, calibration },
      details: { calibration, anchors: stats },
    }
  },
}

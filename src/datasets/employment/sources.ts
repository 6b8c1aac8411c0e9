import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { FX_MAJORS, type FxMajor, readFxMajors } from '../majors/sources.js'
import { listDir, readText } from '../sources/files.js'

/**
 * Adapters for the employment sources (../shared/data/INVENTORY.md §2.2, §2.9-2.11). Each has a pure parser
 * (text → records, tested on fixture slices) and a reader that finds the file under the sources dir and
 * returns nothing when it is absent (a fixture copy need not hold every source).
 */

export const TK_FILE = 'tking007__hugging_face_test/test_get_gaokao_data/specials/specials_lists.json'
export const FJ_DIR = 'FutureTechQuant__gaokao-jobs-crawler/data/jobs'
export const GP_SCHOOLS = 'hamajun-tao__gaokao-pro/cli/data/school-index.json.gz'
export const GP_EMPLOYMENT = 'hamajun-tao__gaokao-pro/cli/data/datasets/employment-2024.json'
export const GP_OUTCOMES = 'hamajun-tao__gaokao-pro/cli/data/datasets/employment-outcomes-2024.json'

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(String(v).trim())
  return Number.isFinite(n) ? n : null
}
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())
const positive = (v: unknown): number | null => {
  const n = num(v)
  return n !== null && n > 0 ? n : null
}

// ---------------------------------------------------------------------------------------------------- TK

/** A 本科 major of gaokao.cn's list (TK), with its salaries in yuan/month (null when the source has 0). */
export interface TkMajor {
  code: string
  name: string
  category: string
  className: string
  /** gaokao.cn `salaryavg`: the major's average monthly salary (experience not stated by the source) */
  salaryAvg: number | null
  /** gaokao.cn `fivesalaryavg`: average monthly salary five years after graduation */
  salary5y: number | null
}

export function parseTk(text: string): TkMajor[] {
  const doc = JSON.parse(text) as { data?: unknown }
  const data = Array.isArray(doc.data) ? doc.data : []
  const out: TkMajor[] = []
  for (const raw of data as Record<string, unknown>[]) {
    const code = str(raw.spcode).toUpperCase()
    const name = str(raw.name)
    if (!code || !name) continue
    out.push({
      code,
      name,
      category: str(raw.level2_name),
      className: str(raw.level3_name),
      salaryAvg: positive(raw.salaryavg),
      salary5y: positive(raw.fivesalaryavg),
    })
  }
  return out
}

export async function readTk(from: string): Promise<{ file: string | null; majors: TkMajor[] }> {
  const path = join(from, TK_FILE)
  if (!existsSync(path)) return { file: null, majors: [] }
  return { file: TK_FILE, majors: parseTk(await readText(path)) }
}

// ---------------------------------------------------------------------------------------------------- FX

export type { FxMajor } from '../majors/sources.js'

/** The 阳光高考 专业知识库 list (FX), parsed by the majors adapter, with the file it came from (null: absent). */
export async function readFx(from: string): Promise<{ file: string | null; majors: FxMajor[] }> {
  const read = await readFxMajors(from)
  return { file: read ? FX_MAJORS : null, majors: read?.rows ?? [] }
}

// ---------------------------------------------------------------------------------------------------- GP

export type SchoolLevel = '本科' | '专科'

export interface GpSchool {
  id: number
  name: string
  level: SchoolLevel | null
  type: string | null
}

export function parseGpSchoolIndex(text: string): GpSchool[] {
  const doc = JSON.parse(text) as { rows?: Record<string, unknown>[] }
  return (doc.rows ?? []).flatMap((r) => {
    const id = num(r.gaokao_cn_id)
    if (id === null) return []
    const level = str(r.level)
    return [
      {
        id,
        name: str(r.name),
        level: level.startsWith('本科') ? '本科' : level.startsWith('专科') ? '专科' : null,
        type: str(r.type) || null,
      } satisfies GpSchool,
    ]
  })
}

export async function readGpSchools(from: string): Promise<{ file: string | null; schools: GpSchool[] }> {
  const path = join(from, GP_SCHOOLS)
  if (!existsSync(path)) return { file: null, schools: [] }
  return { file: GP_SCHOOLS, schools: parseGpSchoolIndex(await readText(path)) }
}

/** One school's 本科 figure from an official 2024 就业质量报告 (GP employment-2024.json). */
export interface GpReport {
  school: string
  zsCode: string
  year: number
  /** 毕业去向落实率 (%), null when the summary does not give it */
  rate: number | null
  salary: number | null
  sourceUrl: string
}

export function parseGpEmployment(text: string): GpReport[] {
  const doc = JSON.parse(text) as { schools?: Record<string, unknown>[] }
  return (doc.schools ?? []).map((s) => {
    const u = (s.undergrad ?? {}) as Record<string, unknown>
    return {
      school: str(s.school),
      zsCode: str(s.zs_code),
      year: num(s.year) ?? 2024,
      rate: num(u.employment_rate_pct),
      salary: positive(u.avg_monthly_salary_yuan),
      sourceUrl: str(s.source_url),
    }
  })
}

/** Direct-employment and further-study rates of GP employment-outcomes-2024.json (official part only). */
export interface GpOutcome {
  school: string
  directEmployment: number | null
  gradSchool: number | null
  abroad: number | null
  confidence: string
}

export function parseGpOutcomes(text: string): GpOutcome[] {
  const doc = JSON.parse(text) as { schools?: Record<string, unknown>[] }
  return (doc.schools ?? []).map((s) => {
    const r = (s.rates ?? {}) as Record<string, unknown>
    return {
      school: str(s.school),
      directEmployment: num(r.direct_employment_pct),
      gradSchool: num(r.domestic_grad_school_pct),
      abroad: num(r.abroad_pct),
      confidence: str(s.confidence_level),
    }
  })
}

export async function readGpEmployment(
  from: string,
): Promise<{ files: string[]; reports: GpReport[]; outcomes: GpOutcome[] }> {
  const files: string[] = []
  let reports: GpReport[] = []
  let outcomes: GpOutcome[] = []
  if (existsSync(join(from, GP_EMPLOYMENT))) {
    files.push(GP_EMPLOYMENT)
    reports = parseGpEmployment(await readText(join(from, GP_EMPLOYMENT)))
  }
  if (existsSync(join(from, GP_OUTCOMES))) {
    files.push(GP_OUTCOMES)
    outcomes = parseGpOutcomes(await readText(join(from, GP_OUTCOMES)))
  }
  return { files, reports, outcomes }
}

// ---------------------------------------------------------------------------------------------------- FJ

/** One school's gaokao.cn employment page (FJ data/jobs/<id>.json). */
export interface FjSchool {
  id: number
  name: string
  /** report year of the rates (`jobrateyear`), null when blank */
  year: number | null
  /** 就业率 (%), null when the page has none */
  rate: number | null
  /** the page's one salary value (yuan/month; its key is unexplained, INVENTORY §2.9), null when none */
  salary: number | null
}

export function parseFjJob(text: string): FjSchool | null {
  const doc = JSON.parse(text) as Record<string, unknown>
  const id = num(doc.school_id)
  if (id === null) return null
  const jobrate = doc.jobrate as Record<string, unknown> | undefined
  const job = (jobrate && typeof jobrate === 'object' ? jobrate.job : undefined) as
    | Record<string, unknown>
    | undefined
  const rateValues = job && typeof job === 'object' ? Object.values(job) : []
  const salary = doc.salary as Record<string, unknown> | undefined
  const salaryValues = salary && typeof salary === 'object' ? Object.values(salary) : []
  const year = num(doc.jobrateyear)
  return {
    id,
    name: str(doc.school_name),
    year: year !== null && year >= 2000 ? year : null,
    rate: num(rateValues[0]),
    salary: positive(salaryValues[0]),
  }
}

export async function readFj(from: string): Promise<{ dir: string | null; schools: FjSchool[] }> {
  const dir = join(from, FJ_DIR)
  const names = (await listDir(dir)).filter((n) => n.endsWith('.json'))
  if (names.length === 0) return { dir: null, schools: [] }
  const schools: FjSchool[] = []
  for (const n of names) {
    const s = parseFjJob(await readText(join(dir, n)))
    if (s) schools.push(s)
  }
  schools.sort((a, b) => a.id - b.id)
  return { dir: FJ_DIR, schools }
}

/**
 * Level of a school not in GP's index, from its name: 职业/专科 schools are 专科, except the 职业(技术)大学
 * (本科-level vocational universities). Used only as a fallback for calibration.
 */
export function levelFromName(name: string): SchoolLevel {
  if (/职业(技术)?大学$/u.test(name)) return '本科'
  return /职业|专科|高专|职院/u.test(name) ? '专科' : '本科'
}

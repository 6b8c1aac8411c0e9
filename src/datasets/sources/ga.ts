import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, CandidateTable, RankRow, SourceAdapter } from '../types.js'
import { csvRecords, intCell, join, listDir, pushTo, readText, relPath } from './files.js'
import { readXlsx, type SheetRow } from './xlsx.js'

/**
 * GA = insensible104/GaokaoAgent, 广东 only.
 * - `backend/data/<year>_<物理|历史>_yifenyiduan.csv` (year, category, score, count, cumulative_count,
 *   rank); counts are written as floats ('3.0').
 * - `data/2011-2025广东高考一分一段表.xlsx`, sheet 一分一段表 (分数, 人数/分, 最差排名, 年份, 科类), read with
 *   the project's own minimal XLSX reader, for the years the CSVs do not cover (2011-2020).
 *   · A first row whose count is a placeholder (a backslash or '/') holds everyone down to its score: its
 *     count is its cumulative and it is the band '<score>-750'.
 *   · 2011-2017 are interpolated in the workbook (fractional counts such as 6.2 per score, cumulative
 *     counts that do not add up): excluded as not a published table.
 * Labels follow the exam mode: 广东 is 文理 until 2020 and 3+1+2 from 2021, so the workbook's 理科/文科
 * mean 物理类/历史类 from 2021 and the CSVs' 物理/历史 become 物理类/历史类.
 */
export const REPO = 'insensible104__GaokaoAgent'
const PROVINCE = '广东'
export const XLSX_PATH = 'data/2011-2025广东高考一分一段表.xlsx'
const XLSX_SHEET = '一分一段表'

export function gaCsvTable(
  records: Record<string, string>[],
  sourceFile: string,
): CandidateTable | { excluded: string; year: number; label: string } {
  const prov = provinceOf(PROVINCE)
  const first = records[0]
  const year = intCell(first?.year ?? '')
  const label = first?.category ?? ''
  const km = normalizeKm(prov, year, label)
  if (km === null) return { excluded: `label '${label}' does not fit the exam mode`, year, label }
  const rows: RankRow[] = records.map((r) => {
    const s = intCell(r.score)
    return { scoreLow: s, scoreHigh: s, num: intCell(r.count), total: intCell(r.cumulative_count) }
  })
  return { province: prov.name, year, km, level: '', source: 'GA', sourceFile, label, repairs: [], rows }
}

/** Tables of the workbook's rank sheet (rows as read by readXlsx), for the years in `years` or all. */
export function gaXlsxTables(
  sheet: readonly SheetRow[],
  sourceFile: string,
  skipYears: ReadonlySet<number>,
): AdapterResult {
  const prov = provinceOf(PROVINCE)
  const result: AdapterResult = { candidates: [], excluded: [] }
  const headerIndex = sheet.findIndex(
    (r) => Object.values(r).includes('分数') && Object.values(r).includes('年份'),
  )
  const header = sheet[headerIndex]
  if (!header) return result
  const col = (name: string) => Object.entries(header).find(([, v]) => v === name)?.[0] ?? ''
  const [cScore, cNum, cTotal, cYear, cKm] = ['分数', '人数/分', '最差排名', '年份', '科类'].map(col) as [
    string,
    string,
    string,
    string,
    string,
  ]
  const groups = new Map<string, SheetRow[]>()
  for (const r of sheet.slice(headerIndex + 1)) {
    if (!/^\d{4}$/u.test(r[cYear] ?? '')) continue
    pushTo(groups, `${r[cYear]}|${r[cKm] ?? ''}`, r)
  }
  for (const [key, list] of groups) {
    const [yearText, label] = key.split('|') as [string, string]
    const year = Number(yearText)
    if (skipYears.has(year)) continue
    const km = normalizeKm(prov, year, label)
    const base = {
      province: prov.name,
      year,
      km: km ?? label,
      level: '',
      source: 'GA' as const,
      sourceFile,
      label,
    }
    if (km === null) {
      result.excluded.push({ ...base, reason: `label '${label}' does not fit the exam mode` })
      continue
    }
    const fractional = list.filter((r) => /^\d+\.\d*[1-9]/u.test(r[cNum] ?? '')).length
    if (fractional > 0) {
      result.excluded.push({
        ...base,
        reason: `interpolated in the workbook (${fractional} fractional counts), not a published table`,
      })
      continue
    }
    const repairs: string[] = []
    const rows: RankRow[] = []
    list.forEach((r, i) => {
      const score = intCell(r[cScore] ?? '')
      const total = intCell(r[cTotal] ?? '')
      let num = intCell(r[cNum] ?? '')
      let high = score
      if (Number.isNaN(num) && /^[\\/]?$/u.test((r[cNum] ?? '').trim())) {
        num = total - (rows[rows.length - 1]?.total ?? 0)
        if (i === 0) {
          high = prov.fullScore
          repairs.push(`first row count '${r[cNum]}' is a placeholder: the top band ${score}-${high}`)
        } else repairs.push(`count of ${score} is a placeholder: read as the cumulative difference`)
      }
      rows.push({ scoreLow: score, scoreHigh: high, num, total })
    })
    result.candidates.push({ ...base, km, repairs, rows })
  }
  return result
}

export const ga: SourceAdapter = {
  id: 'GA',
  repo: REPO,
  async load(sourcesDir) {
    const result: AdapterResult = { candidates: [], excluded: [] }
    const dir = join(sourcesDir, REPO, 'backend', 'data')
    for (const name of (await listDir(dir)).filter((n) => /^\d{4}_[^_]+_yifenyiduan\.csv$/.test(n))) {
      const path = join(dir, name)
      const sourceFile = relPath(sourcesDir, path)
      const t = gaCsvTable(csvRecords(await readText(path)), sourceFile)
      if ('excluded' in t) {
        result.excluded.push({
          province: PROVINCE,
          year: t.year,
          km: t.label,
          level: '',
          source: 'GA',
          sourceFile,
          label: t.label,
          reason: t.excluded,
        })
      } else result.candidates.push(t)
    }
    const xlsx = join(sourcesDir, REPO, XLSX_PATH)
    if (existsSync(xlsx)) {
      const sheet = readXlsx(await readFile(xlsx), [XLSX_SHEET]).get(XLSX_SHEET) ?? []
      const csvYears = new Set(result.candidates.map((c) => c.year))
      const r = gaXlsxTables(sheet, relPath(sourcesDir, xlsx), csvYears)
      result.candidates.push(...r.candidates)
      result.excluded.push(...r.excluded)
    }
    return result
  },
}

import { existsSync } from 'node:fs'
import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, RankRow, SourceAdapter } from '../types.js'
import { intCell, join, pushTo, readText, relPath } from './files.js'

/**
 * LU = luanche/gaokao-data, 重庆 only: `json_data/latest_score_distribution.json` (2022-2025) and
 * `json_data/score_distribution_2026.json` (2026). Rows {年份, 科类, 批次?, 分数, 本段人数, 累计人数}.
 *
 * - 分数 is '612', a range '666-750' or '684+' (→ 684-750).
 * - The 本科批 and 专科批 segments of a year/科类 are one table (disjoint ranges): joined in order.
 * - A null 本段人数 (the '684+' top row) is read as the cumulative difference.
 */
export const REPO = 'luanche__gaokao-data'
const FILES = ['json_data/latest_score_distribution.json', 'json_data/score_distribution_2026.json']
const PROVINCE = '重庆'

interface LuRow {
  年份: number
  科类: string
  批次?: string
  分数: string | number
  本段人数: number | null
  累计人数: number
}

export function parseScore(text: string | number, fullScore: number): [number, number] {
  const s = String(text).trim()
  let m = /^(\d+)$/.exec(s)
  if (m) return [Number(m[1]), Number(m[1])]
  m = /^(\d+)\s*[-~～]\s*(\d+)$/.exec(s)
  if (m) return [Math.min(Number(m[1]), Number(m[2])), Math.max(Number(m[1]), Number(m[2]))]
  m = /^(\d+)\s*(\+|及以上|以上)$/.exec(s)
  if (m) return [Number(m[1]), fullScore]
  m = /^(\d+)\s*(及以下|以下)$/.exec(s)
  if (m) return [0, Number(m[1])]
  return [Number.NaN, Number.NaN]
}

export function luTables(rows: LuRow[], sourceFile: string): AdapterResult {
  const prov = provinceOf(PROVINCE)
  const result: AdapterResult = { candidates: [], excluded: [] }
  const groups = new Map<string, LuRow[]>()
  for (const r of rows) {
    const key = `${r.年份}|${r.科类}`
    pushTo(groups, key, r)
  }
  for (const [key, list] of groups) {
    const [yearText, label] = key.split('|') as [string, string]
    const year = Number(yearText)
    const km = normalizeKm(prov, year, label)
    const base = {
      province: prov.name,
      year,
      km: km ?? label,
      level: '',
      source: 'LU' as const,
      sourceFile,
      label,
    }
    if (km === null) {
      result.excluded.push({ ...base, reason: `label '${label}' does not fit the exam mode` })
      continue
    }
    const repairs: string[] = []
    const batches = [...new Set(list.map((r) => r.批次 ?? ''))]
    if (batches.length > 1) repairs.push(`batches ${batches.join(' + ')} joined`)
    const out: RankRow[] = []
    for (const r of list) {
      const [lo, hi] = parseScore(r.分数, prov.fullScore)
      const total = intCell(r.累计人数)
      const prevTotal = out[out.length - 1]?.total ?? 0
      let num = r.本段人数 === null || r.本段人数 === undefined ? Number.NaN : intCell(r.本段人数)
      if (Number.isNaN(num)) {
        num = total - prevTotal
        repairs.push(`count of '${r.分数}' (empty) read as the cumulative difference`)
      }
      out.push({ scoreLow: lo, scoreHigh: hi, num, total })
    }
    result.candidates.push({ ...base, km, repairs, rows: out })
  }
  return result
}

export const lu: SourceAdapter = {
  id: 'LU',
  repo: REPO,
  async load(sourcesDir) {
    const result: AdapterResult = { candidates: [], excluded: [] }
    for (const f of FILES) {
      const path = join(sourcesDir, REPO, f)
      if (!existsSync(path)) continue
      const r = luTables(JSON.parse(await readText(path)) as LuRow[], relPath(sourcesDir, path))
      result.candidates.push(...r.candidates)
      result.excluded.push(...r.excluded)
    }
    return result
  },
}

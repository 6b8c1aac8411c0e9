import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, RankRow, SourceAdapter } from '../types.js'
import { csvRecords, intCell, join, listDir, readText, relPath } from './files.js'

/**
 * ZQ = WJSGZZ/Zhiqu, `skills/zhiqu/data/<province>/yfyd_*.csv` (INVENTORY §6.5): 一分一段 tables the
 * repository says it took from the provincial exam authorities (`source` 识别 = read from an image, 官方 = a file):
 * 福建 2022-2023 and 湖北 2023 (物理, 历史), 江苏 2023 (物理, 历史; the 本科 region only, down to 448 / 474),
 * 河北 2021-2023 (物理 only, `score, cumulative`), 浙江 2022 (综合).
 *
 * - The first row of every file is the top of the table merged with every higher score: the files of 福建, 湖北
 *   and 浙江 say so (`首行为合并档`, `687↑`); 河北's and 江苏's first rows hold 3-16 times the candidates of the row
 *   below them (河北 2021: 31 at 691, then 6 at 690), which a single score does not. It becomes the band
 *   `<score>-<full score>` whose count is its cumulative count.
 * - 河北's files have no count column: a row's count is the difference of the cumulative counts.
 * - Nothing else is repaired. An OCR'd table that lost a digit breaks the cumulative checks and is rejected by the
 *   builder like any other table (INVENTORY §6.5's caveat).
 */
export const REPO = 'WJSGZZ__Zhiqu'
const ROOT = ['skills', 'zhiqu', 'data']

/** Folder name → province; the folders the INVENTORY lists. */
const PROVINCE_DIRS: Readonly<Record<string, string>> = {
  fujian: '福建',
  hebei: '河北',
  hubei: '湖北',
  jiangsu: '江苏',
  zhejiang: '浙江',
}

/** `yfyd_physics_2023.csv` → ['physics', 2023]; `yfyd_2022.csv` → ['', 2022] (浙江's one table). */
export function parseFileName(name: string): { label: string; year: number } | null {
  const m = /^yfyd_(?:([a-z]+)_)?(\d{4})\.csv$/.exec(name)
  return m ? { label: m[1] ?? '综合', year: Number(m[2]) } : null
}

/**
 * The table of one file. `cum` (or `cumulative`) is the rank of a row's last candidate; `count` where the file has
 * it. Returns null with the reason when a cell is not a whole number.
 */
export function zqTable(
  records: readonly Record<string, string>[],
  fullScore: number,
): { rows: RankRow[]; repairs: string[] } | { error: string } {
  const rows: RankRow[] = []
  const repairs: string[] = []
  const hasCount = records.length > 0 && 'count' in (records[0] as object)
  for (const [i, r] of records.entries()) {
    const score = intCell(r.score)
    const total = intCell(r.cum ?? r.cumulative)
    const prev = rows[rows.length - 1]?.total ?? 0
    const num = hasCount ? intCell(r.count) : total - prev
    if ([score, total, num].some(Number.isNaN)) return { error: `row ${i + 2}: not a whole number` }
    if (i === 0) {
      // the merged top: every candidate at or above the first score
      rows.push({ scoreLow: score, scoreHigh: fullScore, num: total, total })
      repairs.push(`first row ${score} read as the merged top band ${score}-${fullScore}`)
    } else rows.push({ scoreLow: score, scoreHigh: score, num, total })
  }
  if (!hasCount)
    repairs.push('counts are the differences of the cumulative counts (the file has no count column)')
  return { rows, repairs }
}

export const zq: SourceAdapter = {
  id: 'ZQ',
  repo: REPO,
  async load(sourcesDir) {
    const root = join(sourcesDir, REPO, ...ROOT)
    const result: AdapterResult = { candidates: [], excluded: [] }
    for (const dir of await listDir(root)) {
      const provinceName = PROVINCE_DIRS[dir]
      if (!provinceName) continue
      const prov = provinceOf(provinceName)
      for (const name of await listDir(join(root, dir))) {
        const parsed = parseFileName(name)
        if (!parsed) continue
        const path = join(root, dir, name)
        const sourceFile = relPath(sourcesDir, path)
        const km = normalizeKm(prov, parsed.year, parsed.label)
        const base = {
          province: prov.name,
          year: parsed.year,
          km: km ?? parsed.label,
          level: '',
          source: 'ZQ' as const,
        }
        if (km === null) {
          result.excluded.push({
            ...base,
            sourceFile,
            label: parsed.label,
            reason: `label '${parsed.label}' does not fit the exam mode`,
          })
          continue
        }
        const t = zqTable(csvRecords(await readText(path)), prov.fullScore)
        if ('error' in t) {
          result.excluded.push({ ...base, sourceFile, label: parsed.label, reason: t.error })
          continue
        }
        result.candidates.push({ ...base, km, sourceFile, label: parsed.label, ...t })
      }
    }
    return result
  },
}

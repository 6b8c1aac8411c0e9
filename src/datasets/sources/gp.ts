import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, RankRow, SourceAdapter } from '../types.js'
import { join, listDir, readText, relPath } from './files.js'

/**
 * GP = hamajun-tao/gaokao-pro, `cli/data/yifenyiduan/<prov>-<year>-<track>.json`:
 * `{province_name, year, track, track_cn, note, rows:[{score, count, cumulative}]}`.
 *
 * - Files with fewer than MIN_ROWS rows are checkpoint files (本科/特控 cut points), not rank tables:
 *   excluded.
 * - GP's OCR'd and step tables (四川 2024 "209 以下 step=2", 甘肃/贵州/江西/宁夏 10-point tails, OCR
 *   rows dropped by its monotonic filter) give, at a row that follows a gap, the count of every score
 *   down from the row above (count = difference of cumulatives). Such a row becomes the band
 *   '<score>-<score above - 1>'; its total is unchanged.
 * - When the note says the top is merged (顶段/顶档/顶部...合并, 及以上, 含 N+) the first row is the
 *   band '<score>-<full score>'.
 * - 广西 2025: GP's table is the 区外 one (总成绩+全国性加分; equal to LG's outside-guangxi series): level
 *   '区外'. (广西 2024 exists only here, is the only table published for the year in any source, and is
 *   kept as the ordinary table; it too counts the national bonus only.)
 * - When the note says the last row holds everyone below it ("101分以下...记为100"), the last row is
 *   the band '0-<score>'.
 */
export const REPO = 'hamajun-tao__gaokao-pro'
export const MIN_ROWS = 150

interface GpFile {
  province?: string
  province_name?: string
  year: number
  track?: string
  track_cn?: string
  note?: string
  rows: { score: number; count: number; cumulative: number }[]
}

const TOP_MERGED = /顶段|顶档|顶部|及以上|含\s*\d+\s*\+/u
const BOTTOM_FLOOR = /\d+\s*分以下.*记为\s*\d+/u

export function tableFromFile(doc: GpFile, fullScore: number): { rows: RankRow[]; repairs: string[] } {
  const repairs: string[] = []
  const rows: RankRow[] = []
  let gaps = 0
  doc.rows.forEach((r, i) => {
    const prev = doc.rows[i - 1]
    let high = r.score
    if (prev && prev.score - r.score > 1) {
      high = prev.score - 1
      gaps++
    }
    rows.push({ scoreLow: r.score, scoreHigh: high, num: r.count, total: r.cumulative })
  })
  if (gaps > 0) repairs.push(`${gaps} row(s) after a score gap read as bands down from the row above`)
  const note = doc.note ?? ''
  const first = rows[0]
  if (first && TOP_MERGED.test(note) && first.scoreHigh < fullScore) {
    first.scoreHigh = fullScore
    repairs.push('first row is the merged top band stated in the note')
  }
  const last = rows[rows.length - 1]
  if (last && rows.length > 1 && BOTTOM_FLOOR.test(note) && last.scoreLow > 0) {
    last.scoreLow = 0
    repairs.push('last row holds every lower score, as the note states')
  }
  return { rows, repairs }
}

export const gp: SourceAdapter = {
  id: 'GP',
  repo: REPO,
  async load(sourcesDir) {
    const dir = join(sourcesDir, REPO, 'cli', 'data', 'yifenyiduan')
    const result: AdapterResult = { candidates: [], excluded: [] }
    for (const name of (await listDir(dir)).filter((n) => n.endsWith('.json'))) {
      const path = join(dir, name)
      const sourceFile = relPath(sourcesDir, path)
      const doc = JSON.parse(await readText(path)) as GpFile
      if (!Array.isArray(doc.rows)) continue
      const prov = provinceOf(doc.province_name ?? doc.province ?? '')
      const label = doc.track_cn ?? doc.track ?? ''
      const km = normalizeKm(prov, doc.year, label)
      const base = { province: prov.name, year: doc.year, km: km ?? label, level: '', source: 'GP' as const }
      if (doc.rows.length < MIN_ROWS) {
        result.excluded.push({
          ...base,
          sourceFile,
          label,
          reason: `checkpoint file (${doc.rows.length} rows < ${MIN_ROWS}), not a full table`,
        })
        continue
      }
      if (km === null) {
        result.excluded.push({
          ...base,
          sourceFile,
          label,
          reason: `label '${label}' does not fit the exam mode`,
        })
        continue
      }
      const { rows, repairs } = tableFromFile(doc, prov.fullScore)
      const level =
        prov.name === '广西' && doc.year === 2025 && /全国性加分/u.test(doc.note ?? '') ? '区外' : ''
      result.candidates.push({ ...base, km, level, sourceFile, label, repairs, rows })
    }
    return result
  },
}

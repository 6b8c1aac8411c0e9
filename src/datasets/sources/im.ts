import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, CandidateTable, RankRow, SourceAdapter } from '../types.js'
import { csvRecords, intCell, join, listDir, pushTo, readText, relPath } from './files.js'

/**
 * IM = immaotianyi/gaokao-volunteer-v2, `backend/data/yifenyiduan_<year>.csv`
 * (province, year, subject_group, batch, score, segment_count, cumulative_count).
 *
 * - Rows are not stored in order in several tables: each table is sorted by score, highest first.
 * - A table split into batches with disjoint score ranges (甘肃/辽宁 本科 + 专科) is one table: the
 *   segments are joined. The first row of a later segment repeats its cumulative as its count; its
 *   count is recomputed as the difference of cumulatives.
 * - Batches whose ranges overlap are separate series (广东 本科/专科 bonus tables): level '' for 本科,
 *   '专科' for 专科.
 * - A first row at the full score followed by a gap (四川 2025 "750") is the merged top band:
 *   '<next score + 1>-<full score>'.
 * - Excluded: 广东 2026 (物理类/历史类 labels swapped, see INVENTORY §4) and 三校生类 (a vocational
 *   track, not an ordinary, art or sport table).
 * - Labels follow the exam mode: 2024 四川/河南/陕西 "物理类/历史类" become 理科/文科.
 */
export const REPO = 'immaotianyi__gaokao-volunteer-v2'

interface ImRow {
  score: number
  num: number
  total: number
}

export function imTables(records: Record<string, string>[], sourceFile: string): AdapterResult {
  const result: AdapterResult = { candidates: [], excluded: [] }
  const groups = new Map<string, Map<string, ImRow[]>>()
  for (const r of records) {
    const key = [r.province, r.year, r.subject_group].join('|')
    const g: Map<string, ImRow[]> = groups.get(key) ?? new Map()
    groups.set(key, g)
    const batch = r.batch ?? ''
    pushTo(g, batch, {
      score: intCell(r.score),
      num: intCell(r.segment_count),
      total: intCell(r.cumulative_count),
    })
  }
  for (const [key, batches] of groups) {
    const [provName, yearText, label] = key.split('|') as [string, string, string]
    const prov = provinceOf(provName)
    const year = Number(yearText)
    const km = normalizeKm(prov, year, label)
    const base = { province: prov.name, year, km: km ?? label, source: 'IM' as const, sourceFile, label }
    if (prov.name === '广东' && year === 2026) {
      result.excluded.push({
        ...base,
        level: '',
        reason: '广东 2026: 物理类/历史类 labels swapped in this source (INVENTORY §4); whole year dropped',
      })
      continue
    }
    if (/三校生|对口|单招/.test(label)) {
      result.excluded.push({
        ...base,
        level: '',
        reason: '三校生类 is a vocational track, not an ordinary/art/sport table',
      })
      continue
    }
    if (km === null) {
      result.excluded.push({ ...base, level: '', reason: `label '${label}' does not fit the exam mode` })
      continue
    }
    let resorted = false
    const segs = [...batches].map(([batch, rows]) => {
      const sorted = [...rows].sort((a, b) => b.score - a.score)
      if (sorted.some((r, i) => r !== rows[i])) resorted = true
      return { batch, rows: sorted }
    })
    segs.sort((a, b) => (b.rows[0]?.score ?? 0) - (a.rows[0]?.score ?? 0))
    const disjoint = segs.every((s, i) => {
      const next = segs[i + 1]
      const low = s.rows[s.rows.length - 1]?.score ?? 0
      return !next || (next.rows[0]?.score ?? 0) < low
    })
    const series: { level: string; parts: typeof segs }[] = disjoint
      ? [{ level: '', parts: segs }]
      : segs.map((s) => ({ level: /专科/.test(s.batch) ? '专科' : '', parts: [s] }))
    for (const { level, parts } of series) {
      const repairs: string[] = resorted ? ['rows sorted by score (stored out of order)'] : []
      const rows: RankRow[] = []
      parts.forEach((part, pi) => {
        part.rows.forEach((r, ri) => {
          const prev = rows[rows.length - 1]
          let num = r.num
          if (pi > 0 && ri === 0 && prev && num === r.total && r.total !== prev.total + num) {
            num = r.total - prev.total
            repairs.push(`segment '${part.batch}' first row count recomputed from cumulatives`)
          }
          rows.push({ scoreLow: r.score, scoreHigh: r.score, num, total: r.total })
        })
      })
      if (parts.length > 1) repairs.push(`batches ${parts.map((p) => p.batch).join(' + ')} joined`)
      const first = rows[0]
      const second = rows[1]
      if (first && second && first.scoreLow === prov.fullScore && second.scoreLow < prov.fullScore - 1) {
        first.scoreLow = second.scoreLow + 1
        first.scoreHigh = prov.fullScore
        repairs.push('first row at the full score read as the merged top band')
      }
      const cand: CandidateTable = { ...base, km, level, repairs, rows }
      result.candidates.push(cand)
    }
  }
  return result
}

export const im: SourceAdapter = {
  id: 'IM',
  repo: REPO,
  async load(sourcesDir) {
    const dir = join(sourcesDir, REPO, 'backend', 'data')
    const result: AdapterResult = { candidates: [], excluded: [] }
    for (const name of (await listDir(dir)).filter((n) => /^yifenyiduan_\d{4}\.csv$/.test(n))) {
      const path = join(dir, name)
      const r = imTables(csvRecords(await readText(path)), relPath(sourcesDir, path))
      result.candidates.push(...r.candidates)
      result.excluded.push(...r.excluded)
    }
    return result
  },
}

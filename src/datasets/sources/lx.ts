import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, RankRow, SourceAdapter } from '../types.js'
import { join, listDir, readText, relPath } from './files.js'

/**
 * LX = liuxusummer/gaokao-advisor, `public/data/scores/<省>/rank_table_<year>.json`:
 * `{province, year, categories:{<类>:[{score, count, cumulativeCount}]}}`.
 *
 * Repair: 湖北 2024 expands the merged top band (695+ / 670+) into synthetic rows from the full score
 * down, each with count 1 and then 0. A head of rows that starts at the full score and reads
 * 1,1,...,1,0,...,0 is collapsed into one band '<lowest of those scores>-<full score>' whose num is the
 * cumulative count at its last row (the rows above the first real score are dropped).
 * 江苏 2023/2024 (cumulative counts broken throughout) fail the checks and are rejected by the builder.
 */
export const REPO = 'liuxusummer__gaokao-advisor'

interface LxRow {
  score: number
  count: number
  cumulativeCount: number
}

/** Length of the synthetic head (1s then 0s from the full score), or 0 when there is none. */
export function syntheticHead(rows: readonly LxRow[], fullScore: number): number {
  if (rows[0]?.score !== fullScore || rows[0]?.count !== 1) return 0
  let i = 0
  while (i < rows.length && rows[i]?.count === 1) i++
  while (i < rows.length && rows[i]?.count === 0) i++
  // a head only counts when it is followed by real rows and covers at least a few scores
  return i >= 3 && i < rows.length ? i : 0
}

export function lxTable(rows: readonly LxRow[], fullScore: number): { rows: RankRow[]; repairs: string[] } {
  const repairs: string[] = []
  const head = syntheticHead(rows, fullScore)
  const out: RankRow[] = []
  let start = 0
  if (head > 0) {
    const last = rows[head - 1] as LxRow
    out.push({
      scoreLow: last.score,
      scoreHigh: fullScore,
      num: last.cumulativeCount,
      total: last.cumulativeCount,
    })
    repairs.push(`${head} synthetic rows above the first real score collapsed into the top band`)
    start = head
  }
  for (const r of rows.slice(start)) {
    out.push({ scoreLow: r.score, scoreHigh: r.score, num: r.count, total: r.cumulativeCount })
  }
  return { rows: out, repairs }
}

export const lx: SourceAdapter = {
  id: 'LX',
  repo: REPO,
  async load(sourcesDir) {
    const root = join(sourcesDir, REPO, 'public', 'data', 'scores')
    const result: AdapterResult = { candidates: [], excluded: [] }
    for (const provDir of await listDir(root)) {
      for (const name of (await listDir(join(root, provDir))).filter((n) =>
        /^rank_table_\d{4}\.json$/.test(n),
      )) {
        const path = join(root, provDir, name)
        const sourceFile = relPath(sourcesDir, path)
        const doc = JSON.parse(await readText(path)) as {
          province?: string
          year: number
          categories: Record<string, LxRow[]>
        }
        const prov = provinceOf(doc.province ?? provDir)
        for (const [label, rows] of Object.entries(doc.categories ?? {})) {
          const km = normalizeKm(prov, doc.year, label)
          const base = {
            province: prov.name,
            year: doc.year,
            km: km ?? label,
            level: '',
            source: 'LX' as const,
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
          const t = lxTable(rows, prov.fullScore)
          result.candidates.push({ ...base, km, sourceFile, label, ...t })
        }
      }
    }
    return result
  },
}

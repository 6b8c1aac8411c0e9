import { normalizeKm, provinceOf } from '../normalize.js'
import type { AdapterResult, CandidateTable, Exclusion, RankRow, SourceAdapter } from '../types.js'
import { join, listDir, pushTo, readText, relPath } from './files.js'

/**
 * LG = liuguanghui0226/gaokao-zhiyuan-site. Reads `rankConversions` from every province shard
 * `site/data/release-<version>/<slug>.json.gz` (plain `.json` is accepted too, for fixtures).
 *
 * One series per (year, subjectType, rankUsage, rankCategory, rankLevelUsage, rankInstitutionScope,
 * sourceId). Rows: score_low/high from `scoreRange` ({min,max} or [min,max]) else `score`;
 * num = `sameRankScore`; total = `rankEnd`.
 *
 * Series handling (documented in src/datasets/README.md):
 * - rankUsage/rankLevelUsage `vocational` (广东 专科加分 tables) → level '专科'; `undergraduate` → ''.
 * - rankUsage `art`/`sports`: km = rankCategory (体育类, 美术与设计类 ...), with the subject
 *   appended where the series is split by 物理/历史 (吉林): 体育类(物理).
 * - other rankUsage values (青海 2024 专科 M段 final-collection table, 吉林 对口招生/高职单招) are excluded.
 * - 广西 2025: the 区内 (inside-guangxi) series is the ordinary table (level ''); the 区外
 *   (outside-guangxi, national bonus only) series is kept as level '区外'.
 * - a third-party (dxsbb-*) series is excluded when an official series exists for the same table (山西 2025).
 */
export const REPO = 'liuguanghui0226__gaokao-zhiyuan-site'

interface LgRow {
  province: string
  year: number
  subjectType: string
  score: number
  scoreRange?: { min: number; max: number } | [number, number]
  rankStart?: number
  rankEnd: number
  sameRankScore: number
  sourceId: string
  rankUsage?: string
  rankCategory?: string
  rankLevelUsage?: string
  rankInstitutionScope?: string
}

const KNOWN_USAGE = new Set(['undergraduate', 'vocational', 'art', 'sports'])

/** Parses `rankConversions` only; tries the tail of the document first (it is the last key). */
export function parseRankConversions(text: string): LgRow[] {
  const idx = text.lastIndexOf('"rankConversions"')
  if (idx >= 0) {
    try {
      const tail = JSON.parse(`{${text.slice(idx)}`) as { rankConversions?: unknown }
      if (Array.isArray(tail.rankConversions)) return tail.rankConversions as LgRow[]
    } catch {
      // not the last key, or the string occurred inside a value: parse the whole document
    }
  }
  const doc = JSON.parse(text) as { rankConversions?: unknown }
  return Array.isArray(doc.rankConversions) ? (doc.rankConversions as LgRow[]) : []
}

function range(r: LgRow): [number, number] {
  const sr = r.scoreRange
  if (Array.isArray(sr)) return [sr[0], sr[1]]
  if (sr && typeof sr === 'object') return [sr.min, sr.max]
  return [r.score, r.score]
}

/**
 * The LG snapshot's release folder with the highest version number, or null: every LG reader (score ranks,
 * plans, score lines) reads the same release.
 */
export async function lgReleaseDir(sourcesDir: string): Promise<string | null> {
  const base = join(sourcesDir, REPO, 'site', 'data')
  const rels = (await listDir(base)).filter((n) => /^release-v[\d.]+$/.test(n))
  if (rels.length === 0) return null
  const ver = (n: string) => n.replace('release-v', '').split('.').map(Number)
  rels.sort((a, b) => {
    const va = ver(a)
    const vb = ver(b)
    for (let i = 0; i < Math.max(va.length, vb.length); i++) {
      const d = (va[i] ?? 0) - (vb[i] ?? 0)
      if (d !== 0) return d
    }
    return 0
  })
  return join(base, rels[rels.length - 1] as string)
}

export function tablesFromRows(rows: LgRow[], sourceFile: string): AdapterResult {
  const candidates: CandidateTable[] = []
  const excluded: Exclusion[] = []
  const series = new Map<string, LgRow[]>()
  for (const r of rows) {
    const key = [
      r.year,
      r.subjectType,
      r.rankUsage ?? '',
      r.rankCategory ?? '',
      r.rankLevelUsage ?? '',
      r.rankInstitutionScope ?? '',
      r.sourceId,
    ].join('|')
    pushTo(series, key, r)
  }
  const prepared: { cand: CandidateTable; third: boolean }[] = []
  for (const list of series.values()) {
    const head = list[0] as LgRow
    const prov = provinceOf(head.province)
    const usage = head.rankUsage
    const level =
      usage === 'vocational' || head.rankLevelUsage === 'vocational'
        ? '专科'
        : head.rankInstitutionScope === 'outside-guangxi'
          ? '区外'
          : ''
    const artOrSport = usage === 'art' || usage === 'sports'
    const label = [head.subjectType, usage, head.rankCategory, head.rankLevelUsage, head.rankInstitutionScope]
      .filter(Boolean)
      .join('/')
    const km = artOrSport
      ? normalizeKm(
          prov,
          head.year,
          head.rankCategory ?? (usage === 'sports' ? '体育类' : '艺术类'),
          head.subjectType === '综合' ? undefined : head.subjectType,
        )
      : normalizeKm(prov, head.year, head.subjectType)
    const base = {
      province: prov.name,
      year: head.year,
      km: km ?? head.subjectType,
      level,
      source: 'LG' as const,
    }
    const exclude = (reason: string) => excluded.push({ ...base, sourceFile, label, reason })
    if (usage !== undefined && !KNOWN_USAGE.has(usage)) {
      exclude(`series '${usage}' is not an ordinary, art or sport rank table of the whole cohort`)
      continue
    }
    if (km === null) {
      exclude(`label '${head.subjectType}' does not fit the exam mode of ${prov.name} ${head.year}`)
      continue
    }
    const out: RankRow[] = list.map((r) => {
      const [lo, hi] = range(r)
      return { scoreLow: lo, scoreHigh: hi, num: r.sameRankScore, total: r.rankEnd }
    })
    const cand: CandidateTable = { ...base, km, sourceFile, label, repairs: [], rows: out }
    prepared.push({ cand, third: /^(dxsbb|third)/.test(head.sourceId) })
  }
  // A third-party copy inside LG yields to an official series of the same table.
  for (const { cand, third } of prepared) {
    const official = prepared.some(
      (o) =>
        !o.third &&
        o.cand !== cand &&
        o.cand.province === cand.province &&
        o.cand.year === cand.year &&
        o.cand.km === cand.km &&
        o.cand.level === cand.level,
    )
    if (third && official) {
      excluded.push({
        ...cand,
        reason: 'third-party (dxsbb) copy; the official series of the same table is kept',
      })
    } else candidates.push(cand)
  }
  return { candidates, excluded }
}

export const lg: SourceAdapter = {
  id: 'LG',
  repo: REPO,
  async load(sourcesDir) {
    const dir = await lgReleaseDir(sourcesDir)
    const result: AdapterResult = { candidates: [], excluded: [] }
    if (!dir) return result
    const files = (await listDir(dir)).filter(
      (n) => /\.json(\.gz)?$/.test(n) && !/^(knowledge-core|manifest)/.test(n),
    )
    for (const name of files) {
      const path = join(dir, name)
      const rows = parseRankConversions(await readText(path))
      const r = tablesFromRows(rows, relPath(sourcesDir, path))
      result.candidates.push(...r.candidates)
      result.excluded.push(...r.excluded)
    }
    return result
  },
}

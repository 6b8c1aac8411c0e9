import { PROVINCES } from '../../domain/provinces.js'
import { kmOrder } from '../normalize.js'
import { pushTo } from '../sources/files.js'
import type { LineCandidate, LineExclusion, LineKind, LineSource } from './types.js'

/**
 * From candidate lines to the rows of score_lines (README.md, "Choosing among sources"):
 * 1. within a source, one line per (province, year, type_name, name): repeats with the same score merge,
 *    different scores under one name are ambiguous and dropped;
 * 2. canonical ordinary lines (本科批, 专科批, 特殊类型招生控制线 ...) are compared across sources key by key:
 *    the score most sources give wins, ties go by priority;
 * 3. every other line (art, sport, programme, province-specific batch names) is taken, per province, year and
 *    kind, from the best-priority source that has such lines: names differ between sources, so they are not
 *    matched line by line.
 */

/** Priority of the sources when agreement does not decide; LG's third-party (dxsbb) copies come last. */
export const LINE_PRIORITY: readonly LineSource[] = ['LG', 'GA', 'LU', 'GP', 'IM']
export const LINE_PRIORITY_RULE =
  'Per canonical line (province, year, type_name, name): the score given by the most sources wins; ties go by ' +
  'priority LG (official) > GA > LU > GP > IM > LG third-party (dxsbb). Other lines (art, sport, programme, ' +
  'province-specific batch names): per province, year and kind, all lines of the best-priority source that ' +
  'has any.'

export function sourceRank(c: Pick<LineCandidate, 'source' | 'thirdParty'>): number {
  return c.thirdParty ? LINE_PRIORITY.length : LINE_PRIORITY.indexOf(c.source)
}

export const sourceTag = (c: Pick<LineCandidate, 'source' | 'thirdParty'>): string =>
  c.thirdParty ? `${c.source}(third-party)` : c.source

export const lineKey = (l: Pick<LineCandidate, 'province' | 'year' | 'typeName' | 'name'>): string =>
  `${l.province}|${l.year}|${l.typeName}|${l.name}`

/** `is_use`: 1 for the lines that bind every candidate of the category; 0 for programme lines. */
export const isUseOf = (kind: LineKind): 0 | 1 => (kind === 'program' ? 0 : 1)

export interface LineRow {
  id: number
  year: number
  province: string
  typeName: string
  name: string
  score: number
  majorScore: number | null
  isUse: 0 | 1
  kind: LineKind
  canonical: boolean
  /** The source shipped */
  source: LineSource
  sourceFile: string
  /** Sources that gave the same score (canonical lines), the shipped one first */
  agreeing: string[]
  count?: number | null
}

export interface LineConflict {
  province: string
  year: number
  type_name: string
  name: string
  chosen: number
  rule: 'majority' | 'priority'
  values: { score: number; sources: string[] }[]
}

export interface AmbiguousLine {
  province: string
  year: number
  type_name: string
  name: string
  source: string
  scores: number[]
}

export interface SupersededLines {
  province: string
  year: number
  kind: LineKind
  chosen: string
  others: { source: string; lines: number }[]
}

export interface LinesPlan {
  rows: LineRow[]
  conflicts: LineConflict[]
  ambiguous: AmbiguousLine[]
  superseded: SupersededLines[]
  excluded: LineExclusion[]
}

/** 31-bit FNV-1a of the key: a stable id, independent of the other rows. */
export function lineId(key: string): number {
  let h = 0x811c9dc5
  for (const ch of key) {
    const cp = ch.codePointAt(0) as number
    for (let shift = 0; shift < 32 && cp >> shift; shift += 8) {
      h ^= (cp >> shift) & 0xff
      h = Math.imul(h, 0x01000193) >>> 0
    }
  }
  return h & 0x7fffffff || 1
}

const provinceIndex = new Map(PROVINCES.map((p, i) => [p.name, i]))
const KIND_ORDER: readonly LineKind[] = ['batch', 'special', 'art', 'sport', 'program']

/** File order: province (national order), year, category (ordinary first), kind, name by code point. */
export function compareLines(a: LineRow, b: LineRow): number {
  return (
    (provinceIndex.get(a.province) ?? 99) - (provinceIndex.get(b.province) ?? 99) ||
    a.year - b.year ||
    kmOrder(a.typeName, b.typeName) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  )
}

/** Code-point order (locale-independent, so the output is the same everywhere). */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const byRank = (a: LineCandidate, b: LineCandidate) =>
  sourceRank(a) - sourceRank(b) || (a.sourceFile < b.sourceFile ? -1 : a.sourceFile > b.sourceFile ? 1 : 0)

function toRow(c: LineCandidate, agreeing: string[]): LineRow {
  const row: LineRow = {
    id: lineId(lineKey(c)),
    year: c.year,
    province: c.province,
    typeName: c.typeName,
    name: c.name,
    score: c.score,
    majorScore: c.majorScore,
    isUse: isUseOf(c.kind),
    kind: c.kind,
    canonical: c.canonical,
    source: c.source,
    sourceFile: c.sourceFile,
    agreeing,
  }
  if (c.count !== undefined) row.count = c.count
  return row
}

/** Pure: candidates (and adapter exclusions) → the rows to ship, with what was resolved and dropped. */
export function planLines(
  candidates: readonly LineCandidate[],
  excluded: readonly LineExclusion[],
): LinesPlan {
  const ambiguous: AmbiguousLine[] = []
  // 1. Within each source (third-party copies apart), one line per key.
  const perSource = new Map<string, LineCandidate[]>()
  for (const c of candidates) pushTo(perSource, `${sourceTag(c)}|${lineKey(c)}`, c)
  const unique: LineCandidate[] = []
  for (const list of perSource.values()) {
    const first = list[0] as LineCandidate
    const scores = [...new Set(list.map((c) => c.score))].sort((a, b) => a - b)
    if (scores.length > 1) {
      ambiguous.push({
        province: first.province,
        year: first.year,
        type_name: first.typeName,
        name: first.name,
        source: sourceTag(first),
        scores,
      })
      continue
    }
    const withMajor = list.find((c) => c.majorScore !== null)
    const withCount = list.find((c) => c.count !== undefined && c.count !== null)
    unique.push({
      ...first,
      majorScore: withMajor?.majorScore ?? null,
      ...(withCount ? { count: withCount.count } : {}),
    })
  }

  const rows: LineRow[] = []
  const conflicts: LineConflict[] = []
  // 2. Canonical lines, key by key.
  const byKey = new Map<string, LineCandidate[]>()
  for (const c of unique.filter((u) => u.canonical)) pushTo(byKey, lineKey(c), c)
  for (const list of byKey.values()) {
    list.sort(byRank)
    const byScore = new Map<number, LineCandidate[]>()
    for (const c of list) pushTo(byScore, c.score, c)
    const groups = [...byScore.values()].sort(
      (a, b) => b.length - a.length || byRank(a[0] as LineCandidate, b[0] as LineCandidate),
    )
    const win = groups[0] as LineCandidate[]
    const best = win[0] as LineCandidate
    const count = list.find((c) => c.count !== undefined && c.count !== null && c.score === best.score)?.count
    const row = toRow(best, win.map(sourceTag))
    if (count !== undefined) row.count = count
    rows.push(row)
    if (groups.length > 1) {
      conflicts.push({
        province: best.province,
        year: best.year,
        type_name: best.typeName,
        name: best.name,
        chosen: best.score,
        rule: win.length > (groups[1] as LineCandidate[]).length ? 'majority' : 'priority',
        values: groups.map((g) => ({ score: (g[0] as LineCandidate).score, sources: g.map(sourceTag) })),
      })
    }
  }
  // 3. Other lines: per province, year and kind, the best-priority source.
  const byGroup = new Map<string, LineCandidate[]>()
  for (const c of unique.filter((u) => !u.canonical)) pushTo(byGroup, `${c.province}|${c.year}|${c.kind}`, c)
  const superseded: SupersededLines[] = []
  const taken = new Set(rows.map((r) => lineKey(r)))
  for (const list of byGroup.values()) {
    list.sort(byRank)
    const chosen = sourceTag(list[0] as LineCandidate)
    const others = new Map<string, number>()
    for (const c of list) {
      const tag = sourceTag(c)
      if (tag !== chosen) others.set(tag, (others.get(tag) ?? 0) + 1)
      else if (!taken.has(lineKey(c))) {
        taken.add(lineKey(c))
        rows.push(toRow(c, [tag]))
      }
    }
    if (others.size > 0) {
      const first = list[0] as LineCandidate
      superseded.push({
        province: first.province,
        year: first.year,
        kind: first.kind,
        chosen,
        others: [...others].map(([source, lines]) => ({ source, lines })),
      })
    }
  }
  rows.sort(compareLines)
  const order = (a: { province: string; year: number }, b: { province: string; year: number }) =>
    (provinceIndex.get(a.province) ?? 99) - (provinceIndex.get(b.province) ?? 99) || a.year - b.year
  conflicts.sort((a, b) => order(a, b) || cmp(a.type_name, b.type_name) || cmp(a.name, b.name))
  ambiguous.sort(
    (a, b) => order(a, b) || cmp(a.source, b.source) || cmp(a.type_name, b.type_name) || cmp(a.name, b.name),
  )
  superseded.sort((a, b) => order(a, b) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
  const excl = [...excluded].sort(
    (a, b) =>
      order(a, b) || cmp(a.source, b.source) || cmp(a.sourceFile, b.sourceFile) || cmp(a.label, b.label),
  )
  return { rows, conflicts, ambiguous, superseded, excluded: excl }
}

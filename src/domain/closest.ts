import { PROVINCES } from './provinces.js'

/**
 * The known values nearest an unknown one (a typo of a province, a category, a batch or a school), for the
 * "是否要找" of an error message. Pure: the caller passes what is known.
 */

/** Edit distance (Levenshtein) over characters (code points, so that 𠮷 counts as one). */
export function editDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const cur = [i]
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      )
    prev = cur
  }
  return prev[y.length] ?? 0
}

/** A known value and the other spellings it may be typed as (a province's slug, a name's pinyin). */
export interface Known {
  label: string
  keys?: readonly string[]
}

/**
 * Up to `max` of the known values nearest `text`: those at the smallest distance found, in the order given (the
 * caller's order of preference). Near means within half the typed length (at least one edit): 江舒 → 江苏 and
 * 江西, 物里 → 物理, 本科皮 → 本科批, while 火星 suggests no province. A text that is part of a value, or holds it,
 * is as near as the length it lacks (江 → 江苏, 江西).
 */
export function closest(text: string, known: Iterable<string | Known>, max = 3): string[] {
  const typed = text.trim().toLowerCase()
  const length = [...typed].length
  if (length === 0) return []
  const limit = Math.max(1, Math.floor(length / 2))
  const near: { label: string; d: number; i: number }[] = []
  let i = 0
  for (const k of known) {
    const entry = typeof k === 'string' ? { label: k } : k
    let d = Number.POSITIVE_INFINITY
    for (const key of [entry.label, ...(entry.keys ?? [])]) {
      const s = key.toLowerCase()
      const gap = Math.abs([...s].length - length)
      // No fewer edits than the lengths differ: a far length is skipped unmeasured (a request's 300,000 characters)
      if (gap > limit) continue
      const part = s.includes(typed) || typed.includes(s) ? gap : Infinity
      d = Math.min(d, part, editDistance(typed, s))
    }
    if (d <= limit && d > 0) near.push({ label: entry.label, d, i })
    i++
  }
  const nearest = Math.min(...near.map((n) => n.d))
  const labels = near.filter((n) => n.d === nearest).map((n) => n.label)
  return [...new Set(labels)].slice(0, max)
}

/** `, 是否要找: 江苏、江西` for an error message, or '' when nothing is near. */
export function didYouMean(text: string, known: Iterable<string | Known>, max = 3): string {
  const near = closest(text, known, max)
  return near.length ? `, 是否要找: ${near.join('、')}` : ''
}

/** The provinces, known by their short name, full name and slug (江苏, 江苏省, jiangsu). */
export const KNOWN_PROVINCES: readonly Known[] = PROVINCES.map((p) => ({
  label: p.name,
  keys: [p.fullName, p.slug],
}))

/** The refusal of a province no one knows, with the near ones: `未知省份: 江舒, 是否要找: 江苏、江西`. */
export const unknownProvince = (name: string): string =>
  `未知省份: ${name}${didYouMean(name, KNOWN_PROVINCES)}`

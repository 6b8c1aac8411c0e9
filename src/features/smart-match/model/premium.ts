import type { MenuRow } from './options.js'
import { majorNameKey } from './options.js'

/**
 * How far a major usually sits above its school's line, for provinces that publish no major line at all (浙江,
 * 山东: school lines only), where the form still asks for one major per choice.
 *
 * A school's line is the lowest rank its least selective major admitted; a popular major's own lowest rank is
 * better (smaller). Where majors have lines of their own (重庆, 河北, 辽宁, 贵州, 江苏 …), each year's
 * ln(major's lowest rank / its school's line) says how much better; averaged over the provinces and years where
 * the same school's same major was seen, it is that major's premium, and a 浙江 major is judged from its school's
 * line times it. A major seen rarely is drawn toward the average of all majors (the estimator's `major<school`
 * shift) as if that average were PRIOR_WEIGHT more observations.
 *
 * Measured out of sample (scripts/major-premium-check.mjs: each province's 2025 major lines predicted from the
 * same school's line and the premiums of the other provinces' earlier years, names matched as published): the
 * spread of ln(major's rank / predicted) falls from 0.34-0.46 with the average shift to 0.30-0.38 with premiums
 * (重庆 0.394 → 0.348, 河北 0.435 → 0.384, 辽宁 0.425 → 0.366, 贵州 0.411 → 0.362, 江苏 0.339 → 0.298).
 * `gaokao smart-match backtest --hide-major-lines` tests the whole method, tiers included.
 */

/** One school's major as the outcomes of other provinces saw it: Σ ln(major rank / school line) over n lines */
export interface PremiumRow {
  sid: number
  name: string
  sum: number
  n: number
}

/** Observations the average counts as, against a major's own (shrinkage towards the average). */
export const PRIOR_WEIGHT = 2

interface Stat {
  sum: number
  n: number
}

/**
 * The major's own shift below its school's line (multiplies the school's line, below 1), undefined when no
 * province saw the school's major: matched by its name as published, else by its name without the bracketed
 * note (计算机类(拔尖班) → 计算机类).
 */
export type PremiumOf = (row: Pick<MenuRow, 'sid' | 'name'>) => number | undefined

export function premiumIndex(rows: readonly PremiumRow[], averageShift: number): PremiumOf {
  const full = new Map<string, Stat>()
  const stem = new Map<string, Stat>()
  const add = (map: Map<string, Stat>, key: string, r: PremiumRow) => {
    const s = map.get(key)
    if (s) {
      s.sum += r.sum
      s.n += r.n
    } else map.set(key, { sum: r.sum, n: r.n })
  }
  for (const r of rows) {
    if (!(r.n > 0) || !Number.isFinite(r.sum)) continue
    add(full, `${r.sid}|${majorNameKey(r.name)}`, r)
    add(stem, `${r.sid}|${stemOf(r.name)}`, r)
  }
  const prior = Math.log(averageShift)
  return (row) => {
    const s = full.get(`${row.sid}|${majorNameKey(row.name)}`) ?? stem.get(`${row.sid}|${stemOf(row.name)}`)
    return s ? Math.exp((s.sum + PRIOR_WEIGHT * prior) / (s.n + PRIOR_WEIGHT)) : undefined
  }
}

/** A major's name without its bracketed note: 临床医学(5+3一体化) → 临床医学. */
export function stemOf(name: string): string {
  const key = majorNameKey(name)
  const open = key.indexOf('(')
  return open > 0 ? key.slice(0, open) : key
}

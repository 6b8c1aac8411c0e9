import type { Classified } from './classify.js'
import { admissionChance } from './estimate.js'
import type { MajorEntry } from './options.js'
import { TIERS, type TierName } from './strategies.js'

/**
 * Cuts the classified options down to the list: per tier, `counts[tier]` items spread evenly over the tier's
 * chance range (a gradient rather than a cluster), at most a few items of one school per tier, then each tier ordered from the most to the least selective option (the order a parallel
 * application should be filled in). Within an item, at most `majorNumMax` majors: the likeliest first, the
 * most selective breaking ties, listed from the most selective down.
 */

export interface PickedMajor {
  entry: MajorEntry
  /** Chance of the major itself, when it has its own history */
  chance: number | undefined
}

export interface ListItem {
  tier: TierName
  classified: Classified
  majors: PickedMajor[]
}

export type TieredList = Record<TierName, ListItem[]>

export function assembleList(
  classified: readonly Classified[],
  counts: Readonly<Record<TierName, number>>,
  majorNumMax: number,
  rank: number,
  baoPrefer = Number.POSITIVE_INFINITY,
  ready?: (c: Classified) => boolean,
): TieredList {
  const out: TieredList = { chong: [], wen: [], bao: [] }
  for (const tier of TIERS) {
    // 冲 and 稳 by chance; 保 by margin, so that the least wasteful safe options (small margins, which only
    // well-documented options reach) come first.
    const key = (c: Classified) => (tier === 'bao' ? c.margin : c.chance)
    const pool = classified
      .filter((c) => c.tier === tier)
      .sort((a, b) => key(a) - key(b) || a.option.estimate.expected - b.option.estimate.expected || cmp(a, b))
    // One school's options spread over a tier, not clustered: its groups often share one line of evidence.
    const perSchoolCap =
      pool[0]?.option.granularity === 'school' ? 1 : Math.max(2, Math.ceil(counts[tier] / 6))
    out[tier] = (
      tier === 'bao'
        ? preferred(pool, counts[tier], baoPrefer, perSchoolCap, ready)
        : spread(pool, counts[tier], perSchoolCap, ready)
    )
      .sort((a, b) => a.option.estimate.expected - b.option.estimate.expected || cmp(a, b))
      .map((c) => ({
        tier,
        classified: c,
        majors: pickMajors(c.majors, c.option.majorLimit ?? majorNumMax, rank),
      }))
  }
  return out
}

const cmp = (a: Classified, b: Classified) =>
  a.option.key < b.option.key ? -1 : a.option.key > b.option.key ? 1 : 0

/**
 * `n` items at evenly spaced positions of the pool, skipping to the nearest free one when a school is full.
 *
 * With `ready` (compose.ts's formReady), each pick prefers the nearest item that can be typed into the 志愿表 as it
 * stands, within its own stretch of the pool (half the spacing between picks either side): an item that names no
 * group or major sends the counsellor to the plan book. Staying within the stretch keeps the picks' chances spread
 * as without the preference, so a tier's admission rate stays what its chances say (a pick among the ready items
 * alone drifted: 上海's 稳 admitted 91 % in the 2025 backtest).
 */
export function spread(
  pool: readonly Classified[],
  n: number,
  perSchoolCap: number,
  ready?: (c: Classified) => boolean,
): Classified[] {
  if (n <= 0) return []
  if (pool.length <= n) return [...pool]
  const taken = new Set<number>()
  const perSchool = new Map<number, number>()
  const picks: Classified[] = []
  const free = (i: number, capped: boolean) => {
    const c = pool[i]
    if (!c || taken.has(i)) return false
    return !capped || (perSchool.get(c.option.sid) ?? 0) < perSchoolCap
  }
  const stretch = Math.floor(pool.length / n / 2)
  for (let k = 0; k < n; k++) {
    const target = Math.floor(((k + 0.5) * pool.length) / n)
    let chosen = -1
    if (ready) {
      const fits = (i: number) => free(i, true) && ready(pool[i] as Classified)
      for (let d = 0; d <= stretch && chosen < 0; d++) {
        if (fits(target + d)) chosen = target + d
        else if (fits(target - d)) chosen = target - d
      }
    }
    for (const capped of [true, false]) {
      for (let d = 0; d < pool.length && chosen < 0; d++) {
        if (free(target + d, capped)) chosen = target + d
        else if (free(target - d, capped)) chosen = target - d
      }
      if (chosen >= 0) break
    }
    if (chosen < 0) break
    taken.add(chosen)
    const c = pool[chosen] as Classified
    perSchool.set(c.option.sid, (perSchool.get(c.option.sid) ?? 0) + 1)
    picks.push(c)
  }
  return picks
}

/**
 * 保 picks: spread over the options within `prefer` times the candidate's rank (the pool is in margin order); when
 * there are fewer than `n` of those, all of them and then the next safest.
 */
function preferred(
  pool: readonly Classified[],
  n: number,
  prefer: number,
  perSchoolCap: number,
  ready?: (c: Classified) => boolean,
): Classified[] {
  const within = pool.filter((c) => c.margin <= prefer)
  if (within.length >= n) return spread(within, n, perSchoolCap, ready)
  return [...within, ...nearest(pool.slice(within.length), n - within.length, perSchoolCap)]
}

/** The first `n` of the pool, a school at most `perSchoolCap` times while others remain. */
function nearest(pool: readonly Classified[], n: number, perSchoolCap: number): Classified[] {
  const picks: Classified[] = []
  const skipped: Classified[] = []
  const perSchool = new Map<number, number>()
  for (const c of pool) {
    if (picks.length >= n) break
    const used = perSchool.get(c.option.sid) ?? 0
    if (used >= perSchoolCap) skipped.push(c)
    else {
      perSchool.set(c.option.sid, used + 1)
      picks.push(c)
    }
  }
  return [...picks, ...skipped.slice(0, n - picks.length)]
}

/**
 * How much a major is wanted in an item: from an even chance up, chances count in buckets of 5 % and within a
 * bucket the more selective major wins; below that, simply the likelier major.
 */
const want = (chance: number | undefined) => {
  const c = chance ?? 0.5
  return c >= 0.5 ? Math.round(c * 20) : c * 20
}

export function pickMajors(majors: readonly MajorEntry[], majorNumMax: number, rank: number): PickedMajor[] {
  const withChance = majors.map((entry) => ({
    entry,
    chance: entry.estimate ? admissionChance(entry.estimate, rank) : undefined,
  }))
  const expected = (m: PickedMajor) => m.entry.estimate?.expected ?? Number.POSITIVE_INFINITY
  const order = (a: PickedMajor, b: PickedMajor) =>
    expected(a) - expected(b) ||
    (a.entry.row.spcode ?? '').localeCompare(b.entry.row.spcode ?? '') ||
    a.entry.row.id - b.entry.row.id
  const kept = [...withChance]
    .sort((a, b) => want(b.chance) - want(a.chance) || order(a, b))
    .slice(0, Math.max(1, majorNumMax))
  return kept.sort(order)
}

import { admissionChance } from './estimate.js'
import type { MajorEntry, Option } from './options.js'
import type { Strategy, TierName } from './strategies.js'
import { meetsRequirement, type Subject } from './subjects.js'

/** An option the candidate may list, with its chance and tier under a strategy. */
export interface Classified {
  option: Option
  /** The majors the candidate's subjects allow (type 3: the one major) */
  majors: readonly MajorEntry[]
  chance: number
  /** Expected lowest rank / candidate rank: above 1 the option admits below the candidate */
  margin: number
  tier: TierName
}

/**
 * The tier of an option for a candidate: 保 from the strategy's 保 chance up (unless `margin`, the option's
 * expected lowest rank over the candidate's, or over the reference rank of `classify`, is above `baoCap`: a
 * wasted choice), 稳 from the 稳 chance, 冲 from the 冲 chance; below that the option is out of reach and in no
 * tier.
 */
export function tierOf(chance: number, margin: number, strategy: Strategy): TierName | undefined {
  if (chance >= strategy.bands.bao) return margin <= strategy.baoCap ? 'bao' : undefined
  if (chance >= strategy.bands.wen) return 'wen'
  if (chance >= strategy.bands.chong) return 'chong'
  return undefined
}

/**
 * Every option the candidate may list and that falls in a tier, in the options' order.
 *
 * A 保 is "wasted" when its expected lowest rank is more than `baoCap` times the candidate's rank — unless
 * fewer than `choices` options are more selective: a candidate at the very top (rank 1) has nothing better to
 * list, so the limit is measured from the `choices`-th most selective option the candidate may list instead.
 */
export function classify(
  options: readonly Option[],
  rank: number,
  chosen: ReadonlySet<Subject> | null,
  strategy: Strategy,
  choices = 0,
): Classified[] {
  const { allowed, eligibleExpected } = eligibility(options, chosen)
  const reference = Math.max(1, rank, mostSelective(eligibleExpected, choices, rank))
  const out: Classified[] = []
  for (let i = 0; i < options.length; i++) {
    const majors = allowed[i]
    if (!majors) continue
    const option = options[i] as Option
    const chance = admissionChance(option.estimate, rank)
    const tier = tierOf(chance, option.estimate.expected / reference, strategy)
    if (tier === 'bao' && floorOnly(option)) continue
    if (tier) out.push({ option, majors, chance, margin: option.estimate.expected / Math.max(1, rank), tier })
  }
  return out
}

interface Eligibility {
  /** The majors each option may list, null when the candidate may not list it */
  allowed: readonly (readonly MajorEntry[] | null)[]
  /** The expected lowest ranks of the options the candidate may list, ascending */
  eligibleExpected: readonly number[]
}

/**
 * Which options and majors a candidate's subjects allow depends on the options and the subjects alone, not on the
 * rank: a server answers many candidates of one universe (its options are memoized, run.ts) with a handful of
 * subject choices, so the answer is kept per options array (weakly) and subjects. It was a third of a list's time.
 */
const eligibilities = new WeakMap<readonly Option[], Map<string, Eligibility>>()

function eligibility(options: readonly Option[], chosen: ReadonlySet<Subject> | null): Eligibility {
  const key = chosen === null ? '*' : [...chosen].sort().join(',')
  let byChoice = eligibilities.get(options)
  if (!byChoice) {
    byChoice = new Map()
    eligibilities.set(options, byChoice)
  }
  const kept = byChoice.get(key)
  if (kept) return kept
  // one pass, no other allocation
  const allowed: (MajorEntry[] | null)[] = new Array(options.length).fill(null)
  const eligibleExpected: number[] = []
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as Option
    if (!option.requirements.every((r) => meetsRequirement(r, chosen))) continue
    const majors = option.majors.filter((m) => meetsRequirement(m.requirement, chosen))
    // A group or school row without majors is judged on its own requirement-free row; majors borrowed from another
    // year (compose.ts) state no requirement of this year's unit, so they rule nothing out.
    if (majors.length === 0 && option.majors.some((m) => m.row.composition === undefined)) continue
    allowed[i] = majors
    eligibleExpected.push(option.estimate.expected)
  }
  eligibleExpected.sort((a, b) => a - b)
  const made = { allowed, eligibleExpected }
  // at most every combination of subjects (a few dozen): never a growing store
  if (byChoice.size < 64) byChoice.set(key, made)
  return made
}

/**
 * A group of a school with several groups judged from the school's line alone: that line is the floor of the
 * school's least selective group, an upper bound of this group's lowest rank, never evidence that it is safe.
 */
const floorOnly = (option: Option) =>
  option.granularity === 'group' &&
  option.estimate.weak.includes('coarse:school:multi') &&
  option.estimate.used.every((o) => o.level === 'school')

/**
 * The `n`-th smallest expected lowest rank (the last when there are fewer), or 0 when it cannot exceed `rank`
 * (n options at or below it: every candidate but the very top), which needs no sort.
 */
function mostSelective(ascending: readonly number[], n: number, rank: number): number {
  if (n <= 0 || ascending.length === 0) return 0
  let atOrBelow = 0
  for (const e of ascending) if (e <= rank) atOrBelow++
  if (atOrBelow >= n) return 0
  return ascending[Math.min(n, ascending.length) - 1] ?? 0
}

/** SPEC 2.13: the number of schools with at least one option in each tier. */
export function schoolCounts(classified: readonly Classified[]): Record<TierName, number> {
  const sets: Record<TierName, Set<number>> = { chong: new Set(), wen: new Set(), bao: new Set() }
  for (const c of classified) sets[c.tier].add(c.option.sid)
  return { chong: sets.chong.size, wen: sets.wen.size, bao: sets.bao.size }
}

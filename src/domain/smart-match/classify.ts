import { admissionChance } from './estimate.js'
import type { MajorEntry, Option } from './options.js'
import type { Strategy, TierName } from './strategies.js'
import { meetsRequirement, type Subject } from './subjects.js'

/** An option the candidate may list, with its chance and tier under a strategy. */
export interface Classified {
  option: Option
  /** The majors the candidate's subjects allow (type 3: the one major) */
  majors: MajorEntry[]
  chance: number
  /** Expected lowest rank / candidate rank: above 1 the option admits below the candidate */
  margin: number
  tier: TierName
}

/**
 * The tier of an option for a candidate: 保 from the strategy's 保 chance up (unless the option's expected lowest
 * rank is more than `baoCap` times the candidate's: a wasted choice), 稳 from the 稳 chance, 冲 from the 冲
 * chance; below that the option is out of reach and in no tier.
 */
export function tierOf(chance: number, margin: number, strategy: Strategy): TierName | undefined {
  if (chance >= strategy.bands.bao) return margin <= strategy.baoCap ? 'bao' : undefined
  if (chance >= strategy.bands.wen) return 'wen'
  if (chance >= strategy.bands.chong) return 'chong'
  return undefined
}

/** Every option the candidate may list and that falls in a tier, in the options' order. */
export function classify(
  options: readonly Option[],
  rank: number,
  chosen: ReadonlySet<Subject> | null,
  strategy: Strategy,
): Classified[] {
  const out: Classified[] = []
  for (const option of options) {
    const majors = option.majors.filter((m) => meetsRequirement(m.requirement, chosen))
    // A group or school row without majors is judged on its own requirement-free row.
    if (majors.length === 0 && option.majors.length > 0) continue
    const chance = admissionChance(option.estimate, rank)
    const margin = option.estimate.expected / Math.max(1, rank)
    const tier = tierOf(chance, margin, strategy)
    if (tier) out.push({ option, majors, chance, margin, tier })
  }
  return out
}

/** SPEC 2.13: the number of schools with at least one option in each tier. */
export function schoolCounts(classified: readonly Classified[]): Record<TierName, number> {
  const sets: Record<TierName, Set<number>> = { chong: new Set(), wen: new Set(), bao: new Set() }
  for (const c of classified) sets[c.tier].add(c.option.sid)
  return { chong: sets.chong.size, wen: sets.wen.size, bao: sets.bao.size }
}

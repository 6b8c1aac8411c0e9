import { CHECK_PARAMS, type CheckParams } from './params.js'
import { normalQuantile, seededRandom } from './random.js'

/**
 * The province's filing of one list, simulated: 平行志愿 ("分数优先, 遵循志愿, 一次投档"). In each draw every
 * choice gets a lowest admitted rank for the year, its line: ln L = ln E + k·σ·(√a·cohort + √r·band + √b·school +
 * √c·evidence + √(1−a−r−b−c)·own), where the shifts are normal and the own error is Student's t (heavy tails, as
 * measured); where E and σ are smart-match's estimate of the option (model/estimate.ts), k the
 * measured width of σ, and the cohort / band / school / evidence shifts are shared by every choice of the list, by
 * the choices whose expected lines lie in one rank band (laid at a random offset in each draw), by the choices of
 * one school, and by the choices whose estimates rest on the same observations (model/params.ts: how the shares were
 * measured). The candidate is filed (投档) to the first choice, in the list's order, whose line is at or below their
 * rank; no such choice is 滑档. Inside a group or school, the candidate gets the first listed major whose own line
 * admits them (majors by rank, 专业优先 within the unit); if none does, 调剂 to a major not listed when accepted, else
 * 退档. A choice that is one major (专业+院校) admits as it files.
 */

export interface SimMajor {
  /** The candidate may take it (选科) */
  live: boolean
  /** ln(major's line / the unit's line), expected; at most 0: a unit admits down to its least selective major */
  lnRatio: number
  /** Spread of that ratio from year to year */
  spread: number
}

export interface SimChoice {
  /** False when the choice cannot admit at all (ruled out by 选科 or the batch line, beyond the rule's count) */
  live: boolean
  /** ln of the expected lowest rank */
  lnExpected: number
  /** The estimate's σ (log scale), before CheckParams.sigmaScale */
  sigma: number
  /** School id: choices of one school share its shift */
  school: number
  /** Choices with the same key rest on the same observations and share that shift too */
  evidence: string
  /** 'major': one major at one school (filing is admission); 'unit': a group or school whose majors are listed */
  kind: 'major' | 'unit'
  /** The majors listed, in the list's order (a unit only); none: the majors are not judged */
  majors: SimMajor[]
  /** The listed majors are all the unit's majors: whoever the unit takes gets one of them, no 调剂 is needed */
  coversUnit: boolean
  /** 服从调剂 */
  tiaoji: boolean
}

export interface ChoiceOutcome {
  /** P(the candidate is filed to this choice): the choice that admits */
  filed: number
  /** P(this choice alone would file the candidate), whatever the others do */
  alone: number
  /** P(admitted to a listed major of it), one figure per listed major */
  majors: number[]
  /** P(filed here and admitted to a major the list does not name) */
  tiaoji: number
  /** P(filed here and sent back: no listed major admits, 调剂 not accepted) */
  tuidang: number
  /** P(filed here, majors not judged: the choice lists none) */
  unjudged: number
}

export interface SimResult {
  draws: number
  /** P(no choice files the candidate): 滑档 */
  slide: number
  /** P(admitted to a listed major), P(调剂), P(退档), summed over the choices */
  major: number
  tiaoji: number
  tuidang: number
  /** Expected position (1-based) of the choice that files the candidate, given that one does; null when none can */
  expectedPosition: number | null
  choices: ChoiceOutcome[]
  /** For each pair asked for: P(the later one would file | the earlier one would not), and P(the earlier fails) */
  pairs: PairOutcome[]
}

export interface PairOutcome {
  first: number
  second: number
  /** P(second would file | first would not); NaN when the first never fails */
  secondGivenFirstFails: number
  firstFails: number
}

export interface SimOptions {
  draws?: number
  seed?: number
  params?: CheckParams
  /** Pairs of choice indexes (first before second) whose joint outcome is wanted */
  pairs?: readonly (readonly [number, number])[]
}

export const DEFAULT_SEED = 20250625

/** What one choice of the list holds during the draws: its line's parts and its counts. */
interface Row {
  choice: SimChoice
  index: number
  mean: number
  wCohort: number
  wBand: number
  /** ln E / band width: the band a draw puts it in is ⌊this + offset⌋ */
  bandPosition: number
  wSchool: number
  wEvidence: number
  wOwn: number
  /** Its own error's distribution, by the shares it shares with no other choice (ownTable) */
  own: Float64Array
  /** Index of its school (evidence set) among those shared, -1 when it shares none */
  school: number
  evidence: number
  line: number
  admits: boolean
  filed: number
  alone: number
  majors: number[]
  tiaoji: number
  tuidang: number
  unjudged: number
}

export function simulateFiling(
  choices: readonly SimChoice[],
  rank: number,
  opts: SimOptions = {},
): SimResult {
  const params = opts.params ?? CHECK_PARAMS
  const draws = Math.max(1, Math.floor(opts.draws ?? params.draws))
  const random = seededRandom(opts.seed ?? DEFAULT_SEED)
  const lnRank = Math.log(Math.max(1, rank))
  // A school (evidence set) with one choice in the list has its share drawn for the choice alone: the same
  // variance and shape, no shared draw.
  const schoolIndex = indexShared(choices, (c) => String(c.school))
  const evidenceIndex = indexShared(choices, (c) => `${c.school}|${c.evidence}`)
  const { cohortShare: a, bandShare: r, schoolShare: b, evidenceShare: c } = params
  const rows: Row[] = choices.map((choice, index) => {
    const s = params.sigmaScale * choice.sigma
    const school = schoolIndex.get(String(choice.school)) ?? -1
    const evidence = evidenceIndex.get(`${choice.school}|${choice.evidence}`) ?? -1
    return {
      choice,
      index,
      mean: choice.lnExpected + params.meanShift * choice.sigma,
      // the cohort's shift, and the whole year's (params.yearShift, in units of σ like meanShift): both shared
      wCohort: Math.sqrt(s * s * a + (params.yearShift * choice.sigma) ** 2),
      wBand: s * Math.sqrt(r),
      bandPosition: choice.lnExpected / params.bandWidth,
      wSchool: school >= 0 ? s * Math.sqrt(b) : 0,
      wEvidence: evidence >= 0 ? s * Math.sqrt(c) : 0,
      wOwn: s * Math.sqrt(Math.max(0, 1 - a - r - (school >= 0 ? b : 0) - (evidence >= 0 ? c : 0))),
      own: ownTable(params, school < 0, evidence < 0),
      school,
      evidence,
      line: Number.NEGATIVE_INFINITY,
      admits: false,
      filed: 0,
      alone: 0,
      majors: choice.majors.map(() => 0),
      tiaoji: 0,
      tuidang: 0,
      unjudged: 0,
    }
  })
  const live = rows.filter((row) => row.choice.live)
  const positions = live.map((row) => row.bandPosition)
  const lowestBand = positions.length ? Math.floor(Math.min(...positions)) : 0
  const bandShift = new Array<number>(
    positions.length ? Math.floor(Math.max(...positions)) - lowestBand + 2 : 0,
  ).fill(0)
  const schoolShift = new Array<number>(schoolIndex.size).fill(0)
  const evidenceShift = new Array<number>(evidenceIndex.size).fill(0)
  const pairs = (opts.pairs ?? []).map(([i, j]) => ({
    first: rows[i],
    second: rows[j],
    fails: 0,
    secondAfterFail: 0,
  }))
  let slide = 0
  let positionSum = 0
  for (let d = 0; d < draws; d++) {
    // Stratified: the d-th draw of the cohort shift lies in the d-th of `draws` equally likely slices.
    const cohort = normalQuantile((d + random.uniform()) / draws)
    const offset = random.uniform()
    for (let k = 0; k < bandShift.length; k++) bandShift[k] = random.normal()
    for (let s = 0; s < schoolShift.length; s++) schoolShift[s] = random.normal()
    for (let e = 0; e < evidenceShift.length; e++) evidenceShift[e] = random.normal()
    let first: Row | undefined
    for (const row of live) {
      row.line =
        row.mean +
        row.wCohort * cohort +
        row.wBand * (bandShift[Math.floor(row.bandPosition + offset) - lowestBand] ?? 0) +
        (row.school >= 0 ? row.wSchool * (schoolShift[row.school] ?? 0) : 0) +
        (row.evidence >= 0 ? row.wEvidence * (evidenceShift[row.evidence] ?? 0) : 0) +
        row.wOwn * quantileOf(row.own, random.uniform())
      row.admits = lnRank <= row.line
      if (row.admits) {
        row.alone++
        first ??= row
      }
    }
    for (const p of pairs) {
      if (p.first?.admits) continue
      p.fails++
      if (p.second?.admits) p.secondAfterFail++
    }
    if (!first) {
      slide++
      continue
    }
    first.filed++
    positionSum += first.index + 1
    const ch = first.choice
    if (ch.kind === 'major') continue
    if (ch.majors.length === 0) {
      first.unjudged++
      continue
    }
    // Majors inside the unit, in the list's order; a major's line never lies below the unit's (the unit's line is
    // its least selective major's).
    let taken = -1
    let best = -1
    let bestLine = Number.NEGATIVE_INFINITY
    for (let m = 0; m < ch.majors.length; m++) {
      const major = ch.majors[m] as SimMajor
      const y = first.line + Math.min(0, major.lnRatio + major.spread * random.normal())
      if (!major.live) continue
      if (y > bestLine) {
        bestLine = y
        best = m
      }
      if (lnRank <= y) {
        taken = m
        break
      }
    }
    // Every major of the unit listed: its least selective one holds the unit's line, which admitted the candidate.
    if (taken < 0 && ch.coversUnit && best >= 0) taken = best
    if (taken >= 0) first.majors[taken] = (first.majors[taken] ?? 0) + 1
    else if (ch.tiaoji && !ch.coversUnit) first.tiaoji++
    else first.tuidang++
  }
  const share = (x: number) => x / draws
  const outcomes: ChoiceOutcome[] = rows.map((r) => ({
    filed: share(r.filed),
    alone: share(r.alone),
    majors: r.majors.map(share),
    tiaoji: share(r.tiaoji),
    tuidang: share(r.tuidang),
    unjudged: share(r.unjudged),
  }))
  const sum = (f: (o: ChoiceOutcome) => number) => outcomes.reduce((acc, o) => acc + f(o), 0)
  return {
    draws,
    slide: share(slide),
    major: sum((o) => o.majors.reduce((x, y) => x + y, 0)),
    tiaoji: sum((o) => o.tiaoji),
    tuidang: sum((o) => o.tuidang),
    expectedPosition: slide === draws ? null : positionSum / (draws - slide),
    choices: outcomes,
    pairs: pairs.map((p) => ({
      first: p.first?.index ?? -1,
      second: p.second?.index ?? -1,
      secondGivenFirstFails: p.fails > 0 ? p.secondAfterFail / p.fails : Number.NaN,
      firstFails: share(p.fails),
    })),
  }
}

const OWN_QUANTILES = 4096
const ownTables = new Map<string, Float64Array>()

/**
 * The distribution of a choice's own error (unit variance), as OWN_QUANTILES quantiles: the Student-t own part
 * plus, as normals, the school's and the evidence's shares when no other choice of the list has them. Drawn once
 * per set of figures from a fixed seed, so that a draw costs one uniform and a lookup (96 choices × 10,000 draws).
 */
export function ownTable(params: CheckParams, schoolAlone: boolean, evidenceAlone: boolean): Float64Array {
  const key = `${params.cohortShare}|${params.bandShare}|${params.schoolShare}|${params.evidenceShare}|${params.ownDegrees}|${schoolAlone}|${evidenceAlone}`
  let table = ownTables.get(key)
  if (table) return table
  const t = Math.max(0, 1 - params.cohortShare - params.bandShare - params.schoolShare - params.evidenceShare)
  const g = (schoolAlone ? params.schoolShare : 0) + (evidenceAlone ? params.evidenceShare : 0)
  const random = seededRandom(0x0ddba11)
  const n = 65_536
  const sample = new Float64Array(n)
  const scale = 1 / Math.sqrt(Math.max(1e-12, t + g))
  for (let i = 0; i < n; i++) {
    const own = params.ownDegrees >= 3 ? random.studentT(params.ownDegrees) : random.normal()
    sample[i] = (Math.sqrt(t) * own + Math.sqrt(g) * random.normal()) * scale
  }
  sample.sort()
  table = new Float64Array(OWN_QUANTILES)
  for (let i = 0; i < OWN_QUANTILES; i++)
    table[i] = sample[Math.floor(((i + 0.5) / OWN_QUANTILES) * n)] as number
  ownTables.set(key, table)
  return table
}

/** The u-quantile of a table, interpolated. */
function quantileOf(table: Float64Array, u: number): number {
  const pos = u * OWN_QUANTILES - 0.5
  if (pos <= 0) return table[0] as number
  if (pos >= OWN_QUANTILES - 1) return table[OWN_QUANTILES - 1] as number
  const i = Math.floor(pos)
  const lo = table[i] as number
  return lo + ((table[i + 1] as number) - lo) * (pos - i)
}

/** Index of each key held by two choices or more (the others share nothing). */
function indexShared(choices: readonly SimChoice[], key: (c: SimChoice) => string): Map<string, number> {
  const count = new Map<string, number>()
  for (const c of choices) if (c.live) count.set(key(c), (count.get(key(c)) ?? 0) + 1)
  const index = new Map<string, number>()
  for (const [k, n] of count) if (n > 1) index.set(k, index.size)
  return index
}

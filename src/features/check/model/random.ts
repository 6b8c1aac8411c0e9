/**
 * A seeded pseudo-random source, so that a check of the same list gives the same figures every time (a
 * counsellor comparing two versions of a list must see the difference of the lists, not of the dice).
 *
 * mulberry32 for uniforms (32-bit state, enough for the few million draws of one check), Box-Muller for normals
 * (both values of a pair used), and the inverse normal distribution for stratified draws of the shared cohort shift.
 */
export interface Random {
  /** Uniform in (0, 1) */
  uniform(): number
  /** Standard normal */
  normal(): number
  /** Student's t with `degrees` (a whole number ≥ 3) degrees of freedom, scaled to variance 1 */
  studentT(degrees: number): number
}

export function seededRandom(seed: number): Random {
  // State in typed arrays: a 32-bit value or a double kept in a closure's variable is a heap number, and a
  // check draws millions of them (garbage collection took most of the time).
  const state = new Uint32Array([seed >>> 0])
  const spare = new Float64Array([Number.NaN])
  const uniform = () => {
    state[0] = (state[0] as number) + 0x6d2b79f5
    let t = state[0] as number
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    // + 0.5 / 2^32: never exactly 0, whose logarithm Box-Muller takes
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296
  }
  const normal = () => {
    const kept = spare[0] as number
    if (!Number.isNaN(kept)) {
      spare[0] = Number.NaN
      return kept
    }
    const r = Math.sqrt(-2 * Math.log(uniform()))
    const a = 2 * Math.PI * uniform()
    spare[0] = r * Math.sin(a)
    return r * Math.cos(a)
  }
  return {
    uniform,
    normal,
    studentT(degrees) {
      // χ²_ν as −2 ln of ⌊ν/2⌋ uniforms' product (χ²₂ pairs), plus one squared normal when ν is odd
      let product = 1
      for (let k = 0; k < degrees >> 1; k++) product *= uniform()
      let chi2 = -2 * Math.log(product)
      if (degrees & 1) chi2 += normal() ** 2
      return (normal() / Math.sqrt(chi2 / degrees)) * Math.sqrt((degrees - 2) / degrees)
    },
  }
}

/** A 32-bit seed from text (FNV-1a): the backtest seeds each list from what it is of, so runs repeat. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * Φ⁻¹(p), the standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9), for
 * stratified draws: the i-th of n draws of the cohort shift falls in the i-th of n equally likely slices, which
 * takes most of the sampling noise out of P(滑档), a quantity that the shared shift drives.
 */
export function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY
  if (p >= 1) return Number.POSITIVE_INFINITY
  if (p > 0.5) return -normalQuantile(1 - p)
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p))
    return (
      (((((-0.007784894002430293 * q - 0.3223964580411365) * q - 2.400758277161838) * q - 2.549732539343734) *
        q +
        4.374664141464968) *
        q +
        2.938163982698783) /
      ((((0.007784695709041462 * q + 0.3224671290700398) * q + 2.445134137142996) * q + 3.754408661907416) *
        q +
        1)
    )
  }
  const q = p - 0.5
  const r = q * q
  return (
    ((((((-39.69683028665376 * r + 220.9460984245205) * r - 275.9285104469687) * r + 138.357751867269) * r -
      30.66479806614716) *
      r +
      2.506628277459239) *
      q) /
    (((((-54.47609879822406 * r + 161.5858368580409) * r - 155.6989798598866) * r + 66.80131188771972) * r -
      13.28068155288572) *
      r +
      1)
  )
}

import { describe, expect, it } from 'vitest'
import { errorCdf } from '../../../src/features/check/model/measure.js'
import { CHECK_PARAMS } from '../../../src/features/check/model/params.js'
import { normalQuantile, seededRandom } from '../../../src/features/check/model/random.js'
import { type SimChoice, simulateFiling } from '../../../src/features/check/model/simulate.js'

const choice = (expected: number, more: Partial<SimChoice> = {}): SimChoice => ({
  live: true,
  lnExpected: Math.log(expected),
  sigma: 0.3,
  school: Math.round(expected),
  evidence: '',
  kind: 'major',
  majors: [],
  coversUnit: false,
  tiaoji: false,
  ...more,
})

describe('the seeded random source', () => {
  it('repeats with its seed and draws normals and unit-variance t of the right spread', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    for (let i = 0; i < 5; i++) expect(a.normal()).toBe(b.normal())
    const r = seededRandom(1)
    const n = 100_000
    let sn = 0
    let st = 0
    for (let i = 0; i < n; i++) {
      sn += r.normal() ** 2
      st += r.studentT(5) ** 2
    }
    expect(sn / n).toBeCloseTo(1, 1)
    expect(st / n).toBeCloseTo(1, 0)
  })
  it('inverts the normal distribution', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9)
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5)
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5)
  })
})

describe('the filing simulation', () => {
  it('is deterministic for a seed, and its outcomes add up to 1', () => {
    const list = [choice(5000), choice(9000), choice(15000)]
    const a = simulateFiling(list, 10_000, { draws: 4000 })
    const b = simulateFiling(list, 10_000, { draws: 4000 })
    expect(a).toEqual(b)
    const total = a.slide + a.choices.reduce((s, c) => s + c.filed, 0)
    expect(total).toBeCloseTo(1, 9)
  })
  it("gives a single choice the chance of the model's error distribution", () => {
    const p = CHECK_PARAMS
    const cdf = errorCdf(p.cohortShare + p.bandShare + p.schoolShare + p.evidenceShare, p.ownDegrees)
    for (const expected of [7000, 10_000, 14_000]) {
      const r = simulateFiling([choice(expected)], 10_000, { draws: 20_000 })
      const z = (Math.log(10_000) - Math.log(expected) - p.meanShift * 0.3) / (p.sigmaScale * 0.3)
      expect(r.choices[0]?.alone).toBeCloseTo(1 - cdf(z), 1)
    }
  })
  it('files each draw to the first choice that admits (平行志愿): a safe first choice takes nearly everything', () => {
    const safeFirst = simulateFiling([choice(40_000), choice(9000)], 10_000, { draws: 4000 })
    expect(safeFirst.choices[0]?.filed).toBeGreaterThan(0.98)
    expect(safeFirst.choices[1]?.filed).toBeLessThan(0.02)
    expect(safeFirst.choices[1]?.alone).toBeGreaterThan(0.15)
    expect(safeFirst.expectedPosition).toBeCloseTo(1, 1)
  })
  it('moves every line with the shared shifts: choices of one school fail together more often', () => {
    // the same two lines, of one school or of two
    const same = [choice(9000, { school: 1 }), choice(9000, { school: 1 })]
    const apart = [choice(9000, { school: 1 }), choice(9000, { school: 2 })]
    const a = simulateFiling(same, 10_000, { draws: 20_000, pairs: [[0, 1]] })
    const b = simulateFiling(apart, 10_000, { draws: 20_000, pairs: [[0, 1]] })
    expect(a.slide).toBeGreaterThan(b.slide + 0.03)
    expect(a.pairs[0]?.secondGivenFirstFails).toBeLessThan(b.pairs[0]?.secondGivenFirstFails ?? 0)
    // Without any shared part the two fail independently.
    const none = { ...CHECK_PARAMS, cohortShare: 0, bandShare: 0, schoolShare: 0, evidenceShare: 0 }
    const c = simulateFiling(apart, 10_000, { draws: 20_000, params: none })
    const p = c.choices[0]?.alone ?? 0
    expect(c.slide).toBeCloseTo((1 - p) * (1 - (c.choices[1]?.alone ?? 0)), 1)
  })
  it("draws the year's shift (yearShift) once for the whole list: unrelated choices then fail together", () => {
    // two choices of different schools: apart from their rank band, only the cohort's shift is shared between them
    const apart = [choice(9000, { school: 1 }), choice(12_000, { school: 2 })]
    const draws = { draws: 20_000, pairs: [[0, 1]] as Array<[number, number]> }
    const without = simulateFiling(apart, 10_000, draws)
    const withYear = simulateFiling(apart, 10_000, { ...draws, params: { ...CHECK_PARAMS, yearShift: 0.5 } })
    // the second fails more often once the first has failed (0.80 → 0.68 admitted), and the list slides more
    expect(withYear.pairs[0]?.secondGivenFirstFails ?? 1).toBeLessThan(
      (without.pairs[0]?.secondGivenFirstFails ?? 0) - 0.05,
    )
    expect(withYear.slide).toBeGreaterThan(without.slide + 0.03)
  })
  it('never files to a choice that is not live', () => {
    const r = simulateFiling([choice(40_000, { live: false }), choice(30_000)], 10_000, { draws: 2000 })
    expect(r.choices[0]?.filed).toBe(0)
    expect(r.choices[0]?.alone).toBe(0)
    expect(r.choices[1]?.filed).toBeGreaterThan(0.95)
  })
  it('takes a listed major by rank inside the unit, else 调剂 when accepted, else 退档', () => {
    const hard = { live: true, lnRatio: Math.log(0.1), spread: 0.05 }
    const unit = (tiaoji: boolean, coversUnit = false) =>
      choice(40_000, { kind: 'unit', majors: [hard], tiaoji, coversUnit })
    const accept = simulateFiling([unit(true)], 10_000, { draws: 2000 })
    expect(accept.choices[0]?.tiaoji).toBeGreaterThan(0.9)
    expect(accept.tuidang).toBe(0)
    const refuse = simulateFiling([unit(false)], 10_000, { draws: 2000 })
    expect(refuse.choices[0]?.tuidang).toBeGreaterThan(0.9)
    // every major of the unit listed: its least selective one takes whoever the unit takes
    const covered = simulateFiling([unit(false, true)], 10_000, { draws: 2000 })
    expect(covered.tuidang).toBe(0)
    expect(covered.choices[0]?.majors[0]).toBeGreaterThan(0.9)
    // an easy major admits the candidate
    const easy = simulateFiling(
      [choice(40_000, { kind: 'unit', majors: [{ live: true, lnRatio: 0, spread: 0.05 }], tiaoji: false })],
      10_000,
      { draws: 2000 },
    )
    expect(easy.choices[0]?.majors[0]).toBeGreaterThan(0.95)
  })
  // Its time is measured by `npm run bench` (bench/check.mjs), not here: timings belong in benchmarks.
  it('simulates 96 choices, every draw counted, and the same figures twice (seeded)', () => {
    const list = Array.from({ length: 96 }, (_, i) =>
      choice(6000 + i * 300, { school: Math.floor(i / 3), evidence: String(i % 2) }),
    )
    const a = simulateFiling(list, 12_000, { pairs: [[0, 1]] })
    expect(a.draws).toBe(CHECK_PARAMS.draws)
    expect(a.choices).toHaveLength(96)
    const filed = a.choices.reduce((n, c) => n + c.filed, 0)
    expect(filed + a.slide).toBeCloseTo(1, 9)
    expect(simulateFiling(list, 12_000, { pairs: [[0, 1]] })).toEqual(a)
  })
})

import { describe, expect, it } from 'vitest'
import { PRIOR_WEIGHT, premiumIndex, stemOf } from '../../src/features/smart-match/model/index.js'

describe('major premiums over a school line', () => {
  const average = 0.74
  it('averages a school’s major over its lines elsewhere, drawn toward the average shift', () => {
    const premiumOf = premiumIndex(
      [
        { sid: 1, name: '计算机科学与技术', sum: Math.log(0.4) * 3, n: 3 },
        { sid: 1, name: '计算机科学与技术', sum: Math.log(0.4), n: 1 },
      ],
      average,
    )
    const expected = Math.exp((4 * Math.log(0.4) + PRIOR_WEIGHT * Math.log(average)) / (4 + PRIOR_WEIGHT))
    expect(premiumOf({ sid: 1, name: '计算机科学与技术' })).toBeCloseTo(expected, 12)
    // another school's major of the same name is another major
    expect(premiumOf({ sid: 2, name: '计算机科学与技术' })).toBeUndefined()
  })

  it('matches a name as published (full-width brackets and spaces aside), else its stem', () => {
    const premiumOf = premiumIndex(
      [
        { sid: 1, name: '临床医学(5+3一体化)', sum: Math.log(0.2), n: 1 },
        { sid: 1, name: '临床医学', sum: Math.log(0.5), n: 1 },
        { sid: 1, name: '法学(中外合作办学)', sum: Math.log(0.9), n: 1 },
      ],
      average,
    )
    const shrunk = (x: number, n = 1) =>
      Math.exp((n * Math.log(x) + PRIOR_WEIGHT * Math.log(average)) / (n + PRIOR_WEIGHT))
    expect(premiumOf({ sid: 1, name: '临床医学（5+3一体化）' })).toBeCloseTo(shrunk(0.2), 12)
    expect(premiumOf({ sid: 1, name: '临床医学' })).toBeCloseTo(shrunk(0.5), 12)
    // no exact name: the stem's lines (here the 中外合作 line only)
    expect(premiumOf({ sid: 1, name: '法学 (涉外法治班)' })).toBeCloseTo(shrunk(0.9), 12)
    expect(premiumOf({ sid: 1, name: '会计学' })).toBeUndefined()
  })

  it('ignores rows without lines', () => {
    const premiumOf = premiumIndex([{ sid: 1, name: '哲学', sum: Number.NaN, n: 0 }], average)
    expect(premiumOf({ sid: 1, name: '哲学' })).toBeUndefined()
    expect(stemOf('数学类（拔尖班）')).toBe('数学类')
  })
})

import { describe, expect, it } from 'vitest'
import { closest, didYouMean, editDistance, KNOWN_PROVINCES } from '../../src/domain/closest.js'

describe('the closest known values', () => {
  it('measures edits by character', () => {
    expect(editDistance('江舒', '江苏')).toBe(1)
    expect(editDistance('本科皮', '本科提前批')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('𠮷野', '吉野')).toBe(1)
  })

  it('suggests provinces for a typo, by name, full name or slug', () => {
    expect(closest('江舒', KNOWN_PROVINCES)[0]).toBe('江苏')
    // equally near: both, in the national order
    expect(closest('湖男', KNOWN_PROVINCES)).toEqual(['湖北', '湖南'])
    // the nearest only: jiangsu (two edits), not gansu (three)
    expect(closest('jaingsu', KNOWN_PROVINCES)).toEqual(['江苏'])
    expect(closest('广东生', KNOWN_PROVINCES)).toEqual(['广东'])
    // nothing near: nothing suggested
    expect(closest('火星', KNOWN_PROVINCES)).toEqual([])
    expect(didYouMean('火星', KNOWN_PROVINCES)).toBe('')
  })

  it('suggests categories and batches, nearest first', () => {
    expect(closest('物里', ['物理', '历史', '物理类', '理科'])).toEqual(['物理'])
    expect(closest('本科皮', ['本科批', '本科提前批', '专科批'])).toEqual(['本科批'])
    expect(didYouMean('本科皮', ['本科批', '专科批'])).toBe(', 是否要找: 本科批')
    // the known value itself is no suggestion
    expect(closest('本科批', ['本科批'])).toEqual([])
  })
})

describe('a long text', () => {
  it('is near nothing', () => {
    expect(closest('江'.repeat(300_000), KNOWN_PROVINCES)).toEqual([])
  })
})

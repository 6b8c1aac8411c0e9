import { describe, expect, it } from 'vitest'
import { checkScoreLines, isLineType, type ScoreLineRecord } from '../../src/datasets/score-lines/checks.js'

const row = (over: Partial<ScoreLineRecord> = {}): ScoreLineRecord => ({
  id: 1,
  year: 2025,
  province: '江苏',
  type_name: '物理类',
  name: '本科批',
  score: 463,
  major_score: null,
  is_use: 1,
  provenance: 'real',
  source: 'LG',
  ...over,
})
const rules = (rows: ScoreLineRecord[]) => checkScoreLines(rows).map((v) => v.rule)

describe('checkScoreLines', () => {
  it('accepts good rows', () => {
    expect(checkScoreLines([row(), row({ id: 2, name: '专科批', score: 220 })])).toEqual([])
    expect(checkScoreLines([row({ province: '海南', type_name: '综合', score: 800 })])).toEqual([])
    expect(
      checkScoreLines([row({ type_name: '艺术类(物理)', name: '艺术类本科', score: 300, major_score: 180 })]),
    ).toEqual([])
  })

  it('catches duplicate ids and keys', () => {
    expect(rules([row(), row({ name: '专科批' })])).toEqual(['unique'])
    expect(rules([row(), row({ id: 2 })])).toEqual(['unique'])
  })

  it('catches years, provinces, categories and names outside the contract', () => {
    expect(rules([row({ year: 2013 })])).toEqual(['year'])
    expect(rules([row({ year: 2027 })])).toEqual(['year'])
    expect(rules([row({ province: '江苏省' })])).toEqual(['province'])
    expect(rules([row({ province: '火星' })])).toEqual(['province'])
    expect(rules([row({ type_name: '首选物理' })])).toEqual(['type'])
    expect(rules([row({ name: ' 本科批' })])).toEqual(['name'])
  })

  it('catches scores outside the full score, bad is_use, provenance and source', () => {
    expect(rules([row({ score: 751 })])).toEqual(['score'])
    expect(rules([row({ province: '上海', type_name: '综合', score: 661 })])).toEqual(['score'])
    expect(rules([row({ score: 0 })])).toEqual(['score'])
    expect(rules([row({ major_score: 12.5 })])).toEqual(['score'])
    expect(rules([row({ is_use: 2 })])).toEqual(['is_use'])
    expect(rules([row({ provenance: 'synthetic' })])).toEqual(['provenance'])
    expect(rules([row({ source: 'XX' })])).toEqual(['provenance'])
  })

  it('knows the category vocabulary', () => {
    for (const t of [
      '物理类',
      '综合',
      '蒙授理科',
      '艺术类',
      '艺术类(物理)',
      '体育类(文)',
      '艺术类(蒙授)',
      '艺术体育类(理)',
    ]) {
      expect(isLineType(t), t).toBe(true)
    }
    for (const t of ['物理', '艺术理', '体育类(化学)', '']) expect(isLineType(t), t).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { findProvince, type Province } from '../../src/domain/provinces.js'
import {
  earlierScales,
  fullScoreIn,
  isEarlierScale,
  scaleOf,
  yearRanges,
} from '../../src/domain/score-scale.js'

const province = (name: string) => findProvince(name) as Province

describe('score scales', () => {
  it('knows the full scores of earlier exams where they differ from today’s', () => {
    expect(fullScoreIn(province('江苏'), 2020)).toBe(480)
    expect(fullScoreIn(province('江苏'), 2021)).toBe(750)
    expect(fullScoreIn(province('上海'), 2016)).toBe(600)
    expect(fullScoreIn(province('上海'), 2017)).toBe(660)
    // 海南's standard score was 900 before and after its reform; 广东 was out of 750 in both modes
    expect(fullScoreIn(province('海南'), 2016)).toBe(900)
    expect(fullScoreIn(province('广东'), 2020)).toBe(750)
    expect(scaleOf(province('广东'), 2020)).toEqual({
      province: '广东',
      year: 2020,
      fullScore: 750,
      mode: '文理',
    })
  })
  it('says which pairs are on an earlier scale, per province with its years', () => {
    expect(isEarlierScale('江苏', 2019)).toBe(true)
    expect(isEarlierScale('广东', 2019)).toBe(false)
    expect(isEarlierScale('火星', 2019)).toBe(false)
    const pairs = [2025, 2020, 2016, 2017, 2019].map((year) => ({ province: '江苏', year }))
    expect(
      earlierScales([...pairs, { province: '广东', year: 2018 }, { province: undefined, year: 2018 }]),
    ).toEqual([{ province: '江苏', years: [2016, 2017, 2019, 2020], fullScore: 480, today: 750 }])
    expect(yearRanges([2016, 2017, 2019, 2020, 2020])).toBe('2016-2017, 2019-2020')
    expect(yearRanges([2018])).toBe('2018')
  })
})

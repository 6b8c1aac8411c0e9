import { describe, expect, it } from 'vitest'
import { couldBegin, spell } from '../../../src/features/name-search/pinyin.js'

/**
 * Polyphones in school names: each is read by its word (pinyin-pro's dictionary), or by readings.json where the
 * dictionary reads it wrongly.
 */
const CASES: readonly [string, string][] = [
  ['重庆大学', 'chongqingdaxue'],
  ['长沙理工大学', 'changshaligongdaxue'],
  ['长安大学', 'changandaxue'],
  ['长春理工大学', 'changchunligongdaxue'],
  ['厦门大学', 'xiamendaxue'],
  ['蚌埠医科大学', 'bengbuyikedaxue'],
  ['六安职业技术学院', 'luanzhiyejishuxueyuan'],
  ['乐山师范学院', 'leshanshifanxueyuan'],
  ['中央音乐学院', 'zhongyangyinyuexueyuan'],
  ['西藏大学', 'xizangdaxue'],
  ['成都大学', 'chengdudaxue'],
  ['台州学院', 'taizhouxueyuan'],
  ['宿迁学院', 'suqianxueyuan'],
  ['上海立信会计金融学院', 'shanghailixinkuaijijinrongxueyuan'],
  ['中国人民解放军国防科技大学', 'zhongguorenminjiefangjunguofangkejidaxue'],
  // corrected by readings.json
  ['浙大城市学院', 'zhedachengshixueyuan'],
  ['西藏藏医药大学', 'xizangzangyiyaodaxue'],
  ['青岛农业大学海都学院', 'qingdaonongyedaxuehaiduxueyuan'],
  ['厦门华厦学院', 'xiamenhuaxiaxueyuan'],
  ['西安电子科技大学长安学院', 'xiandianzikejidaxuechanganxueyuan'],
]

describe('school names in pinyin', () => {
  it.each(CASES)('%s is %s', (name, full) => {
    expect(spell(name).full).toBe(full)
  })

  it('gives the initials, ü as v, and drops what is not Han', () => {
    expect(spell('哈尔滨工业大学（深圳）')).toEqual({
      full: 'haerbingongyedaxueshenzhen',
      initials: 'hebgydxsz',
    })
    expect(spell('中华女子学院').full).toBe('zhonghuanvzixueyuan')
    expect(spell('吕梁学院').initials).toBe('llxy')
  })

  it('lets through every name a pinyin query may begin, by any reading of its first characters', () => {
    expect(couldBegin('重庆大学', 'cq')).toBe(true)
    expect(couldBegin('重庆大学', 'chongq')).toBe(true)
    expect(couldBegin('重庆大学', 'zq')).toBe(true)
    expect(couldBegin('重庆大学', 'nj')).toBe(false)
    expect(couldBegin('南京大学', 'nanjingdaxue')).toBe(true)
    expect(couldBegin('南京大学', 'nanj')).toBe(true)
    expect(couldBegin('南京大学', 'nx')).toBe(false)
    expect(couldBegin('XYZ', 'xy')).toBe(false)
  })
})

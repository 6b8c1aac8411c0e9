import { describe, expect, it } from 'vitest'
import { nearMajors } from '../../../src/features/check/model/near-majors.js'
import { majorNameKey } from '../../../src/features/smart-match/model/options.js'

/**
 * The majors a warning suggests for one not found in a unit's plan (src/features/check/model/near-majors.ts): by
 * name, brackets left out, and by the catalogue's class. The catalogue here: a few of majors.class_name.
 */
const CATALOGUE = new Map(
  [
    ['计算机科学与技术', '计算机类'],
    ['软件工程', '计算机类'],
    ['通信工程', '电子信息类'],
    ['电子信息工程', '电子信息类'],
    ['会计学', '工商管理类'],
  ].map(([name, klass]) => [majorNameKey(name as string), klass as string]),
)
const classOf = (name: string) => CATALOGUE.get(name)

describe('the majors near one not found', () => {
  it('names the majors of its class, and a class named by its majors or its own name', () => {
    const plan = ['计算机科学与技术', '软件工程', '电子信息类(通信与信息类)', '会计学']
    expect(nearMajors('计算机类', plan, classOf)).toEqual(['计算机科学与技术', '软件工程'])
    // 通信工程 is of 电子信息类, which a plan's name says in its stem
    expect(nearMajors('通信工程', plan, classOf)).toEqual(['电子信息类(通信与信息类)'])
    expect(nearMajors('电子信息工程', ['电子信息类(通信与信息类)', '通信工程'], classOf)).toEqual([
      '电子信息类(通信与信息类)',
      '通信工程',
    ])
  })

  it('names majors whose name holds it or is held by it, at most four, never nothing near', () => {
    const plan = ['计算机科学与技术(拔尖班)', '计算机科学与技术', '临床医学(5+3一体化)', 'a', 'b']
    expect(nearMajors('计算机', plan, classOf)).toEqual(['计算机科学与技术(拔尖班)', '计算机科学与技术'])
    expect(nearMajors('临床医学5+3', plan, classOf)).toEqual(['临床医学(5+3一体化)'])
    expect(nearMajors('火星学', plan, classOf)).toEqual([])
    expect(nearMajors('', plan, classOf)).toEqual([])
    const many = ['计算机类1', '计算机类2', '计算机类3', '计算机类4', '计算机类5']
    expect(nearMajors('计算机类', many, classOf)).toHaveLength(4)
  })
})

import { describe, expect, it } from 'vitest'
import { dropOrdinaryCopiesOfSpecialLines } from '../../src/datasets/plans/special-copies.js'
import { mergedRow as row } from './merged-row.js'

const ORDER = ['LG', 'HB'] as const

describe('special plans filed as ordinary lines (湖北: LG without 备注, HB with it)', () => {
  it('drops the 普通 copy of a special group line, and only that', () => {
    const special = row({ planType: '国家专项', batchName: '国家专项', sources: 2 })
    const copy = row({})
    const otherScore = row({ sgCode: '06', min: 670 })
    const sameCodeOtherScore = row({ min: 661 })
    const major = row({ kind: 'major', spname: '数学类' })
    const { rows, dropped } = dropOrdinaryCopiesOfSpecialLines(
      [special, copy, otherScore, sameCodeOtherScore, major],
      ORDER,
    )
    expect(rows).toEqual([special, otherScore, sameCodeOtherScore, major])
    expect(dropped).toEqual({ LG: 1 })
  })

  it('leaves ordinary lines alone where no special line of that group and score exists', () => {
    const rows = [row({}), row({ sgCode: '06' }), row({ year: 2024, planType: '国家专项' })]
    expect(dropOrdinaryCopiesOfSpecialLines(rows, ORDER).rows).toHaveLength(3)
  })
})

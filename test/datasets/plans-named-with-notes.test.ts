import { describe, expect, it } from 'vitest'
import type { MergedRow } from '../../src/datasets/plans/merge.js'
import { isNoteExtended, joinMajorsNamedWithNotes } from '../../src/datasets/plans/named-with-notes.js'
import { mergedRow } from './merged-row.js'

const LG = 1
const CG = 2 ** 9

/** A 辽宁 2025 major row (专业+院校: no group) of 吉林大学, LG's line unless told otherwise */
const major = (spname: string, over: Partial<MergedRow> = {}): MergedRow =>
  mergedRow({
    province: '辽宁',
    schoolLabel: '吉林大学',
    localBatchName: '本科批',
    kind: 'major',
    sgCode: null,
    spname,
    ...over,
  })
/** CG's plan of a major: places and fee, no line */
const plan = (spname: string, num: number, over: Partial<MergedRow> = {}) =>
  major(spname, {
    num,
    tuition: 5500,
    min: null,
    minSection: null,
    rankSource: null,
    sources: CG,
    contributors: CG,
    ...over,
  })

describe('isNoteExtended: a name that is another followed only by brackets of notes', () => {
  it.each([
    ['数学类(数学与应用数学、信息与计算科学、统计学)', '数学类', 'the majors the class holds'],
    ['物理学类(含基地班)', '物理学类', 'what it contains'],
    [
      '计算机类(元班)(计算机科学与技术、网络空间安全)(未来学院“元班”实验班)(一年级在沙河校区)',
      '计算机类(元班)(计算机科学与技术、网络空间安全)',
      'a repeat of its own bracket, and where its first year is',
    ],
    ['通信工程(中外合作办学)(合作院校为澳大利亚悉尼科技大学)', '通信工程(中外合作办学)', 'its partner'],
    ['微电子科学与工程(入校后可选拔进入工科试验班(人工智能类))', '微电子科学与工程', 'a nested bracket'],
  ])('%s is %s with notes (%s)', (long, short) => {
    expect(isNoteExtended(long, short)).toBe(true)
  })

  it.each([
    ['旅游管理(中外合作办学)', '旅游管理'],
    ['金融学(双学位)', '金融学'],
    ['会计学(都江堰校区)', '会计学'],
    ['传播学(厦门大学马来西亚分校招生专业)', '传播学'],
    ['小学教育(师范、未来科学与工程教育创新班)', '小学教育'],
    ['工科试验班(尖班、港大优学班)', '工科试验班'],
    ['临床医学(5+3一体化)', '临床医学'],
    ['经济学(数量经济)', '经济学'],
    ['数学类(数学与应用数学)x', '数学类'],
    ['数学类别', '数学类'],
  ])('%s is a programme of its own, not %s with notes', (long, short) => {
    expect(isNoteExtended(long, short)).toBe(false)
  })
})

describe('joinMajorsNamedWithNotes', () => {
  it("joins CG's plan of a major to LG's line of it named with its majors, keeping LG's name and CG's places", () => {
    const { rows, joined } = joinMajorsNamedWithNotes([
      plan('数学类', 13),
      major('数学类(数学与应用数学、信息与计算科学、统计学)', { min: 637, minSection: 3910 }),
    ])
    expect(joined).toBe(1)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      spname: '数学类(数学与应用数学、信息与计算科学、统计学)',
      num: 13,
      tuition: 5500,
      min: 637,
      minSection: 3910,
      sources: LG + CG,
      contributors: LG + CG,
    })
  })

  it('joins the other way round too: the plan named with notes, the line without', () => {
    const { rows } = joinMajorsNamedWithNotes([
      major('计算机类(元班)(计算机科学与技术、网络空间安全)', { min: 661, minSection: 1330 }),
      plan('计算机类(元班)(计算机科学与技术、网络空间安全)(未来学院“元班”实验班)(一年级在沙河校区)', 6),
    ])
    expect(rows.map((r) => [r.spname, r.num, r.min])).toEqual([
      ['计算机类(元班)(计算机科学与技术、网络空间安全)', 6, 661],
    ])
  })

  it('joins two copies of one line, keeping the one with the places', () => {
    const { rows, joined } = joinMajorsNamedWithNotes([
      major('工科试验班(计算机与智能软件)', { num: 9, min: 646, minSection: null, sources: LG + CG }),
      major('工科试验班(计算机与智能软件)(计算机科学与技术、软件工程、人工智能)', {
        min: 646,
        minSection: 2400,
      }),
    ])
    expect(joined).toBe(1)
    expect(rows.map((r) => [r.spname, r.num, r.min, r.minSection])).toEqual([
      ['工科试验班(计算机与智能软件)', 9, 646, 2400],
    ])
  })

  it('leaves two rows apart when they are not one major', () => {
    const cases: MergedRow[][] = [
      // a programme of its own
      [plan('旅游管理', 4), major('旅游管理(中外合作办学)', { min: 471 })],
      // one source names both: two majors of its own
      [plan('数学类', 13), plan('数学类(数学与应用数学、统计学)', 2)],
      // two lines: no half is a plan
      [major('物理学类', { min: 640 }), major('物理学类(物理学、应用物理学)', { min: 632 })],
      // places that disagree
      [plan('化学类', 4), major('化学类(化学、应用化学)', { num: 2, min: 611 })],
      // another year, another group, another plan type
      [plan('数学类', 13, { year: 2024 }), major('数学类(数学与应用数学、统计学)', { min: 637 })],
      [plan('数学类', 13, { sgCode: '02' }), major('数学类(数学与应用数学、统计学)', { min: 637 })],
      [plan('数学类', 13, { planType: '国家专项' }), major('数学类(数学与应用数学、统计学)', { min: 637 })],
    ]
    for (const rows of cases) expect(joinMajorsNamedWithNotes(rows)).toEqual({ rows, joined: 0 })
  })

  it('leaves a short name with two note-named partners alone: which one it is, nothing says', () => {
    const rows = [
      plan('电子信息类', 48),
      major('电子信息类(电子科学、信息物理、空天信息)', { min: 644 }),
      major('电子信息类(通信、电子信息、微电子)', { min: 650 }),
    ]
    expect(joinMajorsNamedWithNotes(rows)).toEqual({ rows, joined: 0 })
  })
})

import { describe, expect, it } from 'vitest'
import type { SimResult } from '../../../src/features/check/model/simulate.js'
import {
  type ChoiceFacts,
  eligibilityWarnings,
  matchWarnings,
  type RuleFacts,
  riskWarnings,
  ruleWarnings,
  togetherPairs,
  WARNING_LIMITS,
  type WarningCode,
} from '../../../src/features/check/model/warnings.js'

/** Each warning fires on the case it is for and stays silent on the case just on the other side. */

const GROUPS: RuleFacts = { volunteerType: 2, volunteerNumMax: 4, majorNumMax: 2, batch: '本科批' }
const MAJORS: RuleFacts = { volunteerType: 3, volunteerNumMax: 4, majorNumMax: 1, batch: '本科批' }

const fact = (position: number, more: Partial<ChoiceFacts> = {}): ChoiceFacts => ({
  position,
  label: `学校${position} 专业组（01）`,
  school: `学校${position}`,
  status: 'ok',
  optionKey: `g${position}|01`,
  sid: position,
  expected: 10_000,
  majorsRuledOut: [],
  majorsUnknown: [],
  majorsListed: 1,
  tiaoji: undefined,
  coversUnit: false,
  schoolOptions: 1,
  majorsElsewhere: [],
  majorsAmbiguous: [],
  schoolGroups: [],
  ...more,
})

/** A simulation result with given chances alone and filing probabilities. */
const sim = (
  choices: { alone: number; filed?: number; tuidang?: number }[],
  slide = 0,
  pairs: SimResult['pairs'] = [],
): SimResult => ({
  draws: 10_000,
  slide,
  major: 0,
  tiaoji: 0,
  tuidang: 0,
  expectedPosition: 1,
  choices: choices.map((c) => ({
    filed: c.filed ?? c.alone,
    alone: c.alone,
    majors: [],
    tiaoji: 0,
    tuidang: c.tuidang ?? 0,
    unjudged: 0,
  })),
  pairs,
})

const codes = (ws: { code: WarningCode }[]) => ws.map((w) => w.code)

describe('the rule of the province', () => {
  it('too many choices: more than volunteerNumMax, naming the extra ones', () => {
    const four = [1, 2, 3, 4].map((p) => fact(p))
    expect(codes(ruleWarnings(GROUPS, four))).not.toContain('too_many_choices')
    const five = [...four, fact(5)]
    const w = ruleWarnings(GROUPS, five).find((x) => x.code === 'too_many_choices')
    expect(w?.choices).toEqual([5])
    expect(w?.message).toContain('最多 4 个志愿')
  })
  it('too many majors in a choice: more than majorNumMax', () => {
    expect(codes(ruleWarnings(GROUPS, [fact(1, { majorsListed: 2 })]))).not.toContain('too_many_majors')
    const w = ruleWarnings(GROUPS, [fact(1, { majorsListed: 3 })])
    expect(codes(w)).toContain('too_many_majors')
    // a major province: one major per choice
    expect(ruleWarnings(MAJORS, [fact(1, { majorsListed: 2 })])[0]?.message).toContain('只能填 1 个专业')
  })
  it('调剂 where a choice is one major: the province has none', () => {
    expect(codes(ruleWarnings(MAJORS, [fact(1, { tiaoji: true })]))).toContain('tiaoji_not_allowed')
    expect(codes(ruleWarnings(MAJORS, [fact(1, { tiaoji: false })]))).not.toContain('tiaoji_not_allowed')
    expect(codes(ruleWarnings(GROUPS, [fact(1, { tiaoji: true })]))).not.toContain('tiaoji_not_allowed')
  })
})

describe('what could not be matched', () => {
  const one = (status: ChoiceFacts['status'], more: Partial<ChoiceFacts> = {}) =>
    codes(matchWarnings(GROUPS, [fact(1, { status, ...more })], '物理类'))
  it('names each reason a choice is not simulated', () => {
    expect(one('school_not_found')).toContain('school_not_found')
    expect(one('no_option')).toContain('no_option')
    expect(one('group_missing', { schoolOptions: 3 })).toContain('group_missing')
    expect(one('group_not_found', { group: '09' })).toContain('group_not_found')
    expect(one('major_missing')).toContain('major_missing')
    expect(one('major_not_found')).toContain('major_not_found')
    expect(one('ok')).toEqual([])
  })
  it("a major or school not found in a plan filtered for other subjects' candidates says the data may miss it", () => {
    // 浙江 2026: the plan export holds only what 物化生 candidates may take; a 史政地 candidate's 政治 programme
    // is missing from the data, not from the plan
    const filtered: RuleFacts = { ...MAJORS, planOpenTo: { subjects: '物理+化学+生物', year: 2026 } }
    const said = (rule: RuleFacts, status: ChoiceFacts['status']) =>
      matchWarnings(rule, [fact(1, { status })], '综合')[0]?.message ?? ''
    for (const status of ['major_not_found', 'no_option'] as const) {
      expect(said(filtered, status)).toContain('2026 年计划数据只含物理+化学+生物考生可报的专业')
      expect(said(MAJORS, status)).not.toContain('计划数据只含')
    }
  })
  it('a school not found: the schools its name may mean, when the search found some', () => {
    const said = (more: Partial<ChoiceFacts>) =>
      matchWarnings(
        GROUPS,
        [fact(1, { status: 'school_not_found', school: '中南财大', ...more })],
        '物理类',
      )[0]?.message
    expect(said({ suggestions: ['中南财经政法大学'] })).toBe(
      '第 1 志愿: 找不到院校 "中南财大", 是否指 中南财经政法大学? (请核对院校全称或代码)',
    )
    expect(said({})).toBe('第 1 志愿: 找不到院校 "中南财大" (请核对院校全称或代码)')
  })
  it('a 院校代码 of another school than the name', () => {
    const w = matchWarnings(
      GROUPS,
      [
        fact(1, { school: '南京大学', codeOther: { code: '10286', name: '东南大学', kind: '院校代码' } }),
        fact(2),
        fact(3, {
          school: '南京大学',
          codeOther: { code: '1102', name: '东南大学', kind: '院校代号' },
          ownCode: '1101',
        }),
        fact(4, {
          school: '南京大学',
          codeOther: { code: '9999', name: null, kind: '院校代号' },
          ownCode: '1101',
        }),
      ],
      '物理类',
    )
    expect(w.map((x) => [x.code, x.choices, x.message])).toEqual([
      [
        'school_code_mismatch',
        [1],
        '第 1 志愿: 院校 "南京大学" 与院校代码 10286 (东南大学) 不是同一所院校, 请核对; 现按院校名称判断',
      ],
      [
        'school_code_mismatch',
        [3],
        '第 3 志愿: 院校 "南京大学" 与院校代号 1102 (东南大学) 不是同一所院校, 请核对 (投档按代号); 现按院校名称判断',
      ],
      [
        'school_code_mismatch',
        [4],
        '第 4 志愿: 院校代号 9999 不是本省该年计划中的院校代号 (南京大学 是 1101); 投档按代号, 请核对; 现按院校名称判断',
      ],
    ])
    expect(w.every((x) => x.level === 'warning')).toBe(true)
  })
  it('a 专业代号 beside a major name that is another major’s, or none’s', () => {
    const w = matchWarnings(
      GROUPS,
      [
        fact(1, {
          majorCodesOther: [
            { name: '计算机科学与技术', code: '05', own: '03', major: '电子信息工程' },
            { name: '自动化', code: '77', own: '04', major: null },
          ],
        }),
        fact(2),
      ],
      '物理类',
    )
    expect(w.map((x) => [x.code, x.level, x.choices])).toEqual([
      ['major_code_mismatch', 'warning', [1]],
      ['major_code_mismatch', 'warning', [1]],
    ])
    expect(w[0]?.message).toMatch(
      /专业 计算机科学与技术 的专业代号是 03, 表中写的 05 是 电子信息工程 的代号; 投档按代号/u,
    )
    expect(w[1]?.message).toMatch(/专业 自动化 的专业代号是 04, 表中写的 77 不是该志愿中任何专业的代号/u)
  })
  it("names the school's groups where the list's group is missing or wrong", () => {
    const groups = ['专业组（03）', '专业组（08）', '专业组（10）']
    const said = (status: ChoiceFacts['status']) =>
      matchWarnings(
        GROUPS,
        [fact(1, { status, group: '01', schoolOptions: 3, schoolGroups: groups })],
        '物理类',
      )[0]?.message ?? ''
    expect(said('group_not_found')).toContain('本批次物理类的专业组: 03、08、10')
    expect(said('group_missing')).toContain('有 3 个专业组 (03、08、10)')
    expect(said('group_not_found')).not.toContain('所填专业在')
    const held = matchWarnings(
      GROUPS,
      [
        fact(1, {
          status: 'group_not_found',
          group: '01',
          schoolGroups: groups,
          majorsGroup: '专业组（08）',
        }),
      ],
      '物理类',
    )
    expect(held[0]?.message).toContain('所填专业在 08 组')
    // a long list is cut, and says how many there are
    const many = Array.from({ length: 15 }, (_, i) => `专业组（${String(i + 1).padStart(2, '0')}）`)
    const cut = matchWarnings(
      GROUPS,
      [fact(1, { status: 'group_missing', schoolOptions: 15, schoolGroups: many })],
      '物理类',
    )
    expect(cut[0]?.message).toContain('01、02、03、04、05、06、07、08、09、10、11、12 等 15 个')
    expect(cut[0]?.message).not.toContain('13')
  })
  it('a bare major the plan has twice, with the one the simulation takes', () => {
    const majorsAmbiguous = [
      { name: '工程管理', options: ['工程管理(南校区)', '工程管理(卓越班)'], taken: '工程管理(卓越班)' },
    ]
    const [w] = matchWarnings(GROUPS, [fact(1, { status: 'ok', majorsAmbiguous })], '物理类').filter(
      (x) => x.code === 'major_ambiguous',
    )
    expect(w?.message).toContain('计划中有 2 个 工程管理: 工程管理(南校区)、工程管理(卓越班)')
    expect(w?.message).toContain('按其中最难录取的 工程管理(卓越班) 估计')
    expect(one('ok', {})).not.toContain('major_ambiguous')
  })
  it('majors not in the unit, and a unit listing none', () => {
    expect(one('ok', { majorsUnknown: ['火星学'] })).toContain('majors_unknown')
    // one the school has in another group: that group is named
    const elsewhere = matchWarnings(
      GROUPS,
      [
        fact(1, {
          majorsUnknown: ['临床医学', '火星学'],
          majorsElsewhere: [{ name: '临床医学', group: '专业组（05）' }],
        }),
      ],
      '物理类',
    )
    expect(elsewhere[0]?.message).toContain(
      '专业 临床医学、火星学 不在该志愿的招生计划中 (临床医学 在 05 组)',
    )
    // the plan's majors near the one not found are named; where the plan year's plan names the unit's majors, one
    // it does not name cannot be filed there: an error, not a caution (广州大学 广东 专业组（205）: 计算机类)
    const near = (more: Partial<ChoiceFacts>) =>
      matchWarnings(
        GROUPS,
        [
          fact(1, {
            majorsUnknown: ['计算机类'],
            majorsNear: [{ name: '计算机类', near: ['计算机科学与技术', '软件工程'] }],
            ...more,
          }),
        ],
        '物理类',
      )[0]
    expect(near({})).toMatchObject({ code: 'majors_unknown', level: 'warning' })
    expect(near({})?.message).toContain(
      '专业 计算机类 不在该志愿的招生计划中; 计划中相近的专业: 计算机类 → 计算机科学与技术、软件工程; 志愿表上只能填计划内的专业',
    )
    expect(near({ planNamesMajors: true })).toMatchObject({ code: 'majors_unknown', level: 'error' })
    expect(one('ok', { majorsListed: 0 })).toContain('no_majors')
    // a major province's choice is the major itself
    expect(codes(matchWarnings(MAJORS, [fact(1, { majorsListed: 0 })], '物理类'))).not.toContain('no_majors')
  })
  it('a school no source gives groups for, in a 专业组 province: its group code is not known', () => {
    // 河南 2026: smart-match's 保 items of private colleges with a school line only; the check had said 未填专业 only
    const w = matchWarnings(GROUPS, [fact(1, { majorsListed: 0, groupUnknown: true })], '物理类')
    expect(codes(w)).toEqual(['group_unknown'])
    expect(w[0]?.message).toContain('志愿表上要填的专业组代码和专业须查当年招生计划')
    expect(codes(matchWarnings(GROUPS, [fact(1, { majorsListed: 1 })], '物理类'))).not.toContain(
      'group_unknown',
    )
    // several: one warning naming them all
    const many = matchWarnings(
      GROUPS,
      [1, 2, 3].map((p) => fact(p, { groupUnknown: true })),
      '物理类',
    )
    expect(many.map((x) => [x.code, x.choices])).toEqual([['group_unknown', [1, 2, 3]]])
    expect(many[0]?.message).toMatch(/^第 1、2、3 志愿 \(学校1、学校2、学校3\): 数据中没有这些院校的专业组/u)
  })
  it('a 专业+院校 choice judged by its school line: the data name none of its majors', () => {
    // 山东 2025: a school without a 山东 plan in the data is one option, judged by its lowest line; a 计算机 listed
    // there read 99 % with only a note
    const rule = { ...GROUPS, volunteerType: 3 as const }
    const many = matchWarnings(
      rule,
      [1, 2, 3].map((p) => fact(p, { schoolLineOnly: p !== 2 })),
      '物理类',
    )
    expect(many.map((x) => [x.code, x.level, x.choices])).toEqual([['school_line_only', 'warning', [1, 3]]])
    expect(many[0]?.message).toMatch(
      /^第 1、3 志愿 \(学校1、学校3\): 数据中没有这些院校本年在本省的分专业计划 \(只有院校最低分\), 所填专业按院校最低位次估计/u,
    )
    expect(matchWarnings(MAJORS, [fact(1)], '物理类')).toEqual([])
  })
  it('the same choice twice', () => {
    const w = matchWarnings(GROUPS, [fact(1), fact(2), fact(3, { optionKey: 'g1|01' })], '物理类')
    expect(w.find((x) => x.code === 'duplicate')?.choices).toEqual([1, 3])
    expect(codes(matchWarnings(GROUPS, [fact(1), fact(2)], '物理类'))).not.toContain('duplicate')
  })
})

describe('what rules a choice out', () => {
  it('选科: the unit, or some of its majors', () => {
    expect(
      codes(eligibilityWarnings(GROUPS, [fact(1, { ruledOut: '首选物理, 再选化学和生物' })], undefined)),
    ).toEqual(['xuanke'])
    expect(
      codes(eligibilityWarnings(GROUPS, [fact(1, { majorsRuledOut: ['临床医学'] })], undefined)),
    ).toEqual(['xuanke_major'])
    expect(eligibilityWarnings(GROUPS, [fact(1)], undefined)).toEqual([])
  })
  it("the batch's control line", () => {
    const w = eligibilityWarnings(GROUPS, [fact(1), fact(2)], { score: 420, line: 430 })
    expect(w[0]).toMatchObject({ code: 'batch_line', level: 'error', choices: [1, 2] })
    expect(w[0]?.message).toContain('420 分低于本科批控制线 430 分')
  })
})

describe('what the simulation shows', () => {
  it('a safer choice before a riskier one (order)', () => {
    // 1 is safer (90 %, expected 20,000) and takes the chance of 2 (40 %, expected 9,000)
    const facts = [fact(1, { expected: 20_000 }), fact(2, { expected: 9000 })]
    const w = riskWarnings(GROUPS, facts, sim([{ alone: 0.9 }, { alone: 0.4, filed: 0.05 }]))
    const order = w.find((x) => x.code === 'order')
    expect(order?.choices).toEqual([1, 2])
    expect(order?.message).toContain('宜把第 2 志愿移到第 1 志愿之前')
    // the right order: no warning
    const right = [fact(1, { expected: 9000 }), fact(2, { expected: 20_000 })]
    expect(
      codes(riskWarnings(GROUPS, right, sim([{ alone: 0.4 }, { alone: 0.9, filed: 0.55 }]))),
    ).not.toContain('order')
    // a gap under orderGap is no warning
    const close = sim([{ alone: 0.5 }, { alone: 0.5 - WARNING_LIMITS.orderGap + 0.05, filed: 0.1 }])
    expect(codes(riskWarnings(GROUPS, facts, close))).not.toContain('order')
  })
  it('a safer choice before a riskier one where both are likely (order, by the chances of failing)', () => {
    // 华中科技大学 (100 %) before 武汉大学 (93 %): no gap of 0.15 can open above 85 %, but 武大 is wasted
    const facts = [fact(1, { expected: 14_848 }), fact(2, { expected: 5382 })]
    const order = riskWarnings(
      GROUPS,
      facts,
      sim([{ alone: 0.9986 }, { alone: 0.9329, filed: 0.0013 }]),
    ).find((x) => x.code === 'order')
    expect(order?.choices).toEqual([1, 2])
    expect(order?.message).toContain('单独录取可能 93%')
    // 97 % before 90 %: fails 3 % against 10 %
    expect(codes(riskWarnings(GROUPS, facts, sim([{ alone: 0.97 }, { alone: 0.9, filed: 0.03 }])))).toContain(
      'order',
    )
    // two 保 close to certain (99.9 % before 98 %): failing 0.1 % against 2 % is no difference worth a warning
    expect(
      codes(riskWarnings(GROUPS, facts, sim([{ alone: 0.999 }, { alone: 0.98, filed: 0.001 }]))),
    ).not.toContain('order')
    // failing more than half as often (fails 12 % against 20 %): no warning
    expect(
      codes(riskWarnings(GROUPS, facts, sim([{ alone: 0.88 }, { alone: 0.8, filed: 0.1 }]))),
    ).not.toContain('order')
  })
  it('one safe choice placed before many harder ones: one warning that names them all', () => {
    // a 保 (99 %, expected 40,000) moved to the top, before four harder choices: one fix, said once
    const facts = [
      fact(1, { expected: 40_000 }),
      ...[2, 3, 4, 5].map((p) => fact(p, { expected: 9000 + p * 1000 })),
    ]
    const result = sim([{ alone: 0.99 }, ...[2, 3, 4, 5].map(() => ({ alone: 0.6, filed: 0.01 }))])
    const orders = riskWarnings(GROUPS, facts, result).filter((x) => x.code === 'order')
    expect(orders).toHaveLength(1)
    expect(orders[0]?.choices).toEqual([1, 2, 3, 4, 5])
    expect(orders[0]?.message).toContain('排在 4 个更难录取的志愿之前 (第 2、3、4、5 志愿)')
    expect(orders[0]?.message).toContain('宜把第 1 志愿移到这些志愿之后')
    // two are still said one by one
    const two = riskWarnings(
      GROUPS,
      facts.slice(0, 3),
      sim([{ alone: 0.99 }, ...[2, 3].map(() => ({ alone: 0.6, filed: 0.01 }))]),
    )
    expect(two.filter((x) => x.code === 'order').map((x) => x.choices)).toEqual([
      [1, 2],
      [1, 3],
    ])
  })
  it('too few 保: by count, and by P(滑档)', () => {
    const facts = [fact(1), fact(2), fact(3)]
    // a 保 is a choice of 档 保 (its chance from baoChance up), not any safe-looking one
    const bao = WARNING_LIMITS.baoChance
    expect(bao).toBeGreaterThan(0.95)
    expect(
      codes(riskWarnings(GROUPS, facts, sim([{ alone: 0.5 }, { alone: bao }, { alone: 0.99 }], 0.01))),
    ).not.toContain('few_bao')
    const one = riskWarnings(
      GROUPS,
      facts,
      sim([{ alone: 0.5 }, { alone: bao - 0.01 }, { alone: 0.99 }], 0.01),
    )
    expect(one.find((x) => x.code === 'few_bao')?.level).toBe('warning')
    const sliding = riskWarnings(GROUPS, facts, sim([{ alone: 0.5 }, { alone: bao }, { alone: 0.99 }], 0.06))
    expect(sliding.find((x) => x.code === 'few_bao')?.level).toBe('error')
  })
  it('too few 保 says nothing of choices it could not find, and nothing at all when it found none', () => {
    // A choice not found is unknown, not a failure: a list of none found has no known P(滑档), though a filing
    // of no choice is 滑档 for certain.
    const lost = [fact(1, { status: 'school_not_found' }), fact(2, { status: 'group_not_found' })]
    const none = sim([{ alone: 0 }, { alone: 0 }], 1)
    expect(codes(riskWarnings(GROUPS, lost, none))).not.toContain('few_bao')
    // one found, one not: the warning stands, and says what its P(滑档) leaves out
    const half = riskWarnings(
      GROUPS,
      [fact(1), fact(2, { status: 'no_option' })],
      sim([{ alone: 0.5 }, { alone: 0 }], 0.5),
    )
    const few = half.find((x) => x.code === 'few_bao')
    expect(few?.level).toBe('error')
    expect(few?.message).toContain('滑档概率 50% (不计数据中找不到的 1 个志愿)')
  })
  it('two choices that stand or fall together', () => {
    const facts = [fact(1, { school: '楚天测试大学' }), fact(2, { school: '楚天测试大学' })]
    const pair = (given: number) => [{ first: 0, second: 1, secondGivenFirstFails: given, firstFails: 0.4 }]
    const together = riskWarnings(GROUPS, facts, sim([{ alone: 0.6 }, { alone: 0.7 }], 0.2, pair(0.3)))
    expect(together.find((x) => x.code === 'together')?.choices).toEqual([1, 2])
    const apart = riskWarnings(GROUPS, facts, sim([{ alone: 0.6 }, { alone: 0.7 }], 0.2, pair(0.65)))
    expect(codes(apart)).not.toContain('together')
    // two majors of one school in a 专业+院校 province: the province's way of choosing the school, not warned
    expect(
      codes(riskWarnings(MAJORS, facts, sim([{ alone: 0.6 }, { alone: 0.7 }], 0.2, pair(0.3)))),
    ).not.toContain('together')
  })
  it('退档: a choice whose listed majors may all refuse the candidate', () => {
    const facts = [fact(1, { tiaoji: false })]
    const w = riskWarnings(GROUPS, facts, sim([{ alone: 0.95, tuidang: 0.08 }]))
    expect(w.find((x) => x.code === 'tuidang')?.message).toContain('不服从调剂')
    expect(codes(riskWarnings(GROUPS, facts, sim([{ alone: 0.95, tuidang: 0.005 }])))).not.toContain(
      'tuidang',
    )
  })
  it('pairs of the same school, earlier first', () => {
    const list = [
      { sid: 1, live: true },
      { sid: 2, live: true },
      { sid: 1, live: true },
      { sid: 1, live: false },
    ]
    expect(togetherPairs(list)).toEqual([[0, 2]])
  })
})

import { describe, expect, it } from 'vitest'
import type { MajorRow } from '../../src/datasets/majors/match.js'
import { isOutcomeOfYearBefore, planPlans, resolveAbbreviations } from '../../src/datasets/plans/build.js'
import { checkPlans, planRowKey, summarizePlanViolations } from '../../src/datasets/plans/checks.js'
import {
  dropCopiedGroups,
  dropCutCopiesOfCgNames,
  dropGpGroupsOfAnotherBatch,
} from '../../src/datasets/plans/copies.js'
import { mergeRecords, type ResolvedRecord, sourcesOf } from '../../src/datasets/plans/merge.js'
import { RankTable, rankLookup } from '../../src/datasets/plans/ranks.js'
import type { PlanRecord, PlanRow } from '../../src/datasets/plans/types.js'
import type { SchoolRow } from '../../src/datasets/schools/match.js'
import { schoolRow } from './helpers.js'

const ORDER = ['LG', 'GA', 'SH', 'IM', 'CG', 'GP', 'LB'] as const

function rec(over: Partial<ResolvedRecord>): ResolvedRecord {
  return {
    source: 'LG',
    sourceFile: 'f',
    tier: 0,
    province: '江苏',
    year: 2025,
    subjectType: '物理类',
    batchName: '本科批',
    localBatchName: '普通类本科批次平行志愿',
    planType: '普通',
    level: '本科',
    schoolName: '南京大学',
    schoolCode: null,
    spname: '',
    spcode: null,
    sgCode: '01',
    sgInfos: null,
    num: null,
    tuition: null,
    length: null,
    min: 650,
    minSection: 3000,
    rankDerived: false,
    rankBlocked: false,
    average: null,
    max: null,
    outcomeLevel: 'group',
    sid: 1,
    schoolLabel: '南京大学',
    majorId: null,
    ...over,
  }
}

describe('merge', () => {
  it('takes plan fields from a plan source and keeps the official outcome', () => {
    const { rows, stats } = mergeRecords(
      [
        rec({ source: 'IM', tier: 2, num: 30, tuition: 5200, min: 650, minSection: 2990 }),
        rec({ source: 'LG', tier: 0, min: 650, minSection: 3000 }),
      ],
      ORDER,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ num: 30, tuition: 5200, min: 650, minSection: 3000 })
    expect(sourcesOf(rows[0] as never, ORDER)).toEqual(['LG', 'IM'])
    expect(stats.merged).toBe(1)
  })

  it('marks a plan number no plan book confirms as unverified, and a confirmed one as not', () => {
    const major = { spname: '法学', min: null, minSection: null, outcomeLevel: '' as const }
    const cg = rec({ ...major, source: 'CG', tier: 4, num: 6, numUnverified: true })
    const alone = mergeRecords([cg], ORDER).rows[0]
    expect(alone).toMatchObject({ num: 6, numUnverified: true })
    // an official plan's number stands; CG's differing one is a conflict, and the row's number is verified
    const both = mergeRecords([rec({ ...major, source: 'LG', tier: 0, num: 5 }), cg], ORDER).rows[0]
    expect(both).toMatchObject({ num: 5, numUnverified: false })
    // CG fills a number an official row lacks: that number is CG's, so unverified
    const filled = mergeRecords([rec({ ...major, source: 'LG', tier: 0 }), cg], ORDER).rows[0]
    expect(filled).toMatchObject({ num: 6, numUnverified: true })
  })

  it('keeps the better source on a score conflict and never adds a second row', () => {
    const { rows, stats } = mergeRecords(
      [rec({ source: 'LG', tier: 3, min: 640, minSection: null }), rec({ source: 'LG', tier: 0, min: 650 })],
      ORDER,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.min).toBe(650)
    expect(stats.conflicts).toEqual({ 'score: LG vs LG': 1 })
  })

  it('puts a published rank over a derived one on an equal score', () => {
    const { rows } = mergeRecords(
      [
        rec({ source: 'LG', tier: 0, minSection: 3010, rankDerived: true }),
        rec({ source: 'GA', tier: 1, minSection: 2999, rankDerived: false, max: 660, average: 655 }),
      ],
      ORDER,
    )
    expect(rows[0]).toMatchObject({ minSection: 2999, rankDerived: false, max: 660, average: 655 })
  })

  it('fills the outcome of a plan-only row', () => {
    const { rows } = mergeRecords(
      [
        rec({
          source: 'LG',
          tier: 0,
          spname: '计算机类',
          sgCode: '02',
          min: null,
          minSection: null,
          num: 12,
        }),
        rec({ source: 'LG', tier: 3, spname: '计算机类', sgCode: null, min: 641, minSection: null }),
      ],
      ORDER,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'major', num: 12, min: 641, sgCode: '02' })
  })

  it('drops a record that two rows could take, keeps sibling groups apart', () => {
    const { rows, stats } = mergeRecords(
      [
        rec({ spname: '计算机类', sgCode: '01', min: 650 }),
        rec({ spname: '计算机类', sgCode: '05', min: 620 }),
        // no group: both rows of the source could take it
        rec({ source: 'GP', tier: 4, spname: '计算机类', sgCode: null, min: 630, num: 9 }),
        // its group: the right sibling takes it
        rec({ source: 'GA', tier: 1, spname: '计算机类', sgCode: '005', min: 620, num: 40 }),
      ],
      ORDER,
    )
    expect(rows.map((r) => [r.sgCode, r.min, r.num])).toEqual([
      ['01', 650, null],
      ['05', 620, 40],
    ])
    expect(stats.ambiguous).toBe(1)
  })

  it('folds duplicates of one source into one row, the lower score winning', () => {
    const { rows, stats } = mergeRecords(
      [rec({ sgCode: null, min: 640, minSection: 5000 }), rec({ sgCode: null, min: 630, minSection: 7000 })],
      ORDER,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'school', min: 630, minSection: 7000 })
    expect(stats.collapsed).toBe(1)
  })

  it('merges a record its source repeats where the first copy went, not into a row beside it', () => {
    // GP lists 华中科技大学's 湖北 专业组（06） twice, without a local batch; CG has it once, with one
    const major = {
      spname: '护理学',
      sgCode: '06',
      tier: 4 as const,
      min: null,
      minSection: null,
      outcomeLevel: '' as const,
    }
    const { rows, stats } = mergeRecords(
      [
        rec({ ...major, source: 'CG', localBatchName: '本科批', num: 42 }),
        rec({ ...major, source: 'GP', localBatchName: '', num: 42, tuition: 6000 }),
        rec({ ...major, source: 'GP', localBatchName: '', num: 42, tuition: 6000 }),
      ],
      ORDER,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ spname: '护理学', localBatchName: '本科批', num: 42, tuition: 6000 })
    expect(stats.merged).toBe(2)
    // a record of another local batch is no repeat: a sibling row, as before
    const sibling = mergeRecords(
      [
        rec({ ...major, source: 'CG', localBatchName: '本科批A段', num: 42 }),
        rec({ ...major, source: 'GP', localBatchName: '本科批A段', num: 42 }),
        rec({ ...major, source: 'GP', localBatchName: '本科批B段', num: 3 }),
      ],
      ORDER,
    )
    expect(sibling.rows.map((m) => [m.localBatchName, m.num])).toEqual([
      ['本科批A段', 42],
      ['本科批B段', 3],
    ])
  })

  it('drops a GP major named without the bracket CG has, with CG’s plan number', () => {
    const major = { sgCode: '05', tier: 4 as const, min: null, minSection: null, outcomeLevel: '' as const }
    const { rows } = mergeRecords(
      [
        rec({ ...major, source: 'CG', localBatchName: '本科批', spname: '临床医学(八年制)', num: 37 }),
        rec({ ...major, source: 'CG', localBatchName: '本科批', spname: '基础医学(强基)', num: 5 }),
        rec({ ...major, source: 'GP', localBatchName: '', spname: '临床医学', num: 37 }),
        // another number, or a name CG has bare too: a major of its own
        rec({ ...major, source: 'GP', localBatchName: '', spname: '基础医学', num: 8 }),
        rec({ ...major, source: 'GP', localBatchName: '', spname: '护理学', num: 42 }),
      ],
      ORDER,
    )
    const { rows: kept, dropped } = dropCutCopiesOfCgNames(rows, ORDER)
    expect(kept.map((m) => m.spname)).toEqual(['临床医学(八年制)', '基础医学(强基)', '基础医学', '护理学'])
    expect(dropped).toBe(1)
  })

  it('drops a group filed twice under another code, every major with the same score, keeping the better-sourced', () => {
    const line = (source: 'LG' | 'CG', sgCode: string, spname: string, min: number) =>
      rec({ source, sgCode, spname, min, minSection: null, outcomeLevel: spname === '' ? 'group' : 'major' })
    const { rows } = mergeRecords(
      [
        // LG's 西安邮电大学 江苏 2025 专业组（1） is JSP's and CG's 专业组（04）
        line('LG', '1', '', 597),
        line('LG', '1', '通信工程', 601),
        line('LG', '1', '网络工程', 597),
        line('LG', '04', '', 597),
        line('LG', '04', '通信工程', 601),
        line('LG', '04', '网络工程', 597),
        line('CG', '04', '通信工程', 601),
        line('CG', '04', '网络工程', 597),
        // one major alike is no evidence: two groups may share a score
        line('LG', '05', '软件工程', 590),
        line('LG', '06', '软件工程', 590),
      ],
      ORDER,
    )
    const { rows: kept, dropped } = dropCopiedGroups(rows)
    expect(dropped).toBe(3)
    expect([...new Set(kept.map((m) => m.sgCode))]).toEqual(['04', '05', '06'])
  })

  it("drops GP's group filed under 本科批 that another source has in another batch with its majors", () => {
    const plan = (source: 'GP' | 'CG', batchName: PlanRecord['batchName'], sgCode: string, spname: string) =>
      rec({
        source,
        tier: source === 'GP' ? 4 : 2,
        batchName,
        localBatchName: source === 'GP' ? '' : batchName,
        sgCode,
        spname,
        num: 3,
        min: null,
        minSection: null,
        outcomeLevel: '',
      })
    const { rows } = mergeRecords(
      [
        // 南京大学's 江苏 专业组（04）: 本科提前批 in CG, and GP's copy under 本科批
        plan('CG', '本科提前批', '04', '戏剧影视文学'),
        plan('GP', '本科批', '04', '戏剧影视文学'),
        // a group CG has in 本科批 too is GP's as well
        plan('CG', '本科提前批', '05', '数学类'),
        plan('CG', '本科批', '05', '数学类'),
        plan('GP', '本科批', '05', '数学类'),
        // a major the other batch's group lacks: not a copy
        plan('CG', '本科提前批', '06', '物理学'),
        plan('GP', '本科批', '06', '物理学'),
        plan('GP', '本科批', '06', '天文学'),
      ],
      ORDER,
    )
    const { rows: kept, dropped } = dropGpGroupsOfAnotherBatch(rows, ORDER)
    expect(dropped).toBe(1)
    expect(kept.filter((m) => m.batchName === '本科批').map((m) => [m.sgCode, m.spname])).toEqual([
      ['05', '数学类'],
      ['06', '物理学'],
      ['06', '天文学'],
    ])
  })

  it('keeps rows of different local batches, plan types and levels apart', () => {
    const { rows } = mergeRecords(
      [
        rec({ sgCode: null, localBatchName: '本科一批', min: 600 }),
        rec({ sgCode: null, localBatchName: '本科二批', min: 520 }),
        rec({ sgCode: null, batchName: '国家专项', planType: '国家专项', min: 590 }),
        // a school minimum without batch: two rows could take it, so it is dropped
        rec({ source: 'GP', tier: 4, sgCode: null, localBatchName: '', min: 520 }),
      ],
      ORDER,
    )
    expect(rows.map((r) => [r.batchName, r.localBatchName, r.min])).toEqual([
      ['本科批', '本科一批', 600],
      ['本科批', '本科二批', 520],
      ['国家专项', '普通类本科批次平行志愿', 590],
    ])
  })
})

describe('rank derivation from the 一分一段 table', () => {
  const table = new RankTable([
    { scoreLow: 695, scoreHigh: 750, num: 120, total: 120 },
    { scoreLow: 694, scoreHigh: 694, num: 30, total: 150 },
    { scoreLow: 690, scoreHigh: 690, num: 40, total: 190 },
    { scoreLow: 689, scoreHigh: 689, num: 50, total: 240 },
  ])

  it('gives a score its row total, a banded score the band total', () => {
    expect(table.rankOf(694)).toBe(150)
    expect(table.rankOf(689)).toBe(240)
    expect(table.rankOf(700)).toBe(120)
    expect(table.rankOf(750)).toBe(120)
  })

  it('gives a score nobody had the total above it, and no rank outside the table', () => {
    expect(table.rankOf(692)).toBe(150)
    expect(table.rankOf(751)).toBeNull()
    expect(table.rankOf(688)).toBeNull()
  })

  it('uses the province’s 专科 table for 专科 records when there is one', () => {
    const rows = [{ scoreLow: 500, scoreHigh: 500, num: 10, total: 10 }]
    const voc = [{ scoreLow: 500, scoreHigh: 500, num: 12, total: 12 }]
    const lookup = rankLookup([
      { province: '广东', year: 2026, km: '物理类', level: '', rows },
      { province: '广东', year: 2026, km: '物理类', level: '专科', rows: voc },
    ])
    expect(lookup('广东', 2026, '物理类', '专科')?.rankOf(500)).toBe(12)
    expect(lookup('广东', 2026, '物理类', '本科')?.rankOf(500)).toBe(10)
    expect(lookup('广东', 2025, '物理类', '本科')).toBeNull()
  })

  it('uses 广西’s 区外 table for schools outside the province', () => {
    const lookup = rankLookup([
      {
        province: '广西',
        year: 2025,
        km: '物理类',
        level: '',
        rows: [{ scoreLow: 492, scoreHigh: 492, num: 758, total: 61833 }],
      },
      {
        province: '广西',
        year: 2025,
        km: '物理类',
        level: '区外',
        rows: [{ scoreLow: 492, scoreHigh: 492, num: 751, total: 61727 }],
      },
    ])
    expect(lookup('广西', 2025, '物理类', '本科', true)?.rankOf(492)).toBe(61727)
    expect(lookup('广西', 2025, '物理类', '本科', false)?.rankOf(492)).toBe(61833)
  })

  it('says whether a published score and rank are a pair the table could give', () => {
    expect(table.fits(694, 150)).toBe(true)
    expect(table.fits(694, 121)).toBe(true) // the first of the row's 30 candidates
    expect(table.fits(694, 120)).toBe(false) // a rank of the row above
    expect(table.fits(694, 151)).toBe(false)
    expect(table.fits(700, 60)).toBe(true) // inside the 695-750 band
    expect(table.fits(692, 150)).toBe(false) // nobody had 692
    expect(table.fits(751, 1)).toBe(false)
  })
})

describe('an outcome filed under the year after its own', () => {
  // 山东: 599 → 23,201 in the 2024 table, → 25,787 in 2025's (both real tables)
  const at599 = (year: number, num: number, total: number) => ({
    province: '山东',
    year,
    km: '综合',
    level: '',
    rows: [{ scoreLow: 599, scoreHigh: 599, num, total }],
  })
  const lookup = rankLookup([at599(2024, 653, 23201), at599(2025, 726, 25787)])
  const line = (over: Partial<PlanRecord>) =>
    ({
      province: '山东',
      year: 2025,
      subjectType: '综合',
      level: '本科',
      min: 599,
      minSection: 23201,
      rankDerived: false,
      ...over,
    }) as PlanRecord

  it('is recognised when the year before’s table gives exactly its rank and no table of its year fits', () => {
    expect(isOutcomeOfYearBefore(line({}), lookup, false)).toBe(true)
    expect(isOutcomeOfYearBefore(line({}), lookup, true)).toBe(true)
  })

  it('is not assumed when the year’s own table fits, the rank only falls in the row, or a table is missing', () => {
    expect(isOutcomeOfYearBefore(line({ minSection: 25787 }), lookup, false)).toBe(false)
    expect(isOutcomeOfYearBefore(line({ minSection: 25100 }), lookup, false)).toBe(false) // in 2025's row
    expect(isOutcomeOfYearBefore(line({ minSection: 23000 }), lookup, false)).toBe(false) // in 2024's row only
    expect(isOutcomeOfYearBefore(line({ year: 2024, minSection: 1 }), lookup, false)).toBe(false) // no 2023
    expect(isOutcomeOfYearBefore(line({ province: '河北' }), lookup, false)).toBe(false)
    expect(isOutcomeOfYearBefore(line({ rankDerived: true }), lookup, false)).toBe(false)
  })
})

const school = (sid: number, name: string, level: SchoolRow['level_name'] = '普通本科') =>
  schoolRow({ sid, name, province: '上海', code: String(sid), level_name: level })

describe('planPlans (pipeline on records)', () => {
  const schools = [
    school(1, '上海交通大学'),
    school(2, '上海对外经贸大学'),
    school(3, '对外经济贸易大学'),
    school(4, '上海第二工业大学'),
    school(5, '北京大学'),
  ]
  const majors: MajorRow[] = [
    {
      major_id: 80901,
      code: '080901',
      name: '计算机科学与技术',
      category: '工学',
      class_name: '计算机类',
      level: '本科',
      length: '四年',
      degree: null,
      salary: null,
      salary_5y: null,
      rating: null,
      ranking: null,
      hot_num: null,
      provenance: 'real',
      source: 'test',
    },
  ]
  const rankSlices = [
    {
      province: '江苏',
      year: 2025,
      km: '物理类',
      level: '',
      rows: [
        { scoreLow: 660, scoreHigh: 750, num: 500, total: 500 },
        { scoreLow: 659, scoreHigh: 659, num: 100, total: 600 },
      ],
    },
  ]
  const base = (over: Partial<PlanRecord>): PlanRecord => {
    const { sid: _s, schoolLabel: _l, majorId: _m, ...r } = rec({ ...over })
    return { ...r, schoolName: over.schoolName ?? '北京大学' }
  }

  it('resolves schools and majors, derives ranks, drops unknown schools and years', () => {
    const res = planPlans(
      {
        records: [
          base({ spname: '计算机科学与技术', sgCode: '01', min: 659, minSection: null }),
          base({ schoolName: '北京大学[公办]', min: 700, minSection: null, sgCode: '02' }),
          base({ schoolName: '火星大学', min: 600 }),
          base({ year: 2012, min: 600 }),
          base({ sgCode: '03', min: 600, minSection: null }), // below the table
          base({ sgCode: '04', min: 660, minSection: null, rankBlocked: true }),
          // above 江苏's full score (an art composite): the outcome goes, and with no plan the record
          base({ sgCode: '05', min: 780, minSection: null }),
          base({ sgCode: '06', min: 790, minSection: null, num: 3 }),
        ],
        dropped: [],
        files: [],
        firstClass: { file: null, pairs: [['北京大学', '计算机科学与技术']] },
      },
      { schools, majors, rankSlices },
    )
    expect(res.violations).toEqual([])
    expect(
      res.rows.map((r) => [
        r.sg_name,
        r.spname,
        r.min,
        r.min_section,
        r.rank_derived,
        r.major_id,
        r.is_dual_class,
      ]),
    ).toEqual([
      ['专业组（02）', '', 700, 500, true, null, 0],
      ['专业组（03）', '', 600, null, false, null, 0],
      ['专业组（04）', '', 660, null, false, null, 0],
      ['专业组（06）', '', null, null, false, null, 0],
      ['专业组（01）', '计算机科学与技术', 659, 600, true, 80901, 1],
    ])
    expect(res.derivedHere).toBe(2)
    expect(res.derivationMisses).toEqual({ 'score outside the table': 1 })
    expect(res.unmatchedSchools).toEqual([{ source: 'LG', name: '火星大学', rows: 1 }])
    expect(res.dropped.map((d) => d.reason)).toContain('year outside 2014..2026')
    expect(res.dropped.map((d) => d.reason)).toContain('score above the province’s full score')
    expect(res.rows.every((r) => r.provenance === 'real' && r.source === 'LG')).toBe(true)
  })

  it("drops a campus's majors filed under groups of its own, and marks its majors where there are no groups", () => {
    const res = planPlans(
      {
        records: [
          base({ spname: '计算机科学与技术', sgCode: '03', min: null, minSection: null, num: 4 }),
          // 北京大学(沙河校区) is no school of the table: its 专业组（03） is another unit of the form
          base({ schoolName: '北京大学(沙河校区)', spname: '电子信息类', sgCode: '03', min: null, num: 9 }),
          base({ schoolName: '北京大学(沙河校区)', spname: '电子信息类', sgCode: '07', min: null, num: 2 }),
          base({ schoolName: '北京大学(沙河校区)', spname: '软件工程', sgCode: null, min: 640, num: 3 }),
        ],
        dropped: [],
        files: [],
        firstClass: { file: null, pairs: [] },
      },
      { schools, majors, rankSlices },
    )
    expect(res.rows.map((r) => [r.sg_name, r.spname, r.num])).toEqual([
      [null, '软件工程(沙河校区)', 3],
      ['专业组（03）', '计算机科学与技术', 4],
    ])
    expect(res.dropped).toContainEqual({
      source: 'LG',
      reason: 'major of a campus with groups of its own (its own 院校代号; no school of the schools table)',
      rows: 2,
    })
  })

  it("keeps the form's own codes of a plan book on the merged row, a major's 专业代号 on majors only", () => {
    const res = planPlans(
      {
        records: [
          base({ spname: '计算机科学与技术', sgCode: '03', min: 659, minSection: null }),
          base({
            source: 'JSP',
            tier: 3,
            spname: '计算机科学与技术',
            sgCode: '03',
            min: null,
            minSection: null,
            num: 10,
            localSchoolCode: '1001',
            localSpcode: '01',
          }),
          base({
            source: 'JSP',
            tier: 3,
            sgCode: '03',
            min: 659,
            minSection: null,
            localSchoolCode: '1001',
            localSpcode: '01',
          }),
        ],
        dropped: [],
        files: [],
        firstClass: { file: null, pairs: [] },
      },
      { schools, majors, rankSlices },
    )
    expect(res.rows.map((r) => [r.spname, r.num, r.local_school_code, r.local_spcode])).toEqual([
      ['', -1, '1001', null],
      ['计算机科学与技术', 10, '1001', '01'],
    ])
  })

  it('resolves 上海 short names, an earlier pass winning a school', () => {
    const years = new Set([2024])
    const found = resolveAbbreviations(
      new Map([
        ['上海交大', { level: '本科' as const, years }],
        ['上经贸大', { level: '本科' as const, years }],
        ['外经贸大', { level: '本科' as const, years }],
        ['二工大', { level: '本科' as const, years }],
        ['上海', { level: '本科' as const, years }],
      ]),
      schools,
    )
    expect([...found]).toEqual([
      ['上海交大', 1],
      ['上经贸大', 2],
      ['二工大', 4],
    ])
  })
})

describe('checks', () => {
  const row = (over: Partial<PlanRow>): PlanRow => ({
    id: 1,
    sid: 1,
    school_name: '南京大学',
    major_id: null,
    spname: '',
    spcode: null,
    province: '江苏',
    year: 2025,
    subject_type: '物理类',
    batch_name: '本科批',
    local_batch_name: '',
    plan_type: '普通',
    sg_name: '专业组（01）',
    sg_infos: null,
    num: -1,
    tuition: null,
    length: null,
    min: 650,
    min_section: 3000,
    rank_derived: false,
    average: 655,
    max: 670,
    outcome_level: 'group',
    is_dual_class: 0,
    provenance: 'real',
    source: 'LG',
    num_unverified: false,
    local_school_code: null,
    local_spcode: null,
    ...over,
  })
  const rules = (rows: PlanRow[]) =>
    checkPlans(rows, new Set([1]), new Set([7])).map((v) => `${v.rule}@${v.row}`)

  it('passes a valid table', () => {
    expect(rules([row({}), row({ id: 2, sg_name: '专业组（02）' })])).toEqual([])
  })

  it('catches every violation', () => {
    expect(rules([row({}), row({ id: 2 })])).toEqual(['key@2'])
    expect(rules([row({ min: 660, average: 655 })])).toEqual(['order@1'])
    expect(rules([row({ average: 680, max: 670 })])).toEqual(['order@1'])
    expect(rules([row({ num: -2 })])).toEqual(['num@1'])
    expect(rules([row({ num: 1.5 })])).toEqual(['num@1'])
    expect(rules([row({ sid: 9 })])).toEqual(['sid@1'])
    expect(rules([row({ major_id: 8, spname: 'x', sg_name: null, outcome_level: 'major' })])).toEqual([
      'major@1',
    ])
    expect(rules([row({ year: 2013 })])).toEqual(['year@1'])
    expect(rules([row({ province: '火星' })])).toEqual(['province@1'])
    expect(rules([row({ min_section: 0 })])).toEqual(['rank@1'])
    expect(rules([row({ max: 760 })])).toEqual(['score@1'])
    expect(rules([row({ min: null, average: null, max: null, outcome_level: '' })])).toEqual(['score@1'])
    expect(rules([row({ min_section: null, rank_derived: true })])).toEqual(['score@1'])
    expect(rules([row({ batch_name: '本科一批' })])).toEqual(['label@1'])
    expect(rules([row({ outcome_level: 'school' })])).toEqual(['label@1'])
    expect(rules([row({ id: 1 }), row({ id: 1, sg_name: '专业组（02）' })])).toEqual(['id@2'])
    expect(summarizePlanViolations(checkPlans([row({ sid: 9 })], new Set([1]), new Set()))[0]).toMatch(
      /^sid: 1 violation/u,
    )
    expect(planRowKey(row({}))).toBe('江苏|2025|1|物理类|本科批|普通||专业组（01）|')
  })
})

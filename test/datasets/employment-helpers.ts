import { type Calibration, YEARS } from '../../src/datasets/employment/calibration.js'
import { readFx } from '../../src/datasets/employment/sources.js'
import type { MajorLevel, MajorRow } from '../../src/datasets/majors/types.js'
import type { TableBuilder } from '../../src/datasets/table-builder.js'

/** A MajorRow with the fields the employment builder reads; the rest null. */
export function major(
  major_id: number,
  code: string,
  name: string,
  category: string,
  class_name: string,
  level: MajorLevel = '本科',
): MajorRow {
  return {
    major_id,
    code,
    name,
    category,
    class_name,
    level,
    length: null,
    degree: null,
    salary: null,
    salary_5y: null,
    rating: null,
    ranking: null,
    hot_num: null,
    provenance: 'real',
    source: 'test',
  }
}

/**
 * A stand-in for the majors builder in fixture builds: the majors of the FX slice, ids by file order. The
 * employment builder only needs MajorRow[] from `ctx.dependency('majors')`.
 */
export const stubMajorsBuilder: TableBuilder<MajorRow[]> = {
  name: 'majors',
  async build(ctx) {
    const fx = await readFx(ctx.from)
    const rows = fx.majors.map((f, i) => ({
      ...major(1000 + i, f.code, f.name, f.category, f.className, f.level),
      rating: f.rating,
      source: 'FX',
    }))
    return { cells: [], problems: [], summary: [], manifest: {}, rows }
  },
}

/** Many majors over the 本科 门类 and 专科 大类, for distribution tests. */
export function manyMajors(): MajorRow[] {
  const groups: [string, string, MajorLevel][] = [
    ['工学', '计算机类', '本科'],
    ['工学', '机械类', '本科'],
    ['工学', '土木类', '本科'],
    ['理学', '数学类', '本科'],
    ['医学', '临床医学类', '本科'],
    ['教育学', '教育学类', '本科'],
    ['管理学', '工商管理类', '本科'],
    ['艺术学', '设计学类', '本科'],
    ['文学', '外国语言文学类', '本科'],
    ['法学', '法学类', '本科'],
    ['装备制造', '自动化类', '本科(职业教育)'],
    ['电子与信息', '计算机类', '专科'],
    ['医药卫生', '护理类', '专科'],
    ['财经商贸', '财务会计类', '专科'],
    ['教育与体育', '教育类', '专科'],
    ['旅游', '旅游类', '专科'],
  ]
  const out: MajorRow[] = []
  let id = 1
  for (const [category, className, level] of groups)
    for (let i = 0; i < 60; i++)
      out.push(
        major(
          id++,
          `${level === '专科' ? 'Z' : 'B'}${String(id).padStart(5, '0')}`,
          `${className}专业${i}`,
          category,
          className,
          level,
        ),
      )
  return out
}

/** A hand-made calibration: level 90 (本科) / 92 (专科) in every year but 2020 (85 / 88); 理工类 +1, 师范类 -2. */
export function fixedCalibration(): Calibration {
  const years = (base: number, dip: number) =>
    Object.fromEntries(
      YEARS.map((y) => [y, { n: 100, median: y === 2020 ? dip : base, level: y === 2020 ? dip : base }]),
    )
  const types = {
    理工类: { n: 100, median: 91, effect: 1 },
    师范类: { n: 100, median: 88, effect: -2 },
  }
  return {
    degrees: {
      本科: { n: 1000, median: 90, p25: 86, p75: 94, robustSd: 6, majorSd: 2.7, years: years(90, 85), types },
      专科: { n: 500, median: 92, p25: 88, p75: 96, robustSd: 6, majorSd: 2.7, years: years(92, 88), types },
    },
    salary: { n本科: 100, n专科: 100, median本科: 9500, median专科: 7600, ratio: 0.8 },
    observations: { FJ: 1500, GP: 0, belowFloor: 0, levelFromName: 0 },
  }
}

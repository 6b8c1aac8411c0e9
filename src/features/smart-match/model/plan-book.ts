import type { Subject } from './subjects.js'

/**
 * Whether a year's plan, published ahead of its admissions, is the province's whole plan book for the batch, or a
 * few schools' pages (one school's page is all most provinces have of 2026). A plan book names nearly every school
 * of the year before (江苏 2026 物理类: 1,046 schools against 1,069 in 2025; 广西 1,097 / 1,129; 吉林 879 / 922), a
 * page a handful; half is the line between them. A school missing from a plan book does not recruit in the batch
 * that year (北京电子科技学院 and 香港中文大学(深圳) are in 江苏 2026's 提前批 only), so it is not carried from the
 * plan before, as it is where the plan is a few pages (run.ts).
 *
 * Only ahead of admissions: a year with outcomes has rows of many sources, which name 93-99 % of the year before's
 * schools and still miss schools that admitted that year (新疆 2025: listed without them, 保 fell from 93.7 to
 * 91.6 % in its backtest, 2026-11-27); run.ts carries into such a year as before.
 */
export const PLAN_BOOK_SHARE = 0.5

/**
 * Plan sources that hold only the programmes open to candidates of some subjects, by the plans' `source` code: ZJP,
 * 浙江's 2026 plan export, was filtered for a 物理+化学+生物 candidate (src/datasets/plans/sources/zjp.ts), so a
 * programme requiring 历史, 政治, 地理 or 技术 is missing from it. A candidate of other subjects is told so, else the
 * list looks complete where it is not (a 史政地 candidate's list held no 政治-only law programme and said nothing).
 */
const SUBJECT_FILTERED_SOURCES: Readonly<Record<string, readonly Subject[]>> = {
  ZJP: ['物理', '化学', '生物'],
}

/**
 * The subjects a plan was filtered for, when one of its sources was (null when none was): its programmes are those
 * open to a candidate of these subjects, and only those.
 */
export function planOpenTo(sources: readonly string[]): readonly Subject[] | null {
  for (const s of sources) {
    const subjects = SUBJECT_FILTERED_SOURCES[s]
    if (subjects) return subjects
  }
  return null
}

/** Whether a list for a candidate of these subjects (null: not given) misses programmes of such a plan. */
export function missesProgrammes(openTo: readonly Subject[], chosen: ReadonlySet<Subject> | null): boolean {
  return chosen === null || [...chosen].some((s) => !openTo.includes(s))
}

export function isPlanBook(offered: ReadonlySet<number>, before: readonly { sid: number }[]): boolean {
  const earlier = new Set(before.map((r) => r.sid))
  return earlier.size > 0 && offered.size >= PLAN_BOOK_SHARE * earlier.size
}

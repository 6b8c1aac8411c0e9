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

export function isPlanBook(offered: ReadonlySet<number>, before: readonly { sid: number }[]): boolean {
  const earlier = new Set(before.map((r) => r.sid))
  return earlier.size > 0 && offered.size >= PLAN_BOOK_SHARE * earlier.size
}

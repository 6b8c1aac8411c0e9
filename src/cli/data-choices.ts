import { categoriesOf, provincesWithTables, yearsOf } from '../data/score-ranks.js'
import { PROVINCES } from '../domain/provinces.js'
import type { EndpointContext } from '../endpoints/define.js'
import { loadEndpoint } from './manifest.js'
import type { Choice } from './prompter.js'
import { runEndpoint } from './run-endpoint.js'

/**
 * The values a question offers, read from the data of the command's own context (the menu's, or the command's
 * whose missing value is asked): provinces, the years of a province's 一分一段 tables, the categories and batches
 * a source has for a province and year. Through the endpoints that list them (meta-subjects, meta-batches) or the
 * data layer's lookups; never SQL here.
 */

export const choicesOf = (values: readonly string[]): Choice[] => values.map((v) => ({ name: v, value: v }))

/** The provinces with a 一分一段 table, in the national order (GB/T 2260); all of them when none has one. */
export async function provinceChoices(ctx: EndpointContext): Promise<string[]> {
  const having = new Set(await provincesWithTables(ctx.db))
  const names = PROVINCES.map((p) => p.name)
  return having.size === 0 ? names : names.filter((n) => having.has(n))
}

/** The years of a province's 一分一段 tables, latest first. */
export async function yearChoices(ctx: EndpointContext, province: string): Promise<string[]> {
  return (await yearsOf(ctx.db, province)).sort((a, b) => b - a).map(String)
}

/** The latest of `years` not after `currentYear`: what a question offers first. */
export const latestYear = (years: readonly string[], currentYear: number): string | undefined =>
  years.find((y) => Number(y) <= currentYear)

/** The categories most candidates are in come first: 物理类 before 历史类 before 艺术 and 体育 categories. */
const MAIN_CATEGORIES = ['物理类', '历史类', '理科', '文科', '综合']
const byMainFirst = (names: readonly string[]) => [
  ...MAIN_CATEGORIES.filter((m) => names.includes(m)),
  ...names.filter((n) => !MAIN_CATEGORIES.includes(n)),
]

/** The categories of a source's data for a province and year (source: yifenyiduan, picixian, plans ...). */
export async function categoryChoices(
  ctx: EndpointContext,
  source: string,
  province: string,
  year?: string,
): Promise<string[]> {
  if (source === 'yifenyiduan' && year === undefined) return byMainFirst(await categoriesOf(ctx.db, province))
  const answer = await runEndpoint(await loadEndpoint('meta-subjects'), { source, province, year }, ctx)
  return byMainFirst(answer.data as string[])
}

/** The batches of a source's data for a province and year. */
export async function batchChoices(
  ctx: EndpointContext,
  source: string,
  province: string,
  year?: string,
): Promise<string[]> {
  const answer = await runEndpoint(await loadEndpoint('meta-batches'), { source, province, year }, ctx)
  return answer.data as string[]
}

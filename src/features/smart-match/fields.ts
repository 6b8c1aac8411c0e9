import { isBlank, Refusal, refusalError } from '../../endpoints/checks.js'
import { numberOf } from '../../endpoints/numbers.js'
import { type Strategy, strategyOf } from './model/strategies.js'
import { parseXuanke, xuankeCategory, xuankeProblem } from './model/subjects.js'

/**
 * How smart-match (SPEC 4.8) and cwb-num (4.13) read their fields: front ends send numbers as numbers or strings,
 * and an empty string, null or a missing field all mean "not given" (the default applies). A reader takes a value
 * that is not blank and returns it as the request holds it, or a Refusal (`参数 <field> 无效: <why>`); `optional`
 * makes it take blank values too, as undefined.
 */

export { isBlank }

export const optional =
  <T>(read: (v: unknown) => T | Refusal) =>
  (v: unknown): T | undefined | Refusal =>
    isBlank(v) ? undefined : read(v)

/** The trimmed text; an object or array has none of its own (not "[object Object]"). */
export const asText = (v: unknown): string | Refusal =>
  typeof v === 'object' ? new Refusal('应为文本或数字') : String(v).trim()

/** A whole number >= 0, sent as a number or a string. */
export function asWholeNumber(v: unknown): number | Refusal {
  const n = numberOf(v)
  return Number.isInteger(n) && n >= 0 ? n : new Refusal(`应为非负整数, 收到 ${JSON.stringify(v)}`)
}

/** A four-digit year (rank_year). */
export function asYear(v: unknown): number | Refusal {
  const t = asText(v)
  if (t instanceof Refusal) return t
  return /^[1-9]\d{3}$/.test(t) ? Number(t) : new Refusal('应为四位数年份, 如 2025')
}

/** The strategy, 1-4 as a number or its text, 1 when blank (SPEC 4.8 `type`); anything else is `refusal`. */
export const asStrategy =
  (refusal: Refusal) =>
  (v: unknown): Strategy | Refusal =>
    strategyOf(isBlank(v) ? 1 : numberOf(v)) ?? refusal

/**
 * The candidate's subjects as sent. Text in which no subject can be read (火星, physics) is refused rather than
 * taken as "not stated": silently listing options the candidate may not be able to take would be worse. 综合 and
 * 不限 state nothing on purpose (SPEC 4.8's default); 理科 and 文科 name a 文理 category.
 */
export function asXuanke(v: unknown): string | Refusal {
  const t = asText(v)
  if (t instanceof Refusal) return t
  if (['综合', '不限'].includes(t.normalize('NFKC').trim()) || xuankeCategory(t)) return t
  if (parseXuanke(t) === null)
    return new Refusal(`未识别出科目, 收到 ${JSON.stringify(t)} (如 物理,化学,生物)`)
  const problem = xuankeProblem(t)
  return problem ? new Refusal(`${problem}, 收到 ${JSON.stringify(t)} (如 物理,化学,生物)`) : t
}

/** xuanke read in a handler: undefined when blank; a refused value is a 400 naming `field`. */
export function xuankeOf(field: string, v: unknown): string | undefined {
  const read = optional(asXuanke)(v)
  if (read instanceof Refusal) throw refusalError(field, read)
  return read
}

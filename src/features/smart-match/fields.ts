import { findProvince } from '../../domain/provinces.js'
import { isBlank, Refusal, refusalError } from '../../endpoints/checks.js'
import { numberOf } from '../../endpoints/numbers.js'
import { type Strategy, strategyOf } from './model/strategies.js'
import { parseXuanke, xuankeCategory, xuankeProblem } from './model/subjects.js'
import { SCHOOL_LEVELS, type SchoolLevel } from './preferences.js'

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

/** `1`, `"1"`, `true` and `"true"` say yes; 0, "0", false and "false" no (bypass_cache, public_only). */
export const isYes = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true'
const FLAG_VALUES: readonly unknown[] = [true, false, 1, 0, '1', '0', 'true', 'false']

/** A yes or no; anything else is a typo, not a no. */
export const asFlag = (v: unknown): boolean | Refusal =>
  FLAG_VALUES.includes(v) ? isYes(v) : new Refusal(`应为 1、0、true 或 false, 收到 ${JSON.stringify(v)}`)

/** school_provinces' word for the candidate's own province, resolved by the handler */
export const HOME = '本省'

/** Provinces by any name findProvince knows, separated by commas, 、 or spaces; 本省 / 省内: the candidate's. */
export function asProvinces(v: unknown): string[] | Refusal {
  const t = asText(v)
  if (t instanceof Refusal) return t
  const out: string[] = []
  for (const word of t.split(/[,，、\s]+/u).filter((w) => w !== '')) {
    const name = word === HOME || word === '省内' ? HOME : findProvince(word)?.name
    if (name === undefined) return new Refusal(`未知省份: ${word.slice(0, 20)}`)
    if (!out.includes(name)) out.push(name)
  }
  return out
}

/** 985, 211 or 双一流, as written (双一流大学 and the like are not guessed at). */
export function asSchoolLevel(v: unknown): SchoolLevel | Refusal {
  const t = asText(v)
  if (t instanceof Refusal) return t
  const level = SCHOOL_LEVELS.find((l) => l === t.normalize('NFKC'))
  return level ?? new Refusal(`应为 ${SCHOOL_LEVELS.join('、')} 之一, 收到 ${JSON.stringify(t.slice(0, 20))}`)
}

/** A part of a major's name, 1-20 characters. */
export function asMajorKeyword(v: unknown): string | Refusal {
  const t = asText(v)
  if (t instanceof Refusal) return t
  return t.length <= 20 ? t : new Refusal(`最多 20 个字, 收到 ${t.length} 个`)
}

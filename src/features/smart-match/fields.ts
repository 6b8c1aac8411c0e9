import { numberOf } from '../../endpoints/numbers.js'
import { badRequest } from '../../errors.js'
import { parseXuanke, xuankeProblem } from './model/subjects.js'

/**
 * How smart-match (SPEC 4.8) and cwb-num (4.13) read their fields: front ends send numbers as numbers or strings,
 * and an empty string, null or a missing field all mean "not given" (the default applies).
 */

export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** The trimmed text of a field, undefined when blank; an object or array is a 400 (not "[object Object]"). */
export function textOf(field: string, v: unknown): string | undefined {
  if (isBlank(v)) return undefined
  if (typeof v === 'object') throw badRequest(`参数 ${field} 无效: 应为文本或数字`)
  return String(v).trim()
}

/** A whole number >= 0 sent as a number or a string; undefined when blank. */
export function wholeNumber(field: string, v: unknown): number | undefined {
  if (isBlank(v)) return undefined
  const n = numberOf(v)
  if (!Number.isInteger(n) || n < 0)
    throw badRequest(`参数 ${field} 无效: 应为非负整数, 收到 ${JSON.stringify(v)}`)
  return n
}

/** A four-digit year, undefined when blank. */
export function yearOf(v: unknown): number | undefined {
  const text = textOf('rank_year', v)
  if (text === undefined) return undefined
  if (!/^[1-9]\d{3}$/.test(text)) throw badRequest('参数 rank_year 无效: 应为四位数年份, 如 2025')
  return Number(text)
}

/** 理科 or 文科 given as xuanke: a 文理 category, which stands for the subject when the request names none. */
export function xuankeCategory(xuanke: string): '理科' | '文科' | undefined {
  const t = xuanke.normalize('NFKC').trim()
  return t === '理科' || t === '文科' ? t : undefined
}

/**
 * The candidate's subjects as sent, undefined when blank. Text in which no subject can be read (火星, physics) is
 * a 400 rather than "not stated": silently listing options the candidate may not be able to take would be worse.
 * 综合 and 不限 state nothing on purpose (SPEC 4.8's default); 理科 and 文科 name a 文理 category.
 */
export function xuankeOf(field: string, v: unknown): string | undefined {
  const text = textOf(field, v)
  if (text === undefined) return text
  if (['综合', '不限'].includes(text.normalize('NFKC').trim()) || xuankeCategory(text)) return text
  if (parseXuanke(text) === null)
    throw badRequest(`参数 ${field} 无效: 未识别出科目, 收到 ${JSON.stringify(text)} (如 物理,化学,生物)`)
  const problem = xuankeProblem(text)
  if (problem)
    throw badRequest(`参数 ${field} 无效: ${problem}, 收到 ${JSON.stringify(text)} (如 物理,化学,生物)`)
  return text
}

import type { EndpointContext } from '../endpoints/define.js'
import { categoryChoices, choicesOf, latestYear, provinceChoices, yearChoices } from './data-choices.js'
import type { FlagSpec } from './flags.js'
import type { Prompter } from './prompter.js'

/**
 * One question for one missing value of an endpoint command (missing-values.ts), by what the field is: a province
 * or a year or a category is chosen from the data, a field with choices from them, a number or a text is typed
 * and checked before it is taken. The question names the flag, so that the user learns it.
 */

/** The data source whose categories a command's `subject_type` / `km` / `type_name` takes. */
const CATEGORY_SOURCE: Readonly<Record<string, string>> = {
  'category-stats': 'category_stats',
  'province-score-lines': 'picixian',
}
const CATEGORY_KEYS = new Set(['subject_type', 'km', 'type_name'])
const YEAR_KEYS = new Set(['year', 'rank_year'])

/** Arguments whose description is too long to be a question (check's list: a file, or the choices written out). */
const POSITIONAL_QUESTIONS: Readonly<Record<string, string>> = {
  choices: '志愿表: 文件 (如 志愿表.xlsx) 或 院校/专业组/专业, 多个志愿以逗号分隔',
}

/** The head of a field's description: `省份, 如 江苏 (必填)` → `省份`. */
export const fieldLabel = (spec: FlagSpec): string =>
  spec.meta.description.split(/[,:(（，：]/u)[0]?.trim() || spec.key

export async function askField(
  ctx: EndpointContext,
  spec: FlagSpec,
  known: Readonly<Record<string, string>>,
  ask: Prompter,
  where: { positional: boolean; command: string },
  currentYear = new Date().getFullYear(),
): Promise<string> {
  const message =
    (where.positional && POSITIONAL_QUESTIONS[spec.key]) ||
    (where.positional ? fieldLabel(spec) : `${fieldLabel(spec)} (--${spec.flag})`)
  const province = known.province
  if (spec.key === 'province') return ask.select(message, choicesOf(await provinceChoices(ctx)))
  if (YEAR_KEYS.has(spec.key) && province) {
    const years = await yearChoices(ctx, province)
    if (years.length > 0) return ask.select(message, choicesOf(years), latestYear(years, currentYear))
  }
  if (YEAR_KEYS.has(spec.key))
    return ask.input(message, (v) => (/^\d{4}$/.test(v.trim()) ? true : '应为四位数年份, 如 2025'))
  if (CATEGORY_KEYS.has(spec.key) && province) {
    const source = CATEGORY_SOURCE[where.command] ?? 'yifenyiduan'
    const year = known.year ?? known.rank_year
    const categories = await categoryChoices(ctx, source, province, year)
    if (categories.length > 0) return ask.select(message, choicesOf(categories))
  }
  if (spec.meta.choices) return ask.select(message, choicesOf(spec.meta.choices))
  if (spec.meta.accepts === 'integer') {
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = spec.meta
    return ask.input(message, (v) => {
      const n = Number(v.trim())
      if (!Number.isInteger(n) || v.trim() === '') return '应为整数'
      if (n < min || n > max)
        return max === Number.MAX_SAFE_INTEGER ? `应不小于 ${min}` : `应在 ${min} 到 ${max} 之间`
      return true
    })
  }
  return ask.input(message, (v) => (v.trim() === '' ? '不能为空' : true))
}

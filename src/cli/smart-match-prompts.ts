import { ruleBatches, ruleProvinces } from '../data/volunteer-rules.js'
import { examModeIn, findProvince, PROVINCES } from '../domain/provinces.js'
import type { EndpointContext } from '../endpoints/define.js'
import { SUBJECTS } from '../features/smart-match/model/subjects.js'
import { loadEndpoint } from './manifest.js'
import type { Prompter } from './prompter.js'
import { runEndpoint } from './run-endpoint.js'

/**
 * Asks, in a terminal, for the smart-match values the command line left out, offering only values that have data:
 * provinces with a volunteer rule, that province's years with a 一分一段 table, its batches with a rule, the first
 * choices of its categories that year, and the subjects of its exam mode. What has data is asked of the command's
 * own context: through the endpoints that list it (seating-option, meta-subjects), else the data layer's lookups
 * of the volunteer rules, which no endpoint lists.
 */

export type { Choice, Prompter } from './prompter.js'
export { inquirerPrompter } from './prompter.js'

/** The answers as CLI option attributes (`rankYear`, not `rank_year`). */
export interface SmartMatchAnswers {
  province?: string
  batch?: string
  rankYear?: string
  subject?: string
  xuanke?: string
  score?: string
  rank?: string
}

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''

/** The data of one endpoint's answer, as the CLI would print it; its failure is thrown (see runEndpoint). */
async function answerOf<T>(ctx: EndpointContext, endpoint: string, request: object): Promise<T> {
  return (await runEndpoint(await loadEndpoint(endpoint), request, ctx)).data as T
}

/** Fills the missing values of `given` by asking; values already given are never asked again. */
export async function askMissing(
  ctx: EndpointContext,
  given: SmartMatchAnswers,
  ask: Prompter,
  currentYear: number,
  needs: { batch: boolean; rankYear: boolean } = { batch: true, rankYear: true },
): Promise<SmartMatchAnswers> {
  const out: SmartMatchAnswers = { ...given }
  if (!present(out.province)) {
    const names = new Set(await ruleProvinces(ctx.db))
    const choices = PROVINCES.filter((p) => names.has(p.name)).map((p) => ({ name: p.name, value: p.name }))
    out.province = await ask.select('省份', choices)
  }
  const province = findProvince(out.province as string)
  if (!province) return out
  if (needs.rankYear && !present(out.rankYear)) {
    const options = await answerOf<{ year_list: string[] }>(ctx, 'seating-option', {
      province: province.name,
    })
    const years = options.year_list
      .map(Number)
      .filter((y) => y <= currentYear)
      .sort((a, b) => b - a)
      .map(String)
    out.rankYear =
      years.length > 0
        ? await ask.select(
            '年份 (位次与推荐数据)',
            years.map((y) => ({ name: y, value: y })),
            years[0],
          )
        : await ask.input('年份 (位次与推荐数据)', (v) => (/^\d{4}$/.test(v) ? true : '应为四位数年份'))
  }
  const year = Number(out.rankYear ?? currentYear)
  if (needs.batch && !present(out.batch)) {
    const batches = await ruleBatches(ctx.db, province.name, year)
    out.batch = await ask.select(
      '批次',
      batches.map((b) => ({ name: b, value: b })),
    )
  }
  const mode = examModeIn(province, year)
  if (!present(out.subject) && mode !== '3+3') {
    // A year given that is no year (--rank-year abc) has no table: every first choice is offered, and the
    // endpoint refuses the year afterwards.
    const kms = new Set(
      /^\d{4}$/.test(String(year))
        ? await answerOf<string[]>(ctx, 'meta-subjects', {
            source: 'yifenyiduan',
            province: province.name,
            year: String(year),
          })
        : [],
    )
    const firsts = [
      { name: '物理', value: '物理', km: ['物理类', '理科'] },
      { name: '历史', value: '历史', km: ['历史类', '文科'] },
    ].filter((f) => kms.size === 0 || f.km.some((k) => kms.has(k)))
    out.subject = await ask.select(mode === '文理' ? '科类 (物理 = 理科, 历史 = 文科)' : '首选科目', firsts)
  }
  if (!present(out.xuanke) && mode !== '文理') {
    const first = out.subject === '历史' ? '历史' : out.subject === '物理' ? '物理' : undefined
    // 3+3: any three of the subjects. 3+1+2: two more besides the first choice, which is added below; neither
    // 物理 nor 历史 can be a second choice (the one not taken as first choice is not offered at all).
    const count = mode === '3+3' ? 3 : 2
    const pool = SUBJECTS.filter((s) =>
      mode === '3+3' ? s !== '技术' || province.name === '浙江' : s !== '技术',
    )
      .filter((s) => mode === '3+3' || (s !== '物理' && s !== '历史'))
      .map((s) => ({ name: s, value: s }))
    const picked = await ask.checkbox(
      mode === '3+3' ? '选考科目 (三门)' : '再选科目 (两门)',
      pool,
      (values) => (values.length === count ? true : `请选择 ${count} 门 (已选 ${values.length} 门)`),
    )
    const all = first && !picked.includes(first) ? [first, ...picked] : picked
    out.xuanke = all.join(',')
  }
  if (!present(out.score) && !present(out.rank)) {
    out.score = await ask.input(`分数 (满分 ${province.fullScore})`, (v) => {
      const n = Number(v)
      return Number.isInteger(n) && n > 0 && n <= province.fullScore
        ? true
        : `应为 1 到 ${province.fullScore} 的整数`
    })
  }
  return out
}

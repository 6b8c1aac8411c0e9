import { z } from 'zod'
import { findProvince } from '../../domain/provinces.js'
import { oneAtATime, perDb } from '../../endpoints/caches.js'
import { defineEndpoint, type WithView, withView } from '../../endpoints/define.js'
import { numberOf } from '../../endpoints/numbers.js'
import { type FieldMeta, handlerChecked } from '../../endpoints/schema.js'
import { badRequest } from '../../errors.js'
import { defaultBatch, defaultRankYear } from './defaults.js'
import { isBlank, textOf, wholeNumber, xuankeCategory, xuankeOf, yearOf } from './fields.js'
import { schoolCounts } from './model/classify.js'
import { strategyOf } from './model/strategies.js'
import { parseXuanke } from './model/subjects.js'
import { type MatchRequest, matchCandidate, noRuleError } from './run.js'

/**
 * SPEC 4.13 reads `user_info`; the CLI has no nested flags, so the same fields may also come at the top level
 * (`gaokao smart-match counts --province 江苏 --score 612`). A value in user_info wins.
 */
const field = (description: string, placeholder: string, more: Partial<FieldMeta>) =>
  handlerChecked({ description, placeholder, ...more })
/** province and score: the handler refuses a request with neither the field nor user_info's (OpenAPI). */
const needed = { required: { orIn: 'user_info' } } as const
const text = (description: string) => ({ type: ['string', 'number', 'null'], description })
const whole = (description: string) => ({
  type: ['integer', 'string', 'null'],
  pattern: '^\\s*\\d+\\s*$',
  minimum: 0,
  description,
})
const input = z.object({
  user_info: handlerChecked({
    description: '考生信息 (HTTP: province, subject, score, batch, xuanke, rank)',
    hidden: true,
    // What the handler reads from it (a value here wins over the same field at the top level).
    jsonSchema: {
      type: ['object', 'null'],
      properties: {
        province: text('省份 (此处或顶层必填)'),
        score: whole('分数 (此处或顶层必填)'),
        subject: text('首选科目或科类: 物理 历史 理科 文科 综合 (默认: 由选科看出, 否则 物理)'),
        subject_type: { ...text('subject 的旧名'), deprecated: true },
        batch: text('批次 (默认: 该省本科批次)'),
        xuanke: text('选考科目, 英文逗号分隔 (默认 综合: 不按选科筛选)'),
        rank: whole('位次 (默认: 由分数查一分一段表)'),
        rank_year: {
          type: ['string', 'integer', 'null'],
          pattern: '^\\s*\\d{4}\\s*$',
          minimum: 1000,
          maximum: 9999,
          description: '年份 (默认: 该省一分一段表的最新年份, 不晚于今年)',
        },
      },
    },
  }),
  province: field('省份 (必填)', 'province', { accepts: 'text', ...needed }),
  score: field('分数 (必填)', 'score', { accepts: 'integer', min: 0, ...needed }),
  subject: field('首选科目或科类: 物理 历史 理科 文科 综合 (默认: 由选科看出, 否则 物理)', 'subject', {
    accepts: 'text',
  }),
  subject_type: handlerChecked({
    description: 'subject 的旧名',
    hidden: true,
    accepts: 'text',
    deprecated: true,
  }),
  batch: field('批次 (默认: 该省本科批次, 如 本科批 / 普通类一段)', 'batch', { accepts: 'text' }),
  xuanke: field('选考科目, 英文逗号分隔 (默认 综合: 不按选科筛选)', 'subjects', {
    accepts: 'text',
    default: '综合',
  }),
  rank: field('位次 (默认: 由分数查一分一段表)', 'rank', { accepts: 'integer', min: 0 }),
  rank_year: field('年份 (默认: 该省一分一段表的最新年份, 不晚于今年)', 'year', { accepts: 'year' }),
  type: handlerChecked({
    description: '策略 1-4, 同 smart-match (默认 1)',
    placeholder: 'type',
    choices: ['1', '2', '3', '4'],
    accepts: 'choice',
    default: 1,
  }),
  bypass_cache: handlerChecked({
    description: '1 或 true: 不用缓存, 重新计算',
    placeholder: 'flag',
    accepts: 'flag',
    default: false,
  }),
})

export interface TierCounts {
  chongci: number
  wentuo: number
  baodi: number
}

/** `1`, `"1"`, `true` and `"true"` skip the caches (SPEC 4.13). */
export const bypasses = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true'
const FLAG_VALUES: readonly unknown[] = [true, false, 1, 0, '1', '0', 'true', 'false']

/** bypass_cache: 1 or true skips the caches (SPEC 4.13); 0, false or nothing uses them; anything else is a typo. */
function bypassOf(v: unknown): boolean {
  if (isBlank(v) || FLAG_VALUES.includes(v)) return bypasses(v)
  throw badRequest(`参数 bypass_cache 无效: 应为 1、0、true 或 false, 收到 ${JSON.stringify(v)}`)
}

/** What a count was of, the view's title (the answer itself is the spec's three numbers). */
type CountedFor = { province: string; rankYear: number; batch: string; category: string; rank: number }
const counts = perDb<{ result: TierCounts; of: CountedFor }>(1000)
// a copy: the cached counts are never handed out to be changed
const answer = (hit: { result: TierCounts; of: CountedFor }) => withView({ ...hit.result }, hit.of)

const countsTitle = (of: CountedFor | undefined) =>
  of ? `${of.province} ${of.rankYear} ${of.batch} ${of.category} 位次 ${of.rank}` : undefined

/**
 * SPEC 4.13: the number of schools per tier for a candidate: every option of smart-match's classifier (same
 * estimates, same strategy bands) before the list is cut to the province's limits, counted by school.
 */
export default defineEndpoint({
  name: 'cwb-num',
  command: ['smart-match', 'counts'],
  http: { method: 'POST', path: '/api/v1/school/cwb-num' },
  summary: '冲稳保院校数: 与智能填报同一分类器, 截断前各档的院校数',
  input,
  examples: [
    'gaokao smart-match counts --province 湖北 --score 600 --subject 物理 --xuanke 物理,化学,生物',
    'gaokao smart-match counts --province 重庆 --score 560 --rank 9000 --subject 物理 --json',
  ],
  async handler(raw, ctx): Promise<WithView<TierCounts, CountedFor>> {
    const info = (raw.user_info && typeof raw.user_info === 'object' ? raw.user_info : {}) as Record<
      string,
      unknown
    >
    const pick = (key: string) => (isBlank(info[key]) ? (raw as Record<string, unknown>)[key] : info[key])
    // A message names a field where the request put it: user_info.score, or score at the top level (the CLI).
    const field = (key: string) =>
      isBlank(info[key]) && !isBlank((raw as Record<string, unknown>)[key]) ? key : `user_info.${key}`
    const provinceText = textOf('province', pick('province'))
    const scoreValue = pick('score')
    const missing = [
      provinceText === undefined && 'user_info.province',
      isBlank(scoreValue) && 'user_info.score',
    ]
    const absent = missing.filter((m): m is string => typeof m === 'string')
    if (absent.length) throw badRequest(`缺少必要参数:${absent.join('、')}`)
    const typeValue = isBlank(raw.type) ? 1 : numberOf(raw.type)
    const strategy = strategyOf(typeValue)
    if (!strategy) throw badRequest('参数 type 无效: 可选值: 1, 2, 3, 4')
    const score = wholeNumber(field('score'), scoreValue) ?? 0
    const rank = wholeNumber(field('rank'), pick('rank')) ?? 0
    const province = findProvince(provinceText as string)
    if (!province) throw badRequest(`未知省份: ${provinceText}`)
    const year = yearOf(pick('rank_year'))
    const xuanke = xuankeOf(field('xuanke'), pick('xuanke')) ?? '综合'
    const chosen = parseXuanke(xuanke)
    // Without a first choice anywhere, the counts are those of the province's first category (物理类, 理科).
    const stated = textOf('subject', pick('subject')) ?? textOf('subject_type', pick('subject_type'))
    const subject =
      stated ?? xuankeCategory(xuanke) ?? (chosen?.has('历史') && !chosen.has('物理') ? '历史' : '物理')
    const batchText = textOf('batch', pick('batch'))
    const currentYear = ctx.now().getFullYear()
    // The key is built before any default is looked up, so that a hit costs no query at all.
    const key = [
      province.name,
      batchText ?? '',
      year ?? `now${currentYear}`,
      rank,
      score,
      subject,
      [...(chosen ?? [])].sort().join(','),
      strategy.type,
    ].join('|')
    const bypass = bypassOf(raw.bypass_cache)
    const cache = counts(ctx.db)
    const hit = bypass ? undefined : cache.get(key)
    if (hit) return answer(hit)
    const rankYear = year ?? (await defaultRankYear(ctx.db, province.name, currentYear))
    const batch = batchText ?? (await defaultBatch(ctx.db, province.name, rankYear))
    if (batch === undefined) throw noRuleError({ province: provinceText as string, batch: '本科批' })
    const request: MatchRequest = {
      province: provinceText as string,
      batch,
      rankYear,
      rank,
      score,
      subject,
      xuanke,
      scoreField: field('score'),
    }
    // bypass_cache skips both caches (SPEC 4.13): the counts, and the option set smart-match shares, which is
    // built again from the datasets (the same set, as they are read-only, at the cost of a fresh build).
    const outcome = bypass
      ? // a fresh build for anyone who asks: one at a time, so that it cannot take the whole process (caches.ts)
        await oneAtATime(ctx.db, 'cwb-num-bypass', () =>
          matchCandidate(ctx.db, request, strategy, { bypassCache: true }),
        )
      : await matchCandidate(ctx.db, request, strategy)
    const n = schoolCounts(outcome.classified)
    const result = { chongci: n.chong, wentuo: n.wen, baodi: n.bao }
    const entry = {
      result,
      of: { province: province.name, rankYear, batch, category: outcome.category, rank: outcome.rank },
    }
    cache.set(key, entry)
    return answer(entry)
  },
  table: (data, _input, of) => ({
    // The defaults (year, batch) and the rank read from a score are said, so that a count is never a mystery.
    title: countsTitle(of),
    head: ['冲 (chongci)', '稳 (wentuo)', '保 (baodi)'],
    rows: [[data.chongci, data.wentuo, data.baodi]],
    numeric: [0, 1, 2],
    footer: '各档院校数 (一所院校可在多档中出现: 不同专业组或专业的把握不同)',
  }),
})

import type { z } from 'zod'
import { findProvince, type Province } from '../../domain/provinces.js'
import { oneAtATime, perDb } from '../../endpoints/caches.js'
import { Refusal, specAnswer } from '../../endpoints/checks.js'
import { defineEndpoint, type WithView, withView } from '../../endpoints/define.js'
import { anyValue, type FieldMeta, readWhole } from '../../endpoints/schema.js'
import { defaultBatch, defaultRankYear } from './defaults.js'
import {
  asFlag,
  asStrategy,
  asText,
  asWholeNumber,
  asXuanke,
  asYear,
  isBlank,
  isYes,
  optional,
} from './fields.js'
import { schoolCounts } from './model/classify.js'
import type { Strategy } from './model/strategies.js'
import { parseXuanke, xuankeCategory } from './model/subjects.js'
import { type MatchRequest, matchCandidate, noRuleError } from './run.js'
import { xuankeLabel } from './table.js'

/**
 * SPEC 4.13 reads `user_info`; the CLI has no nested flags, so the same fields may also come at the top level
 * (`gaokao smart-match counts --province 江苏 --score 612`). A value in user_info wins. No field can be checked
 * alone, so the fields below only say what is read (for the CLI and the OpenAPI document) and `readCounts`
 * reads them together, in the order of checks.
 */
const field = (description: string, placeholder: string, more: Partial<FieldMeta>) =>
  anyValue({ description, placeholder, ...more })
/** province and score: refused when neither the field nor user_info's is given (OpenAPI). */
const needed = { required: { orIn: 'user_info' } } as const
const textSchema = (description: string) => ({ type: ['string', 'number', 'null'], description })
const whole = (description: string) => ({
  type: ['integer', 'string', 'null'],
  pattern: '^\\s*\\d+\\s*$',
  minimum: 0,
  description,
})
const fields = {
  user_info: anyValue({
    description: '考生信息 (HTTP: province, subject, score, batch, xuanke, rank)',
    hidden: true,
    // What is read from it (a value here wins over the same field at the top level).
    jsonSchema: {
      type: ['object', 'null'],
      properties: {
        province: textSchema('省份 (此处或顶层必填)'),
        score: whole('分数 (此处或顶层必填)'),
        subject: textSchema('首选科目或科类: 物理 历史 理科 文科 综合 (默认: 由选科看出, 否则 物理)'),
        subject_type: { ...textSchema('subject 的旧名'), deprecated: true },
        batch: textSchema('批次 (默认: 该省本科批次)'),
        xuanke: textSchema('选考科目, 英文逗号分隔 (默认 综合: 不按选科筛选)'),
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
  subject_type: anyValue({
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
  type: anyValue({
    description: '策略 1-4, 同 smart-match (默认 1)',
    placeholder: 'type',
    choices: ['1', '2', '3', '4'],
    accepts: 'choice',
    default: 1,
  }),
  bypass_cache: anyValue({
    description: '1 或 true: 不用缓存, 重新计算',
    placeholder: 'flag',
    accepts: 'flag',
    default: false,
  }),
}

/** `1`, `"1"`, `true` and `"true"` skip the caches (SPEC 4.13). */
export const bypasses = isYes

/** bypass_cache: 1 or true skips the caches (SPEC 4.13); 0, false or nothing uses them; anything else is a typo. */
const bypassOf = (v: unknown): boolean | Refusal => (isBlank(v) ? false : asFlag(v))

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null

/** A count request as read from user_info or the top level. */
export interface CountsRequest {
  /** The province as the request spelled it (the spec's messages echo it) */
  provinceText: string
  province: Province
  score: number
  /** Where the score was read (user_info.score, or score at the top level), for messages */
  scoreField: string
  rank: number
  rankYear: number | undefined
  xuanke: string
  /** The first choice as stated (subject, else its old name subject_type) */
  subject: string | undefined
  batch: string | undefined
  strategy: Strategy
  bypassCache: boolean
}

/**
 * The fields of a count request in SPEC 4.13's order of checks: the province's text, the missing required fields
 * (all named in one message), the type, the numbers, the province, the year, the subjects, the batch, the flag.
 * A message names a field where the request put it: user_info.score, or score at the top level (the CLI); the
 * other fields by their name.
 */
function readCounts(raw: z.output<z.ZodObject<typeof fields>>): CountsRequest | Refusal {
  const info = isRecord(raw.user_info) ? raw.user_info : {}
  const at = (
    key: 'province' | 'score' | 'rank' | 'rank_year' | 'xuanke' | 'subject' | 'subject_type' | 'batch',
  ) =>
    isBlank(info[key])
      ? { value: raw[key], field: isBlank(raw[key]) ? `user_info.${key}` : key }
      : { value: info[key], field: `user_info.${key}` }
  const provinceText = optional(asText)(at('province').value)
  if (provinceText instanceof Refusal) return provinceText.named('province')
  const score = at('score')
  const missing = [
    provinceText === undefined && 'user_info.province',
    isBlank(score.value) && 'user_info.score',
  ]
  const absent = missing.filter((m): m is string => typeof m === 'string')
  if (provinceText === undefined || absent.length) return specAnswer(`缺少必要参数:${absent.join('、')}`)
  const chosen = asStrategy(new Refusal('可选值: 1, 2, 3, 4'))(raw.type)
  if (chosen instanceof Refusal) return chosen.named('type')
  const scoreValue = asWholeNumber(score.value)
  if (scoreValue instanceof Refusal) return scoreValue.named(score.field)
  const rank = optional(asWholeNumber)(at('rank').value)
  if (rank instanceof Refusal) return rank.named(at('rank').field)
  const province = findProvince(provinceText)
  if (!province) return specAnswer(`未知省份: ${provinceText}`)
  const rankYear = optional(asYear)(at('rank_year').value)
  if (rankYear instanceof Refusal) return rankYear.named('rank_year')
  const subjects = optional(asXuanke)(at('xuanke').value)
  if (subjects instanceof Refusal) return subjects.named(at('xuanke').field)
  // subject_type, the old name, is read only where subject is not given
  let subject = optional(asText)(at('subject').value)
  if (subject instanceof Refusal) return subject.named('subject')
  subject ??= optional(asText)(at('subject_type').value)
  if (subject instanceof Refusal) return subject.named('subject_type')
  const batch = optional(asText)(at('batch').value)
  if (batch instanceof Refusal) return batch.named('batch')
  const bypassCache = bypassOf(raw.bypass_cache)
  if (bypassCache instanceof Refusal) return bypassCache.named('bypass_cache')
  return {
    provinceText,
    province,
    score: scoreValue,
    scoreField: score.field,
    rank: rank ?? 0,
    rankYear,
    xuanke: subjects ?? '综合',
    subject,
    batch,
    strategy: chosen,
    bypassCache,
  }
}

const input = readWhole(fields, readCounts)

export interface TierCounts {
  chongci: number
  wentuo: number
  baodi: number
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
  async handler(req, ctx): Promise<WithView<TierCounts, CountedFor>> {
    const { province, provinceText, score, rank, xuanke, strategy } = req
    const year = req.rankYear
    const chosen = parseXuanke(xuanke)
    // Without a first choice anywhere, the counts are those of the province's first category (物理类, 理科).
    const subject =
      req.subject ?? xuankeCategory(xuanke) ?? (chosen?.has('历史') && !chosen.has('物理') ? '历史' : '物理')
    const batchText = req.batch
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
    const bypass = req.bypassCache
    const cache = counts(ctx.db)
    const hit = bypass ? undefined : cache.get(key)
    if (hit) return answer(hit)
    const rankYear = year ?? (await defaultRankYear(ctx.db, province.name, currentYear))
    const batch = batchText ?? (await defaultBatch(ctx.db, province.name, rankYear))
    if (batch === undefined) throw noRuleError({ province: provinceText, batch: '本科批' })
    const request: MatchRequest = {
      province: provinceText,
      batch,
      rankYear,
      rank,
      score,
      subject,
      xuanke,
      scoreField: req.scoreField,
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
  table: (data, input, of) => ({
    // The defaults (year, batch) and the rank read from a score are said, so that a count is never a mystery;
    // so is the 选科 the options were filtered by.
    title: of
      ? [countsTitle(of), xuankeLabel(input.xuanke, of.category)].filter(Boolean).join(' · ')
      : undefined,
    head: ['冲 (chongci)', '稳 (wentuo)', '保 (baodi)'],
    rows: [[data.chongci, data.wentuo, data.baodi]],
    numeric: [0, 1, 2],
    footer: '各档院校数 (一所院校可在多档中出现: 不同专业组或专业的把握不同)',
  }),
})

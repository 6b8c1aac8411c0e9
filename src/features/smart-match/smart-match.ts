import { z } from 'zod'
import { defineEndpoint } from '../../endpoints/define.js'
import { numberOf } from '../../endpoints/numbers.js'
import { handlerChecked } from '../../endpoints/schema.js'
import { badRequest } from '../../errors.js'
import { isBlank, textOf, wholeNumber, xuankeOf, yearOf } from './fields.js'
import { type Strategy, strategyOf } from './model/strategies.js'
import { type SmartMatchData, smartMatchData } from './response.js'
import { type MatchRequest, matchCandidate, noDataError } from './run.js'
import { smartMatchRecords, smartMatchTables } from './table.js'

/**
 * Every field is checked by the handler, in the spec's order: the missing required fields first (one fixed
 * message), then the strategy type, then the formats of the numbers, then the rule, then the data.
 */
const input = z.object({
  province: handlerChecked({
    description: '省份, 如 江苏 (必填)',
    placeholder: 'province',
    accepts: 'text',
    required: true,
  }),
  batch: handlerChecked({
    description: '批次, 如 本科批, 专科批, 普通类一段 (必填)',
    placeholder: 'batch',
    accepts: 'text',
    required: true,
  }),
  rank_year: handlerChecked({
    description: '位次与推荐数据的年份, 如 2025 (必填)',
    placeholder: 'year',
    accepts: 'year',
    required: true,
  }),
  rank: handlerChecked({
    description: '位次 (默认 0: 由分数查当年一分一段表)',
    placeholder: 'rank',
    accepts: 'integer',
    min: 0,
    default: 0,
  }),
  score: handlerChecked({
    description: '分数 (默认 0)',
    placeholder: 'score',
    accepts: 'integer',
    min: 0,
    default: 0,
  }),
  // SPEC 4.8: a number, default 0; the handler ignores it, whatever it holds.
  is_key: handlerChecked({
    description: '旧版兼容字段, 不起作用',
    hidden: true,
    jsonSchema: { type: ['integer', 'string', 'boolean', 'null'] },
    default: 0,
    deprecated: true,
  }),
  token: handlerChecked({
    description: '缓存标识, 原样写入 cache_zyb (默认空)',
    placeholder: 'token',
    accepts: 'text',
    default: '',
  }),
  type: handlerChecked({
    description: '策略: 1 冲稳保, 2 合理保守, 3 标准均衡, 4 激进冲刺 (默认 1)',
    placeholder: 'type',
    choices: ['1', '2', '3', '4'],
    accepts: 'choice',
    default: 1,
  }),
  subject: handlerChecked({
    description: '首选科目或科类: 物理 历史 理科 文科 综合 (默认 综合)',
    placeholder: 'subject',
    accepts: 'text',
    default: '综合',
  }),
  xuanke: handlerChecked({
    description: '选考科目, 英文逗号分隔, 如 物理,化学,生物 (默认 综合)',
    placeholder: 'subjects',
    accepts: 'text',
    default: '综合',
  }),
})

export const MISSING_REQUIRED = '缺少必要参数:province、batch、rank_year'
export const UNKNOWN_TYPE = '志愿类型不存在'

export interface SmartMatchInput {
  request: MatchRequest
  type: number
  token: string
}

/** Applies SPEC 4.8's checks and defaults to a raw request (shared with the CLI's prompts). */
export function parseSmartMatch(raw: z.output<typeof input>): SmartMatchInput {
  if (isBlank(raw.province) || isBlank(raw.batch) || isBlank(raw.rank_year))
    throw badRequest(MISSING_REQUIRED)
  const type = isBlank(raw.type) ? 1 : numberOf(raw.type)
  if (!strategyOf(type)) throw badRequest(UNKNOWN_TYPE)
  const rankYear = yearOf(raw.rank_year) as number
  return {
    request: {
      province: textOf('province', raw.province) as string,
      batch: textOf('batch', raw.batch) as string,
      rankYear,
      rank: wholeNumber('rank', raw.rank) ?? 0,
      score: wholeNumber('score', raw.score) ?? 0,
      subject: textOf('subject', raw.subject) ?? '综合',
      xuanke: xuankeOf('xuanke', raw.xuanke) ?? '综合',
    },
    type,
    token: tokenOf(raw.token),
  }
}

/**
 * SPEC 4.8: a 冲 / 稳 / 保 application list. Ranks, not scores: each option's lowest admitted ranks of the years
 * before rank_year, scaled to rank_year's cohort and weighted towards the latest year, give an expected lowest
 * rank and its uncertainty; the chance of admission sorts options into tiers (docs/smart-match.md, "Expected
 * lowest rank" and "Chance and tiers").
 */
export default defineEndpoint({
  name: 'smart-match',
  command: ['smart-match'],
  http: { method: 'POST', path: '/api/v1/volunteer/smart-match' },
  summary: '智能填报: 按位次生成冲/稳/保志愿表 (按省份志愿规则: 院校 / 院校专业组 / 专业+院校)',
  input,
  successMessage: '获取成功',
  examples: [
    'gaokao smart-match --province 湖北 --batch 本科批 --rank-year 2025 --score 600 --subject 物理 --xuanke 物理,化学,生物',
    'gaokao smart-match --province 重庆 --batch 本科批 --rank-year 2025 --rank 9000 --subject 物理 --xuanke 物理,化学 --type 2 --json',
  ],
  async handler(raw, ctx): Promise<SmartMatchData> {
    const { request, type, token } = parseSmartMatch(raw)
    const strategy = strategyOf(type) as Strategy
    const outcome = await matchCandidate(ctx.db, request, strategy)
    const data = await smartMatchData(ctx.db, outcome, strategy, token, request.score)
    const { chong, wen, bao } = data.zyb_data.zybData
    if (chong.length + wen.length + bao.length === 0) throw noDataError(request)
    return data
  },
  records: smartMatchRecords,
  table: smartMatchTables,
})

/** The cache token, written as sent into cache_zyb: text or a number (an object has no text of its own). */
function tokenOf(v: unknown): string {
  if (isBlank(v)) return ''
  if (typeof v === 'object') throw badRequest('参数 token 无效: 应为文本或数字')
  return String(v)
}

import { z } from 'zod'
import { findProvince } from '../../domain/provinces.js'
import { checkOrder, Refusal, specAnswer } from '../../endpoints/checks.js'
import { defineEndpoint } from '../../endpoints/define.js'
import { anyValue, readField } from '../../endpoints/schema.js'
import {
  asFlag,
  asMajorKeyword,
  asProvinces,
  asSchoolLevel,
  asStrategy,
  asText,
  asWholeNumber,
  asXuanke,
  asYear,
  HOME,
  isBlank,
  optional,
} from './fields.js'
import {
  describePreferences,
  hasPreferences,
  type ListPreferences,
  preferredOptions,
  SCHOOL_LEVELS,
} from './preferences.js'
import { schoolInfos } from './queries.js'
import { type SmartMatchData, smartMatchData } from './response.js'
import { type MatchOutcome, type MatchRequest, matchCandidate, noDataError } from './run.js'
import { smartMatchRecords, smartMatchTables } from './table.js'

export const MISSING_REQUIRED = '缺少必要参数:province、batch、rank_year'
export const UNKNOWN_TYPE = '志愿类型不存在'

/**
 * SPEC 4.8's order of checks: the missing required fields first (one fixed message), then the strategy type,
 * then the formats of the fields; the handler then finds the rule, then the data.
 */
const step = checkOrder(
  'required',
  'type',
  'rank_year',
  'province',
  'batch',
  'rank',
  'score',
  'subject',
  'xuanke',
  'token',
  'school_provinces',
  'school_level',
  'public_only',
  'major_keyword',
  'exclude_obligated',
)
const missing = specAnswer(MISSING_REQUIRED).at(step('required'))
const required =
  <T>(read: (v: unknown) => T | Refusal) =>
  (v: unknown): T | Refusal =>
    isBlank(v) ? missing : read(v)

const input = z.object({
  province: readField(
    { description: '省份, 如 江苏 (必填)', placeholder: 'province', accepts: 'text', required: true },
    required(asText),
    step('province'),
  ),
  batch: readField(
    {
      description: '批次, 如 本科批, 专科批, 普通类一段 (必填)',
      placeholder: 'batch',
      accepts: 'text',
      required: true,
    },
    required(asText),
    step('batch'),
  ),
  rank_year: readField(
    {
      description: '位次与推荐数据的年份, 如 2025 (必填)',
      placeholder: 'year',
      accepts: 'year',
      required: true,
    },
    required(asYear),
    step('rank_year'),
  ),
  rank: readField(
    {
      description: '位次 (默认 0: 由分数查当年一分一段表)',
      placeholder: 'rank',
      accepts: 'integer',
      min: 0,
      default: 0,
    },
    (v) => optional(asWholeNumber)(v) ?? 0,
    step('rank'),
  ),
  score: readField(
    { description: '分数 (默认 0)', placeholder: 'score', accepts: 'integer', min: 0, default: 0 },
    (v) => optional(asWholeNumber)(v) ?? 0,
    step('score'),
  ),
  // SPEC 4.8: a number, default 0; ignored, whatever it holds.
  is_key: anyValue({
    description: '旧版兼容字段, 不起作用',
    hidden: true,
    jsonSchema: { type: ['integer', 'string', 'boolean', 'null'] },
    default: 0,
    deprecated: true,
  }),
  // The cache token, written as sent into cache_zyb: text or a number (an object has no text of its own).
  token: readField(
    {
      description: '缓存标识, 原样写入 cache_zyb (默认空)',
      placeholder: 'token',
      accepts: 'text',
      default: '',
    },
    (v) => (isBlank(v) ? '' : typeof v === 'object' ? new Refusal('应为文本或数字') : String(v)),
    step('token'),
  ),
  type: readField(
    {
      description: '策略: 1 冲稳保, 2 合理保守, 3 标准均衡, 4 激进冲刺 (默认 1)',
      placeholder: 'type',
      choices: ['1', '2', '3', '4'],
      accepts: 'choice',
      default: 1,
    },
    asStrategy(specAnswer(UNKNOWN_TYPE)),
    step('type'),
  ),
  subject: readField(
    {
      description: '首选科目或科类: 物理 历史 理科 文科 综合 (默认 综合)',
      placeholder: 'subject',
      accepts: 'text',
      default: '综合',
    },
    (v) => optional(asText)(v) ?? '综合',
    step('subject'),
  ),
  xuanke: readField(
    {
      description: '选考科目, 英文逗号分隔, 如 物理,化学,生物 (默认 综合)',
      placeholder: 'subjects',
      accepts: 'text',
      default: '综合',
    },
    (v) => optional(asXuanke)(v) ?? '综合',
    step('xuanke'),
  ),
  // A family's preferences (extensions of the spec's request; preferences.ts): none by default
  school_provinces: readField(
    {
      description:
        '只列这些省份的学校 (学校所在地), 逗号分隔, 如 江苏,浙江,上海; 本省 = 考生所在省 (默认: 不限)',
      placeholder: 'provinces',
      accepts: 'text',
    },
    (v) => optional(asProvinces)(v) ?? [],
    step('school_provinces'),
  ),
  school_level: readField(
    {
      description: '只列 985, 211 (含 985) 或 双一流 学校 (默认: 不限)',
      placeholder: 'level',
      choices: SCHOOL_LEVELS,
      accepts: 'choice',
    },
    (v) => optional(asSchoolLevel)(v) ?? null,
    step('school_level'),
  ),
  public_only: readField(
    {
      description: '1: 只列公办学校 (不含民办、独立学院、中外合作办学) (默认 0)',
      placeholder: 'flag',
      accepts: 'flag',
      default: 0,
    },
    (v) => optional(asFlag)(v) ?? false,
    step('public_only'),
  ),
  major_keyword: readField(
    {
      description: '只列专业名称含此词的专业, 如 计算机; 没有这类专业的志愿不列 (默认: 不限)',
      placeholder: 'text',
      accepts: 'text',
    },
    (v) => optional(asMajorKeyword)(v) ?? null,
    step('major_keyword'),
  ),
  exclude_obligated: readField(
    {
      description:
        '1: 不列须履约的专业 (公费师范、优师计划、定向医学生、定向、订单培养等, 录取后须签协议到指定地区或单位工作), 含这类专业的专业组整组不列 (默认 0: 列出并标明)',
      placeholder: 'flag',
      accepts: 'flag',
      default: 0,
    },
    (v) => optional(asFlag)(v) ?? false,
    step('exclude_obligated'),
  ),
})

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
  async handler(req, ctx): Promise<SmartMatchData> {
    const request: MatchRequest = {
      province: req.province,
      batch: req.batch,
      rankYear: req.rank_year,
      rank: req.rank,
      score: req.score,
      subject: req.subject,
      xuanke: req.xuanke,
    }
    // The candidate's province is known once the request is read: 本省 names it
    const home = findProvince(req.province)?.name ?? req.province
    const preferences: ListPreferences = {
      schoolProvinces: req.school_provinces.map((p) => (p === HOME ? home : p)),
      schoolLevel: req.school_level,
      publicOnly: req.public_only,
      majorKeyword: req.major_keyword,
      excludeObligated: req.exclude_obligated,
    }
    const outcome = await matchCandidate(
      ctx.db,
      request,
      req.type,
      {},
      hasPreferences(preferences)
        ? async (options) =>
            preferredOptions(
              options,
              preferences,
              await schoolInfos(ctx.db, [...new Set(options.map((o) => o.sid))]),
              home,
            )
        : undefined,
    )
    const data = await smartMatchData(ctx.db, outcome, req.type, req.token, request.score)
    const { chong, wen, bao } = data.zyb_data.zybData
    if (chong.length + wen.length + bao.length === 0) {
      const err = noDataError(request)
      err.hint = emptyListHint(outcome, preferences)
      throw err
    }
    // Said only when given: a list of the spec's request is the spec's answer, byte for byte
    if (hasPreferences(preferences)) data.candidate.preferences = describePreferences(preferences)
    return data
  },
  records: smartMatchRecords,
  table: smartMatchTables,
  // `--out 志愿表.xlsx`: write-excel-file is loaded only then, never by the server
  async workbook(data, input, ctx) {
    const { smartMatchWorkbook, workbookRequest } = await import('./workbook-file.js')
    return smartMatchWorkbook(ctx.db, data, workbookRequest(input), ctx.now())
  },
})

/**
 * Why a list is empty, beside the spec's message (the CLI shows it; the envelope keeps the spec's words): a rank
 * beyond everyone in the year's table, or one that no option of the batch gives a chance.
 */
function emptyListHint({ rank, category, universe }: MatchOutcome, preferences: ListPreferences): string {
  const cohort = universe.table?.rows.at(-1)?.total
  if (cohort !== undefined && rank > cohort)
    return `位次 ${rank} 超出 ${universe.rankYear} 年${category}一分一段表的总人数 ${cohort}`
  if (hasPreferences(preferences))
    return `位次 ${rank}: 按所选条件 (${describePreferences(preferences)}) 没有可列的志愿; 放宽条件再试`
  return `位次 ${rank}: 该批次 ${universe.options.length} 个可判断的志愿都没有录取的可能`
}

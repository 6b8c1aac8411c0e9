import { z } from 'zod'
import { AFTER_FIELD_CHECKS, Refusal } from './checks.js'
import { optionalProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { DEFAULT_SOURCE, distinctValues, LOOKUP_SOURCES, SOURCE_NAMES } from './queries/lookups.js'
import { optText, optTextOf, optYear } from './schema.js'

export const lookupInput = z.object({
  // Checked after the other fields' own checks (the source's name was the handler's first check).
  source: optTextOf(
    {
      description: '数据来源 (默认 yifenyiduan)',
      placeholder: 'source',
      choices: SOURCE_NAMES,
      default: 'yifenyiduan',
    },
    (name) => LOOKUP_SOURCES[name] ?? new Refusal(`可选值: ${SOURCE_NAMES.join(', ')}`),
    AFTER_FIELD_CHECKS,
  ),
  province: optText({ description: '省份 (默认: 全部)', placeholder: 'province' }),
  year: optYear({ description: '年份 (默认: 全部)' }),
})

/**
 * SPEC 4.0: the subject (category) values that actually have data in a source. The response shape is not shown
 * by the spec: `data` is the plain array of names, in pinyin order (docs/api.md, Decisions › "Lookups (4.0)").
 */
export default defineEndpoint({
  name: 'meta-subjects',
  command: ['meta', 'subjects'],
  http: { method: 'POST', path: '/api/v1/meta/subjects' },
  summary:
    '有数据的科类 (source: yifenyiduan 一分一段, picixian 批次线, plans 计划/分数, category_stats 统计)',
  input: lookupInput,
  warmRequests: SOURCE_NAMES.map((source) => ({ source })),
  examples: [
    'gaokao meta subjects --province 江苏 --year 2025',
    'gaokao meta subjects --source yifenyiduan --json',
  ],
  async handler(input, ctx) {
    const source = input.source ?? DEFAULT_SOURCE
    const province = optionalProvince(input.province)?.name
    const year = input.year === undefined ? undefined : Number(input.year)
    return distinctValues(ctx.db, source, source.subject, { province, year })
  },
  records: (data) => data.map((name) => ({ name })),
  table: (data) => ({ head: ['科类'], rows: data.map((v) => [v]) }),
  emptyMessage: (data) => (data.length === 0 ? '没有符合条件的科类' : undefined),
})

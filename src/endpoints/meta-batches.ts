import { optionalProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { lookupInput } from './meta-subjects.js'
import { DEFAULT_SOURCE, distinctValues, SOURCE_NAMES } from './queries/lookups.js'

/**
 * SPEC 4.0: the batch values that actually have data in a source (for yifenyiduan: the names of separate
 * tables such as 本科 / 专科). Same body and response shape as meta-subjects.
 */
export default defineEndpoint({
  name: 'meta-batches',
  command: ['meta', 'batches'],
  http: { method: 'POST', path: '/api/v1/meta/batches' },
  summary: '有数据的批次 (source: yifenyiduan, picixian, plans, category_stats)',
  input: lookupInput,
  warmRequests: SOURCE_NAMES.map((source) => ({ source })),
  examples: ['gaokao meta batches --province 广东 --year 2026', 'gaokao meta batches --json'],
  async handler(input, ctx) {
    const source = input.source ?? DEFAULT_SOURCE
    if (source.batch === null) return []
    const province = optionalProvince(input.province)?.name
    const year = input.year === undefined ? undefined : Number(input.year)
    return distinctValues(ctx.db, source, source.batch, { province, year })
  },
  records: (data) => data.map((name) => ({ name })),
  table: (data) => ({ head: ['批次'], rows: data.map((v) => [v]) }),
  emptyMessage: (data) => (data.length === 0 ? '没有符合条件的批次' : undefined),
})

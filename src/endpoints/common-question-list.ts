import { z } from 'zod'
import type { Db } from '../data/db.js'
import { lookupTable } from '../domain/lookup.js'
import { ApiError } from '../errors.js'
import { defineEndpoint } from './define.js'
import { containsPattern } from './plans-common.js'
import { handlerChecked } from './schema.js'

/** SPEC 4.11's messages, in the order the handler checks them. */
export const QUESTION_MESSAGES = {
  module: '模块类型参数错误',
  subModule: '二级模块类型参数错误',
  paging: '分页参数不完整',
  sort: '排序类型参数错误',
  category: '分类参数错误',
} as const
/** Not in the spec: the largest news page (docs/api.md, Decisions › "Common questions (4.11)"). */
export const NEWS_PAGE_MAX = 100

export const CATEGORY_LABELS: Readonly<Record<string, string>> = lookupTable({
  '1': '政策解读',
  '2': '考试信息',
  '3': '院校动态',
  '4': '重要公告',
})

/** sort_type: 1 publish time, 2 sort value, 3 view count, all descending; 0 (default): sort value, then time. */
const ORDER_BY: Readonly<Record<number, string>> = {
  0: 'sort DESC, publish_at DESC, id',
  1: 'publish_at DESC, id',
  2: 'sort DESC, id',
  3: 'look_num DESC, id',
}

const bad = (message: string) => new ApiError(400, message, { badInput: true })

/** An int field of 4.11: absent or '' is 0 (the spec's default); anything not a whole number is undefined. */
function intField(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return 0
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : Number.NaN
  return Number.isInteger(n) ? n : undefined
}
const inRange = (n: number | undefined, lo: number, hi: number): n is number =>
  n !== undefined && n >= lo && n <= hi

interface Row {
  id: number
  title: string
  school_name: string
  content: string
  answer: string
  description: string
  sort: number
  look_num: number
  publish_at: string
  created_at: string
  category_enum: number
}

const input = z.object({
  // intField: absent is 0, which module_type and sub_module_type refuse.
  module_type: handlerChecked({
    description: '模块 1-6 (4 = 资讯)',
    placeholder: 'n',
    accepts: 'integer',
    min: 1,
    max: 6,
    required: true,
  }),
  sub_module_type: handlerChecked({
    description: '二级模块 1-4 ((4,3) 分类选项, (4,4) 资讯列表)',
    placeholder: 'n',
    accepts: 'integer',
    min: 1,
    max: 4,
    required: true,
  }),
  page: handlerChecked({
    description: '页码 (资讯列表分页, 须与 limit 同时给出)',
    placeholder: 'n',
    accepts: 'integer',
    min: 0,
    default: 0,
  }),
  limit: handlerChecked({
    description: `每页条数 (最多 ${NEWS_PAGE_MAX})`,
    placeholder: 'n',
    accepts: 'integer',
    min: 0,
    max: NEWS_PAGE_MAX,
    default: 0,
  }),
  sort_type: handlerChecked({
    description: '排序: 1 发布时间, 2 排序值, 3 浏览量 (均降序)',
    placeholder: 'n',
    accepts: 'integer',
    min: 0,
    max: 3,
    default: 0,
  }),
  // Only text is read; any other value means no keyword.
  keyword: handlerChecked({
    description: '标题关键词 (仅资讯列表)',
    placeholder: 'text',
    jsonSchema: { type: ['string', 'null'] },
  }),
  category: handlerChecked({
    description: '分类 1-4 (仅资讯列表): 1 政策解读 2 考试信息 3 院校动态 4 重要公告',
    placeholder: 'n',
    accepts: 'integer',
    min: 0,
    max: 4,
    default: 0,
  }),
})

/** SPEC 4.11: news and common questions, in the four response variants of the spec. */
export default defineEndpoint({
  name: 'common-question-list',
  command: ['content', 'list'],
  http: { method: 'POST', path: '/api/v1/score-v2/common-question/list' },
  summary: '资讯与常见问题列表 (模块 4 二级模块 4 为资讯列表, 可分页, 按关键词和分类筛选)',
  input,
  examples: [
    'gaokao content list --module-type 4 --sub-module-type 4 --page 1 --limit 10 --sort-type 1',
    'gaokao content list --module-type 4 --sub-module-type 3',
    'gaokao content list --module-type 1 --sub-module-type 1',
  ],
  async handler(req, ctx) {
    const module = intField(req.module_type)
    if (!inRange(module, 1, 6)) throw bad(QUESTION_MESSAGES.module)
    const sub = intField(req.sub_module_type)
    if (!inRange(sub, 1, 4)) throw bad(QUESTION_MESSAGES.subModule)
    const page = intField(req.page)
    const limit = intField(req.limit)
    if (page === undefined || limit === undefined || page < 0 || limit < 0 || page > 0 !== limit > 0)
      throw bad(QUESTION_MESSAGES.paging)
    if (limit > NEWS_PAGE_MAX) throw bad(`每页最多${NEWS_PAGE_MAX}条`)
    const sortType = intField(req.sort_type)
    if (!inRange(sortType, 0, 3)) throw bad(QUESTION_MESSAGES.sort)
    const category = intField(req.category)
    if (!inRange(category, 0, 4)) throw bad(QUESTION_MESSAGES.category)

    if (module === 4 && sub === 3) return { category_enum: { ...CATEGORY_LABELS } }
    const orderBy = ORDER_BY[sortType] as string
    if (module === 4 && sub === 4) {
      const keyword = typeof req.keyword === 'string' ? req.keyword.trim() : ''
      return newsList(ctx.db, { keyword, category, orderBy, page, limit })
    }
    const rows = await ctx.db.all<Row>(
      `SELECT * FROM content_items WHERE module_type = ? AND sub_module_type = ? ORDER BY ${orderBy}`,
      [module, sub],
    )
    return rows.map(genericItem)
  },
  records: (data) => (Array.isArray(data) ? data : 'list' in data ? data.list : []),
  table: (data) => {
    if (!Array.isArray(data) && 'category_enum' in data)
      return { head: ['分类', '名称'], rows: Object.entries(data.category_enum) }
    const list: { id: number; title: string; publish_at: string; look_num: number }[] = Array.isArray(data)
      ? data
      : data.list
    return {
      head: ['id', '标题', '发布时间', '浏览'],
      rows: list.map((i) => [i.id, i.title, i.publish_at, i.look_num]),
      numeric: [0, 3],
      footer: Array.isArray(data)
        ? undefined
        : `第 ${data.page} 页, 每页 ${data.limit} 条, 共 ${data.total} 条`,
    }
  },
  emptyMessage: (data) =>
    (Array.isArray(data) && data.length === 0) || (!Array.isArray(data) && 'list' in data && data.total === 0)
      ? '没有符合条件的内容'
      : undefined,
})

async function newsList(
  db: Db,
  q: { keyword: string; category: number; orderBy: string; page: number; limit: number },
) {
  const where = `module_type = 4 AND sub_module_type = 4
    AND (? = '' OR title LIKE ? ESCAPE '\\') AND (? = 0 OR category_enum = ?)`
  const params = [q.keyword, containsPattern(q.keyword), q.category, q.category]
  if (q.page === 0) {
    const rows = await db.all<Row>(`SELECT * FROM content_items WHERE ${where} ORDER BY ${q.orderBy}`, params)
    return rows.map(unpagedNewsItem)
  }
  const [count] = await db.all<{ total: number }>(
    `SELECT count(*)::INTEGER AS total FROM content_items WHERE ${where}`,
    params,
  )
  const total = count?.total ?? 0
  // A page past the last one is empty; asked for as such (a page of 1e20 included, whose offset no engine
  // takes), not queried.
  const offset = (q.page - 1) * q.limit
  const rows =
    offset >= total
      ? []
      : await db.all<Row>(
          `SELECT * FROM content_items WHERE ${where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`,
          [...params, q.limit, offset],
        )
  return { list: rows.map(pagedNewsItem), total, page: q.page, limit: q.limit }
}

const base = (r: Row) => ({
  id: r.id,
  title: r.title,
  school_name: r.school_name,
  content: r.content,
  answer: r.answer,
  sort: r.sort,
  look_num: r.look_num,
  publish_at: r.publish_at,
})
const labels = (r: Row) => ({
  enum_type: r.category_enum,
  value_text: CATEGORY_LABELS[String(r.category_enum)] ?? '',
})

/** Paged news list: created_at to the second, category labels and description. */
const pagedNewsItem = (r: Row) => ({
  ...base(r),
  created_at: r.created_at,
  category_enum: r.category_enum,
  category_labels: labels(r),
  description: r.description,
})
/** Unpaged news list: created_at to the minute, category labels, no description. */
const unpagedNewsItem = (r: Row) => ({
  ...base(r),
  created_at: r.created_at.slice(0, 16),
  category_enum: r.category_enum,
  category_labels: labels(r),
})
/** Other modules: description, no created_at, no category labels. */
const genericItem = (r: Row) => ({ ...base(r), category_enum: r.category_enum, description: r.description })

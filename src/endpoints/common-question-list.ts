import { z } from 'zod'
import type { Db } from '../data/db.js'
import { lookupTable } from '../domain/lookup.js'
import { addRefusal, checkOrder, Refusal, specAnswer } from './checks.js'
import { defineEndpoint } from './define.js'
import { isSyntheticColumn } from './figure-notes.js'
import { pageOf } from './paging.js'
import {
  allNews,
  type ContentRow,
  contentItems,
  type NewsFilter,
  newsCount,
  newsPage,
  SORT_TYPES,
  type SortType,
} from './queries/content.js'
import { readField } from './schema.js'

/** SPEC 4.11's messages, in its order of checks. */
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

/** SPEC 4.11's order of checks. */
// the keyword, which the spec does not check, after every check it orders
const step = checkOrder('module', 'subModule', 'paging', 'pageSize', 'sort', 'category', 'keyword')

/** An int field of 4.11: absent or '' is 0 (the spec's default); anything not a whole number is undefined. */
function intField(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return 0
  // text in decimal digits only, as the other endpoints read it: "0x10" and "1e3" are no page numbers
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/u.test(v) ? Number(v) : Number.NaN
  return Number.isInteger(n) ? n : undefined
}
/** An int field within [lo, hi], else the spec's `refusal`. */
const inRange =
  (lo: number, hi: number, refusal: Refusal) =>
  (v: unknown): number | Refusal => {
    const n = intField(v)
    return n !== undefined && n >= lo && n <= hi ? n : refusal
  }
const pagingIncomplete = specAnswer(QUESTION_MESSAGES.paging)

function sortTypeOf(v: unknown): SortType | Refusal {
  const n = intField(v)
  return SORT_TYPES.find((t) => t === n) ?? specAnswer(QUESTION_MESSAGES.sort)
}

/** page and limit are sent together or not at all (SPEC 4.11), and a news page holds at most NEWS_PAGE_MAX. */
function pagingTogether(req: { page: number; limit: number }, ctx: z.RefinementCtx) {
  // A field refused by its own check holds no number here (and its refusal comes first).
  if (typeof req.page !== 'number' || typeof req.limit !== 'number') return
  if (req.page > 0 !== req.limit > 0) addRefusal(ctx, pagingIncomplete.at(step('paging')))
  else if (req.limit > NEWS_PAGE_MAX)
    addRefusal(ctx, specAnswer(`每页最多${NEWS_PAGE_MAX}条`).at(step('pageSize')))
}

const input = z
  .object({
    // intField: absent is 0, which module_type and sub_module_type refuse.
    module_type: readField(
      {
        description: '模块 1-6 (4 = 资讯)',
        placeholder: 'n',
        accepts: 'integer',
        min: 1,
        max: 6,
        required: true,
      },
      inRange(1, 6, specAnswer(QUESTION_MESSAGES.module)),
      step('module'),
    ),
    sub_module_type: readField(
      {
        description: '二级模块 1-4 ((4,3) 分类选项, (4,4) 资讯列表)',
        placeholder: 'n',
        accepts: 'integer',
        min: 1,
        max: 4,
        required: true,
      },
      inRange(1, 4, specAnswer(QUESTION_MESSAGES.subModule)),
      step('subModule'),
    ),
    page: readField(
      {
        description: '页码 (资讯列表分页, 须与 limit 同时给出)',
        placeholder: 'n',
        accepts: 'integer',
        min: 0,
        default: 0,
      },
      inRange(0, Number.POSITIVE_INFINITY, pagingIncomplete),
      step('paging'),
    ),
    limit: readField(
      {
        description: `每页条数 (最多 ${NEWS_PAGE_MAX})`,
        placeholder: 'n',
        accepts: 'integer',
        min: 0,
        max: NEWS_PAGE_MAX,
        default: 0,
      },
      inRange(0, Number.POSITIVE_INFINITY, pagingIncomplete),
      step('paging'),
    ),
    sort_type: readField(
      {
        description: '排序: 1 发布时间, 2 排序值, 3 浏览量 (均降序)',
        placeholder: 'n',
        accepts: 'integer',
        min: 0,
        max: 3,
        default: 0,
      },
      sortTypeOf,
      step('sort'),
    ),
    // Text, or a number read as its text (2024); null is none; anything else (a list, an object, true) is refused,
    // never silently read as no keyword (the whole list), and only after the spec's own checks.
    keyword: readField(
      {
        description: '标题关键词 (仅资讯列表)',
        placeholder: 'text',
        jsonSchema: { type: ['string', 'number', 'null'] },
      },
      (v) =>
        typeof v === 'string'
          ? v.trim()
          : typeof v === 'number' && Number.isFinite(v)
            ? String(v)
            : v === undefined || v === null
              ? ''
              : new Refusal('应为文本或数字'),
      step('keyword'),
    ),
    category: readField(
      {
        description: '分类 1-4 (仅资讯列表): 1 政策解读 2 考试信息 3 院校动态 4 重要公告',
        placeholder: 'n',
        accepts: 'integer',
        min: 0,
        max: 4,
        default: 0,
      },
      inRange(0, 4, specAnswer(QUESTION_MESSAGES.category)),
      step('category'),
    ),
  })
  // checked whatever the other fields hold: the pair's refusal comes before those of sort_type and category
  .superRefine(pagingTogether, { when: () => true })

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
    const { module_type: module, sub_module_type: sub } = req
    if (module === 4 && sub === 3) return { category_enum: { ...CATEGORY_LABELS } }
    if (module === 4 && sub === 4) {
      const { keyword, category, sort_type: sort, page, limit } = req
      return newsList(ctx.db, { keyword, category, sort }, page, limit)
    }
    return (await contentItems(ctx.db, module, sub, req.sort_type)).map(genericItem)
  },
  records: (data) => (Array.isArray(data) ? data : 'list' in data ? data.list : []),
  table: (data) => {
    if (!Array.isArray(data) && 'category_enum' in data)
      return { head: ['分类', '名称'], rows: Object.entries(data.category_enum) }
    const list: { id: number; title: string; publish_at: string; look_num: number }[] = Array.isArray(data)
      ? data
      : data.list
    // The view counts are synthetic (the column contract says so): the heading and a note say it.
    const synthetic = isSyntheticColumn('content_items', 'look_num')
    return {
      head: ['id', '标题', '发布时间', synthetic ? '浏览 (合成)' : '浏览'],
      rows: list.map((i) => [i.id, i.title, i.publish_at, i.look_num]),
      numeric: [0, 3],
      footer:
        [
          Array.isArray(data) ? undefined : `第 ${data.page} 页, 每页 ${data.limit} 条, 共 ${data.total} 条`,
          synthetic ? '注: 浏览数与排序值为合成数据 (演示用), 不是真实的浏览量' : undefined,
        ]
          .filter(Boolean)
          .join('\n') || undefined,
    }
  },
  emptyMessage: (data) =>
    (Array.isArray(data) && data.length === 0) || (!Array.isArray(data) && 'list' in data && data.total === 0)
      ? '没有符合条件的内容'
      : undefined,
})

/** The news list: every item when page is 0, else one page of `limit` items. */
async function newsList(db: Db, filter: NewsFilter, page: number, limit: number) {
  if (page === 0) return (await allNews(db, filter)).map(unpagedNewsItem)
  const total = await newsCount(db, filter)
  // A page past the last one is empty; asked for as such (a page of 1e20 included, whose offset no engine
  // takes), not queried.
  const { offset } = pageOf(page, limit)
  const rows = offset >= total ? [] : await newsPage(db, filter, limit, offset)
  return { list: rows.map(pagedNewsItem), total, page, limit }
}

const base = (r: ContentRow) => ({
  id: r.id,
  title: r.title,
  school_name: r.school_name,
  content: r.content,
  answer: r.answer,
  sort: r.sort,
  look_num: r.look_num,
  publish_at: r.publish_at,
})
const labels = (r: ContentRow) => ({
  enum_type: r.category_enum,
  value_text: CATEGORY_LABELS[String(r.category_enum)] ?? '',
})

/** Paged news list: created_at to the second, category labels and description. */
const pagedNewsItem = (r: ContentRow) => ({
  ...base(r),
  created_at: r.created_at,
  category_enum: r.category_enum,
  category_labels: labels(r),
  description: r.description,
})
/** Unpaged news list: created_at to the minute, category labels, no description. */
const unpagedNewsItem = (r: ContentRow) => ({
  ...base(r),
  created_at: r.created_at.slice(0, 16),
  category_enum: r.category_enum,
  category_labels: labels(r),
})
/** Other modules: description, no created_at, no category labels. */
const genericItem = (r: ContentRow) => ({
  ...base(r),
  category_enum: r.category_enum,
  description: r.description,
})

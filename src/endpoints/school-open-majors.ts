import { z } from 'zod'
import { requireProvince } from './common.js'
import { defineEndpoint, type WithView, withView } from './define.js'
import { handlerChecked, optChoice, optInt, optText } from './schema.js'
import { isMissing, openMajorsMissing, validated } from './school-lookup.js'

/** SPEC 2.15 shape A. */
export interface OpenMajor {
  spname: string
  major_id: number | null
  level_name: string | null
  type_name: string | null
  nature_name: string | null
  major_name: string
  spcode: string | null
  local_batch_name: string
  kemu: string
  min: number | null
  min_section: number | null
  plan_count: number
  ranking: number
  hot_num: number
}

export const SORT_FIELDS = ['ranking', 'hot'] as const
export const SORT_ORDERS = ['desc', 'asc'] as const

/**
 * SPEC 4.14 orderings, as SQL over the output columns (constants, never request text). `ranking`: ranking
 * ascending with the unranked (0) last, then `min` descending, which is the whole order when every ranking is 0;
 * `hot`: hot_num descending, then `min` descending. The major name settles what is still tied.
 */
const ORDER_BY: Readonly<Record<(typeof SORT_FIELDS)[number], string>> = {
  ranking: `ranking = 0, ranking, "min" DESC NULLS LAST, spname`,
  hot: `hot_num DESC, "min" DESC NULLS LAST, spname`,
}

/** The fields of the open-majors endpoints, with their rules, applied after the 23008 check (SPEC 4.14, 4.15). */
export const openMajorsTarget = {
  school_id: optInt({ description: '学校 ID', min: 1 }),
  province: optText({ description: '招生省份' }),
}

const rules = z.object({
  ...openMajorsTarget,
  sort_field: optChoice({ description: '排序字段', choices: SORT_FIELDS }),
  sort_order: optChoice({ description: '排序方向', choices: SORT_ORDERS }),
})

/** What the open-majors endpoints accept before their own checks: a missing field is 23008, not a 400. */
export const openMajorsFields = {
  school_id: handlerChecked({
    description: '学校 ID (必填), 如 111 (南京大学)',
    placeholder: 'id',
    accepts: 'integer',
    min: 1,
    required: true,
  }),
  province: handlerChecked({
    description: '招生省份 (必填), 如 江苏',
    placeholder: 'province',
    accepts: 'text',
    required: true,
  }),
}

/** SPEC 4.14, 4.15: school_id and province missing is 23008, checked before any other rule of the request. */
export function checkOpenMajorsRequest<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  if (isMissing(raw.school_id) || isMissing(raw.province)) throw openMajorsMissing()
  return validated(schema, raw)
}

const input = z.object({
  ...openMajorsFields,
  sort_field: handlerChecked({
    description: '排序字段 (默认 ranking: 专业排名升序, 无排名的在后; hot: 热度降序)',
    placeholder: 'field',
    choices: SORT_FIELDS,
    accepts: 'choice',
    default: 'ranking',
  }),
  sort_order: handlerChecked({
    description: '排序方向 (默认 desc; asc 把整个顺序倒过来)',
    placeholder: 'order',
    choices: SORT_ORDERS,
    accepts: 'choice',
    default: 'desc',
  }),
})

/** The view's title names the school (a counsellor does not read sids); the JSON is the spec's. */
interface OpenMajorsOf {
  schoolName: string | undefined
}

/**
 * SPEC 4.14: the majors a school enrolls in a province, one item per published major name (`spname`) over every
 * year, category and batch of its plans there. The figures of an item (spcode, batch, kemu, min, min_section)
 * come from one plan record: the latest year that has an admission score, and in that year the lowest score.
 */
export default defineEndpoint({
  name: 'school-open-majors',
  command: ['open-majors'],
  http: { method: 'POST', path: '/api/v1/school/open-majors' },
  summary: '学校开放专业: 某校在某省招生的专业, 每个专业一行 (逐条计划并分页: open-majors list)',
  input,
  examples: [
    'gaokao open-majors --school-id 111 --province 江苏',
    'gaokao open-majors --school-id 111 --province 江苏 --sort-field hot --sort-order asc --json',
  ],
  async handler(raw, ctx): Promise<WithView<OpenMajor[], OpenMajorsOf>> {
    const req = checkOpenMajorsRequest(rules, raw)
    const province = requireProvince(req.province as string).name
    const rows = await ctx.db.all<OpenMajor>(
      `WITH g AS (
         SELECT spname, count(*)::INTEGER AS plan_count,
                arg_min({'spcode': spcode, 'local_batch_name': local_batch_name, 'kemu': subject_type,
                         'min': "min", 'min_section': min_section},
                        [("min" IS NULL)::INTEGER, -year, coalesce("min", 0), id]) AS rep,
                arg_max(major_id, [year, id]) AS major_id
         FROM plans WHERE sid = ? AND province = ?
         GROUP BY spname HAVING trim(spname) <> '')
       SELECT g.spname, g.major_id, s.level_name, s.type_name, s.nature_name,
              coalesce(m.class_name, '') AS major_name,
              struct_extract(g.rep, 'spcode') AS spcode,
              struct_extract(g.rep, 'local_batch_name') AS local_batch_name,
              struct_extract(g.rep, 'kemu') AS kemu,
              struct_extract(g.rep, 'min') AS "min",
              struct_extract(g.rep, 'min_section') AS min_section,
              g.plan_count, coalesce(m.ranking, 0) AS ranking, coalesce(m.hot_num, 0) AS hot_num
       FROM g LEFT JOIN majors m ON m.major_id = g.major_id LEFT JOIN schools s ON s.sid = ?
       ORDER BY ${ORDER_BY[req.sort_field === 'hot' ? 'hot' : 'ranking']}`,
      [req.school_id, province, req.school_id],
    )
    // Rule 3: asc is the exact reverse of the order rules 1 and 2 produce.
    const answer = req.sort_order === 'asc' ? rows.reverse() : rows
    const [school] = await ctx.db.all<{ name: string }>('SELECT name FROM schools WHERE sid = ?', [
      req.school_id,
    ])
    return withView(answer, { schoolName: school?.name })
  },
  table: (data, req, of) => ({
    title: `${of?.schoolName ?? `学校 ${String(req.school_id)}`} 在 ${String(req.province)} 的开放专业 (共 ${data.length} 个)`,
    head: ['专业', '代码', '专业类', '批次', '科类', '最低分', '最低位次', '计划条数', '排名', '热度'],
    rows: data.map((m) => [
      m.spname,
      m.spcode,
      m.major_name,
      m.local_batch_name,
      m.kemu,
      m.min,
      m.min_section,
      m.plan_count,
      m.ranking,
      m.hot_num,
    ]),
    numeric: [5, 6, 7, 8, 9],
    footer: `最低分与位次: 最近一个有录取分数的年份中的最低分; 排名 0 表示暂无数据; 层次/类型: ${data[0]?.level_name ?? ''} ${data[0]?.type_name ?? ''} ${data[0]?.nature_name ?? ''}`,
  }),
  emptyMessage: (data, req) =>
    data.length === 0
      ? `学校 ${String(req.school_id)} 在 ${String(req.province)} 没有招生计划记录`
      : undefined,
})

import { z } from 'zod'
import { FIRST_STEP, specAnswer } from './checks.js'
import { requireProvince } from './common.js'
import { defineEndpoint, type WithView, withView } from './define.js'
import { type OpenMajor, openMajors, SORT_FIELDS } from './queries/open-majors.js'
import { schoolNameOf } from './queries/schools.js'
import { optChoice, optInt, optText, requiredField } from './schema.js'

export const SORT_ORDERS = ['desc', 'asc'] as const

/** SPEC 7: the one error both open-majors endpoints name, for a missing school_id or province, checked first. */
const openMajorsMissing = specAnswer('开放专业参数不能为空', 23008).at(FIRST_STEP)

/** The fields both open-majors endpoints need (SPEC 4.14, 4.15): missing, 23008; else the usual field rules. */
export const openMajorsFields = {
  school_id: requiredField(
    optInt({
      description: '学校 ID (必填), 如 111 (南京大学)',
      placeholder: 'id',
      min: 1,
      required: true,
      finds: { what: 'school', as: 'id' },
    }),
    openMajorsMissing,
  ),
  province: requiredField(
    optText({ description: '招生省份 (必填), 如 江苏', placeholder: 'province', required: true }),
    openMajorsMissing,
  ),
}

const input = z.object({
  ...openMajorsFields,
  sort_field: optChoice({
    description: '排序字段 (默认 ranking: 专业排名升序, 无排名的在后; hot: 热度降序)',
    placeholder: 'field',
    choices: SORT_FIELDS,
    default: 'ranking',
  }),
  sort_order: optChoice({
    description: '排序方向 (默认 desc; asc 把整个顺序倒过来)',
    placeholder: 'order',
    choices: SORT_ORDERS,
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
  async handler(req, ctx): Promise<WithView<OpenMajor[], OpenMajorsOf>> {
    const province = requireProvince(req.province).name
    const rows = await openMajors(ctx.db, req.school_id, province, req.sort_field ?? 'ranking')
    // Rule 3: asc is the exact reverse of the order rules 1 and 2 produce.
    const answer = req.sort_order === 'asc' ? rows.reverse() : rows
    const schoolName = await schoolNameOf(ctx.db, req.school_id)
    return withView(answer, { schoolName })
  },
  table: (data, req, of) => ({
    title: `${of?.schoolName ?? `学校 ${req.school_id}`} 在 ${req.province} 的开放专业 (共 ${data.length} 个)`,
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
    data.length === 0 ? `学校 ${req.school_id} 在 ${req.province} 没有招生计划记录` : undefined,
})

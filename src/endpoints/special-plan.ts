import { z } from 'zod'
import { specialPlanTypes } from '../domain/mappings.js'
import type { SpecialFilter, SpecialPlan } from '../domain/scores-special.js'
import { requireProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { pageField, pageFooter, pageOf, pageSizeField } from './paging.js'
import { type SpecialPlanResult, searchSpecial } from './queries/special-plans.js'
import { optText, optYear, readField } from './schema.js'
import { markedScore, scaleMarks, withFootnote } from './score-scale-note.js'
import { tableOf } from './table-columns.js'

const input = z.object({
  year: optYear({ description: '年份' }),
  province: optText({ description: '省份 (默认: 登录者的省份, 否则不限)', placeholder: 'province' }),
  // Any value passes (planTypeOf): 1, 2, 3 as number or text select one type, anything else all three.
  plan_type: readField(
    {
      description: '1 国家专项, 2 地方专项, 3 高校专项; 不填或其他值: 三类都查',
      placeholder: 'n',
      jsonSchema: { type: ['integer', 'string', 'null'], examples: [1, 2, 3] },
    },
    planTypeOf,
  ),
  keyword: optText({ description: '院校或专业名称关键词, 只作用于国家专项', placeholder: 'text' }),
  page: pageField(),
  limit: pageSizeField(10),
})

/** `plan_type` as sent: 1, 2, 3 (number or text) select one type; anything else means all three (SPEC 4.4). */
export function planTypeOf(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined
  const n = Number(typeof value === 'string' ? value.trim() : value)
  return Number.isInteger(n) ? n : undefined
}

/**
 * SPEC 4.4: special enrolment plans (国家专项, 地方专项, 高校专项; plans.plan_type), ordered by the lowest
 * score ascending with rows without a score last, then by plan row id. Served without the envelope, as the spec
 * shows it. The keyword matches the school name or the major name (either), and restricts only the 国家专项
 * rows: with several types searched, rows of the other types are listed whatever the keyword. A school's or
 * group's line names itself in `spname` (LINE_NAME); an unknown `num` is null.
 */
export default defineEndpoint({
  name: 'special-plan',
  command: ['plans', 'special'],
  http: { method: 'POST', path: '/api/v1/enrollment/special-plan' },
  summary: '专项计划 (国家专项, 地方专项, 高校专项): 按最低分升序, 分页',
  input,
  envelope: false,
  examples: [
    'gaokao plans special --province 江苏 --year 2025',
    'gaokao plans special --plan-type 1 --keyword 医学 --json',
  ],
  async handler(req, ctx): Promise<SpecialPlanResult> {
    const province = req.province ?? ctx.caller?.province
    const filter: SpecialFilter = {
      types: specialPlanTypes(req.plan_type),
      ...(req.year === undefined ? {} : { year: Number(req.year) }),
      ...(province === undefined ? {} : { province: requireProvince(province).name }),
      ...(req.keyword === undefined ? {} : { keyword: req.keyword }),
    }
    const page = pageOf(req.page ?? 1, req.limit ?? 10)
    return searchSpecial(ctx.db, filter, page.offset, page.size)
  },
  records: (data) => data.list,
  table: (data, req) => {
    // min ascending over every year: a 江苏 2020 line (out of 480) comes before 2021's (out of 750). Marked.
    const scales = scaleMarks(data.list)
    const old = new Set(data.list.filter((_, i) => scales.marked[i]))
    return {
      // what was asked: the types, and the province, year and keyword when given
      title: [
        `专项计划 (${specialPlanTypes(req.plan_type).join(', ')})`,
        req.province,
        req.year,
        req.keyword === undefined ? undefined : `含 "${req.keyword}"`,
      ]
        .filter((part) => part !== undefined && part !== '')
        .join(' · '),
      ...tableOf<SpecialPlan>(
        [
          { head: '院校', cell: (r) => r.school_name },
          { head: '专业', cell: (r) => r.spname },
          { head: '年份', cell: (r) => r.year },
          { head: '最低分', cell: (r) => markedScore(r.min, old.has(r)), numeric: true },
          { head: '最低位次', cell: (r) => r.min_section, numeric: true },
          { head: '计划数', cell: (r) => r.num, numeric: true },
          { head: '批次', cell: (r) => r.local_batch_name },
          req.province === undefined && { head: '省份', cell: (r) => r.province },
        ],
        data.list,
      ),
      footer: withFootnote(pageFooter(pageOf(req.page ?? 1, req.limit ?? 10), data.total), scales.footer),
    }
  },
  emptyMessage: (data, req) =>
    data.list.length > 0
      ? undefined
      : data.total > 0
        ? `第 ${req.page ?? 1} 页没有记录 (共 ${data.total} 条)`
        : '没有符合条件的专项计划',
})

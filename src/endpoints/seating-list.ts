import { z } from 'zod'
import { requireProvince } from './common.js'
import { defineEndpoint, withView } from './define.js'
import { optText, optYear } from './schema.js'
import {
  noTableMessage,
  type SeatingSelection,
  scoreRankRow,
  selectionName,
  selectSeatingTable,
} from './seating-selection.js'

export const seatingInput = z.object({
  province: optText({
    description: '省份, 如 江苏 (默认: 登录者的省份, 否则 江苏)',
    placeholder: 'province',
  }),
  year: optYear({ description: '年份 (默认: 该省最新年份)' }),
  km: optText({
    description: '科类, 如 物理类, 历史类, 理科, 综合; 也接受 物理, 历史 (默认: 该年第一个科类)',
    placeholder: 'km',
  }),
  level: optText({
    description: '分表, 仅在一省一年一科类有多张表时使用, 如 本科, 专科 (默认: 普通表)',
    placeholder: 'level',
  }),
})

/**
 * SPEC 4.1: the whole 一分一段 table of a province, year and category, with the available choices. The view gets
 * the selection beside the answer, for the title and the empty answer's message: the spec's JSON does not name the
 * table it chose, nor what there is when it found none.
 */
export default defineEndpoint({
  name: 'seating-list',
  command: ['seating', 'list'],
  http: { method: 'POST', path: '/api/v1/seating/list' },
  summary: '一分一段表: 某省某年某科类的完整分数-位次表',
  input: seatingInput,
  examples: [
    'gaokao seating list --province 江苏 --year 2025 --km 物理类',
    'gaokao seating list --province 北京 --json',
  ],
  async handler(input, ctx) {
    const province = requireProvince(
      input.province ?? ctx.caller?.province ?? ctx.settings.defaultProvince,
    ).name
    const sel = await selectSeatingTable(ctx, { ...input, province })
    const data = {
      list: sel.rows.map(scoreRankRow),
      options: { year_list: sel.years.map(String), km_list: sel.kms },
      current: { year: sel.year === undefined ? '' : String(sel.year), km: sel.km ?? '', province },
    }
    return withView(data, sel)
  },
  records: (data) => data.list,
  table: (data, _input, sel) => ({
    title: `${nameOf(data, sel)} 一分一段表`,
    head: ['分数', '人数', '累计人数(位次)'],
    rows: data.list.map((r) => [r.score, Number(r.num), r.total]),
    numeric: [1, 2],
    footer: `年份: ${data.options.year_list.join(' ')}   科类: ${data.options.km_list.join(' ')}`,
  }),
  emptyMessage: (data, _input, sel) => {
    if (data.list.length > 0) return undefined
    return sel ? noTableMessage(sel) : `${nameOf(data, sel)} 暂无一分一段数据`
  },
})

const nameOf = (
  data: { current: { province: string; year: string; km: string } },
  sel: SeatingSelection | undefined,
) => {
  return sel ? selectionName(sel) : `${data.current.province} ${data.current.year} ${data.current.km}`
}

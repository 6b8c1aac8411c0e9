import { z } from 'zod'
import { provinceRows } from '../data/provinces.js'
import { categoriesOf, levelsOf, yearsOf } from '../data/score-ranks.js'
import { optionKmList } from '../domain/km.js'
import { optionalProvince } from './common.js'
import { defineEndpoint } from './define.js'
import { optText } from './schema.js'

/** SPEC 4.3: the choices of the seating pages; `province_list` is always the complete list. */
export default defineEndpoint({
  name: 'seating-option',
  command: ['seating', 'options'],
  http: { method: 'POST', path: '/api/v1/seating/option' },
  summary: '一分一段筛选项: 科类, 分表, 全部省份, 年份',
  input: z.object({
    province: optText({ description: '省份 (默认: 全部省份的数据)', placeholder: 'province' }),
  }),
  examples: ['gaokao seating options --province 广东', 'gaokao seating options --json'],
  async handler(input, ctx) {
    const province = optionalProvince(input.province)?.name
    const [kms, levels, years, provinces] = await Promise.all([
      categoriesOf(ctx.db, province),
      levelsOf(ctx.db, province),
      yearsOf(ctx.db, province),
      provinceRows(ctx.db),
    ])
    return {
      km_list: optionKmList(kms),
      level_list: levels.filter((l) => l !== ''),
      province_list: provinces.map((p) => p.name),
      year_list: years.map(String),
    }
  },
  table: (data) => ({
    head: ['项目', '取值'],
    rows: [
      ['科类 km_list', data.km_list.join(' ')],
      ['分表 level_list', data.level_list.join(' ') || '(无)'],
      ['年份 year_list', data.year_list.join(' ')],
      ['省份 province_list', data.province_list.join(' ')],
    ],
  }),
})

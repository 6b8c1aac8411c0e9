/**
 * SPEC.md's field tables (sections 2.2-2.20 and 4.x) transcribed: the types the OpenAPI document's answer schemas
 * take from the spec (answer-schemas.ts, which takes the shapes from sample answers).
 */

const joinPath = (path: string, field: string): string => (path === '' ? field : `${path}.${field}`)

/** The item tiers of smart-match (2.12) */
const TIERS = ['chong', 'wen', 'bao'] as const

/** `{name: type}` at each of the prefixes, as paths of SPEC_TYPES */
function fields(prefixes: string | readonly string[], types: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const prefix of typeof prefixes === 'string' ? [prefixes] : prefixes)
    for (const [name, type] of Object.entries(types)) out[joinPath(prefix, name)] = type
  return out
}

/** The same types, each with null */
const nullable = (types: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(types).map(([k, t]) => [k, `${t}|null`]))

/**
 * The spec's field types of each answer (SPEC.md, sections 2.2-2.20 and 4.x), by path in the answer's data:
 * `a.b` a field of a field, `a[]` the items of an array (`[]` those of an answer that is an array), `a{}` the
 * values of a map. A type is JSON Schema's, `|`-separated: the spec's "number" is `number`, its "integer" and
 * "int" `integer`, "X or null", "may be null" and 2.10's "nullable unless stated" add `null`. A path ending in `?`
 * is a field the spec says some answers of the endpoint leave out (2.14). What the spec leaves untyped is left out
 * here (the samples say it); so are the answers it does not show (meta lookups, volunteer-check).
 */
export const SPEC_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // 2.3, 2.2
  'seating-list': {
    list: 'array',
    ...fields('list[]', { score: 'string', num: 'string', total: 'number' }),
    'options.year_list': 'array',
    'options.year_list[]': 'string',
    'options.km_list': 'array',
    'options.km_list[]': 'string',
    ...fields('current', { year: 'string', km: 'string', province: 'string' }),
  },
  // 2.4, 2.2; 4.2: no table and no rank information answer an empty array (the samples give that variant)
  'seating-seating': {
    my_seating: 'object|null',
    ...fields('my_seating', { even_num: 'number', seating_sec: 'string' }),
    arr: 'array',
    ...fields('arr[]', { score: 'string', num: 'string', total: 'number' }),
  },
  // 2.5
  'seating-option': Object.fromEntries(
    ['km_list', 'level_list', 'province_list', 'year_list'].flatMap((k) => [
      [k, 'array'],
      [`${k}[]`, 'string'],
    ]),
  ),
  // 2.6, 4.4 (no envelope)
  'special-plan': {
    total: 'number',
    list: 'array',
    ...fields('list[]', {
      sid: 'number',
      major_id: 'number',
      year: 'number',
      province: 'string',
      school_name: 'string',
      spname: 'string',
      num: 'number',
      min: 'number|null',
      min_section: 'number',
      local_batch_name: 'string',
    }),
  },
  // 2.7 and its paged container
  'province-score-lines': {
    items: 'array',
    ...fields('items[]', {
      id: 'number',
      year: 'string',
      province: 'string',
      type_name: 'string',
      name: 'string',
      score: 'string',
      major_score: 'string|null',
      is_use: 'number',
    }),
    ...fields(['', 'pagination'], {
      total: 'number',
      page: 'number',
      pageSize: 'number',
      totalPages: 'number',
    }),
  },
  // 2.8
  'province-distribution': fields('[]', { province: 'string', num: 'number' }),
  // 2.9 and its container (page and limit untyped)
  'historical-scores-list': {
    total: 'integer',
    list: 'array',
    ...fields('list[]', {
      sid: 'integer',
      spname: 'string',
      year: 'integer',
      min: 'integer',
      min_section: 'integer',
      average: 'integer',
      batch: 'string',
      sg_infos: 'string',
      plan_num: 'integer',
      subject_type: 'string',
      school_name: 'string',
      hot: 'integer',
    }),
    school_names: 'array',
    'school_names[]': 'string',
  },
  // 2.10: "Fields nullable unless stated" (id and num are not); the further fields are taken as nullable too (they
  // are null in the spec's sample), and average_section, max, max_section, whose "value type [is] not shown", as
  // the numbers their names say (an average rank, a highest score and its rank)
  'get-school-plan': {
    ...fields('', { list: 'array', total: 'number', page: 'number', limit: 'number' }),
    ...fields(
      'list[]',
      nullable({
        sid: 'number',
        year: 'number',
        province: 'string',
        kemu: 'string',
        spname: 'string',
        batch_name: 'string',
        local_batch_name: 'string',
        average: 'number',
        min: 'number',
        min_section: 'number',
        sg_infos: 'string',
        spcode: 'string',
        length: 'string',
        tuition: 'number',
        nature_name: 'string',
        f985: 'number',
        f211: 'number',
        school_name: 'string',
        type_name: 'string',
        logo: 'string',
        level_name: 'string',
        city: 'string',
        local_name: 'number',
        sg_name: 'string',
        tb_sn_code: 'string',
        tb_sg_code: 'string',
        major_id: 'number',
        spdetail: 'string',
        sg_options: 'string',
        job_id: 'number',
        created_at: 'string',
        updated_at: 'string',
        average_section: 'number',
        max: 'number',
        max_section: 'number',
      }),
    ),
    'list[].id': 'number',
    'list[].num': 'number',
  },
  // 2.11
  'category-stats': fields('[]', {
    title: 'string',
    total_applicants: 'number',
    undergrad_admitted: 'number',
    college_admitted: 'number',
  }),
  // 2.12
  'smart-match': {
    zyb_type: 'array',
    ...fields('zyb_type[]', { name: 'string', type: 'number', is_default: 'number' }),
    ...fields('zyb_type[].rule', { chong: 'number', wen: 'number', bao: 'number' }),
    ...fields('zyb_data', { cache_zyb: 'string', zyb_type: 'number', zyb_id: 'number' }),
    ...fields('zyb_data.zybData', { chong: 'array', wen: 'array', bao: 'array' }),
    ...fields(
      TIERS.map((t) => `zyb_data.zybData.${t}[]`),
      {
        sid: 'number',
        schoolName: 'string',
        schoolCode: 'string|number',
        index: 'number',
        source: 'string',
        sg_name: 'string',
        f985: 'string|number',
        f211: 'string|number',
        nature_name: 'string',
        dual_class_name: 'string',
        level_name: 'string',
        zyList: 'array',
        min_diff: 'number',
      },
    ),
    ...fields(
      TIERS.map((t) => `zyb_data.zybData.${t}[].zyList[]`),
      {
        zyId: 'number',
        zyName: 'string',
        index: 'number',
        source: 'string',
        sg_name: 'string',
        sp_code: 'string',
        luqu_rate: 'string',
        min: 'number',
        min_section: 'number',
        num: 'number',
        length: 'string',
        rating: 'number',
        ranking: 'number',
        diff: 'number',
      },
    ),
    ...fields('zyb_rule', {
      subjectsType: 'number',
      batchName: 'string',
      scoreMax: 'number',
      volunteerType: 'number',
      volunteerNumMax: 'number',
      majorNumMax: 'number',
    }),
  },
  // 2.13
  'cwb-num': { chongci: 'number', wentuo: 'number', baodi: 'number' },
  // 2.14 and 4.11's variants: the category options (4,3) a map of labels; a news page {list, total, page, limit};
  // unpaged, an array of items. created_at is absent in the generic items, description in the unpaged news list,
  // category_labels outside the news list.
  'common-question-list': {
    category_enum: 'object',
    'category_enum{}': 'string',
    ...fields('', { list: 'array', total: 'number', page: 'number', limit: 'number' }),
    ...fields(['[]', 'list[]'], {
      id: 'number',
      title: 'string',
      school_name: 'string',
      content: 'string',
      answer: 'string',
      sort: 'number',
      look_num: 'number',
      publish_at: 'string',
      created_at: 'string',
      category_enum: 'number',
      category_labels: 'object',
      'category_labels.enum_type': 'number',
      'category_labels.value_text': 'string',
      description: 'string',
    }),
    ...fields('[]', { 'created_at?': 'string', 'category_labels?': 'object', 'description?': 'string' }),
  },
  // 2.15, shape A
  'school-open-majors': fields('[]', {
    spname: 'string',
    major_id: 'integer',
    level_name: 'string',
    type_name: 'string',
    nature_name: 'string',
    major_name: 'string',
    spcode: 'string',
    local_batch_name: 'string',
    kemu: 'string',
    min: 'integer',
    min_section: 'integer',
    plan_count: 'integer',
    ranking: 'integer',
    hot_num: 'integer',
  }),
  // 2.15, shape B and its container
  'schools-open-majors': {
    ...fields('', { list: 'array', total: 'number', page: 'number', limit: 'number', pages: 'number' }),
    ...fields('list[]', {
      spname: 'string',
      spcode: 'string',
      local_batch_name: 'string',
      kemu: 'string',
      min: 'integer',
      min_section: 'integer',
      major_id: 'integer',
      province: 'string',
      hot_num: 'integer',
      sg_name: 'string',
      ranking: 'integer',
      level_name: 'string',
      type_name: 'string',
      nature_name: 'string',
      major_name: 'string',
      plan_count: 'integer',
    }),
  },
  // 2.16 (no envelope; the fields it does not type are left to the samples)
  employment: {
    ...fields(['employment_rate', 'satisfaction'], { value: 'string', degree: 'string', year: 'number' }),
    ...fields('average_salary', { value: 'number', degree: 'string', year: 'number' }),
    'high_salary_majors.majors': 'array',
    'high_salary_majors.majors[]': 'string',
    'high_salary_majors.min_salary': 'number',
    ...fields('ranking_list', { total: 'number', page: 'number', page_size: 'number', list: 'array' }),
    ...fields('ranking_list.list[]', {
      rank: 'number',
      major_name: 'string',
      discipline: 'string',
      employment_rate: 'string',
      initial_salary: 'string',
      satisfaction: 'string',
      major_id: 'number',
    }),
    'salary_analysis.salary_compare': 'array',
    ...fields('salary_analysis.salary_compare[]', { discipline: 'string', salary: 'number' }),
    'salary_analysis.salary_growth': 'object',
    'salary_analysis.salary_growth.title': 'string',
    ...fields('salary_analysis.salary_growth.growth_data[]', { time: 'string', avg_salary: 'number' }),
    ...fields('salary_analysis.salary_growth.growth_data[].salary_range', { min: 'number', max: 'number' }),
    ...fields('employment_direction', { title: 'string', industry_distribution: 'array' }),
    ...fields('employment_direction.industry_distribution[]', {
      name: 'string',
      percentage: 'string',
      avg_salary: 'string',
    }),
    'employment_trend.major_options': 'array',
    'employment_trend.major_options[]': 'string',
    'employment_trend.selected_major': 'string',
    ...fields('employment_trend.trend_data[]', {
      year: 'number',
      major_name: 'string',
      employment_rate: 'number',
      avg_salary: 'number',
    }),
    ...fields('employment_trend.trend_analysis', { market_demand: 'string', competition_level: 'string' }),
  },
  // 2.17
  'major-groups': {
    sid: 'number',
    name: 'string',
    logo: 'string',
    level_name: 'string',
    type_name: 'string',
    province: 'string',
    city: 'string',
    f985: 'string|null',
    f211: 'string|null',
    min: 'number',
    min_section: 'number',
    z_num: 'number',
    zy_groups: 'array',
    ...fields('zy_groups[]', { sg_name: 'string', sg_infos: 'string', zy_count: 'number', zy_list: 'array' }),
    ...fields('zy_groups[].zy_list[]', {
      spname: 'string',
      spcode: 'string|null',
      num: 'number',
      length: 'string|null',
      tuition: 'number',
      min: 'number',
      min_section: 'number',
      year: 'number',
      local_batch_name: 'string',
      kemu: 'string',
      sg_infos: 'string',
      sg_name: 'string',
      is_dual_class: 'string',
    }),
  },
  // 2.18, 4.18 (the container's fields untyped)
  'offering-schools': {
    items: 'array',
    data: 'array',
    ...fields(['items[]', 'data[]'], {
      sid: 'number',
      hot: 'number',
      name: 'string',
      province: 'string',
      city: 'string',
      f985: 'string|null',
      f211: 'string|null',
      dual_class_name: 'string|null',
      type_name: 'string',
      level_name: 'string',
      logo: 'string',
      zybw: 'number',
      qjjh: 'number',
      sgjh: 'number',
      nature_name: 'string',
    }),
  },
  // 2.19, 4.19
  'job-prospect-ranking': {
    list: 'array',
    ...fields('list[]', {
      major_name: 'string',
      avg_rate: 'string',
      current_year_rate: 'string',
      last_year_rate: 'string',
      trend: 'string',
    }),
  },
  // 2.20
  'hot-school-list': fields('[]', {
    sid: 'number',
    logo: 'string',
    school_name: 'string',
    min_score: 'number',
    min_rank: 'number',
    hot_value: 'number',
  }),
}

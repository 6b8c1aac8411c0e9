/**
 * The columns of every dataset table: the contract between the builder (src/datasets), the validator and the
 * endpoints. Units are uniform: scores and ranks are whole numbers, money is yuan per year, rates are percent
 * (86.5 means 86.5 %), years are four-digit integers, provinces are short names (江苏).
 *
 * Provenance, on every table whose rows may come from different kinds of evidence:
 * - `provenance`: 'real' (a public source states it), 'derived' (computed from real data, e.g. a rank derived from
 *   a score through that year's 一分一段 table) or 'synthetic' (made by a seeded synthesizer, no source has it);
 * - `source`: the source id (LG, GP, IM, ... see ../shared/data/INVENTORY.md) or the synthesizer's name.
 */
export type ColumnType = 'VARCHAR' | 'INTEGER' | 'DOUBLE' | 'BOOLEAN'

export interface Column {
  name: string
  type: ColumnType
  nullable?: boolean
  doc: string
}

const col = (name: string, type: ColumnType, doc: string, nullable = false): Column => ({
  name,
  type,
  doc,
  nullable,
})
const provenance = [
  col('provenance', 'VARCHAR', "'real' | 'derived' | 'synthetic'"),
  col('source', 'VARCHAR', 'source id or synthesizer name'),
]

export const SCHEMA = {
  provinces: [
    col('name', 'VARCHAR', 'short name: 江苏'),
    col('full_name', 'VARCHAR', '江苏省'),
    col('code', 'VARCHAR', 'GB/T 2260 two-digit code'),
    col('slug', 'VARCHAR', 'latin slug: jiangsu'),
    col('sort', 'INTEGER', '1..31, national order'),
    col('exam_mode', 'VARCHAR', "'3+3' | '3+1+2' | '文理' (current)"),
    col('reform_year', 'INTEGER', 'first year of the current mode', true),
    col('full_score', 'INTEGER', '750; 上海 660; 海南 900'),
    col('source', 'VARCHAR', 'citation'),
  ],
  score_ranks: [
    col('province', 'VARCHAR', ''),
    col('year', 'INTEGER', ''),
    col('km', 'VARCHAR', '物理类 历史类 理科 文科 综合, art/sport tables'),
    col('level', 'VARCHAR', "'' for the ordinary table; 本科 / 专科 where separate tables exist"),
    col('seq', 'INTEGER', '1..n, highest score first'),
    col('score', 'VARCHAR', "'612' or a band '695-750'"),
    col('score_low', 'INTEGER', ''),
    col('score_high', 'INTEGER', ''),
    col('num', 'INTEGER', 'candidates in the row'),
    col('total', 'INTEGER', 'cumulative count = rank of the last candidate of the row'),
    col('source', 'VARCHAR', 'chosen source id'),
  ],
  schools: [
    col('sid', 'INTEGER', 'school id (gaokao.cn id where known, else 100000+)'),
    col(
      'code',
      'VARCHAR',
      'short code, unique, usable as a URL slug (the national 5-digit 院校代码 where known)',
    ),
    col('moe_code', 'VARCHAR', '10-digit 学校标识码', true),
    col('name', 'VARCHAR', 'school name, unique'),
    col('province', 'VARCHAR', 'province where the school is'),
    col('city', 'VARCHAR', '', true),
    col('level_name', 'VARCHAR', "'普通本科' | '专科(高职)'"),
    col('type_name', 'VARCHAR', '综合类 理工类 师范类 ...', true),
    col('nature_name', 'VARCHAR', '公办 民办 中外合作办学 ...', true),
    col('belong', 'VARCHAR', '主管部门', true),
    col('f985', 'INTEGER', '985 when a 985 school, else 0'),
    col('f211', 'INTEGER', '211 when a 211 school, else 0'),
    col('dual_class', 'INTEGER', '1 when 双一流, else 0'),
    col('logo', 'VARCHAR', 'stored logo path; the API prefixes non-http values with the logo base URL'),
    col('hot', 'INTEGER', 'popularity order, smaller is hotter'),
    col('zybw', 'INTEGER', 'excellence-plan flag 0/1'),
    col('qjjh', 'INTEGER', '强基计划 flag 0/1'),
    col('sgjh', 'INTEGER', '双高计划 flag 0/1'),
    ...provenance,
  ],
  majors: [
    col('major_id', 'INTEGER', 'major id'),
    col('code', 'VARCHAR', 'catalogue code: 080901, 510201'),
    col('name', 'VARCHAR', '专业名称'),
    col('category', 'VARCHAR', '门类 (本科) or 大类 (专科)'),
    col('class_name', 'VARCHAR', '专业类'),
    col('level', 'VARCHAR', "'本科' | '本科(职业教育)' | '专科'"),
    col('length', 'VARCHAR', '修业年限: 四年', true),
    col('degree', 'VARCHAR', '授予学位', true),
    col('salary', 'INTEGER', 'average salary, yuan/month', true),
    col('salary_5y', 'INTEGER', 'average salary five years on, yuan/month', true),
    col('rating', 'DOUBLE', 'satisfaction 1-5', true),
    col('ranking', 'INTEGER', 'rank among majors, 1 = best; null when unknown', true),
    col('hot_num', 'INTEGER', 'popularity, larger is hotter; null when unknown', true),
    ...provenance,
  ],
  plans: [
    col('id', 'INTEGER', 'stable row id'),
    col('sid', 'INTEGER', 'school id (schools.sid)'),
    col('school_name', 'VARCHAR', ''),
    col('major_id', 'INTEGER', 'majors.major_id when matched', true),
    col(
      'spname',
      'VARCHAR',
      'major name as published (may carry a 方向 in parentheses); empty for group or school rows',
    ),
    col('spcode', 'VARCHAR', 'catalogue code', true),
    col('province', 'VARCHAR', 'enrolment province'),
    col('year', 'INTEGER', ''),
    col(
      'subject_type',
      'VARCHAR',
      'category as published, normalized: 物理类 历史类 理科 文科 综合, art/sport names',
    ),
    col(
      'batch_name',
      'VARCHAR',
      '本科批 本科提前批 专科批 专科提前批 国家专项 地方专项 高校专项 强基计划 ...',
    ),
    col('local_batch_name', 'VARCHAR', 'the province’s own batch name'),
    col('plan_type', 'VARCHAR', "'普通' | '国家专项' | '地方专项' | '高校专项' | '强基计划'"),
    col('sg_name', 'VARCHAR', 'major group name', true),
    col('sg_infos', 'VARCHAR', 'subject requirement, e.g. 首选物理,再选化学', true),
    col('num', 'INTEGER', 'planned number, -1 unknown'),
    col('tuition', 'INTEGER', 'yuan per year', true),
    col('length', 'VARCHAR', 'study length', true),
    col('min', 'INTEGER', 'lowest admitted score', true),
    col('min_section', 'INTEGER', 'lowest admitted rank', true),
    col('rank_derived', 'BOOLEAN', 'min_section derived from min through that year’s 一分一段 table'),
    col('average', 'INTEGER', 'average admitted score', true),
    col('max', 'INTEGER', 'highest admitted score', true),
    col('outcome_level', 'VARCHAR', "granularity of min: 'major' | 'group' | 'school' | '' (plan only)"),
    col('is_dual_class', 'INTEGER', '1 when a 双一流 discipline / 一流专业, else 0'),
    ...provenance,
  ],
  score_lines: [
    col('id', 'INTEGER', 'record id'),
    col('year', 'INTEGER', ''),
    col('province', 'VARCHAR', ''),
    col('type_name', 'VARCHAR', '物理类 历史类 理科 文科 综合 ...'),
    col('name', 'VARCHAR', 'batch: 本科批 特殊类型招生控制线 ...'),
    col('score', 'INTEGER', 'cut-off score'),
    col('major_score', 'INTEGER', 'specialty (art/sport) score', true),
    col('is_use', 'INTEGER', '1 enabled, 0 not'),
    ...provenance,
  ],
  category_stats: [
    col('province', 'VARCHAR', ''),
    col('year', 'INTEGER', ''),
    col('subject_type', 'VARCHAR', '物理类 历史类 理科 文科 综合'),
    col('title', 'VARCHAR', 'item title'),
    col('total_applicants', 'INTEGER', 'registered candidates (the 一分一段 total)'),
    col('undergrad_admitted', 'INTEGER', 'candidates at or above the undergraduate line'),
    col('college_admitted', 'INTEGER', 'candidates at or above the junior-college line'),
    ...provenance,
  ],
  volunteer_rules: [
    col('province', 'VARCHAR', ''),
    col('year', 'INTEGER', ''),
    col('batch_name', 'VARCHAR', 'batch the rule applies to'),
    col('subjects_type', 'INTEGER', '2 = 3+1+2, 3 = 3+3 (1 = 文理)'),
    col('score_max', 'INTEGER', 'full score'),
    col('volunteer_type', 'INTEGER', '1 school+majors, 2 school+group+majors, 3 one major at one school'),
    col('volunteer_num_max', 'INTEGER', 'maximum number of choices'),
    col('major_num_max', 'INTEGER', 'maximum majors per choice'),
    col('source', 'VARCHAR', 'RULES.md source keys'),
    col('note', 'VARCHAR', '', true),
  ],
} as const satisfies Record<string, readonly Column[]>

export type SchemaTable = keyof typeof SCHEMA

/**
 * The columns of every dataset table: the contract between the builder (src/datasets), the validator and the
 * endpoints. Units are uniform: scores and ranks are whole numbers, money is yuan per year, rates are percent
 * (86.5 means 86.5 %), years are four-digit integers, provinces are short names (江苏).
 *
 * Provenance, on every table whose rows may come from different kinds of evidence:
 * - `provenance`: 'real' (a public source states it), 'derived' (computed from real data, e.g. a rank derived from
 *   a score through that year's 一分一段 table) or 'synthetic' (made by a seeded synthesizer, no source has it);
 * - `source`: the source id (LG, GP, IM, ... see the data inventory, INVENTORY.md, beside the sources) or the synthesizer's name.
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
    col('provenance', 'VARCHAR', "'real': every table is a published 一分一段 table"),
    col('source', 'VARCHAR', 'chosen source id'),
  ],
  schools: [
    col('sid', 'INTEGER', 'school id: the gaokao.cn id where known, else 100000+ in MOE-code order'),
    col(
      'code',
      'VARCHAR',
      'short code, unique, usable as a URL slug: the national 5-digit 院校代码 where known (the whole 10-digit ' +
        'MOE code when those five begin with 0), else gk<gaokao.cn id>; never reads as another school’s sid',
    ),
    col('moe_code', 'VARCHAR', '10-digit 学校标识码 (MOE 2025 list); null for schools not on it', true),
    col('name', 'VARCHAR', 'school name as gaokao.cn (else MOE) spells it, unique'),
    col('province', 'VARCHAR', 'province where the school is'),
    col('city', 'VARCHAR', '', true),
    col('level_name', 'VARCHAR', "'普通本科' | '专科(高职)'"),
    col('type_name', 'VARCHAR', '综合类 理工类 师范类 ... (gaokao.cn)', true),
    col('nature_name', 'VARCHAR', '公办 民办 中外合作办学 ...', true),
    col('belong', 'VARCHAR', '主管部门', true),
    col('f985', 'INTEGER', '985 when a 985 school, else 0'),
    col('f211', 'INTEGER', '211 when a 211 school, else 0'),
    col('dual_class', 'INTEGER', '1 when 双一流, else 0'),
    col(
      'logo',
      'VARCHAR',
      "stored logo path '<gaokao.cn id>.jpg' ('' without one); the API prefixes non-http values with the logo base URL",
    ),
    col('hot', 'INTEGER', 'popularity order 1..n, smaller is hotter (derived from minimum admitted scores)'),
    col('zybw', 'INTEGER', 'excellence-plan flag 0/1 (no source lists it: 0)'),
    col('qjjh', 'INTEGER', '强基计划 flag 0/1'),
    col('sgjh', 'INTEGER', '双高计划 flag 0/1 (no source lists it: 0)'),
    ...provenance,
  ],
  majors: [
    col(
      'major_id',
      'INTEGER',
      'major id: the gaokao.cn special_id where known, else 1000000 (本科) / 2000000 (本科(职业教育)) / 3000000 (专科) + code',
    ),
    col('code', 'VARCHAR', 'catalogue code with its T/K suffix: 080901, 020109T, 510201'),
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
    col('id', 'INTEGER', 'row id 1..n in file order (province, year, category, batch, school, group, major)'),
    col('sid', 'INTEGER', 'school id (schools.sid)'),
    col('school_name', 'VARCHAR', 'the school’s name in the schools table'),
    col('major_id', 'INTEGER', 'majors.major_id when the major name (or code) matches one', true),
    col(
      'spname',
      'VARCHAR',
      'major name as published (may carry a 方向 in parentheses); empty for group or school rows',
    ),
    col(
      'spcode',
      'VARCHAR',
      'catalogue code (080901) when the source gives one; never a provincial 专业代号',
      true,
    ),
    col('province', 'VARCHAR', 'enrolment province'),
    col('year', 'INTEGER', '2014..2026'),
    col(
      'subject_type',
      'VARCHAR',
      'category, normalized like score_ranks.km: 物理类 历史类 (3+1+2), 理科 文科 (文理), 综合 (3+3) by the exam ' +
        'mode of that year; art/sport names (艺术类, 美术与设计类, 体育类 …)',
    ),
    col(
      'batch_name',
      'VARCHAR',
      '本科批 | 本科提前批 | 专科批 | 专科提前批; for a special plan its type: 国家专项 | 地方专项 | 高校专项 | 强基计划',
    ),
    col(
      'local_batch_name',
      'VARCHAR',
      "the province’s (or source’s) own batch name: 本科一批, 普通类本科批次平行志愿, 本科批B段; '' when unknown",
    ),
    col('plan_type', 'VARCHAR', "'普通' | '国家专项' | '地方专项' | '高校专项' | '强基计划'"),
    col(
      'sg_name',
      'VARCHAR',
      'major group (院校专业组) as 专业组（<code>）; null outside group provinces or when unknown',
      true,
    ),
    col(
      'sg_infos',
      'VARCHAR',
      'subject requirement: 首选物理,再选化学 | 首选历史,再选不限 | 首选物理 (再选 not stated) in 3+1+2; 物理和化学 | ' +
        '物理或化学 | 不限 in 3+3 (和 = all, 或 = any one); null when unknown or in 文理 years',
      true,
    ),
    col('num', 'INTEGER', 'planned number, -1 unknown'),
    col('tuition', 'INTEGER', 'yuan per year', true),
    col('length', 'VARCHAR', 'study length: 三年 四年 五年 …', true),
    col('min', 'INTEGER', 'lowest admitted (or 投档) score', true),
    col('min_section', 'INTEGER', 'rank of the lowest score (cumulative count at that score)', true),
    col(
      'rank_derived',
      'BOOLEAN',
      'min_section derived from min through that year’s 一分一段 table (by the source or by the builder), not published',
    ),
    col('average', 'INTEGER', 'average admitted score (rounded)', true),
    col('max', 'INTEGER', 'highest admitted score', true),
    col(
      'outcome_level',
      'VARCHAR',
      "granularity of min: 'major' | 'group' (投档线 of a 院校专业组) | 'school' | '' (plan only, no score)",
    ),
    col('is_dual_class', 'INTEGER', '1 when the school’s major is a 一流本科专业建设点 (MC), else 0'),
    col('provenance', 'VARCHAR', "'real' (every row: its facts are published; see rank_derived for ranks)"),
    col('source', 'VARCHAR', "ids of the sources that contributed values, best first: 'LG', 'LG+IM', 'GA' …"),
    col(
      'num_unverified',
      'BOOLEAN',
      'num is indicative only: it comes from a source whose seat counts no plan book confirms (CG, gaokao.cn)',
    ),
    col(
      'local_school_code',
      'VARCHAR',
      'the province’s own 院校代号 on its 志愿表 (江苏 1001, 浙江 0001, 广西 10614 / a campus’s 19614, 湖北 A001), from a plan book or 湖北’s 投档 lines',
      true,
    ),
    col(
      'local_spcode',
      'VARCHAR',
      'the province’s own 专业代号 on its 志愿表 (江苏 01, 浙江 015, 广西 003)',
      true,
    ),
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
    col(
      'total_applicants',
      'INTEGER',
      'candidates of the 一分一段 table (its last cumulative total); null when the table stops above the junior-college line',
      true,
    ),
    col(
      'undergrad_admitted',
      'INTEGER',
      'candidates at or above the undergraduate line; null when the table does not reach the line',
      true,
    ),
    col(
      'college_admitted',
      'INTEGER',
      'candidates at or above the junior-college line; null when the table does not reach the line',
      true,
    ),
    ...provenance,
  ],
  volunteer_rules: [
    col('province', 'VARCHAR', ''),
    col('year', 'INTEGER', ''),
    col(
      'batch_name',
      'VARCHAR',
      'batch the rule applies to, as smart-match and plans name it: 本科批 本科提前批 专科批 本科一批 普通类一段 ...',
    ),
    col('local_batch_name', 'VARCHAR', 'the province’s own name of the batch (as RULES.md or G gives it)'),
    col('subjects_type', 'INTEGER', '2 = 3+1+2, 3 = 3+3 (1 = 文理)'),
    col('score_max', 'INTEGER', 'full score'),
    col('volunteer_type', 'INTEGER', '1 school+majors, 2 school+group+majors, 3 one major at one school'),
    col('volunteer_num_max', 'INTEGER', 'maximum number of choices'),
    col('major_num_max', 'INTEGER', 'maximum majors per choice'),
    col(
      'provenance',
      'VARCHAR',
      "'real' (a year the source states) | 'derived' (a year between two alike stated years, or G's 2025 continuation)",
    ),
    col('source', 'VARCHAR', "RULES.md source keys, or 'G' (gaokao-pro zhiyuan-rules-2026.json)"),
    col('note', 'VARCHAR', 'how the row was read: the RULES.md row, expansions, conflicts', true),
  ],
  // Employment (src/datasets/employment/README.md). Money here is yuan per MONTH (salaries are monthly).
  employment: [
    col('major_id', 'INTEGER', 'majors.major_id'),
    col('major_code', 'VARCHAR', 'catalogue code (majors.code)'),
    col('major_name', 'VARCHAR', 'majors.name'),
    col('level', 'VARCHAR', "majors.level: '本科' | '本科(职业教育)' | '专科'"),
    col('degree', 'VARCHAR', "'本科' | '专科' (本科(职业教育) is 本科): the degree filter of 4.16"),
    col(
      'discipline',
      'VARCHAR',
      '门类 (本科) or 大类 (职业教育) = majors.category: cate1 and salary_compare',
    ),
    col('class_name', 'VARCHAR', '专业类 = majors.class_name'),
    col('year', 'INTEGER', 'graduation cohort / survey year, 2019-2025'),
    col('employment_rate', 'DOUBLE', 'percent, one decimal (synthetic)'),
    col(
      'avg_salary',
      'INTEGER',
      'starting salary, yuan/month, half a year after graduation (the cohort of `year`)',
    ),
    col('avg_salary_min', 'INTEGER', 'P25 of starting salaries, yuan/month'),
    col('avg_salary_max', 'INTEGER', 'P75 of starting salaries, yuan/month'),
    col(
      'salary_3y',
      'INTEGER',
      'yuan/month three years after graduation, observed in `year` (cohort year-3)',
    ),
    col('salary_3y_min', 'INTEGER', 'P25, yuan/month'),
    col('salary_3y_max', 'INTEGER', 'P75, yuan/month'),
    col('salary_5y', 'INTEGER', 'yuan/month five years after graduation, observed in `year` (cohort year-5)'),
    col('salary_5y_min', 'INTEGER', 'P25, yuan/month'),
    col('salary_5y_max', 'INTEGER', 'P75, yuan/month'),
    col('satisfaction', 'DOUBLE', 'percent 0-100 = rating x 20 (constant over the years)'),
    col('rating', 'DOUBLE', 'FX 阳光高考 satisfaction 1-5 as published; null when FX has none', true),
    col(
      'salary_anchor',
      'VARCHAR',
      'what the salary curve is anchored on (TK fivesalaryavg, a TK median ...)',
    ),
    col('salary_5y_provenance', 'VARCHAR', "'real' for TK's fivesalaryavg (year 2023), else 'synthetic'"),
    col('satisfaction_provenance', 'VARCHAR', "'derived' (FX rating x 20) | 'synthetic'"),
    ...provenance,
  ],
  employment_directions: [
    col('major_id', 'INTEGER', 'majors.major_id'),
    col('major_name', 'VARCHAR', ''),
    col('degree', 'VARCHAR', "'本科' | '专科'"),
    col('year', 'INTEGER', 'cohort the distribution describes (2025)'),
    col('kind', 'VARCHAR', "'industry' | 'position'"),
    col('seq', 'INTEGER', '1..n by share, descending; the 其他 bucket last'),
    col('name', 'VARCHAR', 'industry (GB/T 4754 门类) or position name; 其他行业 / 其他岗位 for the rest'),
    col('percentage', 'DOUBLE', 'percent, one decimal; a (major, kind) sums to 100.0'),
    col('avg_salary', 'INTEGER', 'starting salary in that industry / position, yuan/month'),
    ...provenance,
  ],
  // News and common questions (src/datasets/content/README.md)
  content_items: [
    col('id', 'INTEGER', 'item id'),
    col('module_type', 'INTEGER', '1-6: the app page the item belongs to'),
    col('sub_module_type', 'INTEGER', '1-4: the section of that page; (4,4) = the news list'),
    col('category_enum', 'INTEGER', '1 政策解读 | 2 考试信息 | 3 院校动态 | 4 重要公告'),
    col('title', 'VARCHAR', 'title (for a question: the question)'),
    col('school_name', 'VARCHAR', "'' unless the item is about one school"),
    col('province', 'VARCHAR', "'' unless the item is about one province"),
    col('content', 'VARCHAR', 'body (for a question: the question in full)'),
    col('answer', 'VARCHAR', "the answer of a question; '' for news"),
    col('description', 'VARCHAR', 'summary'),
    col('sort', 'INTEGER', 'editorial sort value, larger first (synthetic)'),
    col('look_num', 'INTEGER', 'view count (synthetic)'),
    col('publish_at', 'VARCHAR', 'YYYY-MM-DD HH:mm:ss'),
    col('created_at', 'VARCHAR', 'YYYY-MM-DD HH:mm:ss, not after publish_at'),
    ...provenance,
  ],
} as const satisfies Record<string, readonly Column[]>

export type SchemaTable = keyof typeof SCHEMA

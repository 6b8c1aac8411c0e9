import type { Column } from '../../data/schema.js'
import { RANK_BAND_TOLERANCE } from '../plans/rank-bands.js'
import { UNIT_LINE_TOLERANCE } from '../plans/school-lines.js'
import { BATCH_NAMES } from '../plans/types.js'
import { LINE_TYPE_PATTERN } from '../score-lines/checks.js'
import { knownTables, schemaOf } from './session.js'

/**
 * What every dataset table must satisfy, in one place: the key of each table, its other unique columns, the
 * closed value sets that src/data/schema.ts documents, and the row checks specific to a table. The generic
 * rules (columns and types, not-null, keys, provinces, years, provenance) are derived from the schema, so a
 * table added to schema.ts is validated as soon as it has a key here (test/datasets/validate.test.ts checks
 * that every schema table has one).
 *
 * SQL in this file names tables and columns only from these constants; values are bound parameters or the
 * `_known_provinces (name, full_score)` table that the session builds from src/domain/provinces.ts.
 */

export type Severity = 'error' | 'warning'

/** The columns that identify one row of each table. */
export const TABLE_KEYS: Readonly<Record<string, readonly string[]>> = {
  provinces: ['name'],
  score_ranks: ['province', 'year', 'km', 'level', 'seq'],
  schools: ['sid'],
  majors: ['major_id'],
  plans: ['id'],
  score_lines: ['id'],
  category_stats: ['province', 'year', 'subject_type', 'title'],
  volunteer_rules: ['province', 'year', 'batch_name'],
  employment: ['major_id', 'year'],
  employment_directions: ['major_id', 'year', 'kind', 'seq'],
}

/** The key of a table: TABLE_KEYS, else its `id` column, else none. */
export function keyOf(table: string): readonly string[] {
  const explicit = TABLE_KEYS[table]
  if (explicit) return explicit
  return schemaOf(table)?.some((c) => c.name === 'id') ? ['id'] : []
}

/**
 * One plans row per school, major, category, batch, plan type and group in a province and year: the key the
 * build's checks refuse duplicates of (plans/checks.ts planRowKey).
 */
export const PLAN_KEY = [
  'province',
  'year',
  'sid',
  'subject_type',
  'batch_name',
  'plan_type',
  'local_batch_name',
  'sg_name',
  'spname',
] as const

/**
 * Other column sets that must be unique (schema.ts: "unique"). score_lines: one control line per province, year,
 * category and batch, the natural key by which an import carries an old row's id over (../import/import.ts).
 */
export const UNIQUE: Readonly<Record<string, readonly (readonly string[])[]>> = {
  provinces: [['code'], ['slug'], ['sort']],
  schools: [['code'], ['name']],
  score_lines: [['province', 'year', 'type_name', 'name']],
  plans: [PLAN_KEY],
}

/**
 * Columns of a unique set whose null equals '' (plans' sg_name, as in the build's planRowKey `sg_name ?? ''`);
 * elsewhere a null makes a row unlike every other, as in SQL.
 */
export const NULL_AS_EMPTY: Readonly<Record<string, readonly string[]>> = { plans: ['sg_name'] }

/** A column of a unique set as compared (checkUnique in engine.ts, the file lines of an import). */
export const uniqueValue = (table: string, column: string): string =>
  NULL_AS_EMPTY[table]?.includes(column) ? `coalesce(${q(column)}, '')` : q(column)

/** Closed value sets documented in schema.ts. */
export const ENUMS: Readonly<Record<string, Readonly<Record<string, readonly (string | number)[]>>>> = {
  provinces: { exam_mode: ['3+3', '3+1+2', '文理'] },
  schools: {
    level_name: ['普通本科', '专科(高职)'],
    f985: [0, 985],
    f211: [0, 211],
    dual_class: [0, 1],
    zybw: [0, 1],
    qjjh: [0, 1],
    sgjh: [0, 1],
  },
  majors: { level: ['本科', '本科(职业教育)', '专科'] },
  plans: {
    // the build's check (plans/checks.ts); an import of 本科北 is refused by name (import/names.ts)
    batch_name: BATCH_NAMES,
    plan_type: ['普通', '国家专项', '地方专项', '高校专项', '强基计划'],
    outcome_level: ['major', 'group', 'school', ''],
    is_dual_class: [0, 1],
  },
  score_lines: { is_use: [0, 1] },
  volunteer_rules: { subjects_type: [1, 2, 3], volunteer_type: [1, 2, 3] },
  employment: { level: ['本科', '本科(职业教育)', '专科'], degree: ['本科', '专科'] },
  employment_directions: { degree: ['本科', '专科'], kind: ['industry', 'position'] },
  content_items: {
    module_type: [1, 2, 3, 4, 5, 6],
    sub_module_type: [1, 2, 3, 4],
    category_enum: [1, 2, 3, 4],
  },
}

/**
 * Category and batch names: never empty nor padded with spaces (the build's score_lines check). Open sets (the
 * art categories, the 考试院's control-line names), so only their form is checked here, except score_lines
 * type_name, which has the build's vocabulary (LINE_TYPE_PATTERN); an import checks names against the datasets
 * (../import/names.ts). plans.batch_name is a closed set (ENUMS).
 */
export const LABEL_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  score_ranks: ['km'],
  plans: ['subject_type'],
  score_lines: ['type_name', 'name'],
  category_stats: ['subject_type'],
  volunteer_rules: ['batch_name'],
}

/** Tables whose `province` is '' when a row concerns no one province (schema.ts says so). */
export const PROVINCE_MAY_BE_EMPTY: ReadonlySet<string> = new Set(['content_items'])

/**
 * Columns that refer to another table wherever they appear (when not null): `sid` → schools.sid,
 * `major_id` → majors.major_id.
 */
export const REFERENCES: Readonly<Record<string, { table: string; column: string }>> = {
  sid: { table: 'schools', column: 'sid' },
  major_id: { table: 'majors', column: 'major_id' },
}

export const PROVENANCE = ['real', 'derived', 'synthetic'] as const

/** Years before this are not gaokao data we hold; the upper bound is next year (a plan published early). */
export const YEAR_MIN = 2000

/** The column that `--km` selects in an import slice (the category of the row), per table. */
export const KM_COLUMN: Readonly<Record<string, string>> = {
  score_ranks: 'km',
  plans: 'subject_type',
  score_lines: 'type_name',
  category_stats: 'subject_type',
}

/** A check of single rows, run as one SQL query: rows where `where` holds are violations. */
export interface RowCheck {
  kind: 'rows'
  table: string
  name: string
  severity: Severity
  description: string
  /** columns of `table` the check reads; it is skipped when one is missing */
  uses: readonly string[]
  /** other tables the check reads; it is skipped (with a note) when one is not present */
  needs?: readonly string[]
  /** FROM clause with the table aliased `t` (default `<table> t`) */
  from?: string
  where: string
  /** SQL text expression describing the violation */
  message: string
  params?: (ctx: { currentYear: number }) => readonly unknown[]
}

/** The generic rules and the rules the engine implements itself (DESCRIBE, GROUP BY, per-slice checks). */
export interface BuiltinRule {
  kind: 'builtin'
  table: string
  name: string
  severity: Severity
  description: string
  builtin:
    | { type: 'columns' }
    | { type: 'column_types' }
    | { type: 'not_null' }
    | { type: 'unique'; columns: readonly string[] }
    | { type: 'score_ranks' }
    | { type: 'provinces' }
    | { type: 'manifest' }
    | { type: 'leftovers' }
  uses: readonly string[]
  needs?: readonly string[]
}

export type Rule = RowCheck | BuiltinRule

const q = (name: string): string => `"${name}"`
const show = (expr: string): string => `coalesce(CAST(${expr} AS VARCHAR), 'null')`

/** The ordinary categories (plans/normalize.ts isOrdinarySubject): art and sport scores are composites. */
const ORDINARY_CATEGORIES = ['物理类', '历史类', '理科', '文科', '综合']

/**
 * FROM of plans `rank_band` (plans/rank-bands.ts; $1 the tolerance in points, $2 the ordinary categories): every
 * plans row with min and min_section in an ordinary category, against each of its year's own 一分一段 tables (level
 * '' always, '本科' unless a 专科 batch, '专科' unless a 本科 batch, '区外' for a school of another province): the
 * ranks a table gives a score x (RankTable.bandOf) come from the row with the smallest score_high >= x (an ASOF
 * join): x in it → its candidates; x below it, in a gap → its total; x below the last row → its first candidate
 * on (no upper bound); no such row, x above the top → 1..the top row's total. A row fits a table when min_section
 * lies in [lo(min + $1), hi(min - $1)]; the rows that fit none are returned (`__fits` false) with `__bands`, per
 * table the band of min and the band with the tolerance (the exact band is looked up for those rows only).
 */
function rankBandFrom(): string {
  const band = (x: string, name: string, from: string) =>
    `${name} AS (SELECT c.*, r.score_low AS ${name}_low, r.num AS ${name}_num, r.total AS ${name}_total
       FROM ${from} c ASOF LEFT JOIN r ON r.province = c.province AND r.year = c.year AND r.km = c.subject_type
       AND r.level = c.__level AND c.${x} <= r.score_high)`
  const lo = (n: string, x: string) =>
    `CASE WHEN ${n}_total IS NULL THEN 1 WHEN ${n}_low <= ${x} OR ${x} < __bottom
      THEN ${n}_total - greatest(${n}_num, 1) + 1 ELSE ${n}_total END`
  const hi = (n: string, x: string) =>
    `CASE WHEN ${n}_total IS NULL THEN __top WHEN ${x} < __bottom THEN NULL ELSE ${n}_total END`
  const range = (l: string, h: string) =>
    `CAST(${l} AS VARCHAR) || coalesce('-' || CAST(${h} AS VARCHAR), '+')`
  return `(WITH p AS (
      SELECT t.id, t.province, t.year, t.subject_type, t.batch_name, t.min, t.min_section,
        row_number() OVER () AS __row, coalesce(s.province <> t.province, false) AS __outside
      FROM "plans" t LEFT JOIN "schools" s ON s.sid = t.sid
      WHERE t.min IS NOT NULL AND t.min_section IS NOT NULL AND list_contains($2, t.subject_type)),
    r AS (SELECT province, year, km, level, score_low, score_high, num, total FROM "score_ranks"),
    tb AS (SELECT province, year, km, level, min(score_low) AS __bottom, min(total) AS __top FROM r GROUP BY ALL),
    c AS (SELECT p.*, tb.level AS __level, tb.__bottom, tb.__top, p.min + $1 AS __up, p.min - $1 AS __down
      FROM p JOIN tb ON tb.province = p.province AND tb.year = p.year AND tb.km = p.subject_type
      AND (tb.level = '' OR (tb.level = '本科' AND p.batch_name NOT LIKE '专科%')
        OR (tb.level = '专科' AND p.batch_name NOT LIKE '本科%') OR (tb.level = '区外' AND p.__outside))),
    ${band('__up', 'u', 'c')},
    ${band('__down', 'd', 'u')},
    b AS (SELECT *, ${lo('u', '__up')} AS __lo, ${hi('d', '__down')} AS __hi FROM d),
    misfit AS (SELECT __row FROM b GROUP BY __row
      HAVING NOT bool_or(min_section >= __lo AND (__hi IS NULL OR min_section <= __hi))),
    bad AS (SELECT * FROM b SEMI JOIN misfit ON misfit.__row = b.__row),
    ${band('min', 'e', 'bad')}
    SELECT any_value(id) AS id, any_value(province) AS province, any_value(year) AS year,
      any_value(subject_type) AS subject_type, any_value(min) AS min, any_value(min_section) AS min_section,
      false AS __fits,
      string_agg(CASE __level WHEN '' THEN '' ELSE __level || '表 ' END || ${range(lo('e', 'min'), hi('e', 'min'))}
        || ' (±' || CAST($1 AS VARCHAR) || ' 分 ' || ${range('__lo', '__hi')} || ')', '; ' ORDER BY __level) AS __bands
    FROM e GROUP BY __row) t`
}

/** Table-specific row checks. */
function specificChecks(): RowCheck[] {
  const row = (c: Omit<RowCheck, 'kind' | 'severity'> & { severity?: Severity }): RowCheck => ({
    kind: 'rows',
    severity: 'error',
    ...c,
  })
  const withFullScore = (table: string) => `${q(table)} t LEFT JOIN _known_provinces k ON k.name = t.province`
  return [
    row({
      table: 'score_ranks',
      name: 'score_text',
      description: "score 是 score_low (单一分数) 或 'score_low-score_high' (分数段)",
      uses: ['score', 'score_low', 'score_high'],
      where: `t.score IS DISTINCT FROM CASE WHEN t.score_low = t.score_high THEN CAST(t.score_low AS VARCHAR)
              ELSE CAST(t.score_low AS VARCHAR) || '-' || CAST(t.score_high AS VARCHAR) END`,
      message: `'score ' || ${show('t.score')} || ' does not match ' || ${show('t.score_low')} || '-' || ${show('t.score_high')}`,
    }),
    row({
      table: 'plans',
      name: 'min_avg_max',
      description: 'min <= average <= max (已知时)',
      uses: ['min', 'average', 'max'],
      where: 't.min > t.average OR t.average > t.max OR t.min > t.max',
      message: `'min ' || ${show('t.min')} || ', average ' || ${show('t.average')} || ', max ' || ${show('t.max')} || ' not in order'`,
    }),
    row({
      table: 'plans',
      name: 'plan_num',
      description: '计划数 num >= -1 (-1 = 未知)',
      uses: ['num'],
      where: 't.num < -1',
      message: `'num ' || ${show('t.num')} || ' < -1'`,
    }),
    row({
      table: 'plans',
      name: 'score_range',
      description: 'min, average, max 在 0 与本省满分之间',
      uses: ['province', 'min', 'average', 'max'],
      from: withFullScore('plans'),
      where: `least(t.min, t.average, t.max) < 0 OR greatest(t.min, t.average, t.max) > k.full_score`,
      message: `'scores ' || ${show('t.min')} || '/' || ${show('t.average')} || '/' || ${show('t.max')} || ' outside 0..' || ${show('k.full_score')}`,
    }),
    row({
      table: 'plans',
      name: 'rank_range',
      description: '最低位次 min_section >= 1',
      uses: ['min_section'],
      where: 't.min_section < 1',
      message: `'min_section ' || ${show('t.min_section')} || ' < 1'`,
    }),
    row({
      table: 'plans',
      name: 'num_unverified',
      description: 'num_unverified 的行有计划数 (num >= 0)',
      uses: ['num_unverified', 'num'],
      where: 't.num_unverified AND t.num < 0',
      message: `'num_unverified without a planned number (num ' || ${show('t.num')} || ')'`,
    }),
    row({
      table: 'plans',
      name: 'rank_derived',
      description: 'rank_derived 的行有 min 与 min_section',
      uses: ['rank_derived', 'min', 'min_section'],
      where: 't.rank_derived AND (t.min IS NULL OR t.min_section IS NULL)',
      message: `'rank_derived without min (' || ${show('t.min')} || ') or min_section (' || ${show('t.min_section')} || ')'`,
    }),
    row({
      table: 'plans',
      name: 'rank_consistency',
      severity: 'warning',
      description:
        'rank_derived 的 min_section 等于当年一分一段表 (km = subject_type, level 为空) 中 min 分及以上的人数',
      uses: ['rank_derived', 'min', 'min_section', 'province', 'year', 'subject_type'],
      needs: ['score_ranks'],
      // The rank at min: the cumulative count of the row holding min, or of the nearest row above it when
      // nobody had that score. An equality join finds single-score rows; only the rest (bands, gaps) needs the
      // ASOF join, which sorts.
      from: `(WITH d AS (SELECT * FROM "plans" WHERE rank_derived AND min IS NOT NULL AND min_section IS NOT NULL),
               r AS (SELECT province, year, km, score_low, score_high, total FROM "score_ranks" WHERE level = ''),
               exact AS (SELECT d.*, r.total AS __rank FROM d LEFT JOIN r ON r.province = d.province
                         AND r.year = d.year AND r.km = d.subject_type AND r.score_low = d.min AND r.score_high = d.min)
             SELECT * FROM exact WHERE __rank IS NOT NULL
             UNION ALL BY NAME
             SELECT m.* EXCLUDE (__rank), r.total AS __rank FROM (SELECT * FROM exact WHERE __rank IS NULL) m
             ASOF JOIN r ON r.province = m.province AND r.year = m.year AND r.km = m.subject_type AND m.min <= r.score_high) t`,
      where: 't.__rank <> t.min_section',
      message: `'min ' || ${show('t.min')} || ' gives rank ' || ${show('t.__rank')} || ', min_section is ' || ${show('t.min_section')}`,
    }),
    row({
      table: 'plans',
      name: 'major_below_group_line',
      severity: 'warning',
      description: `专业最低分不低于本组投档线 ${UNIT_LINE_TOLERANCE} 分以上 (同省份, 年份, 院校, 科类, 批次, 计划类型, 专业组): 低得多的多是征集志愿或别组的线 (smart-match 判断该组只用组线)`,
      uses: ['id', ...PLAN_KEY.filter((c) => c !== 'spname'), 'outcome_level', 'min'],
      // A group's 投档线 is the lowest score of those it admitted in the round; a major's lowest cannot lie below
      // it, but a later round's (征集) or another group's line filed under the group does.
      from: `(WITH g AS (SELECT province, year, sid, subject_type, batch_name, plan_type, local_batch_name, sg_name,
                             min(min) AS __group_min FROM "plans"
                      WHERE outcome_level = 'group' AND min IS NOT NULL AND coalesce(sg_name, '') <> '' GROUP BY ALL)
             SELECT p.*, g.__group_min FROM "plans" p JOIN g ON p.province = g.province AND p.year = g.year
               AND p.sid = g.sid AND p.subject_type = g.subject_type AND p.batch_name = g.batch_name
               AND p.plan_type IS NOT DISTINCT FROM g.plan_type
               AND p.local_batch_name IS NOT DISTINCT FROM g.local_batch_name AND p.sg_name = g.sg_name
             WHERE p.outcome_level = 'major' AND p.min IS NOT NULL) t`,
      where: `t.min < t.__group_min - ${UNIT_LINE_TOLERANCE}`,
      message: `'min ' || ${show('t.min')} || ' is below its group''s line ' || ${show('t.__group_min')} || ' (' || t.sg_name || ')'`,
    }),
    row({
      table: 'plans',
      name: 'major_twice_in_group',
      severity: 'warning',
      description:
        '同一院校的一个专业组 (同省份, 年份, 科类, 批次, 计划类型) 中同名专业应只有一行: 多出的行多半是来源对批次的写法不同 (local_batch_name), 或同名不同注释的专业 (定向、校区、中外合作) 丢了注释',
      uses: ['id', ...PLAN_KEY, 'source'],
      // The key of the plans table holds local_batch_name, which the sources write differently (本科批, 普通本科批,
      // or nothing): the same major of one group can so take two rows, which a list shows twice.
      from: `(SELECT p.*, count(*) OVER (PARTITION BY province, year, sid, subject_type, batch_name, plan_type,
               coalesce(sg_name, ''), spname) AS __rows FROM "plans" p WHERE spname <> '') t`,
      where: 't.__rows > 1',
      message: `'"' || t.spname || '" is on ' || CAST(t.__rows AS VARCHAR) || ' rows of ' || coalesce(t.sg_name, '(no group)') || ' (local batch "' || t.local_batch_name || '", ' || t.source || ')'`,
    }),
    row({
      table: 'plans',
      name: 'rank_band',
      description: `min_section 在本行省份、年份、科类的一分一段表给 min 的位次段内 (±${RANK_BAND_TOLERANCE} 分; 普通表, 专科批亦可专科表, 外省院校亦可区外表, 一张相符即可)`,
      uses: ['id', 'sid', 'province', 'year', 'subject_type', 'batch_name', 'min', 'min_section'],
      needs: ['score_ranks', 'schools'],
      from: rankBandFrom(),
      where: 'NOT t.__fits',
      message: `'min_section ' || ${show('t.min_section')} || ' is not a rank of min ' || ${show('t.min')} || ' in ' || t.province || ' ' || CAST(t.year AS VARCHAR) || ' ' || t.subject_type || ' 一分一段: ' || t.__bands`,
      params: () => [RANK_BAND_TOLERANCE, ORDINARY_CATEGORIES],
    }),
    row({
      table: 'score_lines',
      name: 'score_range',
      description: 'score 在 0 与本省满分之间; major_score >= 0',
      uses: ['province', 'score', 'major_score'],
      from: withFullScore('score_lines'),
      where: 't.score < 0 OR t.score > k.full_score OR t.major_score < 0',
      message: `'score ' || ${show('t.score')} || ' (major_score ' || ${show('t.major_score')} || ') outside 0..' || ${show('k.full_score')}`,
    }),
    row({
      table: 'schools',
      name: 'non_negative',
      description: 'hot >= 0',
      uses: ['hot'],
      where: 't.hot < 0',
      message: `'hot ' || ${show('t.hot')}`,
    }),
    row({
      table: 'majors',
      name: 'value_range',
      description: 'rating 在 1..5; salary, salary_5y, hot_num >= 0; ranking >= 1',
      uses: ['rating', 'salary', 'salary_5y', 'ranking', 'hot_num'],
      where:
        't.rating < 1 OR t.rating > 5 OR t.salary < 0 OR t.salary_5y < 0 OR t.ranking < 1 OR t.hot_num < 0',
      message: `'rating ' || ${show('t.rating')} || ', salary ' || ${show('t.salary')} || '/' || ${show('t.salary_5y')} || ', ranking ' || ${show('t.ranking')} || ', hot_num ' || ${show('t.hot_num')}`,
    }),
    row({
      table: 'category_stats',
      name: 'counts',
      description: '0 <= undergrad_admitted <= college_admitted <= total_applicants',
      uses: ['undergrad_admitted', 'college_admitted', 'total_applicants'],
      where:
        't.undergrad_admitted < 0 OR t.undergrad_admitted > t.college_admitted OR t.college_admitted > t.total_applicants',
      message: `'undergrad ' || ${show('t.undergrad_admitted')} || ', college ' || ${show('t.college_admitted')} || ', total ' || ${show('t.total_applicants')} || ' not in order'`,
    }),
    row({
      table: 'category_stats',
      name: 'applicants_vs_ranks',
      severity: 'warning',
      description: 'total_applicants 等于一分一段表 (km = subject_type, level 为空) 的总人数',
      uses: ['province', 'year', 'subject_type', 'total_applicants'],
      needs: ['score_ranks'],
      from: `"category_stats" t JOIN (SELECT province, year, km, max(total) AS total FROM "score_ranks"
             WHERE level = '' GROUP BY ALL) r ON r.province = t.province AND r.year = t.year AND r.km = t.subject_type`,
      where: 'r.total <> t.total_applicants',
      message: `'total_applicants ' || ${show('t.total_applicants')} || ', the table totals ' || ${show('r.total')}`,
    }),
    row({
      table: 'employment',
      name: 'percent',
      description: 'employment_rate 与 satisfaction 在 0..100',
      uses: ['employment_rate', 'satisfaction'],
      where: 't.employment_rate < 0 OR t.employment_rate > 100 OR t.satisfaction < 0 OR t.satisfaction > 100',
      message: `'employment_rate ' || ${show('t.employment_rate')} || ', satisfaction ' || ${show('t.satisfaction')}`,
    }),
    row({
      table: 'employment_directions',
      name: 'percent',
      description: 'percentage 在 0..100',
      uses: ['percentage'],
      where: 't.percentage < 0 OR t.percentage > 100',
      message: `'percentage ' || ${show('t.percentage')}`,
    }),
    row({
      table: 'volunteer_rules',
      name: 'limits',
      description: 'volunteer_num_max >= 1, major_num_max >= 1, score_max > 0',
      uses: ['volunteer_num_max', 'major_num_max', 'score_max'],
      where: 't.volunteer_num_max < 1 OR t.major_num_max < 1 OR t.score_max <= 0',
      message: `'volunteer_num_max ' || ${show('t.volunteer_num_max')} || ', major_num_max ' || ${show('t.major_num_max')} || ', score_max ' || ${show('t.score_max')}`,
    }),
    row({
      table: 'volunteer_rules',
      name: 'full_score',
      severity: 'warning',
      description: 'score_max 等于本省满分',
      uses: ['province', 'score_max'],
      from: withFullScore('volunteer_rules'),
      where: 't.score_max <> k.full_score',
      message: `'score_max ' || ${show('t.score_max')} || ', full score ' || ${show('k.full_score')}`,
    }),
  ]
}

/** Rules derived from a table's columns in schema.ts. */
function schemaRules(table: string, columns: readonly Column[]): Rule[] {
  const names = new Set(columns.map((c) => c.name))
  const builtin = (
    name: string,
    description: string,
    b: BuiltinRule['builtin'],
    uses: readonly string[] = [],
    severity: Severity = 'error',
  ): BuiltinRule => ({ kind: 'builtin', table, name, severity, description, builtin: b, uses })
  const rules: Rule[] = [
    builtin('columns', '列与 schema.ts 一致 (无缺失, 无多余, 类型同类)', { type: 'columns' }),
    builtin('column_types', '列类型与 schema.ts 完全相同', { type: 'column_types' }, [], 'warning'),
    builtin('not_null', 'schema.ts 中非空的列没有 NULL', { type: 'not_null' }),
  ]
  const key = keyOf(table)
  if (key.length > 0)
    rules.push(builtin('key', `键 (${key.join(', ')}) 不重复`, { type: 'unique', columns: key }, key))
  for (const cols of UNIQUE[table] ?? [])
    rules.push(
      builtin(
        `unique:${cols.join('+')}`,
        `${cols.join(', ')} 不重复`,
        { type: 'unique', columns: cols },
        cols,
      ),
    )
  const provinceColumn = table === 'provinces' ? 'name' : names.has('province') ? 'province' : undefined
  if (provinceColumn)
    rules.push({
      kind: 'rows',
      table,
      name: 'province',
      severity: 'error',
      description: `${provinceColumn} 是已知省份 (src/domain/provinces.ts 的简称)`,
      uses: [provinceColumn],
      where: `t.${q(provinceColumn)} NOT IN (SELECT name FROM _known_provinces)${
        PROVINCE_MAY_BE_EMPTY.has(table) ? ` AND t.${q(provinceColumn)} <> ''` : ''
      }`,
      message: `'unknown province ' || ${show(`t.${q(provinceColumn)}`)}`,
    })
  if (names.has('year'))
    rules.push({
      kind: 'rows',
      table,
      name: 'year',
      severity: 'error',
      description: `year 在 ${YEAR_MIN}..明年 之间`,
      uses: ['year'],
      where: 't.year < $1 OR t.year > $2',
      message: `'year ' || ${show('t.year')} || ' outside ' || CAST($1 AS VARCHAR) || '..' || CAST($2 AS VARCHAR)`,
      params: ({ currentYear }) => [YEAR_MIN, currentYear + 1],
    })
  for (const column of [...names].filter((n) => n === 'provenance' || n.endsWith('_provenance')))
    rules.push({
      kind: 'rows',
      table,
      name: column === 'provenance' ? 'provenance' : `provenance:${column}`,
      severity: 'error',
      description: `${column} 是 ${PROVENANCE.join(' / ')}`,
      uses: [column],
      where: `NOT list_contains($1, t.${q(column)})`,
      message: `'${column} ' || ${show(`t.${q(column)}`)}`,
      params: () => [[...PROVENANCE]],
    })
  for (const [column, ref] of Object.entries(REFERENCES)) {
    if (!names.has(column) || table === ref.table) continue
    const label =
      table === 'plans' && column === 'sid'
        ? 'school_name'
        : column === 'major_id' && names.has('spname')
          ? 'spname'
          : undefined
    rules.push({
      kind: 'rows',
      table,
      name: `ref:${ref.table}`,
      severity: 'error',
      description: `${table}.${column} (有值时) 在 ${ref.table}.${ref.column} 中`,
      uses: [column],
      needs: [ref.table],
      where: `t.${q(column)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${q(ref.table)} r WHERE r.${q(ref.column)} = t.${q(column)})`,
      message: `'${column} ' || ${show(`t.${q(column)}`)}${label ? ` || ' (' || ${show(`t.${q(label)}`)} || ')'` : ''} || ' not in ${ref.table}'`,
    })
  }
  for (const column of LABEL_COLUMNS[table] ?? []) {
    if (!names.has(column)) continue
    const vocabulary = table === 'score_lines' && column === 'type_name'
    rules.push({
      kind: 'rows',
      table,
      name: `label:${column}`,
      severity: 'error',
      description: vocabulary
        ? `${column} 在构建的词表中 (score-lines/checks.ts: 普通科类, 蒙授/汉授, 艺术类 / 体育类(物理) ...)`
        : `${column} 不为空, 首尾无空格, 不含换行等控制字符`,
      uses: [column],
      // a name with a line break in it (本科\n批, from a wrapped spreadsheet cell) matches nothing anybody types
      where: vocabulary
        ? `NOT regexp_full_match(t.${q(column)}, $1)`
        : `t.${q(column)} = '' OR t.${q(column)} <> trim(t.${q(column)}) OR regexp_matches(t.${q(column)}, '[\\x00-\\x1f\\x7f]')`,
      message: `'${column} ' || ${show(`'''' || t.${q(column)} || ''''`)}`,
      params: vocabulary ? () => [LINE_TYPE_PATTERN] : undefined,
    })
  }
  for (const [column, values] of Object.entries(ENUMS[table] ?? {})) {
    if (!names.has(column)) continue
    rules.push({
      kind: 'rows',
      table,
      name: `enum:${column}`,
      severity: 'error',
      description: `${column} 是 ${values.map((v) => (typeof v === 'string' ? `'${v}'` : v)).join(' / ')}`,
      uses: [column],
      where: `NOT list_contains($1, t.${q(column)})`,
      message: `'${column} ' || ${show(`t.${q(column)}`)}`,
      params: () => [values],
    })
  }
  if (table === 'score_ranks')
    rules.push(
      builtin(
        'ranks',
        '一分一段规则 (checks/score-ranks.ts): seq 1..n, 分数递减且不重叠, 0..满分, num >= 0, 累计 = 上一行累计 + num',
        { type: 'score_ranks' },
        ['province', 'year', 'km', 'level', 'seq', 'score_low', 'score_high', 'num', 'total'],
      ),
    )
  if (table === 'provinces')
    rules.push(
      builtin(
        'provinces',
        '31 个省份, sort 1..31, 满分与考试模式合理 (provinces-table.ts), 与 src/domain/provinces.ts 一致',
        { type: 'provinces' },
        columns.map((c) => c.name),
      ),
    )
  return rules
}

/** The file-level rules: manifest entry and leftovers of an interrupted write. */
function fileRules(table: string): BuiltinRule[] {
  return [
    {
      kind: 'builtin',
      table,
      name: 'manifest',
      severity: 'error',
      description: 'manifest.json 中本表的 rows 与 sha256 与文件一致; 它列出的表文件存在',
      builtin: { type: 'manifest' },
      uses: [],
    },
    {
      kind: 'builtin',
      table,
      name: 'leftovers',
      severity: 'warning',
      description: '没有中断的写入留下的临时文件, 也没有 manifest.json 不指向的本表文件',
      builtin: { type: 'leftovers' },
      uses: [],
    },
  ]
}

/** Every rule, table by table (catalogue order), schema rules first. */
export function ruleCatalogue(opts: { files?: boolean } = {}): Rule[] {
  const specific = specificChecks()
  const out: Rule[] = []
  for (const table of knownTables()) {
    const columns = schemaOf(table)
    if (!columns) continue
    out.push(...schemaRules(table, columns), ...specific.filter((r) => r.table === table))
    if (opts.files !== false) out.push(...fileRules(table))
  }
  return out
}

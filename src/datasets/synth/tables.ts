import { sqlString } from '../validate/sql.js'
import {
  CONTENT_TITLES,
  INDUSTRIES,
  MAJOR_DIRECTIONS,
  MAJOR_SUFFIXES,
  POSITIONS,
  SCHOOL_TYPES,
  SCHOOL_WORDS,
} from './vocab.js'

/**
 * The SQL of each synthetic table. Every statement creates `s_<table>` with the schema's columns (cast on
 * write) plus `__ord`, the file order. Pseudo-randomness is `rnd(tag, a, b)` (uniform in [0, 1)) and
 * `rint(tag, a, b, n)` (0..n-1), both hash(seed, ...) macros: no state, so any row can be computed
 * independently and in parallel, and a seed gives the same rows every time.
 *
 * Helper tables built by synth.ts: `_p` (provinces with shape), `_years`, `_km` (categories per exam mode),
 * `_classes` (专业类 per level).
 */

const list = (values: readonly string[]): string => `[${values.map(sqlString).join(', ')}]`
/** `list[1 + i]` of a constant list: element i (0-based) */
const pick = (values: readonly string[], index: string): string => `${list(values)}[1 + (${index})]`

export interface SynthScale {
  schools: number
  majors: number
  contentItems: number
}

export const helpers = (seed: number): string[] => [
  `CREATE MACRO rnd(k, a, b) AS CAST(hash(${seed}, k, a, b) % 1000003 AS DOUBLE) / 1000003.0`,
  `CREATE MACRO rint(k, a, b, n) AS CAST(hash(${seed}, k, a, b) % CAST(n AS UBIGINT) AS BIGINT)`,
  /* exam mode of a province in a year */
  `CREATE MACRO mode_in(exam_mode, reform_year, y) AS
     CASE WHEN reform_year IS NULL OR y < reform_year THEN '文理' ELSE exam_mode END`,
]

/** 一分一段: a normal-shaped distribution per (province, year, km), the top merged into a band, no gaps. */
export const scoreRanks = (): string[] => [
  `CREATE TABLE _tables AS
   SELECT p.name AS province, p.sort, y.year, k.km, k.ord AS km_ord, p.full_score,
          CAST(round(p.candidates * 1000 * k.share * (1 + 0.025 * (y.year - 2022))
                     * (0.94 + 0.12 * rnd('pop', p.sort, y.year * 10 + k.ord))) AS BIGINT) AS pop,
          p.full_score * (0.50 + 0.06 * rnd('mu', p.sort, y.year * 10 + k.ord)) AS mu,
          p.full_score * (0.125 + 0.025 * rnd('sd', p.sort, y.year * 10 + k.ord)) AS sd,
          CAST(round(p.full_score * 0.2) AS INTEGER) AS floor_score
   FROM _p p CROSS JOIN _years y JOIN _km k ON k.mode = mode_in(p.exam_mode, p.reform_year, y.year)`,
  `CREATE TABLE _dist AS
   SELECT t.province, t.sort, t.year, t.km, t.km_ord, t.full_score, s.score,
          CAST(round(t.pop * exp(-0.5 * pow((s.score - t.mu) / t.sd, 2)) / (t.sd * 2.5066282746310002)
                     * (0.96 + 0.08 * rnd('num', t.sort * 100000 + t.year * 10 + t.km_ord, s.score))) AS BIGINT) AS num
   FROM _tables t JOIN range(0, 1000) s(score) ON s.score BETWEEN t.floor_score AND t.full_score`,
  `CREATE TABLE _cum AS
   SELECT *, sum(num) OVER (PARTITION BY province, year, km ORDER BY score DESC ROWS UNBOUNDED PRECEDING) AS cum
   FROM _dist`,
  `CREATE TABLE _band AS
   SELECT province, year, km, max(score) FILTER (WHERE cum >= 40) AS top_low FROM _cum GROUP BY ALL`,
  `CREATE TABLE s_score_ranks AS
   SELECT c.province, c.year, c.km, '' AS level,
          row_number() OVER (PARTITION BY c.province, c.year, c.km ORDER BY c.score DESC) AS seq,
          CASE WHEN c.score = b.top_low THEN c.score || '-' || c.full_score ELSE CAST(c.score AS VARCHAR) END AS score,
          c.score AS score_low,
          CASE WHEN c.score = b.top_low THEN c.full_score ELSE c.score END AS score_high,
          CASE WHEN c.score = b.top_low THEN c.cum ELSE c.num END AS num,
          c.cum AS total, 'synth' AS source,
          CAST(c.sort AS BIGINT) * 100000000 + c.year * 10000 + c.km_ord * 1000 + (1000 - c.score) AS __ord
   FROM _cum c JOIN _band b USING (province, year, km) WHERE c.score <= b.top_low`,
  `CREATE TABLE _totals AS SELECT province, year, km, max(total) AS total FROM s_score_ranks GROUP BY ALL`,
  'DROP TABLE _dist',
  'DROP TABLE _cum',
]

/** Colleges: located by the provinces' college counts, quality order `hot`, 985 / 211 / 双一流 at the top. */
export const schools = (n: number): string[] => [
  `CREATE TABLE _pw AS
   SELECT name, sort, code, capital,
          sum(colleges) OVER (ORDER BY sort ROWS UNBOUNDED PRECEDING) - colleges AS lo,
          sum(colleges) OVER (ORDER BY sort ROWS UNBOUNDED PRECEDING) AS hi,
          sum(colleges) OVER () AS all_colleges
   FROM _p`,
  `CREATE TABLE _s0 AS
   SELECT i, 100000 + i AS sid, p.name AS province, p.sort AS psort, p.code AS pcode, p.capital,
          rnd('level', i, 0) < 0.44 AS undergrad, rnd('q', i, 0) AS q, rnd('nature', i, 0) AS nat
   FROM range(1, ${n + 1}) r(i)
   JOIN _pw p ON rnd('prov', r.i, 0) * p.all_colleges >= p.lo AND rnd('prov', r.i, 0) * p.all_colleges < p.hi`,
  `CREATE TABLE _s1 AS
   SELECT *, row_number() OVER (ORDER BY NOT undergrad, q, i) AS hot,
          percent_rank() OVER (PARTITION BY undergrad ORDER BY q, i) AS qr
   FROM _s0`,
  `CREATE TABLE s_schools AS
   SELECT sid,
          CASE WHEN i < 100000 THEN printf('%05d', i) ELSE 'sy' || i END AS code,
          printf('4%s%07d', pcode, i % 10000000) AS moe_code,
          province || ${pick(SCHOOL_WORDS, `rint('word', i, 0, ${SCHOOL_WORDS.length})`)}
            || CASE WHEN undergrad THEN CASE WHEN qr < 0.3 THEN '大学' ELSE '学院' END ELSE '职业技术学院' END
            || printf('%05d', i) AS name,
          province,
          CASE WHEN rnd('city', i, 0) < 0.6 THEN capital ELSE NULL END AS city,
          CASE WHEN undergrad THEN '普通本科' ELSE '专科(高职)' END AS level_name,
          ${pick(SCHOOL_TYPES, `rint('type', i, 0, ${SCHOOL_TYPES.length})`)} AS type_name,
          CASE WHEN undergrad AND qr < 0.04 THEN '公办' WHEN nat < 0.72 THEN '公办' WHEN nat < 0.97 THEN '民办'
               ELSE '中外合作办学' END AS nature_name,
          CASE WHEN undergrad AND qr < 0.04 THEN '教育部' WHEN rnd('belong', i, 0) < 0.1 THEN NULL
               ELSE province || '省教育厅' END AS belong,
          CASE WHEN undergrad AND qr < 0.013 THEN 985 ELSE 0 END AS f985,
          CASE WHEN undergrad AND qr < 0.038 THEN 211 ELSE 0 END AS f211,
          CASE WHEN undergrad AND qr < 0.048 THEN 1 ELSE 0 END AS dual_class,
          'synth/logo/' || sid || '.png' AS logo,
          hot,
          CASE WHEN undergrad AND qr < 0.15 THEN 1 ELSE 0 END AS zybw,
          CASE WHEN undergrad AND qr < 0.013 THEN 1 ELSE 0 END AS qjjh,
          CASE WHEN NOT undergrad AND qr < 0.2 THEN 1 ELSE 0 END AS sgjh,
          'synthetic' AS provenance, 'synth' AS source,
          i AS __ord,
          undergrad, qr, nat
   FROM _s1`,
  'DROP TABLE _s0',
  'DROP TABLE _s1',
]

/** Majors: 本科 55 %, 专科 42 %, 职业本科 3 %, spread over the 专业类 of `_classes`. */
export const majors = (n: number): string[] => [
  `CREATE TABLE _m0 AS
   SELECT i, CASE WHEN rnd('mlevel', i, 0) < 0.55 THEN '本科' WHEN rnd('mlevel', i, 0) < 0.97 THEN '专科'
                  ELSE '本科(职业教育)' END AS level
   FROM range(1, ${n + 1}) r(i)`,
  `CREATE TABLE _m1 AS
   SELECT m.i, m.level, c.category, c.class_name, c.class_code, c.cat_code,
          row_number() OVER (PARTITION BY m.level, c.class_code ORDER BY m.i) AS k
   FROM _m0 m JOIN (SELECT *, row_number() OVER (PARTITION BY level ORDER BY class_code) - 1 AS ci,
                           count(*) OVER (PARTITION BY level) AS nc FROM _classes) c
     ON c.level = m.level AND c.ci = rint('mclass', m.i, 0, c.nc)`,
  `CREATE TABLE s_majors AS
   SELECT 10000 + i AS major_id,
          class_code || printf('%02d', k) AS code,
          replace(class_name, '类', '') || ${list(MAJOR_SUFFIXES)}[1 + ((k - 1) % ${MAJOR_SUFFIXES.length})]
            || CASE WHEN k > ${MAJOR_SUFFIXES.length} THEN CAST((k - 1) // ${MAJOR_SUFFIXES.length} + 1 AS VARCHAR) ELSE '' END AS name,
          category, class_name, level,
          CASE WHEN level = '专科' THEN '三年' WHEN category = '医学' AND rnd('len', i, 0) < 0.4 THEN '五年' ELSE '四年' END AS length,
          CASE WHEN level = '专科' THEN NULL ELSE replace(category, '学', '') || '学学士' END AS degree,
          CASE WHEN rnd('sal', i, 1) < 0.05 THEN NULL ELSE CAST(
            (CASE WHEN level = '专科' THEN 4200 ELSE 5600 END) + 3000 * rnd('sal', i, 0)
            + CASE WHEN category IN ('工学', '经济学', '电子与信息大类') THEN 900 ELSE 0 END AS INTEGER) END AS salary,
          NULL::INTEGER AS salary_5y,
          CASE WHEN rnd('rating', i, 1) < 0.1 THEN NULL ELSE round(3.0 + 1.9 * rnd('rating', i, 0), 1) END AS rating,
          NULL::INTEGER AS ranking,
          CASE WHEN rnd('hotn', i, 1) < 0.1 THEN NULL ELSE CAST(floor(100000 * pow(rnd('hotn', i, 0), 3)) AS INTEGER) END AS hot_num,
          'synthetic' AS provenance, 'synth' AS source,
          i AS __ord
   FROM _m1`,
  `UPDATE s_majors SET salary_5y = CAST(salary * (1.5 + 0.4 * rnd('sal5', major_id, 0)) AS INTEGER)
   WHERE salary IS NOT NULL`,
  `UPDATE s_majors m SET ranking = r.rk FROM (
     SELECT major_id, row_number() OVER (PARTITION BY level ORDER BY rnd('rank', major_id, 0), major_id) AS rk
     FROM s_majors WHERE rnd('rank', major_id, 1) >= 0.2) r
   WHERE m.major_id = r.major_id`,
  `CREATE TABLE _mj AS
   SELECT major_id, name, code, length, level IN ('本科', '本科(职业教育)') AS undergrad,
          row_number() OVER (PARTITION BY level IN ('本科', '本科(职业教育)') ORDER BY major_id) - 1 AS idx,
          count(*) OVER (PARTITION BY level IN ('本科', '本科(职业教育)')) AS cnt
   FROM s_majors`,
  'DROP TABLE _m0',
  'DROP TABLE _m1',
]

/**
 * Plans: each college enrols in its home province and in others (more for 本科, more in populous provinces),
 * every year with a few gaps, with 1-40 majors per province. min / min_section: a target rank from the
 * college's quality (and major, year, batch noise), looked up in that year's synthetic 一分一段 table (ASOF:
 * the row whose cumulative count first reaches the target), so min_section is the rank at min.
 */
export const plans = (): string[] => [
  `CREATE TABLE _sp AS
   SELECT s.sid, s.undergrad, s.qr, s.hot, s.nature_name, s.f985, s.f211, s.dual_class, s.name AS school_name,
          p.name AS province, p.sort AS psort, p.exam_mode, p.reform_year, p.full_score, s.province = p.name AS home
   FROM s_schools s CROSS JOIN _p p
   WHERE s.province = p.name
      OR rnd('sp', s.sid, p.sort) < least(0.95, (CASE WHEN s.undergrad THEN 12.0 ELSE 3.0 END) / 30
                                                 * p.candidates / (SELECT avg(candidates) FROM _p))`,
  `CREATE TABLE s_plans AS SELECT * FROM (
   WITH _rows AS (
   SELECT sp.*, y.year, m.m,
          mode_in(sp.exam_mode, sp.reform_year, y.year) AS mode
   FROM _sp sp CROSS JOIN _years y
   JOIN range(0, 40) m(m)
     ON m.m < CASE WHEN sp.home THEN (CASE WHEN sp.undergrad THEN 15 + rint('nm', sp.sid, y.year, 21)
                                            ELSE 10 + rint('nm', sp.sid, y.year, 11) END)
                   ELSE (CASE WHEN sp.undergrad THEN 2 + rint('nm', sp.sid * 100 + sp.psort, y.year, 7)
                              ELSE 1 + rint('nm', sp.sid * 100 + sp.psort, y.year, 3) END) END
   WHERE rnd('gap', sp.sid * 100 + sp.psort, y.year) >= 0.04),
   _mjcnt AS (SELECT undergrad, count(*) AS cnt FROM _mj GROUP BY ALL),
   _rows2 AS (
   SELECT r.*, (rint('mset', r.sid, 0, 100000) + r.m * 37) % c.cnt AS midx
   FROM _rows r JOIN _mjcnt c ON c.undergrad = r.undergrad),
   _plans0 AS (
   SELECT r.*, mj.major_id, mj.name AS major_name, mj.code AS major_code, mj.length AS major_length,
          rnd('batch', r.sid * 100 + r.m, r.psort * 10000 + r.year) AS b,
          CASE r.mode
            WHEN '3+3' THEN '综合'
            WHEN '3+1+2' THEN CASE WHEN rnd('km', r.sid * 100 + r.m, r.psort) < 0.62 THEN '物理类' ELSE '历史类' END
            ELSE CASE WHEN rnd('km', r.sid * 100 + r.m, r.psort) < 0.6 THEN '理科' ELSE '文科' END END AS subject_type
   FROM _rows2 r JOIN _mj mj ON mj.undergrad = r.undergrad AND mj.idx = r.midx),
   _plans1 AS (
   SELECT p.*,
          CASE WHEN p.undergrad THEN
                 CASE WHEN p.b < 0.88 THEN '本科批' WHEN p.b < 0.93 THEN '本科提前批'
                      WHEN p.b < 0.97 THEN '国家专项' WHEN p.b < 0.99 AND p.home THEN '地方专项'
                      WHEN p.f211 = 211 AND p.b < 0.995 THEN '高校专项'
                      WHEN p.f985 = 985 THEN '强基计划' ELSE '本科批' END
               ELSE CASE WHEN p.b < 0.95 THEN '专科批' ELSE '专科提前批' END END AS batch_name
   FROM _plans0 p),
   _plans2 AS (
   SELECT p.*,
          greatest(1, CAST(round(t.total * least(0.985,
            (CASE WHEN p.undergrad THEN 0.0008 + 0.45 * pow(p.qr, 1.6) ELSE 0.45 + 0.5 * p.qr END)
            * (CASE WHEN p.home THEN 1.25 ELSE 1.0 END)
            * (0.75 + 0.5 * rnd('major', p.sid, p.m))
            * (0.92 + 0.16 * rnd('year', p.sid * 100 + p.psort, p.year))
            * (CASE p.batch_name WHEN '国家专项' THEN 1.35 WHEN '地方专项' THEN 1.35 WHEN '本科提前批' THEN 0.8 ELSE 1.0 END)
          )) AS BIGINT)) AS target
   FROM _plans1 p JOIN _totals t ON t.province = p.province AND t.year = p.year AND t.km = p.subject_type)
   SELECT row_number() OVER (ORDER BY p.psort, p.year, p.sid, p.m) AS id,
          p.sid, p.school_name,
          CASE WHEN rnd('mid', p.sid, p.m) < 0.03 THEN NULL ELSE p.major_id END AS major_id,
          p.major_name || CASE WHEN rnd('dir', p.sid, p.m) < 0.08
            THEN '(' || ${pick(MAJOR_DIRECTIONS, `rint('dirw', p.sid, p.m, ${MAJOR_DIRECTIONS.length})`)} || '方向)' ELSE '' END AS spname,
          p.major_code AS spcode,
          p.province, p.year, p.subject_type, p.batch_name,
          CASE WHEN p.province IN ('浙江', '山东') THEN CASE WHEN p.undergrad THEN '普通类一段' ELSE '普通类二段' END
               WHEN p.mode = '文理' AND p.batch_name = '本科批' THEN CASE WHEN p.qr < 0.25 THEN '本科一批' ELSE '本科二批' END
               WHEN p.batch_name = '专科批' THEN '高职(专科)批'
               ELSE p.batch_name END AS local_batch_name,
          CASE WHEN p.batch_name IN ('本科批', '本科提前批', '专科批', '专科提前批') THEN '普通' ELSE p.batch_name END AS plan_type,
          CASE WHEN p.mode = '3+1+2' THEN '第' || printf('%02d', 1 + p.m % 6) || '组' ELSE NULL END AS sg_name,
          CASE p.mode
            WHEN '3+1+2' THEN CASE WHEN p.subject_type = '物理类'
                                   THEN CASE WHEN p.m % 3 = 0 THEN '首选物理,再选化学' ELSE '首选物理,再选不限' END
                                   ELSE CASE WHEN p.m % 4 = 0 THEN '首选历史,再选政治' ELSE '首选历史,再选不限' END END
            WHEN '3+3' THEN CASE p.m % 3 WHEN 0 THEN '物理' WHEN 1 THEN '物理,化学' ELSE '不限' END
            ELSE NULL END AS sg_infos,
          CASE WHEN rnd('num', p.sid * 100 + p.m, p.psort * 10000 + p.year) < 0.01 THEN -1
               WHEN p.home THEN 3 + rint('num', p.sid * 100 + p.m, p.psort * 10000 + p.year, 60)
               ELSE 1 + rint('num', p.sid * 100 + p.m, p.psort * 10000 + p.year, 6) END AS num,
          CASE WHEN rnd('fee', p.sid, p.m) < 0.02 THEN NULL
               WHEN p.nature_name = '中外合作办学' THEN 40000 + 100 * rint('fee', p.sid, p.m, 500)
               WHEN p.nature_name = '民办' THEN (CASE WHEN p.undergrad THEN 15000 ELSE 9000 END) + 100 * rint('fee', p.sid, p.m, 150)
               ELSE (CASE WHEN p.undergrad THEN 4400 ELSE 3500 END) + 100 * rint('fee', p.sid, p.m, 25) END AS tuition,
          p.major_length AS length,
          CASE WHEN no_outcome THEN NULL ELSE r.score_low END AS min,
          CASE WHEN no_outcome THEN NULL ELSE r.total END AS min_section,
          NOT no_outcome AS rank_derived,
          CASE WHEN no_outcome THEN NULL ELSE least(p.full_score, r.score_low + rint('avg', p.sid * 100 + p.m, p.year, 6)) END AS average,
          CASE WHEN no_outcome THEN NULL ELSE least(p.full_score, r.score_low + rint('avg', p.sid * 100 + p.m, p.year, 6)
                                                    + rint('max', p.sid * 100 + p.m, p.year, 15)) END AS max,
          CASE WHEN no_outcome THEN '' ELSE 'major' END AS outcome_level,
          CASE WHEN p.dual_class = 1 AND rnd('dual', p.sid, p.m) < 0.2 THEN 1 ELSE 0 END AS is_dual_class,
          'synthetic' AS provenance, 'synth' AS source, false AS num_unverified,
          NULL::VARCHAR AS local_school_code, NULL::VARCHAR AS local_spcode
   FROM (SELECT *, rnd('outcome', sid * 100 + m, psort * 10000 + year) < 0.04 AS no_outcome FROM _plans2) p
   ASOF JOIN (SELECT province, year, km, score_low, total FROM s_score_ranks) r
     ON r.province = p.province AND r.year = p.year AND r.km = p.subject_type AND p.target <= r.total)
   -- one row per plans key (validate's unique rule, the build's planRowKey): two draws of a major with the same
   -- name (the picks wrap around the major list) would be one plan twice
   QUALIFY row_number() OVER (PARTITION BY province, year, sid, subject_type, batch_name, plan_type,
                                           local_batch_name, coalesce(sg_name, ''), spname ORDER BY id) = 1
   ORDER BY id`,
  'DROP TABLE _sp',
]

/** Control lines at rank fractions of each table; category_stats counts the candidates above them. */
export const scoreLines = (): string[] => [
  `CREATE TABLE _lines0 AS
   SELECT t.province, p.sort AS psort, t.year, t.km, t.km_ord, t.total, l.name, l.ord, l.frac,
          CAST(round(l.fixed * t.full_score) AS INTEGER) AS fixed
   FROM (SELECT b.*, tt.total FROM _tables b JOIN _totals tt USING (province, year, km)) t
   JOIN _p p ON p.name = t.province
   JOIN (VALUES ('3+1+2', '特殊类型招生控制线', 1, 0.12, NULL), ('3+1+2', '本科批', 2, 0.42, NULL), ('3+1+2', '专科批', 3, NULL, 0.267),
                ('3+3', '特殊类型招生控制线', 1, 0.13, NULL), ('3+3', '本科批', 2, 0.45, NULL), ('3+3', '专科批', 3, NULL, 0.21),
                ('文理', '本科一批', 1, 0.15, NULL), ('文理', '本科二批', 2, 0.42, NULL), ('文理', '专科批', 3, NULL, 0.24))
        l(mode, name, ord, frac, fixed)
     ON l.mode = mode_in(p.exam_mode, p.reform_year, t.year)`,
  `CREATE TABLE _lines AS
   SELECT l.*, r.score_low AS score, r.total AS at_or_above
   FROM (SELECT *, CASE WHEN fixed IS NULL THEN greatest(1, CAST(round(total * frac * (0.9 + 0.2 * rnd('line', psort * 10 + km_ord, year))) AS BIGINT))
                        ELSE NULL END AS target FROM _lines0 WHERE fixed IS NULL) l
   ASOF JOIN (SELECT province, year, km, score_low, total FROM s_score_ranks) r
     ON r.province = l.province AND r.year = l.year AND r.km = l.km AND l.target <= r.total
   UNION ALL
   SELECT l.*, NULL AS target, r.score_low AS score, r.total AS at_or_above
   FROM (SELECT * FROM _lines0 WHERE fixed IS NOT NULL) l
   ASOF JOIN (SELECT province, year, km, score_low, total FROM s_score_ranks) r
     ON r.province = l.province AND r.year = l.year AND r.km = l.km AND l.fixed >= r.score_low`,
  `CREATE TABLE s_score_lines AS
   SELECT row_number() OVER (ORDER BY year DESC, psort, km_ord, ord) AS id, year, province, km AS type_name, name,
          score, NULL::INTEGER AS major_score,
          CASE WHEN rnd('use', psort * 10 + km_ord, year * 10 + ord) < 0.02 THEN 0 ELSE 1 END AS is_use,
          'synthetic' AS provenance, 'synth' AS source
   FROM _lines
   UNION ALL
   SELECT NULL, year, province, '艺术类', '本科批', CAST(round(score * 0.7) AS INTEGER), 200, 1, 'synthetic', 'synth'
   FROM _lines WHERE name IN ('本科批', '本科二批') AND km_ord = 0`,
  `UPDATE s_score_lines s SET id = r.n FROM (
     SELECT province, year, (SELECT max(id) FROM s_score_lines) + row_number() OVER (ORDER BY year DESC, province) AS n
     FROM s_score_lines WHERE id IS NULL) r
   WHERE s.id IS NULL AND s.province = r.province AND s.year = r.year`,
  `ALTER TABLE s_score_lines ADD COLUMN __ord BIGINT`,
  `UPDATE s_score_lines SET __ord = id`,
  `CREATE TABLE s_category_stats AS
   SELECT l.province, l.year, l.km AS subject_type,
          l.year || '年' || l.province || l.km || '考生情况' AS title,
          max(l.total) AS total_applicants,
          max(l.at_or_above) FILTER (WHERE l.name IN ('本科批', '本科二批')) AS undergrad_admitted,
          max(l.at_or_above) FILTER (WHERE l.name = '专科批') AS college_admitted,
          'synthetic' AS provenance, 'synth' AS source,
          min(l.psort) * 100000 + l.year * 10 + min(l.km_ord) AS __ord
   FROM _lines l GROUP BY l.province, l.year, l.km`,
]

/** Application rules per province, year and batch, by the exam mode of the year. */
export const volunteerRules = (): string[] => [
  `CREATE TABLE s_volunteer_rules AS
   SELECT p.name AS province, y.year, b.batch_name,
          CASE WHEN p.name IN ('浙江', '山东') THEN CASE b.ord WHEN 0 THEN '普通类一段' ELSE '普通类二段' END
               WHEN b.ord = 1 THEN '高职(专科)批' ELSE b.batch_name END AS local_batch_name,
          CASE mode_in(p.exam_mode, p.reform_year, y.year) WHEN '文理' THEN 1 WHEN '3+1+2' THEN 2 ELSE 3 END AS subjects_type,
          p.full_score AS score_max,
          CASE mode_in(p.exam_mode, p.reform_year, y.year) WHEN '文理' THEN 1 WHEN '3+3' THEN 3
               ELSE CASE WHEN rnd('vtype', p.sort, 0) < 0.3 THEN 3 ELSE 2 END END AS vt,
          'synthetic' AS provenance, 'synth' AS source, NULL::VARCHAR AS note,
          p.sort * 100000 + y.year * 10 + b.ord AS __ord
   FROM _p p CROSS JOIN _years y CROSS JOIN (VALUES ('本科批', 0), ('专科批', 1)) b(batch_name, ord)`,
  `ALTER TABLE s_volunteer_rules ADD COLUMN volunteer_type INTEGER`,
  `ALTER TABLE s_volunteer_rules ADD COLUMN volunteer_num_max INTEGER`,
  `ALTER TABLE s_volunteer_rules ADD COLUMN major_num_max INTEGER`,
  `UPDATE s_volunteer_rules SET volunteer_type = vt,
     volunteer_num_max = CASE vt WHEN 3 THEN 80 + 16 * CAST(rint('vnum', year, subjects_type, 3) AS INTEGER)
                                 WHEN 2 THEN 40 + 5 * CAST(rint('vnum', year, subjects_type, 2) AS INTEGER)
                                 ELSE 9 + 3 * CAST(rint('vnum', year, subjects_type, 2) AS INTEGER) END,
     major_num_max = CASE vt WHEN 3 THEN 1 ELSE 6 END`,
]

/** Employment per major and year: salaries around the major's, rates 85-98 %. */
export const employment = (): string[] => [
  `CREATE TABLE s_employment AS
   SELECT m.major_id, m.code AS major_code, m.name AS major_name, m.level,
          CASE WHEN m.level = '专科' THEN '专科' ELSE '本科' END AS degree,
          m.category AS discipline, m.class_name, y.year,
          round(85 + 13 * rnd('emp', m.major_id, y.year), 1) AS employment_rate,
          CAST(coalesce(m.salary, 5000) * (0.88 + 0.03 * (y.year - 2019)) AS INTEGER) AS avg_salary,
          'synthetic' AS provenance, 'synth' AS source,
          m.__ord * 10 + (y.year - 2019) AS __ord,
          m.rating
   FROM s_majors m CROSS JOIN _years y`,
  `ALTER TABLE s_employment ADD COLUMN avg_salary_min INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN avg_salary_max INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_3y INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_3y_min INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_3y_max INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_5y INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_5y_min INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN salary_5y_max INTEGER`,
  `ALTER TABLE s_employment ADD COLUMN satisfaction DOUBLE`,
  `ALTER TABLE s_employment ADD COLUMN salary_anchor VARCHAR`,
  `ALTER TABLE s_employment ADD COLUMN salary_5y_provenance VARCHAR`,
  `ALTER TABLE s_employment ADD COLUMN satisfaction_provenance VARCHAR`,
  `UPDATE s_employment SET
     avg_salary_min = CAST(avg_salary * 0.78 AS INTEGER), avg_salary_max = CAST(avg_salary * 1.28 AS INTEGER),
     salary_3y = CAST(avg_salary * 1.35 AS INTEGER), salary_3y_min = CAST(avg_salary * 1.35 * 0.78 AS INTEGER),
     salary_3y_max = CAST(avg_salary * 1.35 * 1.3 AS INTEGER),
     salary_5y = CAST(avg_salary * 1.7 AS INTEGER), salary_5y_min = CAST(avg_salary * 1.7 * 0.76 AS INTEGER),
     salary_5y_max = CAST(avg_salary * 1.7 * 1.32 AS INTEGER),
     satisfaction = round(coalesce(rating * 20, 60 + 30 * rnd('sat', major_id, 0)), 1),
     salary_anchor = 'synth', salary_5y_provenance = 'synthetic', satisfaction_provenance = 'synthetic'`,
]

/** Where each major's graduates work: 5 industries and 4 positions, shares summing to 100.0. */
export const employmentDirections = (): string[] => [
  `CREATE TABLE _dir AS
   SELECT m.major_id, m.name AS major_name, CASE WHEN m.level = '专科' THEN '专科' ELSE '本科' END AS degree,
          k.kind, k.ord, k.names, k.n, s.seq, m.__ord
   FROM s_majors m
   CROSS JOIN (VALUES ('industry', 0, ${list(INDUSTRIES)}, 5), ('position', 1, ${list(POSITIONS)}, 4)) k(kind, ord, names, n)
   JOIN range(1, 6) s(seq) ON s.seq <= k.n`,
  `CREATE TABLE s_employment_directions AS
   SELECT major_id, major_name, degree, 2025 AS year, kind, seq,
          CASE WHEN seq = n THEN CASE kind WHEN 'industry' THEN '其他行业' ELSE '其他岗位' END
               ELSE names[1 + ((CAST(hash(major_id) % 97 AS INTEGER) + seq) % len(names))] END AS name,
          CAST(NULL AS DOUBLE) AS percentage,
          CAST(4500 + 4000 * rnd('dsal', major_id, ord * 10 + seq) AS INTEGER) AS avg_salary,
          'synthetic' AS provenance, 'synth' AS source,
          __ord * 10 + ord * 5 + seq AS __ord
   FROM _dir`,
  `UPDATE s_employment_directions SET percentage = CASE seq
     WHEN 1 THEN 26 + CAST(rint('pct', major_id, 1, 10) AS INTEGER)
     WHEN 2 THEN 16 + CAST(rint('pct', major_id, 2, 6) AS INTEGER)
     WHEN 3 THEN 10 + CAST(rint('pct', major_id, 3, 4) AS INTEGER)
     ELSE 6 + CAST(rint('pct', major_id, 4, 3) AS INTEGER) END + 0.1 * CAST(rint('pctd', major_id, seq, 10) AS INTEGER)`,
  `UPDATE s_employment_directions d SET percentage = round(100 - s.other, 1) FROM (
     SELECT major_id, kind, sum(percentage) FILTER (WHERE seq < CASE kind WHEN 'industry' THEN 5 ELSE 4 END) AS other
     FROM s_employment_directions GROUP BY ALL) s
   WHERE d.major_id = s.major_id AND d.kind = s.kind AND d.seq = CASE d.kind WHEN 'industry' THEN 5 ELSE 4 END`,
  `UPDATE s_employment_directions SET percentage = round(percentage, 1)`,
  'DROP TABLE _dir',
]

/** News and common questions, module (4,4) the news list. */
export const contentItems = (n: number, schools: number): string[] => [
  `CREATE TABLE s_content_items AS
   SELECT i AS id,
          CASE WHEN rnd('mod', i, 0) < 0.4 THEN 4 ELSE 1 + rint('mod', i, 1, 6) END AS module_type,
          CASE WHEN rnd('mod', i, 0) < 0.4 THEN 4 ELSE 1 + rint('sub', i, 1, 4) END AS sub_module_type,
          1 + rint('cat', i, 0, 4) AS category_enum,
          ${list(CONTENT_TITLES)}[1 + rint('cat', i, 0, 4)] || ': 合成条目 ' || i AS title,
          CASE WHEN rnd('sch', i, 0) < 0.2 THEN (SELECT name FROM s_schools WHERE sid = 100001 + rint('sch', i, 1, ${schools}))
               ELSE '' END AS school_name,
          CASE WHEN rnd('prov', i, 0) < 0.3 THEN (SELECT name FROM _p WHERE sort = 1 + rint('prov', i, 1, 31)) ELSE '' END AS province,
          '合成内容 ' || i || ': 仅用于基准测试.' AS content,
          CASE WHEN rnd('mod', i, 0) < 0.4 THEN '' ELSE '合成回答 ' || i END AS answer,
          '合成摘要 ' || i AS description,
          CAST(rint('sort', i, 0, 1000) AS INTEGER) AS sort,
          CAST(floor(50000 * pow(rnd('look', i, 0), 3)) AS INTEGER) AS look_num,
          strftime(TIMESTAMP '2019-01-01 08:00:00' + INTERVAL (rint('pub', i, 0, 7 * 365 * 24 * 60)) MINUTE, '%Y-%m-%d %H:%M:%S') AS publish_at,
          NULL::VARCHAR AS created_at,
          'synthetic' AS provenance, 'synth' AS source,
          i AS __ord
   FROM range(1, ${n + 1}) r(i)`,
  `UPDATE s_content_items SET created_at = strftime(CAST(publish_at AS TIMESTAMP) - INTERVAL (rint('cre', id, 0, 72 * 60)) MINUTE, '%Y-%m-%d %H:%M:%S')`,
]

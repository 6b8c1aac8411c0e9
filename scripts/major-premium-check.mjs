// Out-of-sample check of the major premiums (src/features/smart-match/model/premium.ts): for each province with major
// lines, its `year`'s lines are predicted from the same school's line of that year times the premium its major
// showed in the *other* provinces' earlier years (never the school's own province), and compared with the
// average shift alone. Prints the spread (standard deviation of ln(actual / predicted)) of both, e.g.
//   node scripts/major-premium-check.mjs 2025 重庆 河北 辽宁 贵州 江苏 广东
// This measures the premium alone; `gaokao smart-match backtest --hide-major-lines` tests the whole method.
import { DuckDBInstance } from '@duckdb/node-api'

const year = Number(process.argv[2] ?? 2025)
const provinces = process.argv.slice(3).length
  ? process.argv.slice(3)
  : ['重庆', '河北', '辽宁', '贵州', '江苏']
const dir = process.env.GAOKAO_DATASETS ?? new URL('../datasets/', import.meta.url).pathname
const AVERAGE = 0.74 // DEFAULT_ESTIMATOR.classes['major<school'].shift
const PRIOR_WEIGHT = 2 // premium.ts

const db = await DuckDBInstance.create(':memory:')
const c = await db.connect()
const rows = async (sql, params = []) =>
  (await c.runAndReadAll(sql, params))
    .getRowObjects()
    .map((o) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    )
await c.run(`CREATE TABLE m AS
  SELECT p.province, p.year, p.subject_type, p.batch_name, p.sid,
         regexp_replace(p.spname, '\\s', '', 'g') AS k, p.min_section AS r
  FROM '${dir}/plans.parquet' p LEFT JOIN '${dir}/schools.parquet' h ON h.sid = p.sid
  WHERE p.outcome_level = 'major' AND p.min_section > 0 AND p.plan_type = '普通' AND p.spname <> ''
    AND p.year BETWEEN ${year - 4} AND ${year} AND h.province IS DISTINCT FROM p.province`)
await c.run(`CREATE TABLE x AS
  WITH s AS (SELECT province, year, subject_type, batch_name, sid, max(r) AS line FROM m GROUP BY ALL HAVING count(*) >= 3)
  SELECT m.*, ln(m.r / s.line) AS lr FROM m JOIN s USING (province, year, subject_type, batch_name, sid)`)
console.log(`${year}: spread of ln(major's lowest rank / predicted), school line of the same year`)
for (const province of provinces) {
  const [r] = await rows(
    `WITH prem AS (SELECT sid, k, sum(lr) AS s, count(*) AS n FROM x WHERE province <> $1 AND year < $2 GROUP BY ALL),
          t AS (SELECT x.lr, prem.s, prem.n FROM x LEFT JOIN prem USING (sid, k) WHERE province = $1 AND year = $2)
     SELECT count(*) AS lines, count(s) AS with_premium,
            stddev(lr - ln(${AVERAGE})) AS sd_average, avg(lr - ln(${AVERAGE})) AS bias_average,
            stddev(lr - coalesce((s + ${PRIOR_WEIGHT} * ln(${AVERAGE})) / (n + ${PRIOR_WEIGHT}), ln(${AVERAGE}))) AS sd_premium,
            avg(lr - coalesce((s + ${PRIOR_WEIGHT} * ln(${AVERAGE})) / (n + ${PRIOR_WEIGHT}), ln(${AVERAGE}))) AS bias_premium
     FROM t`,
    [province, year],
  )
  const f = (v) => (v === null ? '-' : v.toFixed(3))
  console.log(
    `  ${province}: ${r.lines} lines, ${r.with_premium} with a premium; average shift σ ${f(r.sd_average)} ` +
      `(bias ${f(r.bias_average)}), premiums σ ${f(r.sd_premium)} (bias ${f(r.bias_premium)})`,
  )
}
c.closeSync?.()

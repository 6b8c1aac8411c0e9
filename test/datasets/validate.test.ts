import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import type { ValidationReport } from '../../src/datasets/validate/index.js'
import { keyOf, ruleCatalogue } from '../../src/datasets/validate/rules.js'
import { runGaokao } from '../helpers/cli.js'

const ROOT = resolve(import.meta.dirname, '../..')
const CSV = join(ROOT, 'fixtures/datasets/validate')
const SCORE_RANKS = join(ROOT, 'fixtures/datasets/score_ranks.csv')

/** The clean fixture dataset (every table of the schema, from CSV text), optionally with SQL mutations. */
async function fixtureDataset(mutate: string[] = [], manifest = true): Promise<string> {
  return csvDataset({
    csvDir: CSV,
    files: { score_ranks: SCORE_RANKS },
    out: mkdtempSync(join(tmpdir(), 'gaokao-validate-')),
    mutate,
    manifest,
  })
}

const validate = (dir: string, ...args: string[]) =>
  runGaokao(['datasets', 'validate', '--datasets', dir, ...args])

/**
 * One injected violation per rule: the SQL that breaks it, and the table, rule and key the report must name.
 * (`provinces` is always generated from the domain constants, so its mutations edit the staged table.)
 */
const VIOLATIONS: { table: string; rule: string; key: string; sql: string[] }[] = [
  {
    table: 'majors',
    rule: 'columns',
    key: 'column=bogus',
    sql: ['ALTER TABLE majors ADD COLUMN bogus INTEGER'],
  },
  {
    table: 'majors',
    rule: 'not_null',
    key: 'major_id=1002',
    sql: ['UPDATE majors SET category = NULL WHERE major_id = 1002'],
  },
  {
    table: 'plans',
    rule: 'key',
    key: 'id=2',
    sql: [`INSERT INTO plans SELECT * REPLACE (2 AS id) FROM plans WHERE id = 6`],
  },
  {
    table: 'schools',
    rule: 'unique:code',
    key: 'code=10284',
    sql: [`UPDATE schools SET code = '10284' WHERE sid = 10001`],
  },
  {
    table: 'score_lines',
    rule: 'province',
    key: 'id=3',
    sql: [`UPDATE score_lines SET province = '火星' WHERE id = 3`],
  },
  {
    table: 'volunteer_rules',
    rule: 'year',
    key: 'province=北京 year=1999 batch_name=本科批',
    sql: [`UPDATE volunteer_rules SET year = 1999 WHERE province = '北京'`],
  },
  {
    table: 'majors',
    rule: 'provenance',
    key: 'major_id=3001',
    sql: [`UPDATE majors SET provenance = 'guess' WHERE major_id = 3001`],
  },
  {
    table: 'employment',
    rule: 'provenance:satisfaction_provenance',
    key: 'major_id=1001 year=2024',
    sql: [`UPDATE employment SET satisfaction_provenance = 'estimated' WHERE major_id = 1001`],
  },
  {
    table: 'schools',
    rule: 'enum:level_name',
    key: 'sid=100003',
    sql: [`UPDATE schools SET level_name = '专科' WHERE sid = 100003`],
  },
  {
    table: 'plans',
    rule: 'enum:plan_type',
    key: 'id=5',
    sql: [`UPDATE plans SET plan_type = '普通类' WHERE id = 5`],
  },
  {
    table: 'score_ranks',
    rule: 'score_text',
    key: 'province=北京 year=2025 km=综合 level="" seq=1',
    sql: [`UPDATE score_ranks SET score = '691+' WHERE province = '北京' AND seq = 1`],
  },
  {
    table: 'score_ranks',
    rule: 'ranks:cumulative',
    key: 'province=江苏 year=2025 km=物理类 level="" seq=5',
    sql: [
      `UPDATE score_ranks SET total = 22 WHERE province = '江苏' AND year = 2025 AND km = '物理类' AND seq = 5`,
    ],
  },
  {
    table: 'score_ranks',
    rule: 'ranks:descending',
    key: 'province=新疆 year=2025 km=理科 level="" seq=3',
    sql: [
      `UPDATE score_ranks SET score = '601', score_low = 601, score_high = 601
       WHERE province = '新疆' AND km = '理科' AND seq = 3`,
    ],
  },
  {
    table: 'plans',
    rule: 'min_avg_max',
    key: 'id=2',
    sql: ['UPDATE plans SET average = 699 WHERE id = 2'],
  },
  { table: 'plans', rule: 'plan_num', key: 'id=4', sql: ['UPDATE plans SET num = -2 WHERE id = 4'] },
  {
    table: 'plans',
    rule: 'score_range',
    key: 'id=6',
    sql: ['UPDATE plans SET max = 800 WHERE id = 6'],
  },
  { table: 'plans', rule: 'rank_range', key: 'id=3', sql: ['UPDATE plans SET min_section = 0 WHERE id = 3'] },
  {
    table: 'plans',
    rule: 'num_unverified',
    key: 'id=2',
    sql: ['UPDATE plans SET num = -1, num_unverified = true WHERE id = 2'],
  },
  {
    table: 'plans',
    rule: 'rank_derived',
    key: 'id=5',
    sql: ['UPDATE plans SET rank_derived = true WHERE id = 5'],
  },
  {
    // 南京大学 695 in 江苏 2025 物理类 is 30-42 (±1 分 22-63)
    table: 'plans',
    rule: 'rank_band',
    key: 'id=1',
    sql: ['UPDATE plans SET min_section = 300 WHERE id = 1'],
  },
  { table: 'plans', rule: 'ref:schools', key: 'id=4', sql: ['UPDATE plans SET sid = 999999 WHERE id = 4'] },
  {
    table: 'plans',
    rule: 'ref:majors',
    key: 'id=6',
    sql: ['UPDATE plans SET major_id = 999999 WHERE id = 6'],
  },
  {
    table: 'employment',
    rule: 'ref:majors',
    key: 'major_id=3002 year=2024',
    sql: ['UPDATE employment SET major_id = 3002 WHERE major_id = 3001'],
  },
  {
    table: 'score_lines',
    rule: 'unique:province+year+type_name+name',
    key: 'province=江苏 year=2025 type_name=物理类 name=本科批',
    // a second 本科批 line for the same province, year and category (the key an import matches ids on)
    sql: ['INSERT INTO score_lines SELECT * REPLACE (6 AS id, 462 AS score) FROM score_lines WHERE id = 1'],
  },
  {
    table: 'score_lines',
    rule: 'score_range',
    key: 'id=1',
    sql: ['UPDATE score_lines SET score = 800 WHERE id = 1'],
  },
  {
    table: 'score_lines',
    rule: 'label:type_name',
    key: 'id=4',
    sql: [`UPDATE score_lines SET type_name = '物埋' WHERE id = 4`],
  },
  {
    table: 'score_lines',
    rule: 'label:name',
    key: 'id=5',
    sql: [`UPDATE score_lines SET name = '' WHERE id = 5`],
  },
  {
    // a line break inside (a wrapped spreadsheet cell): imported, and matched by nothing a user types
    table: 'score_lines',
    rule: 'label:name',
    key: 'id=3',
    sql: [`UPDATE score_lines SET name = '本科' || chr(10) || '批' WHERE id = 3`],
  },
  {
    table: 'plans',
    rule: 'enum:batch_name',
    key: 'id=3',
    sql: [`UPDATE plans SET batch_name = '本科北' WHERE id = 3`],
  },
  {
    table: 'category_stats',
    rule: 'label:subject_type',
    key: 'province=新疆 year=2025 subject_type= 理科 title=2025年新疆理科考生',
    sql: [`UPDATE category_stats SET subject_type = ' 理科' WHERE province = '新疆'`],
  },
  {
    table: 'majors',
    rule: 'value_range',
    key: 'major_id=1001',
    sql: ['UPDATE majors SET rating = 7 WHERE major_id = 1001'],
  },
  {
    table: 'schools',
    rule: 'non_negative',
    key: 'sid=10001',
    sql: ['UPDATE schools SET hot = -1 WHERE sid = 10001'],
  },
  {
    table: 'category_stats',
    rule: 'counts',
    key: 'province=江苏 year=2025 subject_type=物理类 title=2025年江苏物理类考生',
    sql: [`UPDATE category_stats SET undergrad_admitted = 390 WHERE province = '江苏'`],
  },
  {
    table: 'volunteer_rules',
    rule: 'limits',
    key: 'province=江苏 year=2025 batch_name=本科批',
    sql: [`UPDATE volunteer_rules SET volunteer_num_max = 0 WHERE province = '江苏'`],
  },
  {
    table: 'employment',
    rule: 'percent',
    key: 'major_id=1001 year=2024',
    sql: ['UPDATE employment SET employment_rate = 101 WHERE major_id = 1001'],
  },
  {
    table: 'employment_directions',
    rule: 'percent',
    key: 'major_id=1001 year=2025 kind=position seq=2',
    sql: [`UPDATE employment_directions SET percentage = -1 WHERE kind = 'position' AND seq = 2`],
  },
  {
    table: 'content_items',
    rule: 'enum:category_enum',
    key: 'id=2',
    sql: ['UPDATE content_items SET category_enum = 9 WHERE id = 2'],
  },
  {
    table: 'provinces',
    rule: 'provinces:domain',
    key: 'name=江苏',
    sql: [`UPDATE provinces SET full_score = 700 WHERE name = '江苏'`],
  },
  {
    table: 'provinces',
    rule: 'provinces:seq',
    key: 'name=天津',
    sql: [`UPDATE provinces SET sort = 40 WHERE name = '天津'`],
  },
  {
    // the build's plans key, where a null sg_name equals '' (planRowKey); last, as row 4 is edited above
    table: 'plans',
    rule: 'unique:province+year+sid+subject_type+batch_name+plan_type+local_batch_name+sg_name+spname',
    key: 'province=北京 year=2025 sid=999999 subject_type=综合 batch_name=本科批 plan_type=普通 local_batch_name=本科普通批 sg_name="" spname=数学类(拔尖计划)',
    sql: [`INSERT INTO plans SELECT * REPLACE (99 AS id, '' AS sg_name) FROM plans WHERE id = 4`],
  },
]

/** Warning rules: reported, but the exit code stays 0 when they are the only findings. */
const WARNINGS: { table: string; rule: string; key: string; sql: string[] }[] = [
  {
    table: 'plans',
    rule: 'rank_consistency',
    key: 'id=1',
    sql: ['UPDATE plans SET min_section = 40 WHERE id = 1'],
  },
  {
    // a line of 南京大学's 专业组（01） 4 points above its major's 695
    table: 'plans',
    rule: 'major_below_group_line',
    key: 'id=1',
    sql: [
      `INSERT INTO plans SELECT * REPLACE (91 AS id, NULL AS major_id, '' AS spname, 'group' AS outcome_level, 699 AS min,
         NULL AS min_section, false AS rank_derived, NULL AS average, NULL AS max) FROM plans WHERE id = 1`,
    ],
  },
  {
    // row 1's major again, under another source's name for the same batch: the group lists it twice
    table: 'plans',
    rule: 'major_twice_in_group',
    key: 'id=92',
    sql: [
      `INSERT INTO plans SELECT * REPLACE (92 AS id, '普通本科批' AS local_batch_name) FROM plans WHERE id = 1`,
    ],
  },
  {
    table: 'category_stats',
    rule: 'applicants_vs_ranks',
    key: 'province=新疆 year=2025 subject_type=理科 title=2025年新疆理科考生',
    sql: [`UPDATE category_stats SET total_applicants = 19 WHERE province = '新疆'`],
  },
  {
    table: 'volunteer_rules',
    rule: 'full_score',
    key: 'province=北京 year=2025 batch_name=本科批',
    sql: [`UPDATE volunteer_rules SET score_max = 700 WHERE province = '北京'`],
  },
  {
    table: 'content_items',
    rule: 'column_types',
    key: 'column=sort',
    sql: ['ALTER TABLE content_items ALTER COLUMN sort TYPE BIGINT'],
  },
]

describe('validate rules', () => {
  it('defines a key for every table of schema.ts', () => {
    for (const table of Object.keys(SCHEMA)) expect(keyOf(table).length, table).toBeGreaterThan(0)
  })

  it('every rule of the catalogue is exercised by an injected violation', () => {
    const covered = new Set([...VIOLATIONS, ...WARNINGS].map((v) => v.rule.split(':')[0]))
    const untested = ruleCatalogue()
      .map((r) => r.name.split(':')[0] as string)
      .filter((name) => !covered.has(name) && !['manifest', 'leftovers', 'ranks', 'unique'].includes(name))
    // unique, ranks, manifest and leftovers are checked by their own sub-rules and tests below
    expect([...new Set(untested)]).toEqual([])
  })
})

describe('gaokao datasets validate', () => {
  let clean: string
  beforeAll(async () => {
    clean = await fixtureDataset()
  })

  it('passes on the clean fixture dataset (exit 0), every table present', async () => {
    const run = await validate(clean)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('结果: 通过')
    const json = JSON.parse((await validate(clean, '--json')).stdout) as ValidationReport
    expect(json.ok).toBe(true)
    expect(json.results.filter((r) => r.status === 'failed')).toEqual([])
    for (const table of Object.keys(SCHEMA))
      expect(json.tables.find((t) => t.table === table)?.present, table).toBe(true)
  })

  it('catches every injected violation, naming table, key and rule; exit 1', async () => {
    const dir = await fixtureDataset(VIOLATIONS.flatMap((v) => v.sql))
    const run = await validate(dir, '--max-per-rule', '50')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('校验未通过')
    const report = JSON.parse(
      (await validate(dir, '--json', '--max-per-rule', '50')).stdout,
    ) as ValidationReport
    expect(report.ok).toBe(false)
    for (const v of VIOLATIONS) {
      const result = report.results.find((r) => r.table === v.table && r.rule === v.rule)
      expect(result?.status, `${v.table} ${v.rule}`).toBe('failed')
      expect(result?.severity, `${v.table} ${v.rule}`).toBe('error')
      expect(
        result?.samples.map((s) => s.key),
        `${v.table} ${v.rule}`,
      ).toContain(v.key)
      // the terminal report prints each violation as: <table> <key>  [<rule>] <message>
      expect(run.stdout, `${v.table} ${v.rule}`).toContain(`${v.table} ${v.key}  [${v.rule}]`)
    }
  })

  it('reports warnings without failing (exit 0)', async () => {
    const dir = await fixtureDataset(WARNINGS.flatMap((v) => v.sql))
    const run = await validate(dir)
    expect(run.code).toBe(0)
    for (const w of WARNINGS) expect(run.stdout, w.rule).toContain(`${w.table} ${w.key}  [${w.rule}]`)
    expect(run.stdout).toContain('! 警告 plans rank_consistency')
    expect(run.stdout).toMatch(/结果: 通过 \(6 条规则有警告/)
  })

  it('rank_band: a rank outside its own table’s band for the score (±1 分) fails; the 区外 and 专科 tables count', async () => {
    // a 区外 table for 江苏 2025 物理类 (twice the ordinary counts), for the schools of other provinces
    const outside = `INSERT INTO score_ranks SELECT * REPLACE ('区外' AS level, num * 2 AS num, total * 2 AS total)
      FROM score_ranks WHERE province = '江苏' AND year = 2025 AND km = '物理类' AND level = ''`
    const result = async (dir: string) => {
      const report = JSON.parse(
        (await validate(dir, '--json', '--tables', 'plans')).stdout,
      ) as ValidationReport
      return report.results.find((r) => r.table === 'plans' && r.rule === 'rank_band')
    }
    const bad = await fixtureDataset([
      outside,
      // the issue's case: a 历史类 row carrying 物理类's rank of its score
      `UPDATE plans SET subject_type = '历史类', min = 648, min_section = 152 WHERE id = 2`,
      // 南京大学 is in 江苏: only the ordinary table is its own (697 is 17-21 there, 34-42 in the 区外 one)
      'UPDATE plans SET min = 697, min_section = 40 WHERE id = 1',
      // a 本科批 row of 广东 2026 has the 本科 table only: 300 is below it, so after its last row's first candidate
      `UPDATE plans SET province = '广东', year = 2026, subject_type = '物理类', min = 300, min_section = 5 WHERE id = 6`,
    ])
    const failed = await result(bad)
    expect(failed).toMatchObject({ status: 'failed', severity: 'error', count: 3 })
    expect(failed?.samples).toEqual([
      {
        key: 'id=1',
        message: 'min_section 40 is not a rank of min 697 in 江苏 2025 物理类 一分一段: 17-21 (±1 分 14-29)',
      },
      {
        key: 'id=2',
        message: 'min_section 152 is not a rank of min 648 in 江苏 2025 历史类 一分一段: 7-12 (±1 分 3-20)',
      },
      {
        key: 'id=6',
        message:
          'min_section 5 is not a rank of min 300 in 广东 2026 物理类 一分一段: 本科表 31+ (±1 分 31+)',
      },
    ])
    const run = await validate(bad, '--tables', 'plans')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('plans id=2  [rank_band] min_section 152 is not a rank of min 648')

    const good = await fixtureDataset([
      outside,
      'UPDATE plans SET min_section = 50 WHERE id = 1', // 694's rank on 695: one point, a tie or 加分
      'UPDATE plans SET min = 697, min_section = 40 WHERE id = 3', // 北京大学, outside 江苏: the 区外 table fits
      // a 专科批 row of 广东 2026 fits its 专科 table
      `UPDATE plans SET province = '广东', year = 2026, batch_name = '专科批', min = 300, min_section = 5 WHERE id = 5`,
    ])
    expect(await result(good)).toMatchObject({ status: 'ok', count: 0 })
  })

  it('skips the rules that compare a column stored as another type, naming it (was the engine binder error)', async () => {
    const dir = await fixtureDataset(['ALTER TABLE score_lines ALTER COLUMN score TYPE VARCHAR'])
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('column=score  [columns] type VARCHAR, schema: INTEGER')
    expect(run.stdout).toContain('列类型不符 score: VARCHAR')
    expect(run.stdout).not.toContain('Binder Error')
  })

  it('caps the printed violations per rule and says how many more there are', async () => {
    const dir = await fixtureDataset([`UPDATE plans SET provenance = 'unknown'`])
    const run = await validate(dir, '--max-per-rule', '2')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('plans provenance: 6 处')
    expect(run.stdout.match(/\[provenance\]/g)?.length).toBe(2)
    expect(run.stdout).toContain('… 另有 4 处未列出')
    // 0 prints no sample but counts and fails the same (it read no row and passed every table)
    const none = await validate(dir, '--max-per-rule', '0')
    expect(none.code).toBe(1)
    expect(none.stdout).toContain('plans provenance: 6 处')
    expect(none.stdout.match(/\[provenance\]/g)).toBeNull()
    const dup = await fixtureDataset([`INSERT INTO majors SELECT * FROM majors LIMIT 1`])
    expect((await validate(dup, '--max-per-rule', '0')).code).toBe(1)
  })

  it('checks manifest.json against the files, and notes leftovers of an interrupted write', async () => {
    const dir = await fixtureDataset()
    writeFileSync(join(dir, 'score_ranks.parquet.tmp'), 'partial')
    const manifestPath = join(dir, 'manifest.json')
    const manifest = JSON.parse((await import('node:fs')).readFileSync(manifestPath, 'utf8'))
    manifest.tables.majors.rows = 99
    writeFileSync(manifestPath, JSON.stringify(manifest))
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('majors rows  [manifest] manifest 99, file 3')
    expect(run.stdout).toContain('score_ranks file=score_ranks.parquet.tmp  [leftovers]')
  })

  it('refuses a manifest.json whose table entries were edited into another shape (was an internal error)', async () => {
    const dir = await fixtureDataset()
    const manifestPath = join(dir, 'manifest.json')
    const fs = await import('node:fs')
    const original = fs.readFileSync(manifestPath, 'utf8')
    for (const [edit, message] of [
      [(m: any) => (m.tables.plans.sha256 = null), 'tables.plans 的 sha256 应为 64 位十六进制, 实为 null'],
      [(m: any) => (m.tables.plans.rows = '5857'), 'tables.plans 的 rows 应为非负整数, 实为 "5857"'],
      [(m: any) => (m.tables.majors = 3), 'tables.majors 应为对象 {rows, sha256}'],
    ] as const) {
      const manifest = JSON.parse(original)
      edit(manifest)
      writeFileSync(manifestPath, JSON.stringify(manifest))
      const run = await validate(dir)
      expect(run.code, message).toBe(1)
      expect(run.stdout).toContain(`[readable] 格式不对: ${message}`)
      expect(run.stdout).not.toContain('内部错误')
    }
  })

  it('skips, with a note, the rules of tables that are not present and of missing dependencies', async () => {
    const dir = await csvDataset({
      csvDir: join(tmpdir(), 'no-such-dir'),
      files: { score_ranks: SCORE_RANKS, plans: join(CSV, 'plans.csv') },
      out: mkdtempSync(join(tmpdir(), 'gaokao-validate-')),
      manifest: false,
    })
    const run = await validate(dir)
    // the skips are notes; what fails is the missing manifest.json (a directory without it is not checked)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('manifest.json file=manifest.json  [readable] 不存在')
    expect(run.stdout).toContain('结果: 未通过: 1 条规则出错, 1 处违规')
    expect(run.stdout).toMatch(/schools\s+未安装, 跳过 \d+ 条规则/)
    expect(run.stdout).toContain('plans ref:schools: 需要 schools, 未安装')
    expect(run.stdout).toContain('plans ref:majors: 需要 majors, 未安装')
    const json = JSON.parse((await validate(dir, '--json')).stdout) as ValidationReport
    expect(json.results.find((r) => r.table === 'plans' && r.rule === 'manifest')?.note).toContain(
      'manifest.json',
    )
  })

  it('reports a table file that is not Parquet', async () => {
    const dir = await fixtureDataset()
    writeFileSync(join(dir, 'majors.parquet'), 'not parquet')
    const run = await validate(dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('majors majors.parquet  [readable] 已损坏或不是 Parquet 文件')
    expect(run.stdout).toContain('plans ref:majors: 需要 majors, 无法读取')
  })

  it('passes on the shipped datasets', async () => {
    const run = await validate(join(ROOT, 'datasets'))
    expect(run.stdout).toContain('结果: 通过')
    expect(run.code).toBe(0)
  })

  it('lists its rules, and refuses bad input with exit 2', async () => {
    const rules = await runGaokao(['datasets', 'validate', '--rules'])
    expect(rules.code).toBe(0)
    expect(rules.stdout).toContain('min_avg_max')
    expect(rules.stdout).toContain('ref:schools')
    expect((await validate(join(tmpdir(), 'no-such-datasets'))).code).toBe(2)
    expect((await validate(clean, '--tables', 'nope')).code).toBe(2)
    expect((await validate(clean, '--max-per-rule', '-1')).code).toBe(2)
  })

  it('says which tables --tables left unchecked (they read "0 条通过")', async () => {
    const run = await validate(clean, '--tables', 'score_lines')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/ {2}majors\s+\d+ 行 {2}未校验 \(不在 --tables 中\)/u)
    expect(run.stdout).toMatch(/ {2}score_lines\s+\d+ 行 {2}\d+ 条通过/u)
    expect(run.stdout).not.toContain(' 0 条通过')
  })
})

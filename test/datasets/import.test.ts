import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveTableFile, versionedFileName } from '../../src/data/table-files.js'
import { parseScoreCell } from '../../src/datasets/import/convert.js'
import { decodeText, parseDelimited } from '../../src/datasets/import/read.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'
import { bigPlanFile, exited, importPlansArgs, startImport, waitFor } from '../helpers/import-process.js'

const ROOT = resolve(import.meta.dirname, '../..')
const SAMPLES = join(ROOT, 'fixtures/import')

/** A fresh copy of the clean fixture dataset (every table, manifest.json). */
const dataset = () =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-import-')),
  })

const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
type Row = Record<string, unknown>
const rows = (dir: string, table: string): Promise<Row[]> => readParquet(liveTableFile(dir, table))
const sliceOf = (r: Row, p: string, y: number, km?: string) =>
  r.province === p && r.year === y && (km === undefined || r.km === km)

describe('import layouts', () => {
  it('reads the score cells of official sheets', () => {
    expect(parseScoreCell('612', 750)).toEqual({ low: 612, high: 612 })
    expect(parseScoreCell('695-750', 750)).toEqual({ low: 695, high: 750 })
    expect(parseScoreCell('750～695', 750)).toEqual({ low: 695, high: 750 })
    expect(parseScoreCell('695以上', 750)).toEqual({ low: 695, high: 750 })
    expect(parseScoreCell('580分及以上', 900)).toEqual({ low: 580, high: 900 })
    expect(parseScoreCell('≥ 700', 750)).toEqual({ low: 700, high: 750 })
    expect(parseScoreCell('100以下', 750)).toEqual({ low: 0, high: 100 })
    expect(parseScoreCell('合计', 750)).toBeNull()
  })

  it('reads CSV in UTF-8 (with or without BOM) and GB18030, with quotes and tabs', () => {
    const gb = Buffer.from([0xb7, 0xd6, 0xca, 0xfd, 0x2c, 0xc8, 0xcb, 0xca, 0xfd, 0x0a]) // 分数,人数 in GB18030
    expect(parseDelimited(decodeText(gb))).toEqual([['分数', '人数']])
    expect(parseDelimited(decodeText(Buffer.from('\uFEFF分数,人数\r\n"1,2",3\n')))).toEqual([
      ['分数', '人数'],
      ['1,2', '3'],
    ])
    expect(parseDelimited('a\tb\n"x ""y"""\t2')).toEqual([
      ['a', 'b'],
      ['x "y"', '2'],
    ])
  })
})

describe('gaokao datasets import', () => {
  it('replaces one 一分一段 slice from an official CSV sheet; other slices, order and manifest follow', async () => {
    const dir = await dataset()
    const before = await rows(dir, 'score_ranks')
    const run = await gaokao(
      'import',
      'score_ranks',
      join(SAMPLES, 'score_ranks.csv'),
      '--province',
      '江苏省',
      '--year',
      '2025',
      '--km',
      '物理',
      '--datasets',
      dir,
      '--replace', // the new table starts at 695-750: the old 701-750 ... 695 rows go
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('切片 province=江苏 year=2025 km=物理类 level="": 原有 12 行 → 导入 96 行')

    const after = await rows(dir, 'score_ranks')
    const slice = after.filter((r) => sliceOf(r, '江苏', 2025, '物理类'))
    expect(slice).toHaveLength(96)
    expect(slice[0]).toMatchObject({
      seq: 1,
      score: '695-750',
      score_low: 695,
      score_high: 750,
      num: 60,
      total: 60,
    })
    expect(slice[1]).toMatchObject({ seq: 2, score: '694', num: 48, total: 108, source: 'import' })
    expect(slice.at(-1)).toMatchObject({ seq: 96, score: '600', total: 26159 })
    // every other slice is untouched, in the same order, and the new slice sits where the old one was
    const others = (rs: Row[]) => rs.filter((r) => !sliceOf(r, '江苏', 2025, '物理类'))
    expect(others(after)).toEqual(others(before))
    expect(after.findIndex((r) => sliceOf(r, '江苏', 2025, '物理类'))).toBe(
      before.findIndex((r) => sliceOf(r, '江苏', 2025, '物理类')),
    )

    const entry = manifestOf(dir).tables.score_ranks
    expect(entry.rows).toBe(124)
    expect(entry.sha256).toBe(await sha256File(liveTableFile(dir, 'score_ranks')))
    expect(entry.imports).toEqual([
      {
        file: 'score_ranks.csv',
        source: 'import',
        slices: [{ province: '江苏', year: 2025, km: '物理类', level: '' }],
        rows: 96,
        replaced: 12,
      },
    ])
    // one switch: the entry names the new file, and the file it replaced is gone (the undo history has a copy)
    expect(entry.file).toBe(`score_ranks.${entry.sha256.slice(0, 16)}.parquet`)
    expect(readdirSync(dir).filter((f) => f.startsWith('score_ranks.'))).toEqual([entry.file])
    expect(run.stdout).toContain(`已写入 score_ranks 表 (${entry.file}): 40 → 124 行`)
    // the whole datasets directory still passes (the plans' ranks now disagree: warnings only)
    const validate = await gaokao('validate', '--datasets', dir)
    expect(validate.code).toBe(0)
    expect(validate.stdout).toContain('! 警告 plans rank_consistency')
  })

  it('reads an .xlsx sheet (read-excel-file) with a title row and a 分及以上 top band', async () => {
    const dir = await dataset()
    const run = await gaokao(
      'import',
      'score_ranks',
      join(SAMPLES, 'score_ranks.xlsx'),
      '--province',
      '新疆',
      '--year',
      '2025',
      '--km',
      '文科',
      '--source',
      'XJ-EEA',
      '--datasets',
      dir,
      '--replace',
    )
    expect(run.code).toBe(0)
    const slice = (await rows(dir, 'score_ranks')).filter((r) => sliceOf(r, '新疆', 2025, '文科'))
    expect(slice).toHaveLength(21)
    expect(slice[0]).toMatchObject({ score: '580-750', num: 12, total: 12, source: 'XJ-EEA' })
    expect(slice.at(-1)).toMatchObject({ score: '560', total: 508 })
    const manifest = manifestOf(dir)
    expect(manifest.tables.score_ranks.imports[0].source).toBe('XJ-EEA')
  })

  it('replaces the (province, year) slice of score_lines from a control-line table, keeping the ids of kept lines', async () => {
    const dir = await dataset()
    const run = await gaokao('import', 'score_lines', join(SAMPLES, 'score_lines.csv'), '--datasets', dir)
    expect(run.code).toBe(0)
    const after = await rows(dir, 'score_lines')
    expect(after.filter((r) => r.province === '北京')).toEqual([
      expect.objectContaining({ id: 4, year: 2024, type_name: '综合', score: 434 }),
    ])
    const jiangsu = after.filter((r) => sliceOf(r, '江苏', 2025))
    expect(jiangsu).toHaveLength(7)
    const byLine = Object.fromEntries(jiangsu.map((r) => [`${r.type_name} ${r.name}`, r]))
    expect(byLine['物理类 本科批']).toMatchObject({ id: 1, score: 462, is_use: 1, provenance: 'real' })
    expect(byLine['物理类 特殊类型招生控制线']).toMatchObject({ id: 2, score: 551 })
    expect(byLine['历史类 本科批']).toMatchObject({ id: 3, score: 477 })
    expect(byLine['体育类 本科批']).toMatchObject({ id: 5, major_score: 80 })
    expect(jiangsu.map((r) => r.id).sort()).toEqual([1, 2, 3, 5, 6, 7, 8])
  })

  it('imports a plan export: schools by name, majors by code, ranks derived from the 一分一段 table', async () => {
    const dir = await dataset()
    const before = await rows(dir, 'plans')
    const run = await runGaokao(importPlansArgs(join(SAMPLES, 'plans.csv'), dir))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const after = await rows(dir, 'plans')
    const kept = (rs: Row[]) => rs.filter((r) => !sliceOf(r, '江苏', 2025))
    expect(kept(after)).toEqual(kept(before))
    const slice = after.filter((r) => sliceOf(r, '江苏', 2025))
    expect(slice).toHaveLength(5)
    const cs = slice.find((r) => r.school_name === '南京大学' && r.spname === '计算机科学与技术')
    expect(cs).toMatchObject({
      id: 1, // the id of the plan it replaces
      sid: 10284,
      major_id: 1001,
      min: 696,
      min_section: 29, // 江苏 2025 物理类: 29 candidates at 696 or above
      rank_derived: true,
      local_batch_name: '本科批',
      plan_type: '普通',
      outcome_level: 'major',
      provenance: 'real',
      source: 'import',
      // the file's 第01组, named as the column contract and the rest of the data name a group
      sg_name: '专业组（01）',
    })
    expect(slice.find((r) => r.spname === '金融学')).toMatchObject({
      id: 2,
      min_section: 97,
      rank_derived: false,
    })
    expect(slice.find((r) => r.spname === '人工智能')).toMatchObject({ id: 7, major_id: null, sid: 10284 })
    expect(slice.find((r) => r.school_name === '北京大学')).toMatchObject({ id: 3, sid: 10001 })
    expect(slice.find((r) => r.sid === 100003)).toMatchObject({
      subject_type: '历史类',
      min: null,
      min_section: null,
      rank_derived: false,
      outcome_level: '',
      major_id: 3001,
    })
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)
  })

  it('refuses a file that breaks a rule: nothing replaced, a report naming rule and key, exit 1', async () => {
    const dir = await dataset()
    const file = join(mkdtempSync(join(tmpdir(), 'gaokao-bad-')), 'bad.csv')
    writeFileSync(file, '分数,人数,累计人数\n700,5,5\n699,3,9\n698,2,11\n')
    const sha = await sha256File(liveTableFile(dir, 'score_ranks'))
    const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8')
    const run = await gaokao(
      'import',
      'score_ranks',
      file,
      '--province',
      '江苏',
      '--year',
      '2025',
      '--km',
      '物理类',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('校验未通过, 什么都没有替换')
    expect(run.stdout).toContain(
      // the violation names the file and its line (699 is on line 3), not the seq the import generated
      '    bad.csv 第 3 行  [ranks:cumulative] total 9 != 5 + 3 at score 699',
    )
    expect(run.stderr).toContain('违反校验规则, 什么都没有替换')
    expect(await sha256File(liveTableFile(dir, 'score_ranks'))).toBe(sha)
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(manifest)
    expect(existsSync(join(dir, 'score_ranks.parquet.tmp'))).toBe(false)

    // a plan that names an unknown school breaks plans' rules (sid is required and must be in schools)
    const plans = join(mkdtempSync(join(tmpdir(), 'gaokao-bad-')), 'plans.csv')
    writeFileSync(plans, 'school_name,spname,subject_type,batch_name,num\n火星大学,天文学,物理类,本科批,3\n')
    const refused = await runGaokao(importPlansArgs(plans, dir))
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain(
      '    plans.csv 第 2 行 (火星大学)  [not_null] sid 为空 — 院校名称在 schools 中找不到',
    )
  })

  it('exits 2 for an unreadable or ill-formed file, or bad flags, and touches nothing', async () => {
    const dir = await dataset()
    const sha = await sha256File(liveTableFile(dir, 'score_ranks'))
    const tmp = mkdtempSync(join(tmpdir(), 'gaokao-ill-'))
    const write = (name: string, text: string) => {
      writeFileSync(join(tmp, name), text)
      return join(tmp, name)
    }
    const cases: [string[], string][] = [
      [
        ['score_ranks', join(tmp, 'missing.csv'), '--province', '江苏', '--year', '2025', '--km', '物理类'],
        `找不到文件 ${join(tmp, 'missing.csv')}`,
      ],
      [
        [
          'score_ranks',
          write('a.csv', 'score,num,total\n700,5,5\nabc,3,8\n'),
          '--province',
          '江苏',
          '--year',
          '2025',
          '--km',
          '物理类',
        ],
        "a.csv 第 3 行 第 1 列 (分数): 'abc' 无法识别",
      ],
      [
        [
          'score_ranks',
          write('b.csv', 'foo,bar\n1,2\n'),
          '--province',
          '江苏',
          '--year',
          '2025',
          '--km',
          '物理类',
        ],
        '找不到一分一段表的表头',
      ],
      [
        ['score_ranks', write('c.csv', 'score,num\n700,5\n'), '--province', '江苏', '--year', '2025'],
        '请加 --km',
      ],
      [
        [
          'score_ranks',
          write('d.csv', 'score,num\n700,5\n'),
          '--province',
          '火星',
          '--year',
          '2025',
          '--km',
          '物理类',
        ],
        '未知省份',
      ],
      [
        [
          'score_ranks',
          write('e.csv', 'score,num\n700,x5\n'),
          '--province',
          '江苏',
          '--year',
          '2025',
          '--km',
          '物理类',
        ],
        '人数',
      ],
      [
        [
          'score_ranks',
          write('f.csv', 'score,num\n700,5\n'),
          '--province',
          '江苏',
          '--year',
          '2025',
          '--km',
          '综合',
        ],
        '不适用于',
      ],
      [['score_ranks', write('g.xls', ''), '--province', '江苏', '--year', '2025', '--km', '物理类'], '.xls'],
      [
        [
          'score_ranks',
          write('h.xlsx', 'not a zip'),
          '--province',
          '江苏',
          '--year',
          '2025',
          '--km',
          '物理类',
        ],
        '不是可读的 .xlsx',
      ],
      [
        [
          'score_ranks',
          write('i.csv', 'score,num\n700,5\n'),
          '--year',
          '25',
          '--province',
          '江苏',
          '--km',
          '物理类',
        ],
        '--year',
      ],
      [
        [
          'plans',
          write('j.csv', 'sid,spname,subject_type,batch_name,num\n10284,x,物理类,本科批,many\n'),
          '--province',
          '江苏',
          '--year',
          '2025',
        ],
        "j.csv 第 2 行 第 5 列 (num): 'many' 不是整数",
      ],
      [['schools', write('k.csv', 'sid\n1\n')], '不能用 import 替换'],
      [['nope', write('l.csv', 'a\n1\n')], '未知的表'],
      [
        [
          'score_lines',
          write('m.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n'),
          '--year',
          '2024',
        ],
        '与 --year 2024 不符',
      ],
    ]
    for (const [args, message] of cases) {
      const run = await gaokao('import', ...args, '--datasets', dir)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr, args.join(' ')).toContain(message)
    }
    expect(await sha256File(liveTableFile(dir, 'score_ranks'))).toBe(sha)
  })

  it('--dry-run validates and reports without writing; --json gives the result', async () => {
    const dir = await dataset()
    const sha = await sha256File(liveTableFile(dir, 'score_lines'))
    const run = await gaokao(
      'import',
      'score_lines',
      join(SAMPLES, 'score_lines.csv'),
      '--dry-run',
      '--json',
      '--datasets',
      dir,
    )
    expect(run.code).toBe(0)
    const result = JSON.parse(run.stdout)
    expect(result).toMatchObject({
      ok: true,
      written: false,
      dryRun: true,
      rows: { before: 5, after: 8, replaced: 4, imported: 7 },
    })
    expect(await sha256File(liveTableFile(dir, 'score_lines'))).toBe(sha)
  })

  it('removes the file an import killed before its switch left, says so, then imports', async () => {
    const dir = await dataset()
    // a version of score_lines that manifest.json does not name: an import killed before its switch
    const sha = await sha256File(liveTableFile(dir, 'score_ranks'))
    const stray = join(dir, versionedFileName('score_lines', sha))
    copyFileSync(liveTableFile(dir, 'score_ranks'), stray)
    expect(liveTableFile(dir, 'score_lines')).toBe(join(dir, 'score_lines.parquet')) // not the table
    const run = await gaokao('import', 'score_lines', join(SAMPLES, 'score_lines.csv'), '--datasets', dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`已删除 ${basename(stray)}: 导入或撤销在切换之前被中断`)
    expect(existsSync(stray)).toBe(false)
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)

    // somebody's file under the table's plain name (the import switched away from it): kept, and reported
    const live = liveTableFile(dir, 'score_lines')
    copyFileSync(liveTableFile(dir, 'score_ranks'), join(dir, 'score_lines.parquet'))
    const validate = await gaokao('validate', '--datasets', dir)
    expect(validate.code).toBe(0)
    expect(validate.stdout).toContain('score_lines file=score_lines.parquet  [leftovers]')
    expect(validate.stdout).toContain(`不是本表 (在用的是 manifest.json 指向的 ${basename(live)})`)
    expect(existsSync(join(dir, 'score_lines.parquet'))).toBe(true)
    expect(liveTableFile(dir, 'score_lines')).toBe(live)
  })

  it('refuses to import over a table file that is not the one manifest.json describes (500 in --json)', async () => {
    const dir = await dataset()
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
    manifest.tables.score_lines.sha256 = 'f'.repeat(64)
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
    const run = await gaokao('import', 'score_lines', join(SAMPLES, 'score_lines.csv'), '--datasets', dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('score_lines.parquet 与 manifest.json 不符')
    // --json: the envelope every command prints on an error (500: the directory needs repair).
    const json = await gaokao(
      'import',
      'score_lines',
      join(SAMPLES, 'score_lines.csv'),
      '--datasets',
      dir,
      '--json',
    )
    expect(json.code).toBe(1)
    const body = JSON.parse(json.stdout)
    expect(body).toMatchObject({ code: 500, data: {} })
    expect(body.message).toContain('score_lines.parquet 与 manifest.json 不符')
    const bad = await gaokao('import', 'nope', join(SAMPLES, 'score_lines.csv'), '--datasets', dir, '--json')
    expect(bad.code).toBe(2)
    expect(JSON.parse(bad.stdout)).toMatchObject({ code: 400, data: {} })
  })
})

/** The built CLI runs the imports below; `npm run test:all` and `npm run test:slow` build it first. */
const BUILT = join(ROOT, 'dist/datasets/import/import.js')

function assertFreshBuild(): void {
  const sources = [
    'src/datasets/import/import.ts',
    'src/cli/datasets-import.ts',
    'src/datasets/import/write.ts',
    'src/datasets/import/lock.ts',
  ]
  if (!existsSync(BUILT))
    throw new Error('dist/ is missing: run `npm run build` (npm run test:all does it first)')
  const built = statSync(BUILT).mtimeMs
  for (const s of sources)
    if (statSync(join(ROOT, s)).mtimeMs > built)
      throw new Error(`dist/ is older than ${s}: run \`npm run build\` (npm run test:all does it first)`)
}

/** A plan export for 江苏 2025 large enough that writing it takes a while (60,000 rows). */
describe('gaokao datasets import, killed mid-write (the built CLI)', () => {
  it('killed after the new file is written, before the swap: the old table is intact, validate passes', async () => {
    assertFreshBuild()
    const dir = await dataset()
    const target = join(dir, 'plans.parquet')
    const sha = await sha256File(target)
    const file = bigPlanFile()
    const { child, stderr } = startImport(dir, file, 'after-tmp')
    await waitFor(() => stderr().includes('import paused at after-tmp'), 'the pause')
    expect(statSync(`${target}.tmp`).size).toBeGreaterThan(100_000) // the new table, fully written
    // another import meanwhile (another process) is refused at once by the lock, and touches nothing
    const concurrent = await gaokao(
      'import',
      'score_lines',
      join(SAMPLES, 'score_lines.csv'),
      '--datasets',
      dir,
    )
    expect(concurrent.code).toBe(1)
    expect(concurrent.stderr).toContain(`另一个导入正在进行 (pid ${child.pid}), 请稍后再试`)
    expect(statSync(`${target}.tmp`).size).toBeGreaterThan(100_000)
    child.kill('SIGKILL')
    await exited(child)

    expect(await sha256File(target)).toBe(sha)
    expect(await rows(dir, 'plans')).toHaveLength(6)
    expect(existsSync(join(dir, 'import.lock'))).toBe(true) // left by the killed process: stale
    const validate = await gaokao('validate', '--datasets', dir)
    expect(validate.code).toBe(0)
    expect(validate.stdout).toContain('plans file=plans.parquet.tmp  [leftovers]')
    // the next import simply overwrites the leftover
    const again = await runGaokao(importPlansArgs(file, dir, '--replace'))
    expect(again.code).toBe(0) // the stale lock is taken over
    expect(existsSync(join(dir, 'import.lock'))).toBe(false)
    expect(existsSync(`${target}.tmp`)).toBe(false)
    expect(await rows(dir, 'plans')).toHaveLength(60_003)
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)
  }, 120_000)

  it('killed while DuckDB writes the temporary file: the old table is intact, validate passes', async () => {
    assertFreshBuild()
    const dir = await dataset()
    const target = join(dir, 'plans.parquet')
    const sha = await sha256File(target)
    const { child } = startImport(dir, bigPlanFile())
    await waitFor(() => existsSync(`${target}.tmp`), 'the temporary file')
    child.kill('SIGKILL')
    await exited(child)
    expect(await sha256File(target)).toBe(sha)
    expect(await rows(dir, 'plans')).toHaveLength(6)
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)
  }, 120_000)

  it('killed after its switch, before the old file went: the new table is the table, the next import removes the old', async () => {
    assertFreshBuild()
    const dir = await dataset()
    const old = liveTableFile(dir, 'plans')
    const { child, stderr } = startImport(dir, bigPlanFile(), 'after-switch')
    await waitFor(() => stderr().includes('import paused at after-switch'), 'the pause')
    child.kill('SIGKILL')
    await exited(child)

    // manifest.json names the new file: it is the table, and the old one (kept by the undo history) is not
    const live = liveTableFile(dir, 'plans')
    expect(basename(live)).toMatch(/^plans\.[0-9a-f]{16}\.parquet$/u)
    expect(existsSync(old)).toBe(true)
    expect(await rows(dir, 'plans')).toHaveLength(60_003)
    const next = await runGaokao(importPlansArgs(join(SAMPLES, 'plans.csv'), dir, '--replace'))
    expect(next.code).toBe(0)
    expect(next.stdout).toContain(
      '已删除 plans.parquet: 导入或撤销在切换之后、收尾之前被中断, 它是被替换的旧表',
    )
    expect(existsSync(old)).toBe(false)
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)
  }, 120_000)
})

import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveTableFile } from '../../src/data/table-files.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { runGaokao } from '../helpers/cli.js'

/**
 * What an import must refuse or must not make up: concurrent imports (the lock), ranks outside the 一分一段
 * table, a sid and a school name that disagree, --level against the file's 层次, ids past INTEGER, and
 * violations that name generated ids instead of the file's lines.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const SAMPLES = join(ROOT, 'fixtures/import')

const dataset = (mutate?: string[]) =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), 'gaokao-import-')),
    mutate,
  })

const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])
type Row = Record<string, unknown>
const rows = (dir: string, table: string): Promise<Row[]> => readParquet(liveTableFile(dir, table))
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gaokao-in-')), name)
  writeFileSync(path, text)
  return path
}

/** The sha256 of every file a refused import must leave alone. */
async function snapshot(dir: string, table: string) {
  return {
    table: await sha256File(liveTableFile(dir, table)),
    manifest: readFileSync(join(dir, 'manifest.json'), 'utf8'),
  }
}

const importPlans = (dir: string, path: string, ...more: string[]) =>
  gaokao('import', 'plans', path, '--province', '江苏', '--year', '2025', '--datasets', dir, ...more)

describe('import lock', () => {
  it('two imports started together: one succeeds, the other is refused at once and changes nothing', async () => {
    const dir = await dataset()
    const a = file('a.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n')
    const b = file('b.csv', '年份,省份,科类,批次,分数线\n2024,北京,综合,本科批,440\n')
    const runs = await Promise.all([
      gaokao('import', 'score_lines', a, '--datasets', dir, '--replace'),
      gaokao('import', 'score_lines', b, '--datasets', dir, '--replace'),
    ])
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1])
    const won = runs.findIndex((r) => r.code === 0)
    const lost = runs[1 - won]
    expect(lost?.stderr).toMatch(/^错误: 另一个导入正在进行 \(pid \d+\), 请稍后再试; .*import\.lock\n$/u)
    expect(lost?.stdout).toBe('')

    const lines = await rows(dir, 'score_lines')
    const imports = manifestOf(dir).tables.score_lines.imports
    expect(imports).toHaveLength(1)
    if (won === 0) {
      expect(lines.filter((r) => r.province === '江苏' && r.year === 2025)).toHaveLength(1)
      expect(lines.find((r) => r.province === '北京')).toMatchObject({ score: 434 }) // b's line is not there
      expect(imports[0].file).toBe('a.csv')
    } else {
      expect(lines.find((r) => r.province === '北京')).toMatchObject({ score: 440 })
      expect(lines.filter((r) => r.province === '江苏' && r.year === 2025)).toHaveLength(4)
      expect(imports[0].file).toBe('b.csv')
    }
    expect(existsSync(join(dir, 'import.lock'))).toBe(false)
  })

  it('refuses while a live process holds the lock; takes over a lock whose process is gone', async () => {
    const dir = await dataset()
    const lines = join(SAMPLES, 'score_lines.csv')
    const before = await snapshot(dir, 'score_lines')
    writeFileSync(join(dir, 'import.lock'), `${process.pid}\nsomeone\n`)
    const busy = await gaokao('import', 'score_lines', lines, '--datasets', dir)
    expect(busy.code).toBe(1)
    expect(busy.stderr).toContain(`另一个导入正在进行 (pid ${process.pid}), 请稍后再试`)
    expect(await snapshot(dir, 'score_lines')).toEqual(before)
    expect(readFileSync(join(dir, 'import.lock'), 'utf8')).toBe(`${process.pid}\nsomeone\n`) // not ours to remove
    const json = await gaokao('import', 'score_lines', lines, '--datasets', dir, '--json')
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 409, data: {} })

    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number // exited: its pid is not alive
    writeFileSync(join(dir, 'import.lock'), `${dead}\nkilled\n`)
    const run = await gaokao('import', 'score_lines', lines, '--datasets', dir)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(existsSync(join(dir, 'import.lock'))).toBe(false)
    expect(existsSync(join(dir, 'import.lock.takeover'))).toBe(false)
  })
})

describe('plans: ranks, schools and file lines', () => {
  it('derives a rank only inside the 一分一段 table, like the builder (RankTable.rankOf)', async () => {
    const dir = await dataset()
    // 江苏 2025 物理类 runs from 701-750 down to 690; 历史类 from 650 (a single score, no top band) to 645
    const path = file(
      'p.csv',
      [
        '院校名称,专业名称,科类,批次,最低分',
        '南京大学,a,物理类,本科批,300',
        '南京大学,b,物理类,本科批,1',
        '南京大学,c,物理类,本科批,689',
        '南京大学,d,物理类,本科批,695',
        '南京大学,e,历史类,本科批,660',
        '南京大学,f,历史类,本科批,650',
      ].join('\n'),
    )
    const run = await importPlans(dir, path, '--replace')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const slice = (await rows(dir, 'plans')).filter((r) => r.province === '江苏' && r.year === 2025)
    const rank = (spname: string) => {
      const r = slice.find((x) => x.spname === spname)
      return [r?.min_section, r?.rank_derived]
    }
    expect(rank('a')).toEqual([null, false]) // below the table's last row: the table does not say
    expect(rank('b')).toEqual([null, false])
    expect(rank('c')).toEqual([null, false])
    expect(rank('d')).toEqual([42, true])
    expect(rank('e')).toEqual([null, false]) // above the table's top row
    expect(rank('f')).toEqual([2, true])
  })

  it('refuses a row whose sid and school name are two different schools, naming line, sid and both names', async () => {
    const dir = await dataset()
    const before = await snapshot(dir, 'plans')
    const path = file(
      'p.csv',
      '院校id,院校名称,专业名称,科类,批次\n10284,南京大学,a,物理类,本科批\n10284,北京大学,b,物理类,本科批\n',
    )
    const run = await importPlans(dir, path)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: p.csv 第 3 行: 院校id 10284 是 南京大学, 院校名称却是 北京大学\n')
    expect(await snapshot(dir, 'plans')).toEqual(before)

    // the same school spelled with an annotation agrees; the stored name is the schools table's
    const ok = file(
      'q.csv',
      '院校id,院校名称,专业名称,科类,批次\n10284,南京大学(中外合作办学),a,物理类,本科批\n',
    )
    expect((await importPlans(dir, ok, '--replace')).code).toBe(0)
    const [row] = (await rows(dir, 'plans')).filter((r) => r.province === '江苏' && r.year === 2025)
    expect(row).toMatchObject({ sid: 10284, school_name: '南京大学' })
  })

  it('names the file line and the school as written in each violation of an imported row', async () => {
    const dir = await dataset()
    const path = file(
      'p.csv',
      '说明: 江苏 2025\n院校名称,专业名称,科类,批次,计划数\n南京大学,a,物理类,本科批,3\n火星大学,b,物理类,本科批,-5\n',
    )
    const run = await importPlans(dir, path, '--json')
    expect(run.code).toBe(1)
    const result = JSON.parse(run.stdout)
    const samples = result.validation.results
      .filter((r: Row) => r.status === 'failed' && r.severity === 'error')
      .flatMap((r: { rule: string; samples: Row[] }) => r.samples.map((s) => ({ rule: r.rule, ...s })))
    expect(samples).toEqual(
      expect.arrayContaining([
        {
          rule: 'not_null',
          key: 'p.csv 第 4 行 (火星大学)',
          message: 'sid 为空 — 院校名称在 schools 中找不到',
          line: 4,
        },
        { rule: 'plan_num', key: 'p.csv 第 4 行 (火星大学)', message: 'num -5 < -1', line: 4 },
      ]),
    )
    expect(JSON.stringify(samples)).not.toMatch(/id=/u)
  })
})

describe('duplicate rows', () => {
  it('refuses a plans file with a row twice (the build’s key), naming both file lines', async () => {
    const dir = await dataset()
    const before = await snapshot(dir, 'plans')
    const row = '南京大学,法学,物理类,本科批,40,690\n'
    const path = file(
      'p.csv',
      `院校名称,专业名称,科类,批次,计划数,最低分\n${row}南京大学,哲学,物理类,本科批,5,688\n${row}`,
    )
    const run = await importPlans(dir, path)
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /\n {4}p\.csv 第 2 行 \(南京大学\) \(及 第 4 行\) {2}\[unique:province\+year\+sid\+[^\]]*\] 文件中的这几行重复/u,
    )
    expect(await snapshot(dir, 'plans')).toEqual(before)
  })

  it('names the file lines of a control line given twice', async () => {
    const dir = await dataset()
    const path = file(
      'l.csv',
      '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n2025,江苏,物理,本科批,463\n',
    )
    const run = await gaokao('import', 'score_lines', path, '--datasets', dir)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      '    l.csv 第 2 行 (及 第 3 行)  [unique:province+year+type_name+name] 文件中的这几行重复 (province, year, type_name, name 都相同)',
    )
  })
})

describe('flags against columns, ids', () => {
  it('refuses --level that contradicts the file’s 层次 column', async () => {
    const dir = await dataset()
    const path = file('r.csv', '分数,人数,累计人数,层次\n700,5,5,本科\n699,3,8,本科\n')
    const args = ['--province', '江苏', '--year', '2025', '--km', '物理', '--datasets', dir]
    const run = await gaokao('import', 'score_ranks', path, ...args, '--level', '专科')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("错误: r.csv 第 2 行: 层次 '本科' 与 --level 专科 不符\n")
    const same = await gaokao('import', 'score_ranks', path, ...args, '--level', '本科', '--dry-run')
    expect(same.code).toBe(0)
    expect(same.stdout).toContain('level=本科')
  })

  it('says which categories of the slice a file without them takes away, unless --km narrows the slice', async () => {
    const dir = await dataset()
    const path = file('wuli.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n')
    const whole = await gaokao('import', 'score_lines', path, '--datasets', dir, '--dry-run')
    expect(whole.code).toBe(0)
    const notes = whole.stdout.split('\n').filter((l) => l.includes('文件中没有'))
    expect(notes).toEqual([
      '  说明: 文件中没有 体育类 的行: 切片中原有的 1 行 体育类 将被删除 (只替换一个科类请用 --km)',
      '  说明: 文件中没有 历史类 的行: 切片中原有的 1 行 历史类 将被删除 (只替换一个科类请用 --km)',
    ])
    const narrowed = await gaokao(
      'import',
      'score_lines',
      path,
      '--datasets',
      dir,
      '--dry-run',
      '--km',
      '物理',
    )
    expect(narrowed.code).toBe(0)
    expect(narrowed.stdout).not.toContain('文件中没有')
  })

  it('says so for category_stats categories and volunteer_rules batches too, and refuses --km where no category is', async () => {
    const dir = await dataset()
    const stats = file(
      'stats.csv',
      'province,year,subject_type,title,total_applicants,undergrad_admitted,college_admitted\n' +
        '江苏,2025,历史类,2025年江苏历史类考生,100,50,100\n',
    )
    const s = await gaokao('import', 'category_stats', stats, '--datasets', dir, '--dry-run')
    expect(s.code, s.stderr).toBe(0)
    expect(s.stdout).toContain(
      '说明: 文件中没有 物理类 的行: 切片中原有的 1 行 物理类 将被删除 (只替换一个科类请用 --km)',
    )
    const rules = file(
      'rules.csv',
      'province,year,batch_name,local_batch_name,subjects_type,score_max,volunteer_type,volunteer_num_max,major_num_max\n' +
        '江苏,2025,本科提前批,本科提前批,2,750,2,10,6\n',
    )
    const r = await gaokao('import', 'volunteer_rules', rules, '--datasets', dir, '--dry-run')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain(
      '说明: 文件中没有 本科批 的行: 切片中原有的 1 行 本科批 将被删除 (要保留它们, 文件须列出该省该年的全部批次)',
    )
    const km = await gaokao(
      'import',
      'volunteer_rules',
      rules,
      '--km',
      '物理',
      '--datasets',
      dir,
      '--dry-run',
    )
    expect(km.code).toBe(2)
    expect(km.stderr).toBe('错误: --km 不适用于 volunteer_rules (它没有科类列)\n')
  })

  it('says what a new 一分一段 table leaves stale: ranks derived from the old one, the category statistics', async () => {
    const dir = await dataset()
    const derived = (await rows(dir, 'plans')).filter(
      (r) =>
        r.province === '江苏' && r.year === 2025 && r.subject_type === '物理类' && r.rank_derived === true,
    ).length
    expect(derived).toBeGreaterThan(0)
    const args = ['--province', '江苏', '--year', '2025', '--datasets', dir, '--dry-run']
    const run = await gaokao(
      'import',
      'score_ranks',
      join(SAMPLES, 'score_ranks.csv'),
      ...args,
      '--km',
      '物理',
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`说明: plans 中 ${derived} 行的位次由旧的一分一段表推算, 不随本次导入更新`)
    expect(run.stdout).toContain('说明: category_stats 中 1 行统计来自旧的一分一段表, 不随本次导入更新')
    // Another category's table leaves 物理类's derived figures alone.
    const other = await gaokao(
      'import',
      'score_ranks',
      join(SAMPLES, 'score_ranks.csv'),
      ...args,
      '--km',
      '历史',
    )
    expect(other.code).toBe(0)
    expect(other.stdout).not.toContain('plans 中')
  })

  it('names the file line of a number too large for its column', async () => {
    const dir = await dataset()
    const path = file(
      'big.csv',
      '江苏控制线\n年份,省份,科类,批次,分数线\n2025,江苏,物理,本科批,462\n2025,江苏,历史,本科批,99999999999\n',
    )
    const run = await gaokao('import', 'score_lines', path, '--datasets', dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: big.csv 第 4 行 第 5 列 (score): 99999999999 超出整数范围\n')
  })

  it('gives new ids that fit INTEGER when the largest id in use leaves no room after it', async () => {
    // the builder's score_lines ids are 31-bit hashes (up to 2147392214 shipped)
    const dir = await dataset(['UPDATE score_lines SET id = 2147483600 WHERE id = 4'])
    const path = file(
      'l.csv',
      `年份,省份,科类,批次,分数线\n${Array.from({ length: 100 }, (_, i) => `2025,江苏,物理,线${i},${400 + i}`).join('\n')}\n`,
    )
    const run = await gaokao('import', 'score_lines', path, '--datasets', dir, '--replace')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const after = await rows(dir, 'score_lines')
    const imported = after.filter((r) => r.province === '江苏' && r.year === 2025).map((r) => r.id)
    // the smallest unused ids, in file order: 1, 2, 3 and 5 stay taken (the replaced slice's), 4 is free
    expect(imported).toEqual([4, ...Array.from({ length: 99 }, (_, i) => 6 + i)])
    expect(after.find((r) => r.province === '北京')?.id).toBe(2147483600)
    expect(new Set(after.map((r) => r.id)).size).toBe(after.length)
  })
})

describe('the documented sample against the shipped datasets', () => {
  it('imports fixtures/import/plans.csv: a renamed school (无锡职业技术学院) is found as the builder finds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-shipped-'))
    cpSync(join(ROOT, 'datasets'), dir, { recursive: true })
    const run = await importPlans(dir, join(SAMPLES, 'plans.csv'), '--dry-run', '--json')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, rows: { imported: 5 } })
  }, 120_000)
})

import { appendFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importRun } from '../../src/cli/datasets-import.js'
import { liveTableFile } from '../../src/data/table-files.js'
import { importSlice } from '../../src/datasets/import/import.js'
import { readParquet, sha256File } from '../../src/datasets/parquet.js'
import { runGaokao } from '../helpers/cli.js'
import { fixtureDataset } from './damaged-files.js'
import { ROOT } from './helpers.js'

/**
 * Data staff cannot lose data by accident (issue 18): an import says which rows it adds, changes and removes
 * before it writes, and removes none without --replace (or a yes at a terminal); `datasets undo` puts the table
 * back; errors name the file's line and column; a missing file is one line; the warnings the table already had
 * are summarised once, not repeated by every import.
 */

const gaokao = (...args: string[]) => runGaokao(['datasets', ...args])
type Row = Record<string, unknown>
const rows = (dir: string, table: string): Promise<Row[]> => readParquet(liveTableFile(dir, table))
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
const jiangsu2025 = (rs: Row[]) => rs.filter((r) => r.province === '江苏' && r.year === 2025)
const lineNames = async (dir: string) =>
  jiangsu2025(await rows(dir, 'score_lines')).map((r) => `${r.type_name} ${r.name} ${r.score}`)

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gaokao-in-')), name)
  writeFileSync(path, text)
  return path
}

/** The two 专科批 lines of the issue: the fixture's 江苏 2025 has 本科批, 特殊类型招生 and 体育类 lines. */
const zk = () =>
  file('zk.csv', '年份,省份,科类,批次,分数线\n2025,江苏,物理,专科批,220\n2025,江苏,历史,专科批,220\n')

async function snapshot(dir: string) {
  return {
    table: await sha256File(liveTableFile(dir, 'score_lines')),
    manifest: readFileSync(join(dir, 'manifest.json'), 'utf8'),
  }
}

describe('an import that would remove rows', () => {
  it('is refused without --replace (exit 2), naming what it would remove; nothing is written', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const before = await snapshot(dir)
    const run = await gaokao('import', 'score_lines', zk(), '--datasets', dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      '错误: 导入会删除 score_lines 中已有的 4 行 (江苏 2025 物理类 本科批 1 行, 江苏 2025 物理类 特殊类型招生控制线 1 行, ' +
        '江苏 2025 历史类 本科批 1 行, 江苏 2025 体育类 本科批 1 行), 文件中没有它们: 没有 --replace, 什么都没有替换. ' +
        '确要删除请加 --replace; 只替换一个科类请用 --km; 只看变动用 --dry-run\n',
    )
    // before anything is written, the report counts the rows per province, year, category and batch, with samples
    expect(run.stdout).toContain('  变动: 新增 2 行, 修改 0 行, 删除 4 行, 不变 0 行\n')
    expect(run.stdout).toContain('    江苏 2025 物理类 本科批: 删除 1\n')
    expect(run.stdout).toContain('    江苏 2025 物理类 专科批: 新增 1\n')
    expect(run.stdout).toContain('    zk.csv 第 2 行: 江苏 2025 物理类 专科批 score=220\n')
    expect(run.stdout).toContain('    江苏 2025 物理类 本科批 score=463\n')
    expect(await snapshot(dir)).toEqual(before)

    const json = await gaokao('import', 'score_lines', zk(), '--datasets', dir, '--json')
    expect(json.code).toBe(2)
    const answer = JSON.parse(json.stdout)
    expect(answer).toMatchObject({ ok: true, written: false, plan: { added: 2, removed: 4, changed: 0 } })
    expect(answer.plan.groups).toContainEqual({
      slice: { province: '江苏', year: 2025, type_name: '历史类', name: '本科批' },
      added: 0,
      changed: 0,
      removed: 1,
      kept: 0,
    })
    expect(answer.refused).toContain('导入会删除 score_lines 中已有的 4 行')
    expect(await snapshot(dir)).toEqual(before)
  })

  it('--dry-run shows the plan and says --replace would be needed; --replace removes them', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const before = await snapshot(dir)
    const dry = await gaokao('import', 'score_lines', zk(), '--datasets', dir, '--dry-run')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(
      '--dry-run: 未写入 (5 → 3 行); 实际导入会删除 4 行, 须加 --replace (或在终端确认)',
    )
    expect(await snapshot(dir)).toEqual(before)

    const run = await gaokao('import', 'score_lines', zk(), '--datasets', dir, '--replace')
    expect(run.code).toBe(0)
    expect(await lineNames(dir)).toEqual(['物理类 专科批 220', '历史类 专科批 220'])
  })

  it('needs no flag when it removes nothing, and names what it changes, old value and new', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const run = await gaokao(
      'import',
      'score_lines',
      join(ROOT, 'fixtures/import/score_lines.csv'),
      '--datasets',
      dir,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('  变动: 新增 3 行, 修改 4 行, 删除 0 行, 不变 0 行\n')
    expect(run.stdout).toContain('    score_lines.csv 第 2 行: 江苏 2025 物理类 本科批: score 463 → 462\n')
  })

  it('asks at a terminal: no keeps everything, yes writes', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const before = await snapshot(dir)
    const asked: string[] = []
    let notes = ''
    const io = (answer: boolean) => ({
      env: {},
      isTTY: true,
      note: (t: string) => {
        notes += t
      },
      confirm: async (message: string) => {
        asked.push(message)
        return answer
      },
    })
    const opts = { source: 'import', datasets: dir }
    const no = await importRun.action(['score_lines', zk()], opts, io(false))
    expect(asked).toEqual(['删除上面列出的 4 行并写入 score_lines 表?'])
    expect(notes).toContain('江苏 2025 物理类 特殊类型招生控制线: 删除 1') // the plan, shown before the question
    expect(no).toMatchObject({ written: false })
    expect(no.refused).toMatch(/^导入会删除 score_lines 中已有的 4 行 .*: 未确认删除, 什么都没有替换/u)
    expect(importRun.failure?.(no)?.badInput).toBe(true)
    expect(await snapshot(dir)).toEqual(before)

    const yes = await importRun.action(['score_lines', zk()], opts, io(true))
    expect(yes).toMatchObject({ written: true, removalApproved: 'prompt' })
    expect(await lineNames(dir)).toEqual(['物理类 专科批 220', '历史类 专科批 220'])
    // an import that removes nothing asks nothing
    await importRun.action(['score_lines', join(ROOT, 'fixtures/import/score_lines.csv')], opts, io(false))
    expect(asked).toHaveLength(2)
  })
})

describe('gaokao datasets undo', () => {
  it('restores the state before the last import, then the one before; then says there is nothing to undo', async () => {
    const dir = await fixtureDataset('gaokao-undo-')
    const original = await snapshot(dir)
    const entry0 = manifestOf(dir).tables.score_lines
    expect((await gaokao('import', 'score_lines', zk(), '--datasets', dir, '--replace')).code).toBe(0)
    const afterFirst = await snapshot(dir)
    const entry1 = manifestOf(dir).tables.score_lines
    const second = await gaokao(
      'import',
      'score_lines',
      join(ROOT, 'fixtures/import/score_lines.csv'),
      '--datasets',
      dir,
    )
    expect(second.stdout).toContain('撤销这次导入: gaokao datasets undo (可连续撤销最近 2 次导入)')

    const list = await gaokao('undo', '--list', '--datasets', dir)
    expect(list.stdout).toMatch(
      /1\. .* 导入 score_lines ← score_lines\.csv \(3 → 8 行\)\n {2}2\. .* ← zk\.csv \(5 → 3 行\)\n$/u,
    )

    const undo = await gaokao('undo', '--datasets', dir)
    expect(undo.code).toBe(0)
    expect(undo.stdout).toMatch(/^已撤销 .* 导入 score_lines ← score_lines\.csv \(3 → 8 行\)\n/u)
    expect(undo.stdout).toContain(
      'score_lines 表恢复为导入前的 3 行; manifest.json 中 score_lines 的记录已恢复',
    )
    expect(await snapshot(dir)).toEqual(afterFirst)
    expect(manifestOf(dir).tables.score_lines).toEqual(entry1)

    const again = await gaokao('undo', '--datasets', dir)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('恢复为导入前的 5 行')
    expect(again.stdout).toContain('没有更早的可撤销导入了')
    expect(await sha256File(liveTableFile(dir, 'score_lines'))).toBe(original.table)
    expect(manifestOf(dir).tables.score_lines).toEqual(entry0)
    expect(await lineNames(dir)).toHaveLength(4)
    expect((await gaokao('validate', '--datasets', dir)).code).toBe(0)

    const none = await gaokao('undo', '--datasets', dir, '--json')
    expect(none.code).toBe(0)
    expect(JSON.parse(none.stdout)).toMatchObject({ outcome: 'none', undone: null, remaining: 0 })
    expect((await gaokao('undo', '--datasets', dir)).stdout).toBe(`没有可撤销的导入 (数据目录 ${dir})\n`)
  })

  it('refuses, touching nothing, when the table changed after that import', async () => {
    const dir = await fixtureDataset('gaokao-undo-')
    expect((await gaokao('import', 'score_lines', zk(), '--datasets', dir, '--replace')).code).toBe(0)
    appendFileSync(liveTableFile(dir, 'score_lines'), 'edited by hand')
    const before = await snapshot(dir)
    const run = await gaokao('undo', '--datasets', dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^错误: score_lines\.[0-9a-f]{16}\.parquet 在 .* 的导入 \(zk\.csv\) 之后又被改动过 .*不能撤销, 什么都没有改动/u,
    )
    expect(await snapshot(dir)).toEqual(before)
  })

  it('an import stopped before its swap leaves a record that undo drops without touching the table', async () => {
    const dir = await fixtureDataset('gaokao-undo-')
    const before = await snapshot(dir)
    // stopped (as if killed) after the undo record and the new file were written, before the switch
    await expect(
      importSlice(
        { table: 'score_lines', file: zk(), datasets: dir, options: { source: 'import' }, replace: true },
        {
          pause: async (point) => {
            if (point === 'before-switch') throw new Error('killed')
          },
        },
      ),
    ).rejects.toThrow('killed')
    const run = await gaokao('undo', '--datasets', dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('已是')
    expect(run.stdout).toContain('已删除这条撤销记录, 数据未改动')
    expect(run.stdout).toMatch(/已删除 score_lines\.[0-9a-f]{16}\.parquet: 导入或撤销在切换之前被中断/u)
    expect(await snapshot(dir)).toEqual(before)
    expect(readdirSync(dir).filter((f) => f.startsWith('score_lines.'))).toEqual(['score_lines.parquet'])
    expect((await gaokao('undo', '--datasets', dir)).stdout).toContain('没有可撤销的导入')
  })
})

describe('errors in the file’s own terms', () => {
  it('a missing file is one line, not ENOENT', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const run = await gaokao('import', 'score_lines', 'zk-not-here.csv', '--datasets', dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: 找不到文件 zk-not-here.csv\n')
  })

  it('a bad value names the file, its line and its column, even below a cell with line breaks', async () => {
    const dir = await fixtureDataset('gaokao-safety-')
    const bad = file(
      'zk.csv',
      '年份,省份,科类,批次,分数线\n2025,江苏,物理,专科批,220\n2025,江苏,历史,专科批,abc\n',
    )
    const run = await gaokao('import', 'score_lines', bad, '--datasets', dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("错误: zk.csv 第 3 行 第 5 列 (score): 'abc' 不是整数\n")
    // the 备注 of line 2 runs over two lines: the bad row is the file's line 4, the sheet's third row
    const multi = file(
      'zk.csv',
      '分数线,年份,省份,科类,批次,备注\n220,2025,江苏,物理,专科批,"第一行\n第二行"\nx,2025,江苏,历史,专科批,\n',
    )
    const shifted = await gaokao('import', 'score_lines', multi, '--datasets', dir)
    expect(shifted.stderr).toBe("错误: zk.csv 第 4 行 第 1 列 (score): 'x' 不是整数\n")
  })
})

describe('the warnings a table already had', () => {
  // a rank inside the band of its score but not the table's own (42): a rank_consistency warning (no error) of a
  // row no import of 北京 touches
  const withBacklog = () =>
    fixtureDataset('gaokao-backlog-', ['UPDATE plans SET rank_derived = true, min_section = 35 WHERE id = 1'])

  it('are summarised in one line, not listed, by a failed import and by one that passes', async () => {
    const dir = await withBacklog()
    const validate = await gaokao('validate', '--datasets', dir)
    expect(validate.stdout).toContain('! 警告 plans rank_consistency: 1 处')
    const mars = file('p.csv', '院校名称,专业名称,科类,批次,计划数\n火星大学,天文学,综合,本科批,3\n')
    const failed = await gaokao(
      'import',
      'plans',
      mars,
      '--province',
      '北京',
      '--year',
      '2025',
      '--datasets',
      dir,
    )
    expect(failed.code).toBe(1)
    const summary =
      '另有 1 处警告 (plans rank_consistency) 的样本都是表中原有的行, 不是 p.csv 的, 此处不列出; ' +
      '查看: gaokao datasets validate --tables plans'
    expect(failed.stdout.split('\n').filter((l) => l.includes('rank_consistency'))).toEqual([summary])
    expect(failed.stdout).not.toContain('id=1')
    expect(failed.stdout).toContain('p.csv 第 2 行 (火星大学)  [not_null]') // the file's own errors, in full

    const ok = file('p.csv', '院校名称,专业名称,科类,批次,计划数\n北京大学,数学类,综合,本科批,3\n')
    const passed = await gaokao(
      'import',
      'plans',
      ok,
      '--province',
      '北京',
      '--year',
      '2025',
      '--datasets',
      dir,
      '--replace',
    )
    expect(passed.code).toBe(0)
    expect(passed.stdout.split('\n').filter((l) => l.includes('rank_consistency'))).toEqual([`  ${summary}`])
  })
})

import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import readXlsx from 'read-excel-file/node'
import { describe, expect, it } from 'vitest'

/**
 * The bar of the menu (issue 18): a person at a real terminal goes from `gaokao` to a saved 志愿表.xlsx for a 江苏
 * 物理 612 candidate without typing a flag. The built CLI on the shipped datasets, in a pseudo-terminal driven by
 * test/helpers/pty-session.py (python3's pty module: no npm dependency), and the workbook read back.
 */

const ROOT = join(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'bin', 'gaokao.js')
const DRIVER = join(ROOT, 'test', 'helpers', 'pty-session.py')

const DOWN = '\u001b[B'
const ENTER = '\r'

interface Session {
  exit: number | null
  failed_step: number | null
  transcript: string
}

async function session(cwd: string, steps: [string, string | string[]][]): Promise<Session> {
  const spec = { argv: [process.execPath, BIN], cwd, steps, timeout: 90, env: { NO_COLOR: '1' } }
  const { stdout } = await promisify(execFile)('python3', [DRIVER, JSON.stringify(spec)], {
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(stdout) as Session
}

describe('the menu at a terminal', () => {
  it('goes from `gaokao` to a saved 志愿表.xlsx for a 江苏 物理 612 candidate without a flag', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gaokao-menu-pty-'))
    // A select prompt jumps to the choice whose name starts with what is typed; a checkbox toggles with space.
    const run = await session(cwd, [
      ['要做什么', ['生成', ENTER]],
      ['省份', ['江苏', ENTER]],
      ['年份', ENTER],
      ['批次', ['本科批', ENTER]],
      ['首选科目', ['物理', ENTER]],
      ['再选科目', [' ', DOWN, ' ', ENTER]],
      ['分数', ['612', ENTER]],
      ['接下来', ['导出', ENTER]],
      ['文件名', ENTER],
      ['要做什么', ['退出', ENTER]],
    ])
    expect(run.failed_step, run.transcript.slice(-3000)).toBeNull()
    expect(run.exit, run.transcript.slice(-3000)).toBe(0)
    // the menu showed the command it ran, then the same with --out
    const line =
      /等价命令: (gaokao smart-match --province 江苏 --batch 本科批 --rank-year (\d{4}) --subject 物理 --xuanke 物理,化学,生物 --score 612)\r?\n/u.exec(
        run.transcript,
      )
    expect(line, run.transcript.slice(0, 3000)).not.toBeNull()
    expect(run.transcript).toContain(`等价命令: ${line?.[1]} --out 志愿表.xlsx`)
    expect(run.transcript).toContain('江苏 物理类 612 分')

    // The same list in JSON, from the command the menu showed: the workbook must hold exactly its items.
    const argv = (line?.[1] ?? '').split(' ').slice(1)
    const json = spawnSync(process.execPath, [BIN, ...argv, '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const { chong, wen, bao } = JSON.parse(json.stdout).data.zyb_data.zybData
    const items = [...chong, ...wen, ...bao] as { schoolName: string }[]
    expect(items.length).toBe(40)

    const sheets = await readXlsx(join(cwd, '志愿表.xlsx'))
    expect(sheets.map((s) => s.sheet)).toEqual(expect.arrayContaining(['志愿表', '说明']))
    const form = sheets.find((s) => s.sheet === '志愿表')?.data ?? []
    const header = form.findIndex((row) => row[0] === '志愿序号')
    expect(form[header]).toEqual(
      expect.arrayContaining(['志愿序号', '院校代码', '院校', '专业组', '专业1', '专业6']),
    )
    const rows = form.slice(header + 1).filter((row) => typeof row[0] === 'number')
    expect(rows.map((row) => row[0])).toEqual(items.map((_, i) => i + 1))
    const school = form[header]?.indexOf('院校') ?? -1
    expect(rows.map((row) => row[school])).toEqual(items.map((item) => item.schoolName))
    const cover = JSON.stringify(sheets.find((s) => s.sheet === '说明')?.data)
    for (const fact of ['江苏', '612', '物理']) expect(cover).toContain(fact)
  })
})

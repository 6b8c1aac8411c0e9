import { describe, expect, it } from 'vitest'
import { usageErrorText } from '../../src/cli/usage-errors.js'
import { runGaokao } from '../helpers/cli.js'

// Usage errors stop before any dataset is opened: no datasets directory is needed.
const gaokao = (...args: string[]) => runGaokao(args)
const HINT = ' (用 --help 查看用法)\n'

describe("commander's usage errors", () => {
  it('are one line on stderr, in Chinese, with the way to the help, and exit 2', async () => {
    const cases: [string[], string][] = [
      [['seating', 'list', '--bogus'], '未知选项 --bogus'],
      [['seating', 'list', '--provnce', '江苏'], '未知选项 --provnce, 是否想用 --province'],
      [['seatin'], '未知命令 seatin, 是否想用 seating'],
      [['seating', 'lst'], '未知命令 lst, 是否想用 list'],
      [
        ['seating', 'list', '--format', 'xml'],
        '选项 --format 的值 "xml" 无效, 可选: table, json, ndjson, csv',
      ],
      [['seating', 'list', '--province'], '选项 --province 缺少值'],
      [['seating', 'list', 'a', 'b'], '参数过多: 应为 0 个, 收到 2 个'],
      [['major-groups'], '缺少参数 <school>'],
      [['tokens', 'create'], '缺少必填选项 --province'],
    ]
    for (const [args, message] of cases) {
      const run = await gaokao(...args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr, args.join(' ')).toBe(`错误: ${message}${HINT}`)
      expect(run.stdout, args.join(' ')).toBe('')
    }
  })
  it('--json beside another --format is refused (the JSON was written silently)', async () => {
    const run = await gaokao('seating', 'list', '--province', '江苏', '--format', 'csv', '--json')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: --json 与 --format csv 不能同时使用 (--json 即 --format json)\n')
  })
  it('a command group without its command shows its help on stderr and exits 2 (it exited 0, as if answered)', async () => {
    const run = await gaokao('seating')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('用法: gaokao seating')
    expect((await gaokao('seating', '--help')).code).toBe(0)
  })
  it('give the same message in the envelope with --json', async () => {
    const run = await gaokao('seating', 'list', '--format', 'xml', '--json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual({
      code: 400,
      message: '选项 --format 的值 "xml" 无效, 可选: table, json, ndjson, csv',
      data: {},
    })
  })
  it('keep a wording they do not know as commander wrote it, on one line', () => {
    expect(usageErrorText("error: something new 'x'\n(with a second line)\n")).toBe(
      "something new 'x' (with a second line)",
    )
    expect(usageErrorText("error: option '-f, --format <format>' argument 'x' is invalid. 需要 y")).toBe(
      '选项 --format 的值 "x" 无效: 需要 y',
    )
  })
})

import { type Command, Option } from 'commander'
import { badInputError, type CliIo } from './io.js'
import { renderJson } from './render.js'
import { registerAudit } from './smart-match-audit.js'
import type { BacktestCommandOptions } from './smart-match-backtest.js'
import type { Prompter, SmartMatchAnswers } from './smart-match-prompts.js'

/**
 * The terminal side of smart-match, on top of the commands the endpoint registry builds (`smart-match`,
 * `smart-match counts`): questions for missing values in a terminal, tier colours, and `smart-match backtest`.
 */
export function registerSmartMatchCommands(
  program: Command,
  io: CliIo,
  setExit: (code: number) => void,
  /** The questions; tests inject answers here (default: @inquirer/prompts) */
  prompter?: () => Promise<Prompter>,
): void {
  const smartMatch = program.commands.find((c) => c.name() === 'smart-match')
  if (!smartMatch) return
  smartMatch.hook('preAction', async (_self, action) => {
    if (action === smartMatch) {
      await completeOptions(action, io, { batch: true, rankYear: true, scoreOrRank: true }, prompter)
    } else if (action.name() === 'counts' && action.parent === smartMatch) {
      await completeOptions(action, io, { batch: false, rankYear: false, scoreOrRank: false }, prompter)
    }
  })
  registerBacktest(smartMatch, io, setExit)
  registerAudit(smartMatch, io)
}

const FLAG: Record<keyof SmartMatchAnswers, string> = {
  province: '--province',
  batch: '--batch',
  rankYear: '--rank-year',
  subject: '--subject',
  xuanke: '--xuanke',
  score: '--score',
  rank: '--rank',
}

const present = (v: unknown) => typeof v === 'string' && v.trim() !== ''

/** The required values that are missing: asked in a terminal, else one line and exit 2. */
async function completeOptions(
  cmd: Command,
  io: CliIo,
  needs: { batch: boolean; rankYear: boolean; scoreOrRank: boolean },
  prompter?: () => Promise<Prompter>,
): Promise<void> {
  const opts = cmd.opts() as Record<string, string | boolean | undefined>
  const missing: string[] = []
  if (!present(opts.province)) missing.push(FLAG.province)
  if (needs.batch && !present(opts.batch)) missing.push(FLAG.batch)
  if (needs.rankYear && !present(opts.rankYear)) missing.push(FLAG.rankYear)
  if (needs.scoreOrRank ? !present(opts.score) && !present(opts.rank) : !present(opts.score))
    missing.push(needs.scoreOrRank ? `${FLAG.score} 或 ${FLAG.rank}` : FLAG.score)
  if (missing.length === 0) return
  const json = opts.json === true || opts.format === 'json'
  if (!io.interactive) {
    // Scripts asking for JSON get the spec's error envelope from the endpoint instead.
    if (json) return
    throw badInputError(
      `缺少 ${missing.join('、')} (不在终端中运行, 无法逐项询问; 见 gaokao ${cmd.parent?.name() === 'smart-match' ? 'smart-match counts' : 'smart-match'} --help)`,
    )
  }
  const [{ openDb }, { askMissing, inquirerPrompter }] = await Promise.all([
    import('../data/db.js'),
    import('./smart-match-prompts.js'),
  ])
  const db = openDb({ datasetsDir: opts.datasets as string | undefined })
  try {
    const given: SmartMatchAnswers = {
      province: opts.province as string | undefined,
      batch: opts.batch as string | undefined,
      rankYear: opts.rankYear as string | undefined,
      subject: opts.subject as string | undefined,
      xuanke: opts.xuanke as string | undefined,
      score: opts.score as string | undefined,
      rank: needs.scoreOrRank ? (opts.rank as string | undefined) : undefined,
    }
    // Ctrl-C at a question rejects with @inquirer's ExitPromptError: runCli reports it as a cancel (exit 130).
    const ask = await (prompter ?? inquirerPrompter)()
    const answers = await askMissing(db, given, ask, new Date().getFullYear(), needs)
    for (const [key, value] of Object.entries(answers)) {
      if (value !== undefined && (key !== 'batch' || needs.batch) && (key !== 'rankYear' || needs.rankYear))
        cmd.setOptionValue(key, value)
    }
  } finally {
    // A datasets directory that failed to open rejects again on close: the first error is the one to report.
    await db.close().catch(() => {})
  }
}

function registerBacktest(parent: Command, io: CliIo, setExit: (code: number) => void): void {
  parent
    .command('backtest')
    .description(
      '回测: 只用该年以前的录取结果为该年的考生生成志愿表, 再与该年实际最低位次对比 (各档录取比例, 保 的位次比)',
    )
    .option('--province <province>', '省份 (或用 --all)')
    .option('--all', '所有有该年及往年录取位次的省份')
    .addOption(new Option('--year <year>', '回测年份').default('2025'))
    .addOption(
      new Option('--samples <n>', '每个科类抽取的考生位次数 (在该年可选院校的位次范围内等距抽取)').default(
        '30',
      ),
    )
    .option('--batch <batch>', '批次 (默认: 该省本科批次)')
    .option('--subject <subject>', '只测一个科类: 物理 历史 综合 (默认: 该年全部普通科类)')
    .option(
      '--hide-major-lines',
      '专业+院校省份: 隐去专业线, 只按院校线和其他省份的专业幅度推算专业 (检验浙江、山东的做法)',
    )
    .addOption(new Option('--type <type>', '策略 1-4').choices(['1', '2', '3', '4']).default('1'))
    .addOption(new Option('--format <format>', '输出格式').choices(['table', 'json', 'csv']).default('table'))
    .option('--json', '输出 JSON (即 --format json)')
    .option('--no-color', '不使用颜色 (也可设 NO_COLOR)')
    .option('--no-bom', 'CSV 不写 UTF-8 BOM')
    .option('--datasets <dir>', '数据目录 (默认: 内置 datasets/, 或环境变量 GAOKAO_DATASETS)')
    .addHelpText(
      'after',
      `
达标线: 保 录取比例 >= 93%, 稳 在 50%-90%, 冲 在 10%-50%, 保 的 (考生位次 / 实际最低位次) 中位数 > 0.5.
示例:
  $ gaokao smart-match backtest --province 湖北 --year 2025
  $ gaokao smart-match backtest --all --year 2025 --samples 50
  $ gaokao smart-match backtest --province 重庆 --year 2025 --hide-major-lines`,
    )
    .action(async (opts: BacktestCommandOptions) => {
      const { runBacktestCommand } = await import('./smart-match-backtest.js')
      // The backtest reports its errors as `错误: <message>` lines and an exit code; with --json, scripts also
      // get the error envelope on stdout, as from every other command.
      let wrote = false
      let lastError: string | undefined
      const watched: CliIo = {
        ...io,
        stdout: (t) => {
          wrote = true
          io.stdout(t)
        },
        stderr: (t) => {
          if (t.startsWith('错误: ')) lastError = t.slice('错误: '.length).trimEnd()
          io.stderr(t)
        },
      }
      const code = await runBacktestCommand(opts, watched)
      if (code !== 0 && !wrote && lastError && (opts.json === true || opts.format === 'json')) {
        const { fail } = await import('../endpoints/envelope.js')
        io.stdout(renderJson(fail(code === 2 ? 400 : 500, lastError), io.isTTY))
      }
      setExit(code)
    })
}

import type { Command } from 'commander'
import { badRequest } from '../errors.js'
import type { CliIo } from './io.js'
import type { CliSession } from './session.js'
import type { Prompter, SmartMatchAnswers } from './smart-match-prompts.js'

/**
 * The terminal side of the commands the endpoint registry builds for smart-match (`smart-match`,
 * `smart-match counts`): before they run, the required values the command line left out are asked in a
 * terminal (smart-match-prompts.ts), else named in one error.
 */
export function askForMissingValues(
  program: Command,
  io: CliIo,
  session: CliSession,
  /** The questions; tests inject answers here (default: @inquirer/prompts) */
  prompter?: () => Promise<Prompter>,
): void {
  const smartMatch = program.commands.find((c) => c.name() === 'smart-match')
  if (!smartMatch) return
  smartMatch.hook('preAction', async (_self, action) => {
    if (action === smartMatch) {
      await completeOptions(action, io, session, { batch: true, rankYear: true, scoreOrRank: true }, prompter)
    } else if (action.name() === 'counts' && action.parent === smartMatch) {
      await completeOptions(
        action,
        io,
        session,
        { batch: false, rankYear: false, scoreOrRank: false },
        prompter,
      )
    }
  })
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
  session: CliSession,
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
    throw badRequest(
      `缺少 ${missing.join('、')} (不在终端中运行, 无法逐项询问; 见 gaokao ${cmd.parent?.name() === 'smart-match' ? 'smart-match counts' : 'smart-match'} --help)`,
    )
  }
  const { askMissing, inquirerPrompter } = await import('./smart-match-prompts.js')
  // The command's own context: the endpoint that runs next uses the same Db (runCli closes it).
  const ctx = session.context({
    datasets: opts.datasets as string | undefined,
    store: opts.store as string | undefined,
    caller: null,
  })
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
  const answers = await askMissing(ctx, given, ask, new Date().getFullYear(), needs)
  for (const [key, value] of Object.entries(answers)) {
    if (value !== undefined && (key !== 'batch' || needs.batch) && (key !== 'rankYear' || needs.rankYear))
      cmd.setOptionValue(key, value)
  }
}

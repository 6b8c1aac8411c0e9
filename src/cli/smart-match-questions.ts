import type { Command } from 'commander'
import { type ExamMode, examModeIn, findProvince } from '../domain/provinces.js'
import { badRequest } from '../errors.js'
import { categoryOf, parseXuanke, xuankeCategory } from '../features/smart-match/model/subjects.js'
import type { CliIo } from './io.js'
import { showTypedLine } from './missing-values.js'
import type { CliSession } from './session.js'
import type { Prompter, SmartMatchAnswers } from './smart-match-prompts.js'

/**
 * The terminal side of the commands the endpoint registry builds for smart-match (`smart-match`,
 * `smart-match counts`): before they run, the required values the command line left out are asked in a
 * terminal (smart-match-prompts.ts), else named in one error. The subject and the 选科 are asked too: without a
 * first choice a 3+1+2 province has no category (`江苏省2025年暂无<综合、综合>数据`), and without 选科 the list is
 * not filtered by the groups' subject requirements, which changes half of it; in a pipe a missing subject is an
 * error naming the valid ones, a missing 选科 a note on stderr.
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

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''

/** What the subject rules of a province and year leave open in a request: see subjectGaps. */
export interface SubjectGaps {
  mode: ExamMode
  /** No category can be told: neither --subject nor --xuanke names a first choice (3+1+2, 文理) */
  subject: boolean
  /** No 选科 given where groups have subject requirements (3+1+2, 3+3): the list is not filtered by them */
  xuanke: boolean
}

/**
 * Which of subject and 选科 a request leaves open, by the exam mode of the province in that year; undefined
 * when the province or the year cannot be read (the endpoint refuses them in its own words).
 */
export function subjectGaps(
  provinceText: string | undefined,
  year: number,
  subject: string | undefined,
  xuanke: string | undefined,
): SubjectGaps | undefined {
  const province = provinceText ? findProvince(provinceText) : undefined
  if (!province || !Number.isInteger(year)) return undefined
  const mode = examModeIn(province, year)
  // What was given is the candidate's choice, 综合 included (the spec's "not stated"): only what is absent is open.
  const named = present(xuanke) ? xuankeCategory(xuanke) : undefined
  const told = categoryOf(mode, '综合', present(xuanke) ? parseXuanke(xuanke) : null) ?? named
  return {
    mode,
    subject: !present(subject) && told === undefined,
    xuanke: mode !== '文理' && !present(xuanke),
  }
}

/** What --subject takes in a province and year, as the error of a pipe says it. */
const SUBJECT_VALUES: Record<ExamMode, string> = {
  '3+1+2': '物理 或 历史, {where}的首选科目',
  文理: '物理 或 历史, {where}分文理: 物理 即理科, 历史 即文科',
  '3+3': '',
}

/** The stderr note of a list made without 选科: which groups it may hold that the candidate cannot apply to. */
export const NO_XUANKE_NOTE =
  '注意: 未给出 --xuanke (选考科目), 未按专业组的选科要求筛选, 结果可能含有不能报考的专业组; 如 --xuanke 物理,化学,生物\n'

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
  // counts reads the latest rank year: the current year's exam mode stands for it
  const currentYear = new Date().getFullYear()
  const year = needs.rankYear ? Number(opts.rankYear) : currentYear
  const gaps = subjectGaps(
    opts.province as string | undefined,
    year,
    opts.subject as string | undefined,
    opts.xuanke as string | undefined,
  )
  // counts takes 物理 for a subject left out (SPEC 4.13's default): only smart-match has no category without one
  const subjectMissing = gaps?.subject === true && needs.batch
  if (missing.length === 0 && !gaps?.subject && !gaps?.xuanke) return
  const json = opts.json === true || opts.format === 'json'
  if (!io.interactive) {
    if (subjectMissing)
      missing.push(
        `${FLAG.subject} (${SUBJECT_VALUES[gaps.mode].replace('{where}', `${opts.province} ${year} 年`)})`,
      )
    // Scripts asking for JSON get the spec's error envelope from the endpoint instead.
    if (missing.length > 0 && !json)
      throw badRequest(
        `缺少 ${missing.join('、')} (不在终端中运行, 无法逐项询问; 见 gaokao ${cmd.parent?.name() === 'smart-match' ? 'smart-match counts' : 'smart-match'} --help)`,
      )
    if (missing.length === 0 && gaps?.xuanke) io.stderr(NO_XUANKE_NOTE)
    return
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
    // a first choice told by --xuanke (物理,化学,生物 or 理科) is not asked again
    subject: (opts.subject as string | undefined) ?? (gaps && !gaps.subject ? '综合' : undefined),
    xuanke: opts.xuanke as string | undefined,
    score: opts.score as string | undefined,
    rank: needs.scoreOrRank ? (opts.rank as string | undefined) : undefined,
  }
  // Ctrl-C at a question rejects with @inquirer's ExitPromptError: runCli reports it as a cancel (exit 130).
  const ask = await (prompter ?? inquirerPrompter)()
  const answers = await askMissing(ctx, given, ask, currentYear, needs)
  const answered = new Set<string>()
  for (const [key, value] of Object.entries(answers)) {
    if (key === 'subject' && value === '综合' && opts.subject === undefined) continue
    // only what was asked: a value given keeps its source (the command line), which the shown line reads
    if (
      value !== undefined &&
      value !== opts[key] &&
      (key !== 'batch' || needs.batch) &&
      (key !== 'rankYear' || needs.rankYear)
    ) {
      answered.add(key)
      cmd.setOptionValue(key, value)
    }
  }
  showTypedLine(cmd, needs.batch ? ['smart-match'] : ['smart-match', 'counts'], answered, io)
}

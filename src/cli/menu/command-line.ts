import type { SmartMatchAnswers } from '../smart-match-prompts.js'

/**
 * The command lines the menu builds from the answers: the menu runs each task as the command a user could have
 * typed, and shows it (`等价命令: gaokao smart-match --province 江苏 ...`), so that there is one way in and the
 * menu teaches the flags. Pure: answers in, argv out.
 */

/** Flags with their values, in the order they are shown; an absent or empty value is left out. */
export type FlagValues = readonly (readonly [flag: string, value: string | undefined])[]

export function commandLine(
  words: readonly string[],
  flags: FlagValues,
  args: readonly string[] = [],
): string[] {
  const argv = [...words, ...args]
  for (const [flag, value] of flags)
    if (value !== undefined && value.trim() !== '') argv.push(`--${flag}`, value)
  return argv
}

/** A word as a shell takes it: as it is when it holds nothing a shell reads, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[\p{L}\p{N}_\-.,/:+=@%]+$/u.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/** The line as a user would type it, with a redirection when the output goes to a file. */
export function shownCommand(argv: readonly string[]): string {
  return ['gaokao', ...argv.map(shellWord)].join(' ')
}

/** 生成志愿表: smart-match with every value it needs, so that it asks nothing more. */
export const smartMatchLine = (a: SmartMatchAnswers): string[] =>
  commandLine(
    ['smart-match'],
    [
      ['province', a.province],
      ['batch', a.batch],
      ['rank-year', a.rankYear],
      ['subject', a.subject],
      ['xuanke', a.xuanke],
      ['score', a.score],
      ['rank', a.rank],
    ],
  )

/** 检查志愿表: the list (a file or the choices written out) and the candidate. */
export const checkLine = (list: string, a: SmartMatchAnswers): string[] =>
  commandLine(
    ['check'],
    [
      ['province', a.province],
      ['rank-year', a.rankYear],
      ['subject', a.subject],
      ['xuanke', a.xuanke],
      ['score', a.score],
      ['rank', a.rank],
    ],
    [list],
  )

export interface RankQuery {
  province: string
  year: string
  km: string
  score: string
}

/** 查位次: the rank of a score in a year's 一分一段 table. */
export const seatingRankLine = (q: RankQuery): string[] =>
  commandLine(
    ['seating', 'rank'],
    [
      ['province', q.province],
      ['year', q.year],
      ['km', q.km],
      ['score', q.score],
    ],
  )

/** The same command writing its answer to a file (--out: smart-match's 志愿表, any other table, CSV or JSON). */
export const outLine = (argv: readonly string[], file: string): string[] => [...argv, '--out', file]

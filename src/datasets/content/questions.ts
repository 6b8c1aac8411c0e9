import { z } from 'zod'
import { once, readJson } from '../data-files.js'
import { ITEM, itemsFile, text } from './schema.js'
import type { ContentSeed } from './types.js'

/**
 * Common questions, read from `questions.json` beside this file (title = the question, content = the question in
 * full, answer = the answer) for the app's pages: modules 1-3, 5, 6 and the two question sections of module 4
 * (README.md, "Modules"). `content` is the title unless the file gives it; `description` is the answer's first
 * sentence (summaryOf).
 */

const FILE = 'src/datasets/content/questions.json'

/** The answer's first sentence (up to 。), cut at 80 characters. */
export function summaryOf(answer: string): string {
  const end = answer.indexOf('。')
  const first = end >= 0 ? answer.slice(0, end + 1) : answer
  return first.length > 80 ? `${first.slice(0, 79)}…` : first
}

const QUESTION = z.strictObject({
  ...ITEM,
  module: z.int().min(1).max(6),
  sub: z.int().min(1).max(4),
  content: text.optional(),
  answer: text,
})

/** The questions of `file` (relative to the package root, or absolute), in file order. */
export const loadQuestions = (file = FILE): ContentSeed[] =>
  readJson(file, itemsFile(QUESTION)).items.map(
    ({ id, module, sub, category, title, content, answer, ...rest }): ContentSeed => ({
      id,
      module,
      sub,
      category,
      title,
      content: content ?? title,
      answer,
      description: summaryOf(answer),
      ...rest,
    }),
  )

/** The checked-in questions (read once; DataFileError naming questions.json and the field when it is malformed). */
export const questions: () => readonly ContentSeed[] = once(() => loadQuestions())

import { z } from 'zod'
import { once, readJson } from '../data-files.js'
import { ITEM, itemsFile, text } from './schema.js'
import type { ContentSeed } from './types.js'

/**
 * News items, read from `news.json` beside this file: module 4, sub-module 4 (the news list of SPEC 4.11), ten
 * per category. Written for this project from the sources named in `source`; the figures are listed in `facts`
 * and checked by the tests (README.md).
 */

const FILE = 'src/datasets/content/news.json'

const NEWS_ITEM = z.strictObject({ ...ITEM, description: text, content: text })

/** The news items of `file` (relative to the package root, or absolute), in file order. */
export const loadNews = (file = FILE): ContentSeed[] =>
  readJson(file, itemsFile(NEWS_ITEM)).items.map((item) => ({ module: 4, sub: 4, ...item }))

/** The checked-in news items (read once; DataFileError naming news.json and the field when it is malformed). */
export const news: () => readonly ContentSeed[] = once(() => loadNews())

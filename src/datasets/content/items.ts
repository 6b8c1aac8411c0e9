import { once } from '../data-files.js'
import { type Counters, counters } from './counters.js'
import { isNewsSlot } from './modules.js'
import { news } from './news.js'
import { questions } from './questions.js'
import type { ContentSeed } from './types.js'

/** Every checked-in item (questions.json, news.json), by id. */
export const content: () => readonly ContentSeed[] = once(() =>
  [...questions(), ...news()].sort((a, b) => a.id - b.id),
)

/** One row of `content_items`, in the order of SCHEMA.content_items. */
export interface ContentRow extends Counters {
  id: number
  module_type: number
  sub_module_type: number
  category_enum: number
  title: string
  school_name: string
  province: string
  content: string
  answer: string
  description: string
  publish_at: string
  provenance: 'real' | 'derived' | 'synthetic'
  source: string
}

/**
 * Provenance rule (README.md): the text, dates and categories were compiled for this project from the named
 * sources, so every row is 'derived'; sort, look_num and created_at are synthetic counters (content-counters).
 */
export function contentRows(items: readonly ContentSeed[] = content()): ContentRow[] {
  return [...items]
    .sort((a, b) => a.id - b.id)
    .map((it) => {
      const c = counters(it.id, it.publishAt, isNewsSlot(it.module, it.sub))
      return {
        id: it.id,
        module_type: it.module,
        sub_module_type: it.sub,
        category_enum: it.category,
        title: it.title,
        school_name: it.school ?? '',
        province: it.province ?? '',
        content: it.content,
        answer: it.answer ?? '',
        description: it.description,
        sort: c.sort,
        look_num: c.look_num,
        publish_at: it.publishAt,
        created_at: c.created_at,
        provenance: 'derived',
        source: it.source,
      }
    })
}

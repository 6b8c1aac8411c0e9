import { parseTimestamp } from './counters.js'
import type { ContentRow } from './items.js'
import { isEmptySlot, isNewsSlot } from './modules.js'

export interface Violation {
  rule: string
  id: number
  message: string
}

const PROVENANCE = new Set(['real', 'derived', 'synthetic'])
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

/** Checks of content_items; the builder refuses the table on any violation. */
export function checkContent(rows: readonly ContentRow[]): Violation[] {
  const out: Violation[] = []
  const ids = new Set<number>()
  const newsCategories = new Set<number>()
  for (const r of rows) {
    const v = (rule: string, message: string) => out.push({ rule, id: r.id, message })
    if (!isInt(r.id) || r.id <= 0) v('id', `id ${r.id} is not a positive integer`)
    if (ids.has(r.id)) v('unique', 'duplicate id')
    ids.add(r.id)
    if (!isInt(r.module_type) || r.module_type < 1 || r.module_type > 6)
      v('module', `module_type ${r.module_type}`)
    if (!isInt(r.sub_module_type) || r.sub_module_type < 1 || r.sub_module_type > 4)
      v('module', `sub_module_type ${r.sub_module_type}`)
    if (isEmptySlot(r.module_type, r.sub_module_type))
      v('module', `(${r.module_type},${r.sub_module_type}) holds no items`)
    if (!isInt(r.category_enum) || r.category_enum < 1 || r.category_enum > 4)
      v('category', `category_enum ${r.category_enum}`)
    if (isNewsSlot(r.module_type, r.sub_module_type)) {
      newsCategories.add(r.category_enum)
      if (r.answer !== '') v('answer', 'a news item has an answer')
    } else if (!r.answer.trim()) v('answer', 'a question without an answer')
    for (const [name, value] of [
      ['title', r.title],
      ['content', r.content],
      ['description', r.description],
      ['source', r.source],
    ] as const)
      if (!value.trim()) v('text', `empty ${name}`)
    if (Number.isNaN(parseTimestamp(r.publish_at)))
      v('publish_at', `publish_at '${r.publish_at}' is not YYYY-MM-DD HH:mm:ss`)
    if (Number.isNaN(parseTimestamp(r.created_at)))
      v('created_at', `created_at '${r.created_at}' is not YYYY-MM-DD HH:mm:ss`)
    else if (parseTimestamp(r.created_at) > parseTimestamp(r.publish_at))
      v('created_at', 'created after publication')
    if (!isInt(r.look_num) || r.look_num < 0) v('look_num', `look_num ${r.look_num}`)
    if (!isInt(r.sort)) v('sort', `sort ${r.sort}`)
    if (r.school_name !== r.school_name.trim()) v('school_name', 'school_name has surrounding blanks')
    if (!PROVENANCE.has(r.provenance)) v('provenance', `provenance ${r.provenance}`)
  }
  for (const c of [1, 2, 3, 4])
    if (rows.length > 0 && !newsCategories.has(c))
      out.push({ rule: 'category', id: 0, message: `no news in category ${c}` })
  return out
}

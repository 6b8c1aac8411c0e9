import { SCHEMA } from '../../data/schema.js'
import { checkContent } from '../content/checks.js'
import { COUNTERS_NAME, COUNTERS_SEED, REFERENCE_DATE } from '../content/counters.js'
import { type ContentRow, contentRows } from '../content/items.js'
import { CATEGORY_LABELS, isNewsSlot, MODULES, SUB_MODULES } from '../content/modules.js'
import type { CellValue } from '../parquet.js'
import type { TableBuilder } from '../table-builder.js'

export type { ContentRow } from '../content/items.js'

export function contentCells(rows: readonly ContentRow[]): CellValue[][] {
  return rows.map((r) =>
    SCHEMA.content_items.map((c) => (r as unknown as Record<string, CellValue>)[c.name] ?? null),
  )
}

/** content_items: the news and common questions written for this project (../content/README.md). */
export const contentItemsBuilder: TableBuilder<ContentRow[]> = {
  name: 'content_items',
  async build() {
    const rows = contentRows()
    const violations = checkContent(rows)
    const news = rows.filter((r) => isNewsSlot(r.module_type, r.sub_module_type))
    const perCategory = [1, 2, 3, 4].map((c) => news.filter((r) => r.category_enum === c).length).join('/')
    return {
      cells: contentCells(rows),
      problems:
        violations.length > 0
          ? [
              `content_items: ${violations.length} violation(s): ${violations
                .slice(0, 5)
                .map((v) => `${v.rule} [${v.id}]: ${v.message}`)
                .join('; ')}`,
            ]
          : [],
      summary: [
        `content_items: ${rows.length} rows (${news.length} news by category ${perCategory}, ${rows.length - news.length} questions); ` +
          'text derived 100.0 % (compiled from the named sources), sort/look_num/created_at synthetic',
      ],
      manifest: {
        provenance: `text derived from the sources named per row; sort, look_num, created_at synthetic (${COUNTERS_NAME}, seed ${COUNTERS_SEED}, views up to ${REFERENCE_DATE})`,
        modules: MODULES,
        sub_modules: SUB_MODULES,
        categories: CATEGORY_LABELS,
      },
      rows,
    }
  },
}

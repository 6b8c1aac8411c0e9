import { optInt } from './schema.js'

/**
 * Paging, the one helper of every paged endpoint: the page fields of an input, the rows of a page, the number of
 * pages, the footer of a terminal table.
 */

/**
 * The spec shows no upper bound on `limit` / `pageSize` except employment's 50 (SPEC 8). We cap every other page
 * at 100 rows so that one request cannot ask for a million rows (docs/api.md, Decisions › "Paging"); a larger
 * value is a 400.
 */
export const MAX_PAGE_SIZE = 100

/** A page of `size` rows; pages count from 1. */
export interface Page {
  page: number
  size: number
  offset: number
}

export const pageOf = (page: number, size: number): Page => ({ page, size, offset: (page - 1) * size })

export const totalPages = (total: number, size: number): number => (total === 0 ? 0 : Math.ceil(total / size))

/** `第 2/7 页, 每页 10 条, 共 63 条` (page 1/1 when nothing matched), under a paged table. */
export const pageFooter = (p: Pick<Page, 'page' | 'size'>, total: number): string =>
  `第 ${p.page}/${Math.max(1, Math.ceil(total / p.size))} 页, 每页 ${p.size} 条, 共 ${total} 条`

/** `page` of a paged endpoint: a positive whole number, default 1. */
export const pageField = () => optInt({ description: '页码 (默认 1)', min: 1, default: 1 })

/** A page-size field (`limit`, `pageSize`), capped at MAX_PAGE_SIZE: a larger value is a clear 400. */
export const pageSizeField = (defaultSize: number) =>
  optInt({
    description: `每页条数 (默认 ${defaultSize}, 最多 ${MAX_PAGE_SIZE})`,
    min: 1,
    max: MAX_PAGE_SIZE,
    default: defaultSize,
  })

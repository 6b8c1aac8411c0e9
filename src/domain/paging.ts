/** Paging shared by every paged endpoint. */

/**
 * The spec shows no upper bound on `limit` / `pageSize` except employment's 50 (SPEC 8). We cap every other page
 * at 100 rows so that one request cannot ask for a million rows (docs/api.md, Decisions › "Paging"); a larger
 * value is a 400.
 */
export const MAX_PAGE_SIZE = 100

export interface Page {
  page: number
  size: number
  offset: number
}

export const pageOf = (page: number, size: number): Page => ({ page, size, offset: (page - 1) * size })

export const totalPages = (total: number, size: number): number => (total === 0 ? 0 : Math.ceil(total / size))

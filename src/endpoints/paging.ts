import { MAX_PAGE_SIZE } from '../domain/paging.js'
import { optInt } from './schema.js'

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

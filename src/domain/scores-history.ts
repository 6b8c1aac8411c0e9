/**
 * SPEC 4.7 historical scores: paging over de-duplicated records without de-duplicating the whole table for every
 * page. Records are grouped by (year, school) "blocks"; the order year descending, hot ascending, min ascending
 * never interleaves two blocks (hot is a school's value), so a page needs the block sizes (the number of distinct
 * major names of a school in a year) and the records of the one or two blocks it covers. Pure.
 */

/** One school in one year under a filter: `n` distinct major names with an admission score. */
export interface ScoreBlock {
  year: number
  sid: number
  /** The school's popularity (schools.hot, smaller is hotter); null when the school is not in schools */
  hot: number | null
  n: number
}

/** Answer order of blocks: year descending, hot ascending (unknown last), then sid. */
export function compareBlocks(a: ScoreBlock, b: ScoreBlock): number {
  if (a.year !== b.year) return b.year - a.year
  if (a.hot !== b.hot) {
    if (a.hot === null) return 1
    if (b.hot === null) return -1
    return a.hot - b.hot
  }
  return a.sid - b.sid
}

function inOrder(blocks: readonly ScoreBlock[]): boolean {
  for (let i = 1; i < blocks.length; i++)
    if (compareBlocks(blocks[i - 1] as ScoreBlock, blocks[i] as ScoreBlock) > 0) return false
  return true
}

/** A block's part of a page: records [from, to) of the block (0-based, in block order). */
export interface BlockRange {
  year: number
  sid: number
  from: number
  to: number
}

/**
 * Blocks in answer order with the position of each block's first record, kept in typed arrays (a national
 * dataset has a few hundred thousand blocks; memoized summaries hold one index each).
 */
export class BlockIndex {
  readonly total: number
  readonly size: number
  private readonly years: Int32Array
  private readonly sids: Int32Array
  private readonly counts: Int32Array
  private readonly starts: Float64Array

  constructor(blocks: readonly ScoreBlock[]) {
    // A server's summaries arrive in answer order already (endpoints/queries/score-rows.ts): check in one
    // pass rather than sort.
    const sorted = inOrder(blocks) ? blocks : [...blocks].sort(compareBlocks)
    const size = sorted.length
    this.size = size
    this.years = new Int32Array(size)
    this.sids = new Int32Array(size)
    this.counts = new Int32Array(size)
    this.starts = new Float64Array(size)
    let at = 0
    for (let i = 0; i < size; i++) {
      const b = sorted[i] as ScoreBlock
      this.years[i] = b.year
      this.sids[i] = b.sid
      this.counts[i] = b.n
      this.starts[i] = at
      at += b.n
    }
    this.total = at
  }

  /** The blocks that hold records [offset, offset + limit), each with the record range inside it. */
  covering(offset: number, limit: number): BlockRange[] {
    const end = Math.min(offset + limit, this.total)
    if (offset >= end) return []
    // The last block starting at or before offset (binary search).
    let lo = 0
    let hi = this.size - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.starts[mid] as number) <= offset) lo = mid
      else hi = mid - 1
    }
    const out: BlockRange[] = []
    for (let i = lo; i < this.size && (this.starts[i] as number) < end; i++) {
      const start = this.starts[i] as number
      const n = this.counts[i] as number
      if (n === 0) continue
      out.push({
        year: this.years[i] as number,
        sid: this.sids[i] as number,
        from: Math.max(offset, start) - start,
        to: Math.min(end, start + n) - start,
      })
    }
    return out
  }
}

/** A record of one block: the representative of one major name (its lowest score, then its lowest row id). */
export interface BlockRecord {
  spname: string
  min: number
}

/** Order of records inside a block: min ascending, then the major name (code-point order), which is unique. */
export function compareInBlock(a: BlockRecord, b: BlockRecord): number {
  if (a.min !== b.min) return a.min - b.min
  return a.spname < b.spname ? -1 : a.spname > b.spname ? 1 : 0
}

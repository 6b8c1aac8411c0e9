import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api'
import type { Session } from '../validate/session.js'
import { columnDdl } from '../validate/sql.js'
import {
  type Converted,
  finishRankSlice,
  type ImportOptions,
  openConverter,
  type RankCells,
} from './convert.js'
import { type Cell, cellPlace } from './layouts.js'
import { ImportInputError, readRecords, type SheetRecord } from './read.js'

/** Rows whose header the converter looks for (locateHeader: the first 15). */
const HEAD_ROWS = 15

/**
 * Reads `file` and puts its rows, converted, into table `__staged` as they come: the schema's columns (all
 * nullable), the file order `__row` (0..n-1), the file line `__line` and, for plans, the school as the file names
 * it (`__label`, rows-origin.ts). Memory does not grow with the file: a batch of rows at a time is parsed and
 * converted (read.ts, convert.ts) and appended. A 一分一段 table is sorted and completed as a whole
 * (finishRankSlice): its rows wait in `__rank_cells` and are completed one slice at a time.
 */
export async function stageFile(
  session: Session,
  req: { table: string; file: string; options: ImportOptions; sheet?: string },
): Promise<Converted> {
  const records = readRecords(req.file, { sheet: req.sheet })[Symbol.asyncIterator]()
  const head: SheetRecord[] = []
  let done = false
  while (head.length < HEAD_ROWS && !done) {
    const next = await records.next()
    if (next.done) done = true
    else head.push(...next.value)
  }
  try {
    const converter = openConverter(
      req.table,
      head.slice(0, HEAD_ROWS).map((r) => r.cells),
      req.options,
    )
    const meta = converter.meta
    const conn = session.conn
    await conn.run(
      `CREATE TABLE __staged (__row INTEGER NOT NULL, __line INTEGER NOT NULL, __label VARCHAR, ${columnDdl(meta.columns, false)})`,
    )
    // the rows of the file after the header: those read with it, then the rest as it is read
    async function* rows(): AsyncGenerator<SheetRecord[]> {
      yield head.slice(converter.headerRow + 1)
      while (!done) {
        const next = await records.next()
        if (next.done) done = true
        else yield next.value
      }
    }
    let count = 0
    if (converter.kind === 'rows') {
      const app = new StagedAppender(conn, meta)
      await app.open()
      try {
        for await (const batch of rows())
          for (const r of batch) {
            const row = converter.convert(r.cells, r.line)
            if (row) app.append(row.cells, r.line, row.origin.label)
          }
      } finally {
        app.close()
      }
      count = app.rows
    } else {
      await conn.run(`CREATE TEMP TABLE __rank_cells (__seq INTEGER, province VARCHAR, year INTEGER, km VARCHAR,
        level VARCHAR, low DOUBLE, high DOUBLE, num DOUBLE, total DOUBLE, line INTEGER)`)
      const app = await conn.createAppender('__rank_cells')
      try {
        for await (const batch of rows())
          for (const r of batch) {
            const cells = converter.convert(r.cells, r.line)
            if (!cells) continue
            appendRankCells(app, count++, cells)
          }
      } finally {
        app.closeSync()
      }
      if (count > 0) await finishRanks(session, meta, req.options.source)
    }
    if (count === 0) throw new ImportInputError('文件中没有数据行')
    return meta
  } finally {
    await records.return?.(undefined)
  }
}

const INT_MAX = 2147483647

/** Appends converted rows to `__staged`, numbering them (`__row`) in the order given. */
class StagedAppender {
  private app: DuckDBAppender | undefined
  rows = 0

  constructor(
    private readonly conn: DuckDBConnection,
    private readonly meta: Converted,
  ) {}

  async open(): Promise<void> {
    this.app = await this.conn.createAppender('__staged')
  }

  append(row: readonly Cell[], line: number, label: string | undefined): void {
    const app = this.app as DuckDBAppender
    const c = this.meta
    app.appendInteger(this.rows++)
    app.appendInteger(line)
    if (label === undefined) app.appendNull()
    else app.appendVarchar(label)
    c.columns.forEach((col, j) => {
      const v = row[j]
      if (v === null || v === undefined) app.appendNull()
      else if (col.type === 'INTEGER') {
        if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > INT_MAX)
          throw new ImportInputError(
            `${cellPlace(line, c.fileColumns.get(col.name), col.name)}: ${String(v)} 超出整数范围`,
          )
        app.appendInteger(v)
      } else if (col.type === 'DOUBLE') app.appendDouble(Number(v))
      else if (col.type === 'BOOLEAN') app.appendBoolean(Boolean(v))
      else app.appendVarchar(String(v))
    })
    app.endRow()
  }

  close(): void {
    this.app?.closeSync()
    this.app = undefined
  }
}

function appendRankCells(app: DuckDBAppender, seq: number, r: RankCells): void {
  app.appendInteger(seq)
  app.appendVarchar(r.province)
  app.appendInteger(r.year)
  app.appendVarchar(r.km)
  app.appendVarchar(r.level)
  // doubles here: a count past the INTEGER range is refused by StagedAppender, naming its column
  for (const v of [r.low, r.high, r.num, r.total]) {
    if (v === null) app.appendNull()
    else app.appendDouble(v)
  }
  app.appendInteger(r.line)
  app.endRow()
}

/**
 * The 一分一段 tables of the file, each in the order the file first names it, completed by finishRankSlice and
 * appended to `__staged`: one slice in memory at a time (read from a streamed query, appended through a second
 * connection while it is open).
 */
async function finishRanks(session: Session, meta: Converted, source: string): Promise<void> {
  const result = await session.conn.stream(`
    SELECT r.province, r.year, r.km, r.level, r.low, r.high, r.num, r.total, r.line
    FROM __rank_cells r JOIN (SELECT province, year, km, level, min(__seq) AS first FROM __rank_cells GROUP BY ALL) f
      USING (province, year, km, level)
    ORDER BY f.first, r.__seq`)
  const writer = await session.instance.connect()
  const app = new StagedAppender(writer, meta)
  try {
    await app.open()
    let slice: RankCells[] = []
    const flush = () => {
      const first = slice[0]
      if (!first) return
      const done = finishRankSlice(first, slice, source)
      meta.notes.push(...done.notes)
      done.rows.forEach((row, i) => {
        app.append(row, done.lines[i] as number, undefined)
      })
      slice = []
    }
    for (;;) {
      const chunk = await result.fetchChunk()
      if (!chunk || chunk.rowCount === 0) break
      for (const [province, year, km, level, low, high, num, total, line] of chunk.getRows()) {
        const r = {
          province: String(province),
          year: Number(year),
          km: String(km),
          level: String(level),
          low: Number(low),
          high: Number(high),
          num: num === null ? null : Number(num),
          total: total === null ? null : Number(total),
          line: Number(line),
        }
        const first = slice[0]
        if (
          first &&
          (first.province !== r.province ||
            first.year !== r.year ||
            first.km !== r.km ||
            first.level !== r.level)
        )
          flush()
        slice.push(r)
      }
    }
    flush()
  } finally {
    app.close()
    writer.closeSync()
  }
}

/**
 * Replaces `__staged` by itself with some columns recomputed (`replace`: `expr AS column`, over `s` and the
 * `joins`, each of which matches at most one row): a new table written in one pass, which DuckDB can spill,
 * where an UPDATE of every row kept all its changes in memory.
 */
export async function rewriteStaged(
  conn: DuckDBConnection,
  replace: readonly string[],
  joins: readonly string[],
): Promise<void> {
  await conn.run(`CREATE TABLE __staged_new AS
    SELECT s.* REPLACE (${replace.join(', ')}) FROM __staged s ${joins.join(' ')}`)
  await conn.run('DROP TABLE __staged')
  await conn.run('ALTER TABLE __staged_new RENAME TO __staged')
}

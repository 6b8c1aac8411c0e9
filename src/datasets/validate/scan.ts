import { readFailure, type Session, tableInError } from './session.js'
import { ident } from './sql.js'

/**
 * Why a table's pages cannot be read, or undefined when every page decodes. Hashing whole rows makes DuckDB
 * decode every column of every row group: count(*) alone reads no data pages, so it would miss the damage.
 */
export async function pageDamage(session: Session, table: string): Promise<string | undefined> {
  try {
    await session.conn.run(`SELECT min(hash(t)) FROM ${ident(table)} t`)
    return undefined
  } catch (err) {
    const why = readFailure(err)
    if (why === undefined) throw err
    return why
  }
}

/**
 * The table a read failure comes from: the file DuckDB names, else (some decoders, e.g. Thrift's
 * `TProtocolException: Invalid data`, name none) the first of `candidates` whose pages do not decode.
 */
export async function damagedTable(
  session: Session,
  err: unknown,
  candidates: readonly string[],
): Promise<string | undefined> {
  const named = tableInError(err)
  if (named !== undefined) return named
  for (const table of candidates)
    if (session.present.has(table) && (await pageDamage(session, table)) !== undefined) return table
  return undefined
}

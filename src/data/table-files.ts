import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Which file of a datasets directory holds each table.
 *
 * `datasets build` and `synth` write `<table>.parquet`. An import (and an undo) writes the new table beside the
 * old one as `<table>.<first 16 hex of its sha256>.parquet` and switches to it by rewriting manifest.json (temp +
 * rename), whose entry names the table's file: that one rename is the whole switch. Before it the directory is
 * the old state, after it the new one, each consistent with its manifest, whenever the process is killed.
 *
 * So a versioned file is the table only when manifest.json names it: before the switch it is an import in
 * progress (or one killed before it), after a switch the superseded table, waiting to be removed (sweep.ts).
 * `<table>.parquet` is the table when manifest.json names it, or names no file of this table that exists (a
 * directory built by hand, or without a manifest). A name in manifest.json is never a path: only these two
 * forms of the table's own name are taken from it, so a hand-edited manifest cannot point a reader elsewhere.
 *
 * manifest.json (0.5 MB for the shipped datasets) is read only when a versioned file exists: a directory as
 * built needs no more than its listing.
 */

const VERSIONED = /^([a-z][a-z0-9_]*)\.([0-9a-f]{16})\.parquet$/u
const PLAIN = /^([a-z][a-z0-9_]*)\.parquet$/u

/** The name an import gives the table it writes: `plans.3f9c0d1e2a4b5c6d.parquet`. */
export const versionedFileName = (table: string, sha256: string): string =>
  `${table}.${sha256.slice(0, 16)}.parquet`

/** The name `build` and `synth` write, and the table's name when nothing else says otherwise. */
export const plainFileName = (table: string): string => `${table}.parquet`

/** The table a file name is a version of (`plans` for both forms), or undefined for any other file. */
export function tableOfFileName(name: string): string | undefined {
  return (VERSIONED.exec(name) ?? PLAIN.exec(name))?.[1]
}

/** The version in a versioned file's name (`3f9c0d1e2a4b5c6d`), undefined for a plain name or any other file. */
export const fileVersionOf = (name: string): string | undefined => VERSIONED.exec(name)?.[2]

/** Whether `name` is one of the two names a file of `table` may have. */
export const isFileOfTable = (table: string, name: string): boolean => tableOfFileName(name) === table

export interface TableFiles {
  /** table → the file name that holds it (a base name in the directory) */
  live: Map<string, string>
  /** table → its other files (an import killed before or after its switch), which are not the table */
  stray: Map<string, string[]>
}

/** The file names manifest.json gives its tables, as far as they are names of that table's files. */
function namedInManifest(dir: string): Map<string, string> {
  const named = new Map<string, string>()
  const path = join(dir, 'manifest.json')
  if (!existsSync(path)) return named
  let tables: unknown
  try {
    tables = (JSON.parse(readFileSync(path, 'utf8')) as { tables?: unknown })?.tables
  } catch {
    return named // validate says what is wrong with it; the plain names stand
  }
  if (typeof tables !== 'object' || tables === null) return named
  for (const [table, entry] of Object.entries(tables)) {
    const file = (entry as { file?: unknown } | null)?.file
    if (typeof file === 'string' && isFileOfTable(table, file)) named.set(table, file)
  }
  return named
}

/** The files of `tables` in `dir`: which holds each table, and which are leftovers. */
export function tableFiles(dir: string, tables: readonly string[]): TableFiles {
  const wanted = new Set(tables)
  const found = new Map<string, string[]>()
  let versioned = false
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const table = tableOfFileName(name)
    if (table === undefined || !wanted.has(table)) continue
    if (fileVersionOf(name) !== undefined) versioned = true
    found.set(table, [...(found.get(table) ?? []), name])
  }
  const named = versioned ? namedInManifest(dir) : new Map<string, string>()
  const out: TableFiles = { live: new Map(), stray: new Map() }
  for (const [table, names] of found) {
    const name = named.get(table)
    const live =
      name !== undefined && names.includes(name) ? name : names.find((n) => n === plainFileName(table))
    if (live !== undefined) out.live.set(table, live)
    const others = names.filter((n) => n !== live).sort()
    if (others.length) out.stray.set(table, others)
  }
  return out
}

/** The path of the file that holds `table` (its plain name when it has none: "not installed"). */
export function liveTableFile(dir: string, table: string): string {
  return join(dir, tableFiles(dir, [table]).live.get(table) ?? plainFileName(table))
}

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { csvDataset } from '../../src/datasets/validate/csv-dataset.js'
import { ROOT } from './helpers.js'

/** Helpers of the tests of damaged datasets directories (validate-files, info-files). */

/** A small datasets directory built from the validate fixtures, with SQL run on it before it is written. */
export const fixtureDataset = (prefix: string, mutate: string[] = []) =>
  csvDataset({
    csvDir: join(ROOT, 'fixtures/datasets/validate'),
    files: { score_ranks: join(ROOT, 'fixtures/datasets/score_ranks.csv') },
    out: mkdtempSync(join(tmpdir(), prefix)),
    mutate,
  })

/** Overwrites a Parquet file's data pages, keeping its header and footer: it opens, but its pages do not decode. */
export function corruptPages(file: string): void {
  const bytes = readFileSync(file)
  const footer = bytes.readUInt32LE(bytes.length - 8)
  bytes.fill(0x13, 4, bytes.length - 8 - footer)
  writeFileSync(file, bytes)
}

/** No DuckDB text (`Invalid Input Error: No magic bytes ...`), no stack. */
export const RAW = /magic bytes|Error:| {4}at /

/** The two kinds of damage: score_lines cut short (it does not open), plans with pages that do not decode. */
export function damageTwoTables(dir: string): void {
  const file = join(dir, 'score_lines.parquet')
  writeFileSync(file, readFileSync(file).subarray(0, 300))
  corruptPages(join(dir, 'plans.parquet'))
}

/**
 * Inverts bytes inside the data of one column of a Parquet file: the file opens and every query that does not
 * read that column works (datasets info reads a few columns only), but a scan of all columns fails.
 */
export async function corruptColumn(file: string, column: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api')
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  const reader = await conn.runAndReadAll(
    `SELECT data_page_offset, total_compressed_size FROM parquet_metadata('${file.replaceAll("'", "''")}')
     WHERE path_in_schema = '${column}' ORDER BY row_group_id LIMIT 1`,
  )
  conn.closeSync()
  instance.closeSync()
  const [offset, size] = (reader.getRowsJS()[0] ?? []).map(Number) as [number, number]
  const bytes = readFileSync(file)
  const from = offset + Math.floor(size / 2)
  for (let i = from; i < Math.min(from + 16, offset + size); i++) bytes[i] = (bytes[i] ?? 0) ^ 0xff
  writeFileSync(file, bytes)
}

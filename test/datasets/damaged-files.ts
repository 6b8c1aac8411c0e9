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

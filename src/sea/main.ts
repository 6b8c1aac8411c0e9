import cluster from 'node:cluster'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { getAsset, isSea } from 'node:sea'
import { useRegistry } from '../cli/manifest.js'
import { ENDPOINTS } from '../endpoints/index.js'
import { VERSION } from '../version.js'

/**
 * The entry point of the single executable (`npm run package`, scripts/package-sea.mjs): the whole CLI bundled
 * into one file and injected into a Node binary, the datasets as its assets. An executable cannot import its
 * modules from disk, so the endpoints come from the bundled registry, and DuckDB reads Parquet files, so the
 * datasets are unpacked once into a cache directory named after the version and the datasets' manifest (a new
 * executable never reads an old copy). $GAOKAO_DATASETS or --datasets still choose other datasets.
 */

/** The asset listing the dataset files (written by the packaging script) */
export const DATASET_INDEX = 'datasets.json'

function unpackDatasets(): string {
  const files = JSON.parse(getAsset(DATASET_INDEX, 'utf8')) as string[]
  const manifest = Buffer.from(getAsset('datasets/manifest.json'))
  const id = createHash('sha256').update(manifest).digest('hex').slice(0, 12)
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  const dir = join(cache, 'gaokao', `${VERSION}-${id}`, 'datasets')
  if (existsSync(join(dir, 'manifest.json'))) return dir
  // Unpacked beside, then renamed into place: a run killed half way leaves no half-filled directory behind.
  const partial = `${dir}.${process.pid}.partial`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true })
  for (const file of files) writeFileSync(join(partial, file), Buffer.from(getAsset(`datasets/${file}`)))
  try {
    renameSync(partial, dir)
  } catch (err) {
    // another run unpacked it first
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(join(dir, 'manifest.json'))) throw err
  }
  return dir
}

if (isSea() && !process.env.GAOKAO_DATASETS) process.env.GAOKAO_DATASETS = unpackDatasets()
// A worker of `serve --workers` is started with the script to run before its arguments (Node's cluster module
// passes process.argv[1]), and an executable has no script: that argument goes.
if (isSea() && cluster.isWorker) process.argv.splice(2, 1)
useRegistry(ENDPOINTS)
await import('../cli/main.js')

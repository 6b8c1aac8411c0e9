// `npm run bench`: start-up cost and handler latency, each next to a baseline measured in the same run.
// Run `npm run build` first (npm ci does it through `prepare`). The national-scale synthetic set is generated
// once into synth/scale-<N> (git-ignored); BENCH_SYNTH_SCALE=0 skips it (it needs ~10 GB of memory at N=10).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { benchCheck } from './check.mjs'
import { benchHandlers } from './handlers.mjs'
import { benchSmartMatch } from './smart-match.mjs'
import { benchStartup } from './startup.mjs'

const scale = Number(process.env.BENCH_SYNTH_SCALE ?? 10)

console.log('== CLI start-up (median of 5 runs, wall time) ==')
console.table(benchStartup())
console.log('== Handler latency on the shipped datasets (tables preloaded, as `serve` does) ==')
console.table(await benchHandlers())

if (scale > 0) {
  const dir = fileURLToPath(new URL(`../synth/scale-${scale}`, import.meta.url))
  if (!existsSync(`${dir}/plans.parquet`)) {
    console.log(`generating the scale-${scale} synthetic set into ${dir} (once) ...`)
    const bin = fileURLToPath(new URL('../bin/gaokao.js', import.meta.url))
    const r = spawnSync(
      process.execPath,
      [bin, 'datasets', 'synth', '--scale', String(scale), '--out', dir],
      { stdio: 'inherit' },
    )
    if (r.status !== 0) throw new Error('datasets synth failed')
  }
  console.log(`== Handler latency on the scale-${scale} synthetic set (${dir}) ==`)
  console.table(await benchHandlers({ datasetsDir: dir }))
}

console.log('== Smart-match and tier counts (shipped datasets, and the synthetic set when generated) ==')
const synthDir = fileURLToPath(new URL(`../synth/scale-${scale}`, import.meta.url))
console.table(
  await benchSmartMatch({
    synthDir: scale > 0 && existsSync(`${synthDir}/plans.parquet`) ? synthDir : undefined,
  }),
)

console.log(
  '== 志愿表 check: a list of 96 choices (河北, shipped datasets; the issue asks for under 300 ms) ==',
)
console.table(await benchCheck())

// `npm run bench`: start-up cost and handler latency, each next to a baseline measured in the same run.
// Run `npm run build` first (npm ci does it through `prepare`).
import { benchHandlers } from './handlers.mjs'
import { benchStartup } from './startup.mjs'

console.log('== CLI start-up (median of 5 runs, wall time) ==')
console.table(benchStartup())
console.log('== Handler latency on the shipped datasets (200 calls each, tables preloaded) ==')
console.table(await benchHandlers())

// Shared helpers for the benchmarks: these machines are shared and noisy, so every figure is a median over
// several runs and is reported next to a baseline measured in the same run.
import { spawnSync } from 'node:child_process'

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}

/** Wall time of a whole process, in milliseconds, median of `runs` after one warm-up run. */
export function timeProcess(args, runs = 5) {
  spawnSync(process.execPath, args, { stdio: 'ignore' })
  const times = []
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' })
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`)
    times.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  return median(times)
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`

import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, expect, it } from 'vitest'
import { tempStore } from '../helpers/datasets.js'
import { startServe } from '../helpers/processes.js'

// In the slow tier: `gaokao serve` on the shipped datasets, a real process. The serving issue asks for a server
// under 400 MB resident at rest. Before the tables moved to a compressed in-memory database with jemalloc's purge
// on (src/data/db.ts) one process held 1,017 MB after its warm-up; with them 338 MB on Node 20 and 401 MB on Node 26,
// and with one full collection after the warm-up (src/http/release-memory.ts) 280-295 MB on Node 20, 24 and 26.

const LIMIT_MB = 400

let server: ChildProcess | undefined
afterAll(() => {
  server?.kill('SIGKILL')
})

/** Resident memory of a process, from /proc (Linux, as CI and the servers run) */
const residentMb = (pid: number): number => {
  const m = /^VmRSS:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(m?.[1] ?? Number.NaN) / 1024
}

it(`serve on the shipped datasets stays under ${LIMIT_MB} MB resident at rest`, async () => {
  const { child: proc } = await startServe(undefined, tempStore(), 100_000)
  server = proc
  // Loading frees what jemalloc's background threads return to the system within seconds: the bound is on the
  // process at rest, sampled for up to 30 s after it says it is ready.
  const samples: number[] = []
  for (let i = 0; i < 60; i++) {
    samples.push(residentMb(proc.pid as number))
    if ((samples.at(-1) as number) < LIMIT_MB) break
    await new Promise((r) => setTimeout(r, 500))
  }
  expect(Math.min(...samples), `resident MB sampled: ${samples.map(Math.round).join(', ')}`).toBeLessThan(
    LIMIT_MB,
  )
}, 150_000)

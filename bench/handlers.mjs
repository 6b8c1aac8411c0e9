// Handler latency on the shipped datasets, in-process (no HTTP, no process start): what a request costs the
// server once its tables are loaded. Baseline: `SELECT 1` through the same Db in the same run.
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { invoke } from '../dist/endpoints/invoke.js'
import { fmt, median, percentile } from './lib.mjs'

/** Representative requests per endpoint, spread over provinces so that no single table stays hot. */
const REQUESTS = {
  'seating-list': [
    { province: '江苏', year: '2025', km: '物理类' },
    { province: '河南', year: '2025' },
    { province: '广东' },
    { province: '北京', year: '2024' },
  ],
  'seating-seating': [
    { province: '山东', km: '综合' },
    { province: '四川', km: '物理' },
  ],
  'seating-option': [{}, { province: '浙江' }],
  'meta-subjects': [{ province: '江苏', year: '2025' }, {}],
  'meta-batches': [{}],
}

export async function benchHandlers({ datasetsDir, iterations = 200, preload = true } = {}) {
  const db = openDb({ datasetsDir, preload })
  const contexts = createContextFactory({ db })
  const ctx = contexts.forCaller(null)
  const time = async (fn) => {
    for (let i = 0; i < 10; i++) await fn(i) // warm-up
    const samples = []
    for (let i = 0; i < iterations; i++) {
      const t0 = process.hrtime.bigint()
      await fn(i)
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
    return { median: median(samples), p99: percentile(samples, 99) }
  }
  const baseline = await time(() => db.all('SELECT 1'))
  const rows = [
    { name: 'SELECT 1 (baseline)', median: fmt(baseline.median), p99: fmt(baseline.p99), ratio: '1.00x' },
  ]
  for (const def of ENDPOINTS) {
    const requests = REQUESTS[def.name]
    if (!requests) continue
    const r = await time(async (i) => {
      const out = await invoke(def, requests[i % requests.length], ctx)
      if (out.error) throw new Error(`${def.name}: ${out.error.message}`)
    })
    rows.push({
      name: def.name,
      median: fmt(r.median),
      p99: fmt(r.p99),
      ratio: `${(r.median / baseline.median).toFixed(1)}x`,
    })
  }
  await db.close()
  return rows
}

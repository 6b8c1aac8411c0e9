// Handler latency, in-process (no HTTP, no process start): what a request costs a server whose tables are
// loaded. Baseline: `SELECT 1` through the same Db in the same run, so ratios survive a noisy machine.
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { invoke } from '../dist/endpoints/invoke.js'
import { warmUp } from '../dist/endpoints/warm-up.js'
import { fmt, median, percentile } from './lib.mjs'

/** Endpoints left out: feedback writes (and fsyncs) to the store; smart-match has its own bench. */
const NOT_HERE = new Set(['feedback', 'smart-match', 'cwb-num'])

/**
 * Requests per endpoint, as a front end and counsellors send them: the unfiltered default (which `serve` answers
 * once before listening) and filtered requests rotating over eight provinces, so that most filters are new to
 * the process when first sent and the p99 includes their cold cost. Ids come from the dataset itself (the
 * synthetic set has other ids).
 */
function requestsFor(sample) {
  const ps = sample.provinces
  const [p1, p2, p3] = ps
  const sid = (i) => sample.sids[i % sample.sids.length]
  const mid = (i) => sample.majorIds[i % sample.majorIds.length]
  const perProvince = (make) => ps.map((p, i) => make(p, i))
  return {
    'seating-list': perProvince((p, i) => ({ province: p, year: String(2025 - (i % 2)) })),
    'seating-seating': perProvince((p) => ({ province: p, km: '物理' })),
    'seating-option': [{}, ...perProvince((p) => ({ province: p }))],
    'meta-subjects': [{}, ...perProvince((p) => ({ province: p, year: '2025', source: 'plans' }))],
    'meta-batches': [{ source: 'plans' }, ...perProvince((p) => ({ source: 'picixian', province: p }))],
    'province-score-lines': [
      {},
      { keyword: '本科', page: 3 },
      ...perProvince((p) => ({ province: p, year: '2024' })),
    ],
    'special-plan': [
      {},
      { page: 5 },
      { plan_type: 1, keyword: '大学' },
      ...perProvince((p) => ({ province: p, year: 2025 })),
    ],
    'province-distribution': [{}, { year: '2025' }],
    'historical-scores-list': [
      {},
      { page: 4 },
      ...perProvince((p, i) => ({ province: p, year: String(2025 - (i % 3)), subject_type: '物理' })),
      ...perProvince((p) => ({ province: p, batch: '本科批', page: 2 })),
    ],
    'get-school-plan': [
      {},
      { year: '近五年', province: 'cur', school_type: '985' },
      ...perProvince((p) => ({ province: p, batch: '本科批', page: 5 })),
    ],
    'category-stats': perProvince((p) => ({ province: p, year: 2025, subject_type: '物理类' })),
    'school-open-majors': [0, 1, 2].flatMap((i) => [p1, p2].map((p) => ({ school_id: sid(i), province: p }))),
    'schools-open-majors': [0, 1, 2].map((i) => ({ school_id: sid(i), province: p1, page: 1, limit: 20 })),
    employment: [{}, { cate1: '工学', sort_type: 'salary_desc' }, { major_name: '计算机', page: '2' }],
    'major-groups': [0, 1, 2].flatMap((i) => [p1, p3].map((p) => ({ slug: String(sid(i)), province: p }))),
    'job-prospect-ranking': [{}],
    'offering-schools': [0, 1, 2].flatMap((i) => [p2, p3].map((p) => ({ id: String(mid(i)), province: p }))),
    'hot-school-list': [{}, { major_id: mid(0) }, { year: 2024 }],
    'common-question-list': [
      { module_type: 4, sub_module_type: 4, page: 1, limit: 10, sort_type: 1 },
      { module_type: 1, sub_module_type: 2 },
    ],
  }
}

async function sampleOf(db) {
  const sids = await db.all(
    `SELECT sid FROM (SELECT sid, count(*) n FROM plans GROUP BY sid) ORDER BY n DESC, sid LIMIT 3`,
  )
  const majorIds = await db.all(
    `SELECT major_id FROM plans WHERE major_id IS NOT NULL AND year = 2022 GROUP BY major_id ORDER BY count(*) DESC, major_id LIMIT 3`,
  )
  const provinces = await db.all(
    `SELECT province FROM plans GROUP BY province ORDER BY count(*) DESC, province LIMIT 8`,
  )
  return {
    sids: sids.map((r) => r.sid),
    majorIds: majorIds.length ? majorIds.map((r) => r.major_id) : [1],
    provinces: provinces.map((r) => r.province),
  }
}

/** BENCH_ONLY=name,name limits the run to those endpoints (while working on one). */
const only = process.env.BENCH_ONLY?.split(',')

export async function benchHandlers({ datasetsDir, iterations = 100, preload = true } = {}) {
  const db = openDb({ datasetsDir, preload })
  const contexts = createContextFactory({ db })
  const ctx = contexts.forCaller(null)
  // As `serve` does before it listens: load the tables and answer the endpoints' warm-up requests.
  const started = process.hrtime.bigint()
  if (preload) await warmUp(db, ctx)
  const warmUpMs = Number(process.hrtime.bigint() - started) / 1e6
  // `first` is the first call; the median and p99 are of every call, the first ones included: a request list
  // rotates over filters a process has not seen yet, and their cold cost belongs in the p99.
  const time = async (fn) => {
    const samples = []
    for (let i = 0; i < iterations; i++) {
      const t0 = process.hrtime.bigint()
      await fn(i)
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
    return {
      first: samples[0],
      median: median(samples),
      p99: percentile(samples, 99),
      max: Math.max(...samples),
    }
  }
  const baseline = await time(() => db.all('SELECT 1'))
  const requests = requestsFor(await sampleOf(db))
  const rows = [
    { name: 'load + warm-up (once, before listening)', first: fmt(warmUpMs) },
    {
      name: 'SELECT 1 (baseline)',
      median: fmt(baseline.median),
      p99: fmt(baseline.p99),
      ratio: '1.00x',
      bar: '',
    },
  ]
  for (const def of ENDPOINTS) {
    if (NOT_HERE.has(def.name) || (only && !only.includes(def.name))) continue
    const list = requests[def.name]
    if (!list) {
      rows.push({ name: def.name, median: 'no bench request', p99: '', ratio: '', bar: 'MISSING' })
      continue
    }
    const r = await time(async (i) => {
      const out = await invoke(def, list[i % list.length], ctx)
      if (out.error)
        throw new Error(`${def.name} ${JSON.stringify(list[i % list.length])}: ${out.error.message}`)
    })
    const ok = r.median < 50 && r.p99 < 150
    rows.push({
      name: def.name,
      first: fmt(r.first),
      median: fmt(r.median),
      p99: fmt(r.p99),
      max: fmt(r.max),
      ratio: `${(r.median / baseline.median).toFixed(1)}x`,
      bar: ok ? 'ok' : 'OVER (50 ms median / 150 ms p99)',
    })
  }
  await db.close()
  return rows
}

// Handler latency, in-process (no HTTP, no process start): what a request costs a server whose tables are
// loaded. Baseline: `SELECT 1` through the same Db in the same run, so ratios survive a noisy machine.
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { ENDPOINTS } from '../dist/endpoints/index.js'
import { invoke } from '../dist/endpoints/invoke.js'
import { fmt, median, percentile } from './lib.mjs'

/** Endpoints left out: feedback writes (and fsyncs) to the store; smart-match has its own bench. */
const NOT_HERE = new Set(['feedback', 'smart-match', 'cwb-num'])

/**
 * Representative requests per endpoint. Ids come from the dataset itself (the synthetic set has other ids),
 * and requests rotate over several provinces so that no single slice stays hot.
 */
function requestsFor(sample) {
  const [p1, p2, p3] = sample.provinces
  const sid = (i) => sample.sids[i % sample.sids.length]
  const mid = (i) => sample.majorIds[i % sample.majorIds.length]
  return {
    'seating-list': [{ province: p1, year: '2025' }, { province: p2 }, { province: p3, year: '2024' }],
    'seating-seating': [{ province: p1, km: '物理' }, { province: p2 }],
    'seating-option': [{}, { province: p3 }],
    'meta-subjects': [{ province: p1, year: '2025' }, { source: 'plans' }],
    'meta-batches': [{ source: 'picixian', province: p2 }, { source: 'plans' }],
    'province-score-lines': [{}, { province: p1, year: '2024' }, { keyword: '本科', page: 3 }],
    'special-plan': [{ province: p1, year: 2025 }, { plan_type: 1, keyword: '大学' }, { page: 5 }],
    'province-distribution': [{}, { year: '2025' }],
    'historical-scores-list': [
      { province: p1, year: '2025', subject_type: '物理' },
      { keyword: '计算机' },
      { province: p2, batch: '本科批', page: 4 },
    ],
    'get-school-plan': [
      {},
      { year: '近五年', province: 'cur', school_type: '985' },
      { province: p3, batch: '本科批', page: 5 },
    ],
    'category-stats': [{ province: p1, year: 2025, subject_type: '物理类' }],
    'school-open-majors': [0, 1, 2].map((i) => ({ school_id: sid(i), province: p1 })),
    'schools-open-majors': [0, 1, 2].map((i) => ({ school_id: sid(i), province: p1, page: 1, limit: 20 })),
    employment: [{}, { cate1: '工学', sort_type: 'salary_desc' }, { major_name: '计算机', page: '2' }],
    'major-groups': [0, 1, 2].map((i) => ({ slug: String(sid(i)), province: p1 })),
    'job-prospect-ranking': [{}],
    'offering-schools': [0, 1, 2].map((i) => ({ id: String(mid(i)), province: p2 })),
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
    `SELECT province FROM plans GROUP BY province ORDER BY count(*) DESC, province LIMIT 3`,
  )
  return {
    sids: sids.map((r) => r.sid),
    majorIds: majorIds.length ? majorIds.map((r) => r.major_id) : [1],
    provinces: provinces.map((r) => r.province),
  }
}

export async function benchHandlers({ datasetsDir, iterations = 100, preload = true } = {}) {
  const db = openDb({ datasetsDir, preload })
  const contexts = createContextFactory({ db })
  const ctx = contexts.forCaller(null)
  // `first` is the cold call (some endpoints build an in-memory index or memo on first use); the median and
  // p99 are of the calls after a short warm-up.
  const time = async (fn) => {
    const t = process.hrtime.bigint()
    await fn(0)
    const first = Number(process.hrtime.bigint() - t) / 1e6
    for (let i = 1; i < 5; i++) await fn(i) // warm-up
    const samples = []
    for (let i = 0; i < iterations; i++) {
      const t0 = process.hrtime.bigint()
      await fn(i)
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
    return { first, median: median(samples), p99: percentile(samples, 99) }
  }
  const baseline = await time(() => db.all('SELECT 1'))
  const requests = requestsFor(await sampleOf(db))
  const rows = [
    {
      name: 'SELECT 1 (baseline)',
      median: fmt(baseline.median),
      p99: fmt(baseline.p99),
      ratio: '1.00x',
      bar: '',
    },
  ]
  for (const def of ENDPOINTS) {
    if (NOT_HERE.has(def.name)) continue
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
      ratio: `${(r.median / baseline.median).toFixed(1)}x`,
      bar: ok ? 'ok' : 'OVER (50 ms median / 150 ms p99)',
    })
  }
  await db.close()
  return rows
}

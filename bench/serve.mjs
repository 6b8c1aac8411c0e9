// `npm run bench:serve`: the HTTP API under load, against a bare Fastify route measured in the same run.
// 64 connections for DURATION seconds each (autocannon, in this process: the clients share the machine with the
// server, as they would on one 2-core box). The baseline answers a constant envelope; `serve`'s app runs as
// `gaokao serve` does (tables preloaded, warm-up, the answer cache), on the shipped datasets. Reports requests/s,
// p50 and p99 per endpoint and for a mixed results-day workload, each with its share of the baseline's
// requests/s, and the process's resident memory at rest and after the run.
// Run `npm run build` first (npm run bench:serve does). DURATION=10 for the 10 s runs.
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../dist/http/app.js'

const DURATION = Number(process.env.DURATION ?? 5)
const CONNECTIONS = 64
const json = { 'content-type': 'application/json' }

const ENDPOINTS = [
  ['seating/option {}', '/api/v1/seating/option', {}],
  ['seating/list 江苏 2025 物理类', '/api/v1/seating/list', { province: '江苏', year: '2025', km: '物理类' }],
  [
    'seating/seating 江苏 612',
    '/api/v1/seating/seating',
    { province: '江苏', year: '2025', km: '物理类', score: 612 },
  ],
  ['meta/subjects 江苏', '/api/v1/meta/subjects', { province: '江苏' }],
  ['province-score-lines 江苏', '/api/v1/province-score-lines', { province: '江苏' }],
  ['historical-scores-list 江苏, 10 rows', '/api/v1/historical-scores-list', { province: '江苏', limit: 10 }],
  ['charts/province-distribution', '/api/v1/charts/province-distribution', {}],
]

/** A results-day mix: mostly the seating trio, some lists and charts. */
const MIXED = [
  ...Array(4).fill(ENDPOINTS[1]),
  ...Array(4).fill(ENDPOINTS[2]),
  ENDPOINTS[0],
  ENDPOINTS[3],
  ENDPOINTS[4],
  ENDPOINTS[5],
  ENDPOINTS[6],
]

async function load(url, requests) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: requests.map(([, path, body]) => ({
      method: 'POST',
      path,
      headers: json,
      body: JSON.stringify(body),
    })),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  }
}

/**
 * smart-match as results day asks it: every request another candidate (a rank drawn anew), so that the answer cache
 * answers none of them and each is computed (the province's option set is built once, by the first).
 */
async function smartMatchLoad(url) {
  let n = 0
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/volunteer/smart-match',
        headers: json,
        setupRequest: (req) => {
          n++
          // ranks 3,000-80,000, each different: a deterministic walk, no two requests alike
          const rank = 3000 + ((n * 7919) % 77000)
          const body = {
            province: '江苏',
            batch: '本科批',
            rank_year: 2025,
            rank,
            subject: '物理',
            xuanke: '物理,化学,生物',
          }
          return { ...req, body: JSON.stringify(body) }
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  }
}

const listen = async (app) => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${app.server.address().port}`
}

const rss = () => `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`

const bare = Fastify()
bare.post('/api/v1/seating/option', async () => ({ code: 200, message: 'success', data: {} }))
const bareUrl = await listen(bare)
const baseline = await load(bareUrl, [ENDPOINTS[0]])
await bare.close()

const app = await buildApp({ preload: true, answerCacheMb: 128 })
const url = await listen(app)
const atRest = rss()
const rows = [{ name: 'bare Fastify route (baseline)', ...baseline }]
for (const endpoint of ENDPOINTS) rows.push({ name: endpoint[0], ...(await load(url, [endpoint])) })
rows.push({ name: 'mixed results-day workload', ...(await load(url, MIXED)) })
rows.push({ name: 'smart-match 江苏, a new candidate each request', ...(await smartMatchLoad(url)) })
const afterRun = rss()
await app.close()

console.log(
  `== serve under load: ${CONNECTIONS} connections, ${DURATION} s each (shipped datasets, answer cache on) ==`,
)
console.table(
  rows.map((r) => ({
    endpoint: r.name,
    'requests/s': Math.round(r.rps),
    p50: `${r.p50} ms`,
    p99: `${r.p99} ms`,
    'share of baseline': `${((100 * r.rps) / baseline.rps).toFixed(1)} %`,
    'non-2xx or errors': r.errors,
  })),
)
console.log(`resident memory: ${atRest} at rest (after start and warm-up), ${afterRun} after the run`)

// `npm run bench:serve`: the HTTP API under load, against a bare Fastify route measured in the same run.
//
// The servers run as their own processes, as deployed: the bare route (bench/bare-server.mjs) and `gaokao serve`
// (bin/gaokao.js, the shipped datasets, its default log level and answer cache). The load comes from this
// process (autocannon, 64 connections), on the same 2-core machine. Every line is measured after a warm-up of
// the same load (WARMUP seconds, default 2, not counted: JIT, the province's option set of smart-match), for
// DURATION seconds (default 5; 10 for the runs). Reports requests/s, p50, p99 and the CPU of server and
// load generator per endpoint and for a mixed results-day workload, with the share of the baseline's requests/s;
// the ratio lines compare one `serve` process (`--workers 1`) with the one bare process. Reference lines send the
// real answers of seating/option and seating/list, and of every endpoint whose line used a whole core of the load
// generator, from plain node:http (bench/raw-server.mjs): the ceiling for that answer here (historical-scores-list's
// is 47 KB, its `school_names` of every school under the filter as spec 2.9 asks: autocannon's reading of it
// bounds that line, whatever the server). smart-match is measured on one process and as `serve` runs by default
// (one worker per core). Resident memory of the one-process server: at rest (settled after its warm-up) and after
// the run; SOAK=300 adds the mixed workload for that many seconds and its resident memory at rest and after it
// (before the other lines). A second table measures the baseline, the single-request lines and their ceilings again
// with a much lighter load generator (bench/light-client.mjs): autocannon holds the bare route below what it can do
// (it parses every answer in full), which flatters every ratio to it; the light client's lines are the servers'
// own limits. Run `npm run build` first (npm run bench:serve does).
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { lightLoad } from './light-client.mjs'

const DURATION = Number(process.env.DURATION ?? 5)
const WARMUP = Number(process.env.WARMUP ?? 2)
const SOAK = Number(process.env.SOAK ?? 0)
const CONNECTIONS = 64
const ROOT = join(import.meta.dirname, '..')
const json = { 'content-type': 'application/json' }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

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
  // the rest of the cacheable reads (not in the mix): a lookup, a chart, hot schools, paged lists as sent
  // with their default filters
  ['meta/batches', '/api/v1/meta/batches', {}],
  ['charts/category-stats 江苏', '/api/v1/charts/category-stats', { province: '江苏' }],
  ['schools/hot-school-list', '/api/v1/schools/hot-school-list', {}],
  ['get-school-plan, first page', '/api/v1/get-school-plan', {}],
  ['enrollment/special-plan, first page', '/api/v1/enrollment/special-plan', {}],
  [
    'common-question/list news, first page',
    '/api/v1/score-v2/common-question/list',
    { module_type: 4, sub_module_type: 4, page: 1, limit: 10 },
  ],
  // as a browser asks (src/http/compression.ts): the same answer as 11 KB of gzip; every other line asks for none
  [
    'historical-scores-list 江苏, 10 rows, gzip as browsers ask',
    '/api/v1/historical-scores-list',
    { province: '江苏', limit: 10 },
    { 'accept-encoding': 'gzip, deflate, br, zstd' },
  ],
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

const asRequests = (endpoints) =>
  endpoints.map(([, path, body, headers]) => ({
    method: 'POST',
    path,
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  }))

/**
 * smart-match as results day asks it: every request another candidate (a rank drawn anew), so that the answer
 * cache answers none of them and each is computed.
 */
function smartMatchRequests() {
  let n = 0
  return [
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
  ]
}

/**
 * CPU time of a server process and its workers (cluster children), seconds, from /proc (Linux; clock ticks of
 * 1/100 s); undefined elsewhere.
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    const own = (Number(fields[11]) + Number(fields[12])) / 100
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)
    return own + children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) ?? 0), 0)
  } catch {
    return undefined
  }
}

const AUTOCANNON = (opts) => autocannon(opts)
/** bench/light-client.mjs, for a line of one request */
const LIGHT = ({ requests, ...opts }) => lightLoad({ ...opts, ...requests[0] })

/**
 * One line's load. Besides requests/s and latency, the share of a core the server and this process (the load
 * generator) used: a line whose generator is near 100 % measures the generator (large answers: autocannon parses
 * every byte), not the server.
 */
async function load(url, requests, pid, duration = DURATION, generator = AUTOCANNON) {
  if (WARMUP > 0) await generator({ url, connections: CONNECTIONS, duration: WARMUP, requests: requests() })
  const [server0, client0, t0] = [cpuSeconds(pid), process.cpuUsage(), performance.now()]
  const result = await generator({ url, connections: CONNECTIONS, duration, requests: requests() })
  const seconds = (performance.now() - t0) / 1000
  const client = process.cpuUsage(client0)
  const server1 = cpuSeconds(pid)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    serverCpu: server0 !== undefined && server1 !== undefined ? (server1 - server0) / seconds : undefined,
    clientCpu: (client.user + client.system) / 1e6 / seconds,
  }
}

/**
 * Starts a server process and resolves with its URL once `ready` finds it in its stderr. The server's stderr (its
 * request log) goes to a file, as a deployment's would: read through a pipe, the log lines cost this process,
 * which makes the load, a third of its time.
 */
async function start(args, ready, env = {}) {
  const log = join(mkdtempSync(join(tmpdir(), 'gaokao-bench-log-')), 'stderr.log')
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', openSync(log, 'w')],
    env: { ...process.env, ...env },
  })
  let exited
  proc.on('exit', (code) => {
    exited = code
  })
  for (;;) {
    const text = readFileSync(log, 'utf8')
    const url = ready.exec(text)?.[1]
    if (url) return { proc, url, log }
    if (exited !== undefined) throw new Error(`${args.join(' ')} exited with ${exited}: ${text}`)
    await sleep(100)
  }
}

const startServe = (workers) =>
  start(
    [
      'bin/gaokao.js',
      'serve',
      '--port',
      '0',
      '--workers',
      String(workers),
      '--store',
      mkdtempSync(join(tmpdir(), 'gaokao-bench-store-')),
    ],
    /接口已启动: (http:\/\/[\d.:]+)/u,
  )

const stop = async ({ proc, log }) => {
  const exit = new Promise((r) => proc.once('exit', r))
  proc.kill('SIGTERM')
  await exit
  rmSync(join(log, '..'), { recursive: true, force: true })
}

/** Resident memory of a process, from /proc (Linux) */
const residentMb = (pid) =>
  Number(/^VmRSS:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

const bare = await start(['bench/bare-server.mjs'], /listening (http:\/\/[\d.:]+)/u)
const baseline = await load(bare.url, () => asRequests([ENDPOINTS[0]]), bare.proc.pid)
const lightBaseline = await load(bare.url, () => asRequests([ENDPOINTS[0]]), bare.proc.pid, DURATION, LIGHT)
await stop(bare)

const rows = [{ name: 'bare Fastify route (baseline, 1 process)', ...baseline }]
const one = await startServe(1)
// at rest: what the warm-up freed is returned to the system within seconds (src/data/db.ts)
await sleep(5000)
const atRest = residentMb(one.proc.pid)
// the soak: the mixed workload from rest, and the resident memory after it
let soak
if (SOAK > 0) {
  const run = await load(one.url, () => asRequests(MIXED), one.proc.pid, SOAK)
  soak = { before: atRest, after: residentMb(one.proc.pid), run }
}
/** Lines whose load generator used a whole core: they measure the generator, and get a ceiling line below */
const generatorBound = []
for (const endpoint of ENDPOINTS) {
  const row = { name: endpoint[0], ...(await load(one.url, () => asRequests([endpoint]), one.proc.pid)) }
  rows.push(row)
  // (a compressed answer has no ceiling line: plain node:http is given the answer as JSON)
  if (row.clientCpu >= 0.95 && endpoint[3] === undefined) generatorBound.push(endpoint)
}
// The same lines from the light client, in the same state of the server (before smart-match fills its memory):
// the servers' own limits, the baseline's included (light-client.mjs)
const lightRows = [{ name: 'bare Fastify route (baseline, 1 process)', ...lightBaseline }]
for (const endpoint of ENDPOINTS)
  lightRows.push({
    name: endpoint[0],
    ...(await load(one.url, () => asRequests([endpoint]), one.proc.pid, DURATION, LIGHT)),
  })
// The ceiling for an answer's size: plain node:http sending the same bytes (bench/raw-server.mjs), for the two
// seating answers always and for every line autocannon bounded, from each generator
const ceilings = [ENDPOINTS[0], ENDPOINTS[1], ...generatorBound]
rows.push(...(await ceilingRows(ceilings, AUTOCANNON)))
lightRows.push(...(await ceilingRows(ceilings, LIGHT)))
rows.push({
  name: 'mixed results-day workload',
  ...(await load(one.url, () => asRequests(MIXED), one.proc.pid)),
})
rows.push({
  name: 'smart-match 江苏, a new candidate each request',
  ...(await load(one.url, smartMatchRequests, one.proc.pid)),
})
const afterRun = residentMb(one.proc.pid)
await stop(one)

const workers = availableParallelism()
const deployed = await startServe(workers)
rows.push({
  name: `smart-match 江苏, new candidates, serve as deployed (${workers} workers)`,
  ...(await load(deployed.url, smartMatchRequests, deployed.proc.pid)),
})
await stop(deployed)

console.log(
  `== serve under load: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up (servers in their own processes, shipped datasets) ==`,
)
const table = (lines, base) =>
  console.table(
    lines.map((r) => ({
      endpoint: r.name,
      'requests/s': Math.round(r.rps),
      p50: `${r.p50} ms`,
      p99: `${r.p99} ms`,
      'share of baseline': `${((100 * r.rps) / base.rps).toFixed(1)} %`,
      'server CPU': r.serverCpu === undefined ? '-' : `${Math.round(100 * r.serverCpu)} %`,
      'load generator CPU': `${Math.round(100 * r.clientCpu)} %`,
      'non-2xx or errors': r.errors,
    })),
  )
table(rows, baseline)
console.log(
  `== the same reads from the light load generator (bench/light-client.mjs: reads the status and length of each answer, skips its body), ${CONNECTIONS} connections, ${DURATION} s each; the bare route measured with it ==`,
)
table(lightRows, lightBaseline)
const mb = (x) => `${Math.round(x)} MB`
console.log(`resident memory of one serve process: ${mb(atRest)} at rest, ${mb(afterRun)} after the run`)
if (soak)
  console.log(
    `at rest, then ${SOAK} s of the mixed workload (${Math.round(soak.run.rps)} requests/s, p99 ${soak.run.p99} ms): ${mb(soak.before)} → ${mb(soak.after)} (${(((soak.after - soak.before) / soak.before) * 100).toFixed(1)} %)`,
  )
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)

/**
 * The ceiling for an answer's size: plain node:http sending the same bytes (bench/raw-server.mjs) to the same
 * load generator. The answer is the one `serve` gives (asked while the one-process server runs).
 */
async function ceilingRows(endpoints, generator) {
  const out = []
  for (const endpoint of new Set(endpoints)) {
    const answer = await fetch(`${one.url}${endpoint[1]}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(endpoint[2]),
    })
    const file = join(mkdtempSync(join(tmpdir(), 'gaokao-bench-answer-')), 'answer.json')
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()))
    const raw = await start(['bench/raw-server.mjs'], /listening (http:\/\/[\d.:]+)/u, { ANSWER_FILE: file })
    out.push({
      name: `${endpoint[0]}: its answer from plain node:http (the ceiling)`,
      ...(await load(raw.url, () => asRequests([endpoint]), raw.proc.pid, DURATION, generator)),
    })
    await stop(raw)
    rmSync(join(file, '..'), { recursive: true, force: true })
  }
  return out
}

// Smart-match (SPEC 4.8) and cwb-num (4.13) latency, in-process, on the shipped datasets and, when given, on a
// synthetic national dataset (`gaokao datasets synth --scale 10` makes ~9.75 million plans rows; pass its
// directory as `synthDir` or GAOKAO_SYNTH_DIR). Baseline: `SELECT 1` through the same Db in the same run.
//
// A request first builds its province's option set (the options of a province, year, category and batch with
// their estimates; kept in an in-process cache of 32 such sets) and then classifies and cuts the list for the
// candidate. "first" is the first request of each option set (cold), "repeat" every later one, "all" both.
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { invoke } from '../dist/endpoints/invoke.js'
import cwbNum from '../dist/features/smart-match/cwb-num.js'
import smartMatch from '../dist/features/smart-match/smart-match.js'
import { fmt, median, percentile } from './lib.mjs'

/** Representative candidates: every volunteer type, large and small provinces, a score or a rank. */
const SHIPPED = [
  {
    province: '江苏',
    batch: '本科批',
    rank_year: 2025,
    score: 612,
    subject: '物理',
    xuanke: '物理,化学,生物',
  },
  {
    province: '河北',
    batch: '本科批',
    rank_year: 2025,
    rank: 20000,
    subject: '物理',
    xuanke: '物理,化学,生物',
  },
  {
    province: '广东',
    batch: '本科批',
    rank_year: 2025,
    rank: 30000,
    subject: '物理',
    xuanke: '物理,化学,生物',
  },
  {
    province: '湖南',
    batch: '本科批',
    rank_year: 2025,
    rank: 15000,
    subject: '历史',
    xuanke: '历史,政治,地理',
  },
  {
    province: '重庆',
    batch: '本科批',
    rank_year: 2025,
    rank: 12000,
    subject: '物理',
    xuanke: '物理,化学,生物',
  },
  {
    province: '北京',
    batch: '本科批',
    rank_year: 2025,
    rank: 8000,
    subject: '综合',
    xuanke: '物理,化学,生物',
  },
  { province: '新疆', batch: '本科一批', rank_year: 2025, rank: 6000, subject: '理科' },
  // majors judged from school lines and premiums: the first set reads every province's major lines once
  {
    province: '浙江',
    batch: '普通类一段',
    rank_year: 2026,
    rank: 30000,
    subject: '综合',
    xuanke: '物理,化学,生物',
  },
  {
    province: '河南',
    batch: '本科批',
    rank_year: 2025,
    rank: 40000,
    subject: '物理',
    xuanke: '物理,化学,生物',
  },
]

/** The synthetic dataset's rules name 本科批 everywhere. */
const SYNTH = SHIPPED.map((r) => ({ ...r, batch: '本科批', score: undefined, rank: r.rank ?? 20000 }))

/** The i-th request: the candidates cycle, their ranks move by up to ±40 % so that no two are the same. */
function requestOf(requests, i) {
  const base = requests[i % requests.length]
  const k = Math.floor(i / requests.length)
  const factor = 0.6 + ((k * 7) % 9) / 10
  return base.rank === undefined
    ? { ...base, score: base.score - (k % 9) }
    : { ...base, rank: Math.round(base.rank * factor) }
}

async function benchOne(label, datasetsDir, requests, iterations, preload) {
  const db = openDb({ datasetsDir, preload })
  const ctx = createContextFactory({ db }).forCaller(null)
  const time = async (fn) => {
    const t0 = process.hrtime.bigint()
    await fn()
    return Number(process.hrtime.bigint() - t0) / 1e6
  }
  const load = await time(() => db.all('SELECT 1'))
  const baseline = []
  for (let i = 0; i < 50; i++) baseline.push(await time(() => db.all('SELECT 1')))
  const first = []
  const repeat = []
  const counts = []
  for (let i = 0; i < iterations; i++) {
    const body = requestOf(requests, i)
    const ms = await time(async () => {
      const out = await invoke(smartMatch, body, ctx)
      if (out.error) throw new Error(`${label} ${JSON.stringify(body)}: ${out.error.message}`)
    })
    ;(i < requests.length ? first : repeat).push(ms)
    const user_info = { ...body, score: String(body.score ?? 600) }
    counts.push(
      await time(() => invoke(cwbNum, { user_info, bypass_cache: i < requests.length ? 0 : 1 }, ctx)),
    )
  }
  await db.close()
  const b = median(baseline)
  const row = (name, xs) => ({
    name: `${label}: ${name}`,
    median: fmt(median(xs)),
    p99: fmt(percentile(xs, 99)),
    ratio: `${(median(xs) / b).toFixed(1)}x`,
  })
  return [
    { name: `${label}: load tables${preload ? ' (preload)' : ''}`, median: fmt(load), p99: '', ratio: '' },
    {
      name: `${label}: SELECT 1 (baseline)`,
      median: fmt(b),
      p99: fmt(percentile(baseline, 99)),
      ratio: '1.00x',
    },
    row(`smart-match first of ${first.length} option sets`, first),
    row(`smart-match repeat (${repeat.length})`, repeat),
    row(`smart-match all (${first.length + repeat.length})`, [...first, ...repeat]),
    row(`cwb-num, cache bypassed (${counts.length})`, counts),
  ]
}

export async function benchSmartMatch({
  datasetsDir,
  synthDir = process.env.GAOKAO_SYNTH_DIR,
  iterations = 200,
  preload = true,
} = {}) {
  const rows = await benchOne('shipped', datasetsDir, SHIPPED, iterations, preload)
  if (synthDir) rows.push(...(await benchOne('synth', synthDir, SYNTH, iterations, preload)))
  return rows
}

// `node bench/smart-match.mjs [synthDir]` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchSmartMatch({ synthDir: process.argv[2] ?? process.env.GAOKAO_SYNTH_DIR }))
}

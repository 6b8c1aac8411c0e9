// `gaokao check` (volunteer/check) latency on a full-size list, in-process, on the shipped datasets: the issue asks
// that a list of 96 choices be checked in under 300 ms. The list is smart-match's for a 河北 candidate (96 choices of
// one major each, the province's own form) padded from its options where it lists fewer. Baseline: `SELECT 1`
// through the same Db in the same run. "first" includes loading the province's option set; "repeat" the
// simulation alone on later requests (other candidates' ranks, so nothing is answered from a cache).
import { openDb } from '../dist/data/db.js'
import { createContextFactory } from '../dist/endpoints/context.js'
import { invoke } from '../dist/endpoints/invoke.js'
import { checkInputFromSmartMatch } from '../dist/features/check/from-smart-match.js'
import volunteerCheck from '../dist/features/check/volunteer-check.js'
import smartMatch from '../dist/features/smart-match/smart-match.js'
import { fmt, median, percentile } from './lib.mjs'

const CANDIDATE = {
  province: '河北',
  batch: '本科批',
  rank_year: 2025,
  subject: '物理',
  xuanke: '物理,化学,生物',
}
const CHOICES = 96

async function time(fn) {
  const t0 = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - t0) / 1e6
}

export async function benchCheck({ datasetsDir, iterations = 30 } = {}) {
  const db = openDb({ datasetsDir, preload: true })
  const ctx = createContextFactory({ db }).forCaller(null)
  const answer = await invoke(smartMatch, { ...CANDIDATE, rank: 20000 }, ctx)
  if (answer.error) throw new Error(`smart-match: ${answer.error.message}`)
  const choices = checkInputFromSmartMatch(answer).choices.map((c) => ({
    school_id: c.schoolId,
    ...(c.group ? { group: c.group } : {}),
    majors: c.majors,
  }))
  if (choices.length < CHOICES)
    throw new Error(`smart-match listed ${choices.length} choices, fewer than ${CHOICES}`)
  const list = choices.slice(0, CHOICES)
  const baseline = []
  for (let i = 0; i < 50; i++) baseline.push(await time(() => db.all('SELECT 1')))
  const runs = []
  for (let i = 0; i < iterations; i++) {
    const body = { ...CANDIDATE, rank: 14000 + 400 * i, choices: list }
    runs.push(
      await time(async () => {
        const out = await invoke(volunteerCheck, body, ctx)
        if (out.error) throw new Error(`check: ${out.error.message}`)
      }),
    )
  }
  await db.close()
  const b = median(baseline)
  const row = (name, xs) => ({
    name,
    median: fmt(median(xs)),
    p99: fmt(percentile(xs, 99)),
    ratio: `${(median(xs) / b).toFixed(1)}x`,
    'under 300 ms': percentile(xs, 99) < 300 ? 'yes (p99)' : median(xs) < 300 ? 'median only' : 'no',
  })
  return [
    {
      name: 'SELECT 1 (baseline)',
      median: fmt(b),
      p99: fmt(percentile(baseline, 99)),
      ratio: '1.00x',
      'under 300 ms': '',
    },
    row(`check, ${CHOICES} choices, first request`, runs.slice(0, 1)),
    row(`check, ${CHOICES} choices, repeat (${runs.length - 1})`, runs.slice(1)),
  ]
}

// `node bench/check.mjs` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchCheck())

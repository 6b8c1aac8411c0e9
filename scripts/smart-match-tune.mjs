// Calibration aid for smart-match (README, "Smart-match"): the backtest of every province with some estimator
// parameters changed, to see what a change would do before making it. Prints, per year, how many provinces meet
// the bar, the pooled 冲 / 稳 / 保 admitted shares and 保 overshoot, and the provinces that miss, e.g.
//   node scripts/smart-match-tune.mjs '{"reform":0.3}' 2024,2025
//   node scripts/smart-match-tune.mjs '{}' 2025 内蒙古 四川
// Fit a change on 2024 (only outcomes before 2024 used) and test it on 2025, never the other way round.
import { openDb } from '../dist/data/db.js'
import {
  checkBar,
  DEFAULT_ESTIMATOR,
  emptyScore,
  median,
  mergeScores,
  STRATEGIES,
} from '../dist/domain/smart-match/index.js'
import { backtestProvince, backtestProvinces } from '../dist/endpoints/smart-match-backtest.js'

const over = JSON.parse(process.argv[2] ?? '{}')
const years = (process.argv[3] ?? '2024,2025').split(',').map(Number)
const only = process.argv.slice(4)
const params = {
  ...DEFAULT_ESTIMATOR,
  ...over,
  classes: { ...DEFAULT_ESTIMATOR.classes, ...(over.classes ?? {}) },
}
const db = openDb({ preload: true })
const pct = (t) => (t.compared ? ((100 * t.admitted) / t.compared).toFixed(1) : '-')
const shares = (s) =>
  `${pct(s.chong)} / ${pct(s.wen)} / ${pct(s.bao)} %, overshoot ${median(s.bao.ratios)?.toFixed(2)}`
for (const year of years) {
  let pass = 0
  let judged = 0
  let pooled = emptyScore()
  const misses = []
  for (const province of only.length ? only : await backtestProvinces(db, year)) {
    const rows = (
      await backtestProvince(db, { province, year, samples: 50, strategy: STRATEGIES[0], params })
    ).filter((r) => ['chong', 'wen', 'bao'].some((t) => r.score[t].compared > 0))
    if (rows.length === 0) continue // nothing to compare (the CLI lists these under no_data)
    const score = rows.reduce((a, r) => mergeScores(a, r.score), emptyScore())
    pooled = mergeScores(pooled, score)
    judged++
    if (checkBar(score).pass) pass++
    else misses.push(`${province} (${shares(score)})`)
  }
  console.log(`${year}: ${pass} of ${judged} meet the bar; pooled 冲 / 稳 / 保 ${shares(pooled)}`)
  for (const m of misses) console.log(`  misses: ${m}`)
}
await db.close()

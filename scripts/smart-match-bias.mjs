// Calibration aid for smart-match (docs/smart-match.md, "Backtest"): how far the estimated lowest ranks were from
// what a year actually admitted, per province, category and whether the evidence crossed an exam-mode reform.
// Prints the median and spread of ln(actual / expected) over every option with an outcome: 0 is unbiased, negative
// means the option was more selective than estimated (a 保 at risk).
//   node scripts/smart-match-bias.mjs 2024 [province ...]
import { openDb } from '../dist/data/db.js'
import { backtestProvince, backtestProvinces } from '../dist/features/smart-match/backtest.js'
import { actualLowestRank, STRATEGIES } from '../dist/features/smart-match/model/index.js'

const year = Number(process.argv[2] ?? 2025)
const db = openDb({ preload: true })
const provinces = process.argv.length > 3 ? process.argv.slice(3) : await backtestProvinces(db, year)
const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * (xs.length - 1)))]
const rows = []
for (const province of provinces) {
  await backtestProvince(db, {
    province,
    year,
    samples: 1,
    strategy: STRATEGIES[0],
    inspect(category, universe, actual) {
      const errors = { reform: [], same: [] }
      for (const o of universe.options) {
        const a = actualLowestRank(o, actual)
        if (a === undefined) continue
        errors[o.estimate.weak.includes('reform') ? 'reform' : 'same'].push(Math.log(a / o.estimate.expected))
      }
      for (const [kind, xs] of Object.entries(errors)) {
        if (xs.length < 20) continue
        xs.sort((x, y) => x - y)
        rows.push({
          province,
          category,
          kind,
          n: xs.length,
          median: q(xs, 0.5).toFixed(3),
          p10: q(xs, 0.1).toFixed(3),
          p90: q(xs, 0.9).toFixed(3),
        })
      }
    },
  }).catch((err) => rows.push({ province, error: err.message }))
}
console.table(rows)
await db.close()

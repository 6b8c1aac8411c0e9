// Calibration aid for smart-match (docs/smart-match.md, "Backtest"): `gaokao smart-match backtest --all` with some
// estimator parameters changed, to see what a change would do before making it. Prints, per year, how many
// provinces meet the bar, the pooled 冲 / 稳 / 保 admitted shares and 保 overshoot, and the provinces that miss, e.g.
//   node scripts/smart-match-tune.mjs '{"reform":0.3}' 2024,2025
//   node scripts/smart-match-tune.mjs '{}' 2025 内蒙古 四川
// Fit a change on 2024 (only outcomes before 2024 used) and test it on 2025, never the other way round.
import { backtestLines } from '../dist/cli/smart-match-backtest.js'
import { openDb } from '../dist/data/db.js'
import { backtestMany, backtestProvinces } from '../dist/features/smart-match/backtest.js'
import { DEFAULT_ESTIMATOR, STRATEGIES } from '../dist/features/smart-match/model/index.js'

const over = JSON.parse(process.argv[2] ?? '{}')
const years = (process.argv[3] ?? '2024,2025').split(',').map(Number)
const only = process.argv.slice(4)
const params = {
  ...DEFAULT_ESTIMATOR,
  ...over,
  classes: { ...DEFAULT_ESTIMATOR.classes, ...(over.classes ?? {}) },
}
const db = openDb({ preload: true })
const pct = (f) => (f.rate === null ? '-' : (100 * f.rate).toFixed(1))
const shares = (l) => `${pct(l.chong)} / ${pct(l.wen)} / ${pct(l.bao)} %, overshoot ${l.bao_overshoot ?? '-'}`
for (const year of years) {
  const provinces = only.length ? only : await backtestProvinces(db, year)
  const { rows } = await backtestMany(
    db,
    provinces,
    { year, samples: 50, strategy: STRATEGIES[0], params },
    true,
  )
  const lines = backtestLines(rows, false)
  const judged = lines.filter((l) => l.province !== '合计')
  const pooled = lines.at(-1)
  console.log(
    `${year}: ${judged.filter((l) => l.pass).length} of ${judged.length} meet the bar; ` +
      `pooled 冲 / 稳 / 保 ${pooled ? shares(pooled) : '-'}`,
  )
  for (const l of judged) if (!l.pass) console.log(`  misses: ${l.province} (${shares(l)})`)
}
await db.close()

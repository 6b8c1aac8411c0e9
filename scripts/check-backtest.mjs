// The check's backtest (src/features/check/backtest.ts): lists built from earlier years for candidates spread over
// each province's ranks (smart-match's, reordered, fewer 保, 冲 only, a few choices), checked as `volunteer/check`
// checks them, against what the year admitted. Prints P(滑档) predicted against realised in bands, the Brier score
// of "choice i admits" per province and pooled, and whether the bar holds.
//   npm run build && node scripts/check-backtest.mjs 2025 [--samples 50] [--draws 2000] [--json] [province ...]
//   node scripts/check-backtest.mjs 2024 --params '{"sigmaScale":0.7}'   (figures other than model/params.ts)
import { openDb } from '../dist/data/db.js'
import { checkBacktest } from '../dist/features/check/backtest.js'
import { CHECK_PARAMS } from '../dist/features/check/model/params.js'

const args = process.argv.slice(2)
const flag = (name, fallback) => {
  const i = args.indexOf(name)
  if (i < 0) return fallback
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}
const json = args.includes('--json')
if (json) args.splice(args.indexOf('--json'), 1)
const samples = Number(flag('--samples', 50))
const draws = Number(flag('--draws', 2000))
const datasets = flag('--datasets', undefined)
// --params '{"sigmaScale":0.7}': the simulation's figures changed, to fit them on a year before the one tested
const params = { ...CHECK_PARAMS, ...JSON.parse(flag('--params', '{}')) }
const year = Number(args.shift() ?? 2025)
const provinces = args.length ? args : undefined
const db = openDb({ preload: true, ...(datasets ? { datasetsDir: datasets } : {}) })
const started = Date.now()
const report = await checkBacktest(db, { year, samples, draws, provinces, params })
await db.close()
if (json) {
  console.log(JSON.stringify(report, null, 2))
  process.exit(0)
}
const pct = (x) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`)
const f3 = (x) => (Number.isNaN(x) ? '-' : x.toFixed(3))
console.log(
  `${year}: ${report.pooled.lists} lists, ${report.pooled.choices} choices (${samples} candidates per province and category, ${draws} draws per list; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
)
console.log('\nP(滑档) bands')
console.table(
  report.bands.map((b) => ({
    band: `${pct(b.from)}-${pct(Math.min(1, b.to))}`,
    lists: b.lists,
    predicted: pct(b.predicted),
    realised: pct(b.realised),
    diff: Number.isNaN(b.predicted) ? '-' : `${((b.realised - b.predicted) * 100).toFixed(1)} pts`,
  })),
)
console.log('\nchoice alone would admit: predicted chance against realised')
console.table(
  report.reliability.map((b) => ({
    bin: `${pct(b.from)}-${pct(b.to)}`,
    choices: b.choices,
    predicted: pct(b.predicted),
    realised: pct(b.realised),
  })),
)
console.log(
  `\nsmart-match's items: the chance shown (Brier ${f3(report.items.brierShown)}) and the estimate's Φ (Brier ${f3(report.items.brierEstimate)}), against realised`,
)
console.table(
  report.items.shown.map((b, i) => {
    const e = report.items.estimate[i]
    return {
      bin: `${pct(b.from)}-${pct(b.to)}`,
      'items (shown)': b.choices,
      shown: pct(b.predicted),
      realised: pct(b.realised),
      'items (Φ)': e.choices,
      Φ: pct(e.predicted),
      'realised ': pct(e.realised),
    }
  }),
)
const c = report.calibration
console.log(
  `probit fit of smart-match's choices (${c.n}): σ width ${c.width.toFixed(3)}, bias ${c.bias.toFixed(3)} σ`,
)
console.log(
  `fit under the simulation's error shape: sigmaScale ${report.fit.width}, meanShift ${report.fit.bias} (Brier ${report.fit.brier.toFixed(4)})`,
)
const row = (name, t) => ({
  name,
  lists: t.lists,
  choices: t.choices,
  'brier (admits)': f3(t.brier),
  'brier (alone)': f3(t.brierAlone),
  'P(滑档) predicted': pct(t.predictedSlide),
  realised: pct(t.realisedSlide),
})
console.log('\nby province')
console.table([...report.provinces.map((p) => row(p.province, p)), row('pooled', report.pooled)])
console.log('\nby list')
console.table(report.variants.map((v) => row(v.variant, v)))
if (report.noData.length) console.log(`no data: ${report.noData.join(' ')}`)
console.log(report.bar.pass ? 'bar: met' : `bar: NOT met\n  ${report.bar.failures.join('\n  ')}`)

// The figures of the check's filing simulation (src/features/check/model/params.ts), measured on a backtest's
// residuals: each option's u = ln(actual lowest rank / expected) / σ, where the year's lowest ranks are predicted
// from earlier years only; the variance of u (σ's real width) and the shares of it that one cohort (province, year,
// category), one band of ranks, one school and one set of observations share, and the errors' shape (heavy tails)
// (src/features/check/model/measure.ts).
//   npm run build && node scripts/check-shared-shift.mjs 2024 [province ...]
//   node scripts/check-shared-shift.mjs 2023,2024      (years pooled: each year's cohorts are its own)
//   node scripts/check-shared-shift.mjs 2024 --by-class (also the options judged from coarser lines only, and the
//                                                        others, each measured alone)
import { openDb } from '../dist/data/db.js'
import { collectResiduals } from '../dist/features/check/backtest.js'
import { errorShape, varianceComponents } from '../dist/features/check/model/measure.js'

const byClass = process.argv.includes('--by-class')
const args = process.argv.slice(2).filter((a) => a !== '--by-class')
const years = (args[0] ?? '2024').split(',').map(Number)
const year = years.join('+')
const provinces = args.length > 1 ? args.slice(1) : undefined
const db = openDb({ preload: true })
const residuals = []
// one by one: 2025's 135,000 residuals as arguments of one push overflow the stack
for (const y of years) for (const r of await collectResiduals(db, y, provinces)) residuals.push(r)
const c = varianceComponents(residuals)
const f = (x, d = 3) => x.toFixed(d)
const share = (x) => `${((x / c.variance) * 100).toFixed(1)} %`
console.log(`${year}: ${c.options} options in ${c.cohorts} cohorts (province, year, category)`)
console.log(
  `u = ln(actual / expected) / σ: mean ${f(c.mean)}, variance ${f(c.variance)} -> sigmaScale ${f(Math.sqrt(c.variance))}`,
)
console.log(
  `shares of Var(u): cohort ${share(c.cohort)} (${f(c.cohort, 4)}), rank band ${share(c.band)} (${f(c.band, 4)}), school ${share(c.school)} (${f(c.school, 4)}), same evidence ${share(c.evidence)} (${f(c.evidence, 4)})`,
)
console.log(
  `log units: variance ${f(c.raw.variance, 4)}, cohort ${f(c.raw.cohort, 4)} (sd ${f(Math.sqrt(c.raw.cohort))}), rank band ${f(c.raw.band, 4)}, school ${f(c.raw.school, 4)} (sd ${f(Math.sqrt(c.raw.school))}), same evidence ${f(c.raw.evidence, 4)}`,
)
const shape = errorShape(residuals)
console.log(
  `shape of u: IQR / sd ${f(shape.iqrOverSd, 2)}, 1 % quantile ${f(shape.q01, 2)} sd, 0.1 % ${f(shape.q001, 2)} sd (normal 1.35 / -2.33 / -3.09; Student t, 3 degrees of freedom, 0.88 / -2.62 / -5.90)`,
)
await db.close()
if (byClass)
  for (const [name, coarse] of [
    ['judged from coarser lines only', true],
    ['judged from lines of their own', false],
  ]) {
    const k = varianceComponents(residuals.filter((r) => r.coarse === coarse))
    const of = (x) => `${((x / k.variance) * 100).toFixed(1)} %`
    console.log(
      `${name}: ${k.options} options, u mean ${f(k.mean)}, variance ${f(k.variance)}; shares: cohort ${of(k.cohort)}, rank band ${of(k.band)}, school ${of(k.school)}, same evidence ${of(k.evidence)}`,
    )
  }

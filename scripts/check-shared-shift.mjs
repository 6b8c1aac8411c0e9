// The figures of the check's filing simulation (src/features/check/model/params.ts), measured on a backtest's
// residuals: each option's u = ln(actual lowest rank / expected) / σ, where the year's lowest ranks are predicted
// from earlier years only; the variance of u (σ's real width) and the shares of it that one cohort (province, year,
// category), one band of ranks, one school and one set of observations share, and the errors' shape (heavy tails)
// (src/features/check/model/measure.ts).
//   npm run build && node scripts/check-shared-shift.mjs 2024 [province ...]
//   node scripts/check-shared-shift.mjs 2023,2024      (years pooled: each year's cohorts are its own)
import { openDb } from '../dist/data/db.js'
import { collectResiduals } from '../dist/features/check/backtest.js'
import { errorShape, varianceComponents } from '../dist/features/check/model/measure.js'

const years = (process.argv[2] ?? '2024').split(',').map(Number)
const year = years.join('+')
const provinces = process.argv.length > 3 ? process.argv.slice(3) : undefined
const db = openDb({ preload: true })
const residuals = []
for (const y of years) residuals.push(...(await collectResiduals(db, y, provinces)))
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

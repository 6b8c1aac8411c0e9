// How many of CG's major entries still fold into another entry of their key (src/datasets/plans/README.md: "A major
// of one group on two rows"), and the seats that fold loses: entries of one school, province, category, plan type,
// local batch, group and name that differ in their seats, fee, code, length or 选科 (identical ones are one entry
// listed twice, as in a group that a file lists twice).
//   npm run build && node scripts/cg-folds.mjs
import { majorKey } from '../dist/datasets/plans/normalize.js'
import { cgPlans } from '../dist/datasets/plans/sources/cg.js'

const { records } = await cgPlans.load(process.argv[2] ?? '../shared/data/sources')
const byKey = new Map()
for (const r of records) {
  if (r.spname === '') continue
  const k = [
    r.schoolName,
    r.province,
    r.subjectType,
    r.planType,
    r.localBatchName,
    r.sgCode,
    majorKey(r.spname),
  ]
  const key = k.join('|')
  const list = byKey.get(key)
  if (list) list.push(r)
  else byKey.set(key, [r])
}
let entries = 0
let seats = 0
for (const list of byKey.values()) {
  const distinct = [
    ...new Map(
      list.map((r) => [JSON.stringify([r.num, r.tuition, r.spcode, r.length, r.sgInfos]), r]),
    ).values(),
  ]
  if (distinct.length < 2) continue
  entries += distinct.length - 1
  seats += distinct.slice(1).reduce((n, r) => n + (r.num ?? 0), 0)
}
console.log(`CG major entries folding into another of their key: ${entries}, with ${seats} seats`)

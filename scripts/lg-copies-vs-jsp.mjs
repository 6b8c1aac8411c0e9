// Which year a repeated LG third-party summary row belongs to (src/datasets/plans/sources/lg.ts, copyKey): LG's 江苏
// rows that repeat unchanged under several years, each compared with JSP's own outcome of the same school and major
// in those years (JSP: 江苏 major lines 2023-2025, an independent source). Prints how many repeats JSP's score
// confirms for the earliest year alone, a later year alone, every year, or none, e.g.
//   node scripts/lg-copies-vs-jsp.mjs ../shared/data/sources
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

const sources = process.argv[2] ?? new URL('../../shared/data/sources/', import.meta.url).pathname
const readGz = (path) => gunzipSync(readFileSync(join(sources, path))).toString('utf8')

const lg = JSON.parse(
  readGz('liuguanghui0226__gaokao-zhiyuan-site/site/data/release-v3.275/jiangsu.json.gz'),
).records

// JSP: school | major (without its bracketed note) → the scores of 2023, 2024, 2025
const [head, ...lines] = readGz('ycxukun__jiangsu-plan/identity_key_full_audit.csv.gz')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
const col = Object.fromEntries(head.split(',').map((name, i) => [name, i]))
const bare = (name) =>
  String(name ?? '')
    .replace(/[（(].*$/u, '')
    .trim()
const jsp = new Map()
for (const line of lines) {
  if (!line) continue
  const c = line.split(',')
  const key = `${c[col.school]}|${bare(c[col.majorName])}`
  const years = jsp.get(key) ?? { 2023: new Set(), 2024: new Set(), 2025: new Set() }
  for (const y of [2023, 2024, 2025]) {
    const score = c[col[`score${y - 2000}`]]
    if (score) years[y].add(Number(score))
  }
  jsp.set(key, years)
}

// The adapter's copy key (lg.ts copyKey): everything but the year and the rank
const copyKey = (r) =>
  [r.province, r.schoolName, r.majorName ?? '', r.subjectType, r.batch, r.minScore, r.planCount ?? ''].join(
    '|',
  )
const repeats = new Map()
for (const r of lg) {
  if (!/^third-party-school-score-summary/u.test(r.sourceQuality ?? '')) continue
  const k = copyKey(r)
  repeats.set(k, [...(repeats.get(k) ?? []), r])
}

const tally = { 'earliest year alone': 0, 'a later year alone': 0, 'every year': 0, 'some years': 0, none: 0 }
for (const rows of repeats.values()) {
  const years = [...new Set(rows.map((r) => r.year))].sort()
  if (years.length < 2) continue
  const r = rows[0]
  const outcomes = jsp.get(`${r.schoolName}|${bare(r.majorName)}`)
  const known = years.filter((y) => outcomes?.[y]?.size)
  if (known.length < 2) continue
  const agree = known.filter((y) => outcomes[y].has(r.minScore))
  if (agree.length === 0) tally.none++
  else if (agree.length === known.length) tally['every year']++
  else if (agree.length === 1 && agree[0] === years[0]) tally['earliest year alone']++
  else if (agree.length === 1) tally['a later year alone']++
  else tally['some years']++
}
console.log('repeated 江苏 rows with JSP outcomes for two of their years or more, by the years JSP confirms:')
console.log(tally)

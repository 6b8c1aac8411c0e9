// The two tables of docs/smart-match.md that come from commands, as Markdown, so that they are regenerated rather
// than retyped: the form-ready audit per province and the 2025 backtest per province.
//   npm run build
//   node bin/gaokao.js smart-match audit --json > /tmp/audit.json
//   node bin/gaokao.js smart-match backtest --all --year 2025 --samples 50 --json > /tmp/bt.json
//   node scripts/docs-tables.mjs /tmp/audit.json /tmp/bt.json
import { readFileSync } from 'node:fs'

const [auditFile, backtestFile] = process.argv.slice(2)
const TYPE = { 1: '院校', 2: '专业组', 3: '专业' }
const pct = (k, n) => (n ? `${((100 * k) / n).toFixed(1)} %` : '-')

if (auditFile) {
  const { rows, total } = JSON.parse(readFileSync(auditFile, 'utf8'))
  const byProvince = new Map()
  for (const r of rows) byProvince.set(r.province, [...(byProvince.get(r.province) ?? []), r])
  console.log(
    '| province | choice | 2025 | 2026 | both years | majors from: plan / plan of the year before / admitted the year before |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const [province, list] of byProvince) {
    const cell = (year) => {
      const r = list.find((x) => x.rank_year === year)
      if (!r) return '-'
      return r.items ? `${r.ready} / ${r.items}` : (r.skipped[0] ?? '-')
    }
    const items = list.reduce((n, r) => n + r.items, 0)
    const ready = list.reduce((n, r) => n + r.ready, 0)
    const sum = (k) => list.reduce((n, r) => n + r.composition[k], 0)
    const type = TYPE[list.find((r) => r.volunteer_type)?.volunteer_type] ?? ''
    console.log(
      `| ${province} | ${type} | ${cell(2025)} | ${cell(2026)} | ${pct(ready, items)} | ${sum('plan')} / ${sum('plan_prev_year')} / ${sum('admitted_prev_year')} |`,
    )
  }
  console.log(
    `| **all** |  |  |  | **${pct(total.ready, total.items)}** (${total.ready} / ${total.items}) |  |`,
  )
  console.log()
}

if (backtestFile) {
  const { lines } = JSON.parse(readFileSync(backtestFile, 'utf8'))
  const tier = (t) => `${pct(t.admitted, t.compared)} (${t.compared})`
  console.log(
    '| province | categories | choice | 冲 admitted (items compared) | 稳 admitted | 保 admitted | 保 overshoot (median) | meets the bar |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const l of lines) {
    const total = l.province === '合计'
    const choice = `${TYPE[l.volunteer_type] ?? ''}${l.school_items ? ' (按院校回测)' : ''}`
    console.log(
      `| ${total ? '**all (pooled)**' : l.province} | ${l.category} | ${total ? '' : choice} | ${tier(l.chong)} | ${tier(l.wen)} | ${tier(l.bao)} | ${l.bao_overshoot} | ${l.pass ? 'yes' : `no: ${l.failures.join('; ')}`} |`,
    )
  }
}

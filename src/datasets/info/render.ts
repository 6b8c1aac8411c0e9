import type { TableView } from '../../endpoints/define.js'
import { sourceLegend } from '../source-names.js'
import type { DatasetsInfo, TableInfo } from './info.js'

const pct = (share: number): string => `${(share * 100).toFixed(1)}%`
const fmt = (n: number): string => n.toLocaleString('en-US')
const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** The sources a table's cell shows: the three largest */
const SHOWN_SOURCES = 3

function sourcesCell(t: TableInfo, short: boolean): string {
  if (!t.sources?.length) return ''
  const top = t.sources
    .slice(0, SHOWN_SOURCES)
    .map((s) => `${short ? clip(s.source, 14) : s.source} ${pct(s.share)}`)
  return `${top.join(', ')}${t.sources.length > SHOWN_SOURCES ? ` +${t.sources.length - SHOWN_SOURCES}` : ''}`
}

/** The codes of the sources the table shows, named in full (source-names.json), one per line. */
function legendLines(tables: readonly TableInfo[]): string[] {
  const cells = tables.flatMap((t) => (t.sources ?? []).slice(0, SHOWN_SOURCES).map((s) => s.source))
  const legend = sourceLegend(cells)
  return legend.length ? ['来源代码:', ...legend.map((l) => `  ${l}`)] : []
}

function noteCell(t: TableInfo): string {
  const notes: string[] = []
  if (t.rankDerived)
    notes.push(`推算位次 ${pct(t.rankDerived.share)} (有位次 ${fmt(t.rankDerived.withRank)} 行)`)
  if (!t.schema) notes.push('schema.ts 无列约定')
  const other = Object.keys(t.provenance ?? {}).filter((k) => !['real', 'derived', 'synthetic'].includes(k))
  if (other.length) notes.push(`其他 provenance: ${other.join(', ')}`)
  return notes.join('; ')
}

/** The lines that say what is wrong with the directory: a damaged or missing table, an unreadable manifest. */
export function infoProblems(info: DatasetsInfo): string[] {
  const tables = info.tables.flatMap((t) => (t.problem ? [t.problem] : []))
  return info.manifestProblem ? [info.manifestProblem, ...tables] : tables
}

/**
 * The terminal views of `gaokao datasets info`: one line per table, then provinces covered per year. `short`
 * (on a terminal) cuts long source names with …; piped output keeps them whole.
 */
export function infoViews(info: DatasetsInfo, opts: { short?: boolean } = {}): TableView[] {
  const present = info.tables.filter((t) => t.present)
  const absent = info.tables.filter((t) => !t.present && !t.problem).map((t) => t.table)
  const problems = infoProblems(info)
  const footer = [
    ...legendLines(present),
    ...(absent.length ? [`未安装: ${absent.join(', ')}`] : []),
    ...problems.map((p) => `问题: ${p}`),
  ]
  const synth = info.synth ? `合成数据集: ${JSON.stringify(info.synth)}` : ''
  const views: TableView[] = [
    {
      title: `数据目录 ${info.datasets}${synth ? `\n${synth}` : ''}`,
      head: ['表', '行数', '年份', '省份', '真实', '推算', '合成', '来源', '备注'],
      numeric: [1, 3, 4, 5, 6],
      rows: present.map((t) => [
        t.table,
        fmt(t.rows ?? 0),
        t.years ? (t.years.min === t.years.max ? String(t.years.min) : `${t.years.min}-${t.years.max}`) : '-',
        t.provinces ?? '-',
        t.provenance ? pct(t.provenance.real?.share ?? 0) : '-',
        t.provenance ? pct(t.provenance.derived?.share ?? 0) : '-',
        t.provenance ? pct(t.provenance.synthetic?.share ?? 0) : '-',
        sourcesCell(t, opts.short === true),
        noteCell(t),
      ]),
      footer: footer.length ? footer.join('\n') : undefined,
    },
  ]
  const withYears = present.filter((t) => t.perYear.some((y) => y.provinces !== null))
  if (withYears.length) {
    const years = [...new Set(withYears.flatMap((t) => t.perYear.map((y) => y.year)))].sort((a, b) => a - b)
    views.push({
      title: '\n每年覆盖的省份数',
      head: ['表', ...years.map(String)],
      numeric: years.map((_, i) => i + 1),
      rows: withYears.map((t) => {
        const at = new Map(t.perYear.map((y) => [y.year, y.provinces]))
        return [t.table, ...years.map((y) => (at.has(y) ? String(at.get(y)) : ''))]
      }),
    })
  }
  for (const t of present) {
    if (!t.matrix) continue
    views.push({
      title: `\n${t.table}: 各省各年行数`,
      head: ['省份', ...t.matrix.years.map(String), '合计'],
      numeric: [...t.matrix.years.map((_, i) => i + 1), t.matrix.years.length + 1],
      rows: t.matrix.rows.map((r) => [
        r.province,
        ...r.counts.map((n) => (n ? fmt(n) : '')),
        fmt(r.counts.reduce((a, b) => a + b, 0)),
      ]),
    })
  }
  return views
}

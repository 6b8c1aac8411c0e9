import { openDb } from '../data/db.js'
import { didYouMean } from '../domain/closest.js'
import { KIND_LABEL, type NameEntry, type NameMatch } from '../domain/name-search.js'
import type { TableView } from '../endpoints/define.js'
import { badRequest } from '../errors.js'
import { type Finder, MAJORS, SCHOOLS } from '../features/name-search/finders.js'
import type { MajorEntry } from '../features/name-search/majors.js'
import type { SchoolEntry } from '../features/name-search/schools.js'
import { defineRun } from './commands/define.js'
import { useColor } from './io.js'
import { renderCsv, renderJson, renderNdjson, renderTables } from './render.js'

/** `gaokao schools search <text>` and `gaokao majors search <text>` (src/features/name-search/). */

interface SearchOptions {
  limit: string
  format: string
  json?: boolean
  color?: boolean
  bom?: boolean
  datasets?: string
}

interface SearchAnswer<E extends NameEntry> {
  text: string
  /** Every match, of which `matches` are the first `limit` */
  total: number
  matches: NameMatch<E>[]
  /** When nothing matches: `, 是否要找: …` (the nearest names), else '' */
  near: string
}

async function search<E extends NameEntry>(
  finder: Finder<E>,
  args: readonly string[],
  opts: SearchOptions,
): Promise<SearchAnswer<E>> {
  const text = (args[0] ?? '').trim()
  if (text === '') throw badRequest(`请给出要查找的${finder.noun}, 如 gaokao ${finder.group} search 南大`)
  const limit = Number(opts.limit)
  if (!Number.isInteger(limit) || limit < 1) throw badRequest(`--limit 应为正整数, 收到 ${opts.limit}`)
  const db = openDb({ datasetsDir: opts.datasets })
  try {
    const entries = await finder.entries(db)
    const all = await finder.find(entries, text)
    const names = () => [...entries].sort((a, b) => a.order - b.order).map((e) => e.name)
    return {
      text,
      total: all.length,
      matches: all.slice(0, limit),
      near: all.length ? '' : didYouMean(text, names()),
    }
  } finally {
    await db.close()
  }
}

/** The rows of --json, --format csv and ndjson: the entry's fields, then how it matched. */
const schoolRecord = ({ entry: s, kind, via }: NameMatch<SchoolEntry>) => ({
  sid: s.id,
  name: s.name,
  code: s.code,
  moe_code: s.moeCode,
  province: s.province,
  city: s.city,
  level_name: s.level,
  hot: s.hot,
  aliases: s.aliases.join('、'),
  match: KIND_LABEL[kind],
  via,
})

const majorRecord = ({ entry: m, kind, via }: NameMatch<MajorEntry>) => ({
  major_id: m.id,
  name: m.name,
  code: m.code,
  level: m.level,
  category: m.category,
  class_name: m.className,
  match: KIND_LABEL[kind],
  via,
})

/** How a match is said in the table: 简称 南大, 拼音 njdx; an exact one by its kind alone. */
const how = (m: NameMatch<NameEntry>, text: string) =>
  m.via === m.entry.name || m.via === text ? KIND_LABEL[m.kind] : `${KIND_LABEL[m.kind]} ${m.via}`

function render<E extends NameEntry, R extends Record<string, unknown>>(
  finder: Finder<E>,
  answer: SearchAnswer<E>,
  opts: SearchOptions,
  io: { isTTY: boolean; env: Record<string, string | undefined>; columns?: number },
  record: (m: NameMatch<E>) => R,
  view: (matches: readonly NameMatch<E>[]) => Omit<TableView, 'title' | 'footer'>,
): Promise<string> | string {
  const format = opts.json ? 'json' : opts.format
  const records = answer.matches.map(record)
  if (format === 'json') return renderJson(records, io.isTTY)
  if (format === 'ndjson') return renderNdjson(records)
  if (format === 'csv') return renderCsv(records, opts.bom !== false)
  if (answer.total === 0) return `没有与 "${answer.text}" 匹配的${finder.noun}${answer.near}\n`
  const more = answer.total > answer.matches.length ? `, 列出前 ${answer.matches.length} 个 (--limit)` : ''
  return renderTables(
    [
      {
        title: `${finder.noun}: "${answer.text}" (共 ${answer.total} 个${more})`,
        ...view(answer.matches),
      },
    ],
    useColor(io, opts.color),
    io.columns,
  )
}

export const schoolsSearchRun = defineRun({
  action: (args, opts: SearchOptions) => search(SCHOOLS, args, opts),
  render: (answer, opts, io) =>
    render(SCHOOLS, answer, opts, io, schoolRecord, (matches) => ({
      head: ['院校', '简称', '院校代码', 'ID', '所在地', '层次', '热度序', '匹配'],
      rows: matches.map((m) => [
        m.entry.name,
        m.entry.aliases.join('、'),
        m.entry.code,
        m.entry.id,
        [m.entry.province, m.entry.city].filter(Boolean).join(' '),
        m.entry.level,
        m.entry.hot,
        how(m, answer.text),
      ]),
      numeric: [3, 6],
    })),
})

export const majorsSearchRun = defineRun({
  action: (args, opts: SearchOptions) => search(MAJORS, args, opts),
  render: (answer, opts, io) =>
    render(MAJORS, answer, opts, io, majorRecord, (matches) => ({
      head: ['专业', '专业代码', '层次', '门类', '专业类', 'ID', '匹配'],
      rows: matches.map((m) => [
        m.entry.name,
        m.entry.code,
        m.entry.level,
        m.entry.category,
        m.entry.className,
        m.entry.id,
        how(m, answer.text),
      ]),
      numeric: [5],
    })),
})

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA } from '../../src/data/schema.js'
import { buildDatasets } from '../../src/datasets/build.js'
import { checkContent } from '../../src/datasets/content/checks.js'
import { counters, formatTimestamp, parseTimestamp } from '../../src/datasets/content/counters.js'
import { type ContentRow, content, contentRows } from '../../src/datasets/content/items.js'
import { isEmptySlot, isNewsSlot } from '../../src/datasets/content/modules.js'
import type { Fact } from '../../src/datasets/content/types.js'
import { readParquet } from '../../src/datasets/parquet.js'
import { contentItemsBuilder } from '../../src/datasets/tables/content-items.js'
import { hasSharedSources, ROOT, SHARED_SOURCES, SHIPPED } from './helpers.js'

const SHARED_DATA = resolve(SHARED_SOURCES, '..')
const dirs: string[] = []
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gaokao-content-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('content items (checked-in data)', () => {
  const rows = contentRows()

  it('has 60-100 items, news in every category, questions on every page', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60)
    expect(rows.length).toBeLessThanOrEqual(100)
    const news = rows.filter((r) => isNewsSlot(r.module_type, r.sub_module_type))
    expect(news.length).toBeGreaterThanOrEqual(30)
    for (const c of [1, 2, 3, 4])
      expect(news.filter((r) => r.category_enum === c).length).toBeGreaterThanOrEqual(8)
    for (const m of [1, 2, 3, 5, 6])
      for (const s of [1, 2, 3])
        expect(
          rows.some((r) => r.module_type === m && r.sub_module_type === s),
          `(${m},${s})`,
        ).toBe(true)
    expect(rows.some((r) => isEmptySlot(r.module_type, r.sub_module_type))).toBe(false)
  })

  it('passes its checks', () => {
    expect(checkContent(rows)).toEqual([])
  })

  it('rows follow the schema and the provenance rule', () => {
    const cols = SCHEMA.content_items.map((c) => c.name)
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual([...cols].sort())
      expect(r.provenance).toBe('derived')
      expect(r.source.length).toBeGreaterThan(3)
    }
  })

  it('news have no answer, questions have one; school items name the school in the text', () => {
    for (const r of rows) {
      if (isNewsSlot(r.module_type, r.sub_module_type)) expect(r.answer).toBe('')
      else expect(r.answer.length).toBeGreaterThan(20)
      if (r.school_name) expect(`${r.title}${r.content}`).toContain(r.school_name)
    }
  })

  it('every news item lists the facts it quotes', () => {
    for (const it of content().filter((c) => isNewsSlot(c.module, c.sub)))
      expect(it.facts?.length ?? 0, `item ${it.id}`).toBeGreaterThan(0)
  })

  it('is deterministic: counters depend only on (seed, id, publish_at)', () => {
    expect(contentRows()).toEqual(rows)
    const a = counters(401, '2026-05-08 09:30:00', true)
    expect(counters(401, '2026-05-08 09:30:00', true)).toEqual(a)
    expect(counters(402, '2026-05-08 09:30:00', true)).not.toEqual(a)
    // an item's counters do not move when another item is removed
    const fewer = contentRows(content().filter((c) => c.id !== 101))
    expect(fewer.find((r) => r.id === 102)).toEqual(rows.find((r) => r.id === 102))
  })
})

describe('timestamps', () => {
  it('parses and formats YYYY-MM-DD HH:mm:ss without time zones', () => {
    const ms = parseTimestamp('2026-06-30 08:05:09')
    expect(formatTimestamp(ms)).toBe('2026-06-30 08:05:09')
    expect(parseTimestamp('2026-02-30 10:00:00')).toBeNaN()
    expect(parseTimestamp('2026-6-30 10:00:00')).toBeNaN()
    expect(parseTimestamp('2026-06-30T10:00:00')).toBeNaN()
    expect(parseTimestamp('2026-06-30 10:00')).toBeNaN()
  })
})

describe('checkContent catches violations', () => {
  const base = contentRows()
  const news = base.find((r) => isNewsSlot(r.module_type, r.sub_module_type)) as ContentRow
  const question = base.find((r) => !isNewsSlot(r.module_type, r.sub_module_type)) as ContentRow
  const rules = (rows: ContentRow[]) => [...new Set(checkContent(rows).map((v) => v.rule))].sort()
  const replace = (r: ContentRow) => base.map((x) => (x.id === r.id ? r : x))

  it.each([
    ['unique', () => [...base, { ...news }]],
    ['module', () => replace({ ...question, module_type: 7 })],
    ['module', () => replace({ ...question, sub_module_type: 0 })],
    ['module', () => replace({ ...question, module_type: 4, sub_module_type: 3 })],
    ['category', () => replace({ ...news, category_enum: 5 })],
    ['answer', () => replace({ ...news, answer: '答' })],
    ['answer', () => replace({ ...question, answer: ' ' })],
    ['text', () => replace({ ...question, title: '' })],
    ['publish_at', () => replace({ ...news, publish_at: '2026/06/01 10:00:00' })],
    ['created_at', () => replace({ ...news, created_at: '2099-01-01 00:00:00' })],
    ['look_num', () => replace({ ...news, look_num: -1 })],
    ['sort', () => replace({ ...news, sort: 1.5 })],
    ['provenance', () => replace({ ...news, provenance: 'made-up' as ContentRow['provenance'] })],
    [
      'category',
      () => base.filter((r) => !(isNewsSlot(r.module_type, r.sub_module_type) && r.category_enum === 3)),
    ],
  ] as const)('%s', (rule, rows) => {
    expect(rules(rows() as ContentRow[])).toContain(rule)
  })
})

// ------------------------------------------------------------------------------------------ facts

const readShared = (file: string): string =>
  file.startsWith('project:')
    ? readFileSync(join(ROOT, file.slice('project:'.length)), 'utf8')
    : readFileSync(join(SHARED_DATA, file), 'utf8')

interface CalendarDoc {
  provinces: { province: string; batches: Record<string, unknown>[]; [k: string]: unknown }[]
}

function checkFact(f: Fact, scoreRanks: Map<string, { total: number; source: string }>): string | null {
  if (f.kind === 'quote') {
    if (!f.file.startsWith('project:') && !hasSharedSources) return null
    return readShared(f.file).includes(f.text) ? null : `not in ${f.file}: ${f.text}`
  }
  if (f.kind === 'score_ranks_total') {
    const t = scoreRanks.get(`${f.province}|${f.year}|${f.km}`)
    if (!t) return `no shipped score_ranks table ${f.province} ${f.year} ${f.km}`
    return t.total === f.total && t.source === f.source
      ? null
      : `score_ranks ${JSON.stringify(t)} vs ${f.total}`
  }
  if (!hasSharedSources) return null
  if (f.kind === 'gp_report') {
    const doc = JSON.parse(
      readShared('sources/hamajun-tao__gaokao-pro/cli/data/datasets/employment-2024.json'),
    ) as {
      schools: { school: string; undergrad: Record<string, unknown> }[]
    }
    const s = doc.schools.find((x) => x.school === f.school)
    return s?.undergrad[f.field] === f.value
      ? null
      : `${f.school}.${f.field} = ${String(s?.undergrad[f.field])}`
  }
  const doc = JSON.parse(
    readShared('sources/hamajun-tao__gaokao-pro/cli/data/datasets/zhiyuan-calendar-2026.json'),
  ) as CalendarDoc
  const p = doc.provinces.find((x) => x.province === f.province)
  const holder = f.batch === '' ? p : p?.batches.find((b) => b.name === f.batch)
  return holder?.[f.field] === f.value
    ? null
    : `${f.province}/${f.batch}.${f.field} = ${String(holder?.[f.field])}`
}

describe('facts quoted by the items', () => {
  it('hold in their sources', async () => {
    const scoreRanks = new Map<string, { total: number; source: string }>()
    const file = join(SHIPPED, 'score_ranks.parquet')
    if (existsSync(file)) {
      const rows = (await readParquet(file)) as {
        province: string
        year: number
        km: string
        level: string
        total: number
        source: string
      }[]
      for (const r of rows) {
        if (r.level !== '') continue
        const k = `${r.province}|${r.year}|${r.km}`
        const prev = scoreRanks.get(k)
        if (!prev || r.total > prev.total) scoreRanks.set(k, { total: r.total, source: r.source })
      }
    }
    const failures: string[] = []
    let checked = 0
    for (const item of content())
      for (const f of item.facts ?? []) {
        if (f.kind === 'score_ranks_total' && scoreRanks.size === 0) continue
        const problem = checkFact(f, scoreRanks)
        checked++
        if (problem) failures.push(`item ${item.id}: ${problem}`)
      }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(100)
  })

  it('quote every figure of a news item (each number in the text appears in a fact or is a date)', () => {
    // a light guard: figures with a decimal point or a percent sign must come from a listed fact
    for (const item of content().filter((c) => isNewsSlot(c.module, c.sub))) {
      const facts = JSON.stringify(item.facts ?? [])
      const numbers = `${item.content}${item.description}`.match(/\d+\.\d+|\d+(?=%)/gu) ?? []
      for (const n of numbers) {
        const plain = n.replace(/0+$/u, '').replace(/\.$/u, '')
        expect(facts.includes(n) || facts.includes(plain), `item ${item.id}: ${n}`).toBe(true)
      }
    }
  })
})

// ------------------------------------------------------------------------------------------ build

describe('content_items build', () => {
  it('writes the same bytes twice', async () => {
    const a = tmp()
    const b = tmp()
    const ra = await buildDatasets({
      from: tmp(),
      out: a,
      tables: ['content_items'],
      builders: [contentItemsBuilder],
    })
    await buildDatasets({ from: tmp(), out: b, tables: ['content_items'], builders: [contentItemsBuilder] })
    expect(ra.tables[0]?.written).toBe(true)
    expect(
      readFileSync(join(a, 'content_items.parquet')).equals(readFileSync(join(b, 'content_items.parquet'))),
    ).toBe(true)
    const back = await readParquet(join(a, 'content_items.parquet'))
    expect(back).toEqual(contentRows())
  })
})

describe('shipped datasets/content_items.parquet', () => {
  const file = join(SHIPPED, 'content_items.parquet')
  it('matches the checked-in items', async () => {
    expect(existsSync(file)).toBe(true)
    const rows = (await readParquet(file)) as unknown as ContentRow[]
    expect(rows).toEqual(contentRows())
    expect(checkContent(rows)).toEqual([])
  })

  it('is listed in the manifest with its row count', () => {
    const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8')) as {
      tables: Record<string, { rows: number }>
    }
    expect(manifest.tables.content_items?.rows).toBe(contentRows().length)
  })
})

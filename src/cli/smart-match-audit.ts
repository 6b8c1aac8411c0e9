import { openDb } from '../data/db.js'
import { badRequest } from '../errors.js'
import { type AuditRow, auditFormReady } from '../features/smart-match/audit.js'
import { defineRun } from './commands/define.js'
import { renderCsv, renderJson, renderTables } from './render.js'

/** `gaokao smart-match audit`: the share of listed items that can be typed into the 志愿表 (features/smart-match/audit.ts). */

interface AuditCommandOptions {
  province?: string
  years: string
  shares: string
  format: string
  json?: boolean
  bom?: boolean
  datasets?: string
}

const TYPE_NAME: Record<number, string> = { 1: '院校', 2: '专业组', 3: '专业' }
const pct = (k: number, n: number) => (n === 0 ? '-' : `${((100 * k) / n).toFixed(1)}%`)

/** The answer: a row per province, rank year and category, and the totals. */
interface AuditAnswer {
  rows: AuditRow[]
  total: ReturnType<typeof summary>
}

export const auditRun = defineRun({
  async action(_args, opts: AuditCommandOptions): Promise<AuditAnswer> {
    const years = opts.years.split(',').map((y) => y.trim())
    if (years.some((y) => !/^\d{4}$/u.test(y))) throw badRequest(`--years 应为四位数年份, 收到 ${opts.years}`)
    const shares = opts.shares.split(',').map((s) => Number(s.trim()) / 100)
    if (shares.some((s) => !(s > 0 && s <= 1)))
      throw badRequest(`--shares 应为 0 到 100 之间的百分数, 收到 ${opts.shares}`)
    const provinces = opts.province
      ?.split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
    const db = openDb({ datasetsDir: opts.datasets, preload: true })
    try {
      const rows = await auditFormReady(db, { provinces, years: years.map(Number), shares })
      return { rows, total: summary(rows) }
    } finally {
      await db.close()
    }
  },
  render({ rows, total }, opts, io) {
    const format = opts.json ? 'json' : opts.format
    if (format === 'json') return renderJson({ rows, total }, io.isTTY)
    if (format === 'csv') return renderCsv(rows.map(flat), opts.bom !== false)
    return renderTables([view(rows, total)], false, io.columns ?? 160)
  },
})

function summary(rows: readonly AuditRow[]) {
  const items = rows.reduce((n, r) => n + r.items, 0)
  const ready = rows.reduce((n, r) => n + r.ready, 0)
  const perProvince = new Map<string, { items: number; ready: number }>()
  for (const r of rows) {
    const p = perProvince.get(r.province) ?? { items: 0, ready: 0 }
    p.items += r.items
    p.ready += r.ready
    perProvince.set(r.province, p)
  }
  const shares = [...perProvince]
    .filter(([, p]) => p.items > 0)
    .map(([name, p]) => ({ name, share: p.ready / p.items }))
  const lowest = shares.sort((a, b) => a.share - b.share)[0]
  return {
    items,
    ready,
    share: items === 0 ? null : ready / items,
    lowest_province: lowest ? { province: lowest.name, share: lowest.share } : null,
  }
}

const flat = (r: AuditRow) => ({
  province: r.province,
  rank_year: r.rank_year,
  category: r.category,
  batch: r.batch,
  volunteer_type: r.volunteer_type,
  candidates: r.candidates,
  items: r.items,
  ready: r.ready,
  local_codes: r.local_codes,
  plan: r.composition.plan,
  plan_prev_year: r.composition.plan_prev_year,
  admitted_prev_year: r.composition.admitted_prev_year,
  none: r.composition.none,
  skipped: r.skipped.join('; '),
})

function view(rows: readonly AuditRow[], total: ReturnType<typeof summary>) {
  return {
    title: `可填性: ${total.ready}/${total.items} 个志愿可直接填写 (${pct(total.ready, total.items)})${
      total.lowest_province
        ? `; 最低 ${total.lowest_province.province} ${(total.lowest_province.share * 100).toFixed(1)}%`
        : ''
    }`,
    head: [
      '省份',
      '年份',
      '科类',
      '批次',
      '志愿',
      '考生',
      '志愿数',
      '可填',
      '比例',
      '本省代号',
      '当年计划',
      '上年计划',
      '上年录取',
      '无专业',
      '说明',
    ],
    rows: rows.map((r) => [
      r.province,
      r.rank_year,
      r.category,
      r.batch,
      TYPE_NAME[r.volunteer_type] ?? '',
      r.candidates,
      r.items,
      r.ready,
      pct(r.ready, r.items),
      r.local_codes,
      r.composition.plan,
      r.composition.plan_prev_year,
      r.composition.admitted_prev_year,
      r.composition.none,
      r.skipped.join('; '),
    ]),
    numeric: [1, 5, 6, 7, 9, 10, 11, 12, 13],
    footer:
      '可填: 专业组省份有专业组代码和专业, 专业+院校省份有一个专业, 院校省份有院校下的专业. 本省代号: 写明本省院校代号和每个专业的专业代号 (江苏、浙江、广西 2026 年计划有). 上年计划 / 上年录取: 当年计划未列专业, 取自上一年.',
  }
}

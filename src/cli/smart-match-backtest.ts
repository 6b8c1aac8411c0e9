import { openDb } from '../data/db.js'
import type { TableView } from '../endpoints/define.js'
import { badRequest } from '../errors.js'
import { type BacktestRow, backtestMany, backtestProvinces } from '../features/smart-match/backtest.js'
import {
  type BacktestScore,
  checkBar,
  emptyScore,
  fmtPct,
  median,
  mergeScores,
  type Strategy,
  strategyOf,
  type TierName,
} from '../features/smart-match/model/index.js'
import { defineRun } from './commands/define.js'
import { useColor } from './io.js'
import { createProgress, progressOutput, reportedProgress } from './progress.js'
import { renderCsv, renderJson, renderTables } from './render.js'

/** `gaokao smart-match backtest`: runs the backtest and prints one row per province and category. */

export interface BacktestCommandOptions {
  province?: string
  year: string
  samples: string
  batch?: string
  subject?: string
  hideMajorLines?: boolean
  type: string
  all?: boolean
  format: string
  json?: boolean
  color?: boolean
  bom?: boolean
  datasets?: string
}

const TYPE_NAME: Record<number, string> = { 1: '院校', 2: '专业组', 3: '专业' }

export interface BacktestLine {
  province: string
  category: string
  batch: string
  volunteer_type: number
  candidates: number
  rank_from: number
  rank_to: number
  /** Schools tested for a list of majors: the province publishes no major line (BacktestRow.schoolItems) */
  school_items: boolean
  /** Majors judged from school lines and premiums, their own lines hidden (--hide-major-lines) */
  premium_majors: boolean
  chong: TierFigures
  wen: TierFigures
  bao: TierFigures
  /** median of candidate rank / actual lowest rank over the 保 items */
  bao_overshoot: number | null
  pass: boolean
  failures: string[]
}

export interface TierFigures {
  items: number
  compared: number
  admitted: number
  rate: number | null
}

function figures(score: BacktestScore, tier: TierName): TierFigures {
  const s = score[tier]
  return {
    items: s.items,
    compared: s.compared,
    admitted: s.admitted,
    rate: s.compared ? Math.round((s.admitted / s.compared) * 1000) / 1000 : null,
  }
}

function lineOf(
  head: Pick<
    BacktestLine,
    | 'province'
    | 'category'
    | 'batch'
    | 'volunteer_type'
    | 'candidates'
    | 'rank_from'
    | 'rank_to'
    | 'school_items'
    | 'premium_majors'
  >,
  score: BacktestScore,
): BacktestLine {
  const bar = checkBar(score)
  const over = median(score.bao.ratios)
  return {
    ...head,
    chong: figures(score, 'chong'),
    wen: figures(score, 'wen'),
    bao: figures(score, 'bao'),
    bao_overshoot: over === undefined ? null : Math.round(over * 100) / 100,
    pass: bar.pass,
    failures: bar.failures,
  }
}

/** Per province (categories merged) or per category when one province is asked, plus the total. */
export function backtestLines(rows: readonly BacktestRow[], perCategory: boolean): BacktestLine[] {
  const groups = new Map<string, BacktestRow[]>()
  for (const r of rows) {
    const key = perCategory ? `${r.province}|${r.category}` : r.province
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  const lines: BacktestLine[] = []
  let total = emptyScore()
  for (const list of groups.values()) {
    const first = list[0] as BacktestRow
    const score = list.reduce((s, r) => mergeScores(s, r.score), emptyScore())
    total = mergeScores(total, score)
    lines.push(
      lineOf(
        {
          province: first.province,
          category: list.map((r) => r.category).join('+'),
          batch: first.batch,
          volunteer_type: first.volunteerType,
          candidates: list.reduce((n, r) => n + r.candidates, 0),
          rank_from: Math.min(...list.map((r) => r.from)),
          rank_to: Math.max(...list.map((r) => r.to)),
          school_items: list.some((r) => r.schoolItems),
          premium_majors: list.some((r) => r.premiumMajors),
        },
        score,
      ),
    )
  }
  if (lines.length > 1)
    lines.push(
      lineOf(
        {
          province: '合计',
          category: '',
          batch: '',
          volunteer_type: 0,
          candidates: lines.reduce((n, l) => n + l.candidates, 0),
          rank_from: 0,
          rank_to: 0,
          school_items: false,
          premium_majors: false,
        },
        total,
      ),
    )
  return lines
}

const SCHOOL_ITEMS_MARK = ' (按院校回测)'
const PREMIUM_MARK = ' (院校线推算)'

const cell = (f: TierFigures) => `${fmtPct(f.rate ?? Number.NaN)} (${f.compared}/${f.items})`

/** The answer of a backtest: its figures per line, and the provinces it had nothing to test in. */
interface BacktestAnswer {
  year: number
  strategy: Strategy
  samples: number
  lines: BacktestLine[]
  noData: string[]
}

export const backtestRun = defineRun({
  async action(_args, opts: BacktestCommandOptions, io): Promise<BacktestAnswer> {
    const year = Number(opts.year)
    const samples = Number(opts.samples)
    const strategy = strategyOf(Number(opts.type))
    if (!/^\d{4}$/.test(opts.year)) throw badRequest(`--year 应为四位数年份, 收到 ${opts.year}`)
    if (!Number.isInteger(samples) || samples < 1 || samples > 1000)
      throw badRequest(`--samples 应为 1 到 1000 的整数, 收到 ${opts.samples}`)
    if (!strategy) throw badRequest(`--type 应为 1-4, 收到 ${opts.type}`)
    if (!opts.all && !opts.province) throw badRequest('缺少 --province (或用 --all 回测所有省份)')
    const db = openDb({ datasetsDir: opts.datasets, preload: true })
    // --all takes a minute or more: a bar (or lines in a log), first while the tables load, then per province;
    // none when a program reads JSON or CSV.
    const out = opts.all ? progressOutput(io, opts.json === true || opts.format !== 'table') : undefined
    try {
      const loading = reportedProgress(out, { title: '载入数据', unit: '张表' })
      await db.open(loading.report).catch((err: unknown) => {
        loading.finish(false) // the bar goes before the error's line
        throw err
      })
      const provinces = opts.all ? await backtestProvinces(db, year) : [opts.province as string]
      const progress = createProgress(out, { title: `回测 ${year}`, total: provinces.length, unit: '个省份' })
      try {
        // With --all, a province without a rule for the batch is reported, not fatal.
        const { rows, noData } = await backtestMany(
          db,
          provinces,
          {
            year,
            samples,
            batch: opts.batch,
            subject: opts.subject,
            strategy,
            hideMajorLines: opts.hideMajorLines === true,
          },
          opts.all === true,
          (done, _total, province) => progress.update(done, province),
        )
        progress.finish()
        return { year, strategy, samples, lines: backtestLines(rows, !opts.all), noData }
      } catch (err) {
        progress.finish(false)
        throw err
      }
    } finally {
      await db.close()
    }
  },
  render(answer, opts, io) {
    const format = opts.json ? 'json' : opts.format
    const { year, strategy, samples, lines, noData } = answer
    if (format === 'json')
      return renderJson({ year, strategy: strategy.type, samples, lines, no_data: noData }, io.isTTY)
    if (format === 'csv') return renderCsv(lines.map(csvRecord), opts.bom !== false)
    return renderTables([view(answer, useColor(io, opts.color))], useColor(io, opts.color), io.columns ?? 160)
  },
})

const csvRecord = (l: BacktestLine) => ({
  province: l.province,
  category: l.category,
  volunteer_type: l.volunteer_type,
  candidates: l.candidates,
  chong_rate: l.chong.rate,
  chong_compared: l.chong.compared,
  chong_items: l.chong.items,
  wen_rate: l.wen.rate,
  wen_compared: l.wen.compared,
  wen_items: l.wen.items,
  bao_rate: l.bao.rate,
  bao_compared: l.bao.compared,
  bao_items: l.bao.items,
  bao_overshoot: l.bao_overshoot,
  pass: l.pass,
})

function view({ year, strategy, samples, lines, noData }: BacktestAnswer, colour: boolean): TableView {
  const paint = (ok: boolean, text: string) => (colour ? `\u001b[${ok ? 32 : 31}m${text}\u001b[39m` : text)
  return {
    title: `回测 ${year}: ${strategy.name} (策略 ${strategy.type}), 每个科类 ${samples} 个考生位次, 只用 ${year} 年以前的录取结果`,
    head: ['省份', '科类', '志愿', '考生', '冲 录取 (可比/条目)', '稳', '保', '保 位次比中位数', '达标'],
    rows: lines.map((l) => [
      l.province,
      l.category,
      `${TYPE_NAME[l.volunteer_type] ?? ''}${l.school_items ? SCHOOL_ITEMS_MARK : ''}${l.premium_majors ? PREMIUM_MARK : ''}`,
      l.candidates,
      cell(l.chong),
      cell(l.wen),
      cell(l.bao),
      l.bao_overshoot ?? '-',
      paint(l.pass, l.pass ? '是' : `否: ${l.failures.join('; ')}`),
    ]),
    numeric: [3, 7],
    footer:
      `录取 = 考生位次 <= 该志愿 ${year} 年实际最低位次; 达标线: 保 >= 93%, 稳 50%-90%, 冲 10%-50%, 保 位次比中位数 > 0.5` +
      (lines.some((l) => l.school_items)
        ? `\n${SCHOOL_ITEMS_MARK}: 该省没有公布专业录取线, 回测的是按院校生成的志愿表 (专业的预估位次由院校线推算, 其推算误差只能在有专业线的省份测量: scripts/major-premium-check.mjs)`
        : '') +
      (lines.some((l) => l.premium_majors)
        ? `\n${PREMIUM_MARK}: 隐去该省的专业线和专业组线, 只用各校的院校线和其他省份的专业幅度推算专业 (浙江、山东的做法), 再与专业的实际最低位次对比`
        : '') +
      (noData.length
        ? `\n无可回测的志愿 (缺少往年位次, 或该年没有志愿这一层级的录取结果): ${noData.join(' ')}`
        : ''),
  }
}

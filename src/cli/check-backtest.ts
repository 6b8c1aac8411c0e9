import { openDb } from '../data/db.js'
import { findProvince } from '../domain/provinces.js'
import { badRequest } from '../errors.js'
import { type CheckBacktestReport, checkBacktest, type Tally } from '../features/check/backtest.js'
import { CHECK_PARAMS } from '../features/check/model/params.js'
import { defineRun } from './commands/define.js'
import { createProgress, type Progress, progressOutput } from './progress.js'
import { renderCsv, renderJson, renderTables } from './render.js'

/**
 * `gaokao check backtest`: how often the check's figures came true (features/check/backtest.ts). Lists built from
 * the years before (smart-match's, reordered, fewer 保, 冲 only, a few choices) for sampled candidates, checked as
 * `gaokao check` checks them, against what the year admitted.
 */

interface CheckBacktestCommandOptions {
  year: string
  province?: string
  samples: string
  draws: string
  format: string
  json?: boolean
  bom?: boolean
  datasets?: string
}

const VARIANT_NAME: Record<string, string> = {
  smart: '智能推荐表',
  reordered: '打乱顺序',
  fewer_bao: '去掉保底',
  chong_only: '只有冲',
  few: '一到三个志愿',
}

const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`)
const f3 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(3))

function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n < min || n > max)
    throw badRequest(`${flag} 应为 ${min} 到 ${max} 之间的整数, 收到 ${text}`)
  return n
}

export const checkBacktestRun = defineRun({
  async action(_args, opts: CheckBacktestCommandOptions, io): Promise<CheckBacktestReport> {
    const year = wholeNumber(opts.year, '--year', 2000, 2100)
    const samples = wholeNumber(opts.samples, '--samples', 1, 1000)
    const draws = wholeNumber(opts.draws, '--draws', 100, 100000)
    const provinces = opts.province
      ?.split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
    for (const p of provinces ?? []) if (!findProvince(p)) throw badRequest(`未知省份: ${p}`)
    const db = openDb({ datasetsDir: opts.datasets, preload: true })
    // A minute or more for every province: a bar on a terminal, lines in a log, nothing when a program reads the
    // JSON or CSV (progress.ts).
    const out = progressOutput(io, opts.json === true || opts.format !== 'table')
    // made at the first province, when their number is known
    let progress: Progress | undefined
    try {
      const report = await checkBacktest(db, {
        year,
        samples,
        draws,
        provinces,
        params: CHECK_PARAMS,
        onProvince: (done, total, province) => {
          progress ??= createProgress(out, { title: `志愿表检查回测 ${year}`, total, unit: '个省份' })
          progress.update(done, province)
        },
      })
      progress?.finish()
      return report
    } catch (err) {
      progress?.finish(false)
      throw err
    } finally {
      await db.close()
    }
  },
  render(report, opts, io) {
    const format = opts.json ? 'json' : opts.format
    if (format === 'json') return renderJson(report, io.isTTY)
    if (format === 'csv')
      return renderCsv(
        [...report.provinces.map((p) => flat(p.province, p)), flat('合计', report.pooled)],
        opts.bom !== false,
      )
    return renderTables(views(report), false, io.columns ?? 160)
  },
})

const flat = (name: string, t: Tally) => ({
  province: name,
  lists: t.lists,
  choices: t.choices,
  brier_admits: t.brier,
  brier_alone: t.brierAlone,
  slide_predicted: t.predictedSlide,
  slide_realised: t.realisedSlide,
})

const tallyRow = (name: string, t: Tally) => [
  name,
  t.lists,
  t.choices,
  f3(t.brier),
  f3(t.brierAlone),
  pct(t.predictedSlide),
  pct(t.realisedSlide),
]
const TALLY_HEAD = ['', '志愿表', '志愿', 'Brier (录取于此)', 'Brier (单独可录)', 'P(滑档) 预测', '实际滑档']

function views(r: CheckBacktestReport) {
  return [
    {
      title: `志愿表检查回测 ${r.year}: ${r.pooled.lists} 张表, ${r.pooled.choices} 个志愿 (每省每科类 ${r.samples} 名考生, 每张表模拟 ${r.draws} 次); ${
        r.bar.pass ? '达标' : '未达标'
      }`,
      head: ['P(滑档) 区间', '志愿表', '预测', '实际', '差'],
      rows: r.bands.map((b) => [
        `${pct(b.from)}-${pct(Math.min(1, b.to))}`,
        b.lists,
        pct(b.predicted),
        pct(b.realised),
        Number.isNaN(b.predicted) ? '-' : `${((b.realised - b.predicted) * 100).toFixed(1)} 点`,
      ]),
      numeric: [1],
    },
    {
      title: '单个志愿: 预测的录取机会与实际',
      head: ['预测区间', '志愿', '预测', '实际'],
      rows: r.reliability.map((b) => [
        `${pct(b.from)}-${pct(b.to)}`,
        b.choices,
        pct(b.predicted),
        pct(b.realised),
      ]),
      numeric: [1],
    },
    {
      title: `智能填报所列志愿: 显示的概率与估计本身的 Φ, 各自与实际 (Brier ${f3(r.items.brierShown)} 与 ${f3(r.items.brierEstimate)})`,
      head: ['区间', '志愿 (显示)', '显示的概率', '实际', '志愿 (Φ)', 'Φ', '实际'],
      rows: r.items.shown.map((b, i) => {
        const e = r.items.estimate[i] as (typeof r.items.estimate)[number]
        return [
          `${pct(b.from)}-${pct(b.to)}`,
          b.choices,
          pct(b.predicted),
          pct(b.realised),
          e.choices,
          pct(e.predicted),
          pct(e.realised),
        ]
      }),
      numeric: [1, 4],
    },
    {
      title: '按省份',
      head: ['省份', ...TALLY_HEAD.slice(1)],
      rows: [...r.provinces.map((p) => tallyRow(p.province, p)), tallyRow('合计', r.pooled)],
      numeric: [1, 2],
    },
    {
      title: '按志愿表类型',
      head: ['类型', ...TALLY_HEAD.slice(1)],
      rows: r.variants.map((v) => tallyRow(VARIANT_NAME[v.variant] ?? v.variant, v)),
      numeric: [1, 2],
      footer: [
        `达标线: 至少 200 张表的 P(滑档) 区间, 实际与预测相差不超过 3 点; "录取于此" 的 Brier 分数不超过 0.12.`,
        r.bar.pass ? '' : `未达标: ${r.bar.failures.join('; ')}`,
        r.noData.length ? `无可对比的结果: ${r.noData.join(' ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ]
}

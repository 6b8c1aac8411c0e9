import type { Command } from 'commander'
import { Option } from 'commander'
import type { AuditRow } from '../features/smart-match/audit.js'
import { badInputError, type CliIo } from './io.js'
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

export function registerAudit(parent: Command, io: CliIo): void {
  parent
    .command('audit')
    .description(
      '可填性检查: 生成的志愿表中, 有多少志愿写明了志愿表要填的内容 (专业组代码和专业 / 专业 / 院校下的专业)',
    )
    .option('--province <names>', '省份, 逗号分隔 (默认: 所有有填报规则的省份)')
    .addOption(new Option('--years <years>', '位次年份, 逗号分隔').default('2025,2026'))
    .addOption(
      new Option('--shares <percents>', '考生在物理类 (或综合、理科) 考生中的位置, 百分比, 逗号分隔').default(
        '5,15,30,50',
      ),
    )
    .addOption(new Option('--format <format>', '输出格式').choices(['table', 'json', 'csv']).default('table'))
    .option('--json', '输出 JSON (即 --format json)')
    .option('--no-bom', 'CSV 不写 UTF-8 BOM')
    .option('--datasets <dir>', '数据目录 (默认: 内置 datasets/, 或环境变量 GAOKAO_DATASETS)')
    .addHelpText(
      'after',
      `
每个省份、每个位次年份, 按 --shares 取考生 (选科 物理+化学+生物, 该省本科批, 策略 冲稳保), 统计其志愿表中
可直接填写的志愿: 专业组省份要有专业组代码和专业, 专业+院校省份要有一个专业, 院校省份要有院校下的专业.
专业来源: 当年计划 / 上年计划 / 上年录取 (当年计划未列专业时).
示例:
  $ gaokao smart-match audit
  $ gaokao smart-match audit --province 河南,江苏 --years 2025`,
    )
    .action(async (opts: AuditCommandOptions) => {
      const years = opts.years.split(',').map((y) => y.trim())
      if (years.some((y) => !/^\d{4}$/u.test(y)))
        throw badInputError(`--years 应为四位数年份, 收到 ${opts.years}`)
      const shares = opts.shares.split(',').map((s) => Number(s.trim()) / 100)
      if (shares.some((s) => !(s > 0 && s <= 1)))
        throw badInputError(`--shares 应为 0 到 100 之间的百分数, 收到 ${opts.shares}`)
      const provinces = opts.province
        ?.split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '')
      // Loaded here, not at start-up: every other command starts without DuckDB and the smart-match code.
      const [{ openDb }, { ApiError }, { auditFormReady }] = await Promise.all([
        import('../data/db.js'),
        import('../endpoints/errors.js'),
        import('../features/smart-match/audit.js'),
      ])
      const db = openDb({ datasetsDir: opts.datasets, preload: true })
      let rows: AuditRow[]
      try {
        rows = await auditFormReady(db, { provinces, years: years.map(Number), shares })
      } catch (err) {
        if (err instanceof ApiError && err.badInput) throw badInputError(err.message)
        throw err
      } finally {
        await db.close()
      }
      const total = summary(rows)
      const format = opts.json ? 'json' : opts.format
      if (format === 'json') io.stdout(renderJson({ rows, total }, io.isTTY))
      else if (format === 'csv') io.stdout(renderCsv(rows.map(flat), opts.bom !== false))
      else io.stdout(await renderTables([view(rows, total)], false, io.columns ?? 160))
    })
}

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
      r.composition.plan,
      r.composition.plan_prev_year,
      r.composition.admitted_prev_year,
      r.composition.none,
      r.skipped.join('; '),
    ]),
    numeric: [1, 5, 6, 7, 9, 10, 11, 12],
    footer:
      '可填: 专业组省份有专业组代码和专业, 专业+院校省份有一个专业, 院校省份有院校下的专业. 上年计划 / 上年录取: 当年计划未列专业, 取自上一年.',
  }
}

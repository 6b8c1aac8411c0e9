import { type Command, Option } from 'commander'
import { isCategoryName } from '../domain/km.js'
import { findProvince } from '../domain/provinces.js'
import type { TableView } from '../endpoints/define.js'
import { FeedbackStore } from '../store/feedback.js'
import { resolveStoreDir } from '../store/home.js'
import { TokenStore } from '../store/tokens.js'
import { type CliIo, useColor } from './io.js'
import { FORMATS, renderCsv, renderJson, renderNdjson, renderTables } from './render.js'

const STORE_HELP = '存储目录 (默认: $GAOKAO_HOME, 否则 ~/.local/share/gaokao)'

/** Parses `30d`, `12h`, `90m` or `never` into an expiry date (null = never). */
export function parseExpiry(text: string, now: Date): Date | null | undefined {
  if (text === 'never') return null
  const m = /^(\d+)([dhm])$/.exec(text)
  if (!m) return undefined
  const ms = Number(m[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm']
  return new Date(now.getTime() + ms)
}

interface ListOptions {
  format: string
  json?: boolean
  color?: boolean
  bom?: boolean
  store?: string
}

/** The output options of the store listings, as on every other command (they read no datasets). */
function listOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--format <format>', '输出格式').choices(FORMATS).default('table'))
    .option('--json', '即 --format json')
    .option('--no-color', '不使用颜色 (也可设 NO_COLOR)')
    .option('--no-bom', 'CSV 不写 UTF-8 BOM')
}

/** A store listing in the chosen format; the table (or `empty` when there is nothing) in a terminal. */
async function printListing(
  io: CliIo,
  opts: ListOptions,
  records: readonly object[],
  empty: string,
  view: () => TableView,
): Promise<void> {
  const format = opts.json ? 'json' : opts.format
  if (format === 'json') return io.stdout(renderJson(records, io.isTTY))
  // Plain records of the stores: every field is a column.
  const rows = records as readonly Record<string, unknown>[]
  if (format === 'ndjson') return io.stdout(renderNdjson(rows))
  if (format === 'csv') return io.stdout(renderCsv(rows, opts.bom !== false))
  if (records.length === 0) return io.stdout(`${empty}\n`)
  io.stdout(await renderTables([view()], useColor(io, opts.color), io.columns))
}

const STATUS_LABEL = { active: '有效', revoked: '已吊销', expired: '已过期' } as const

/**
 * A stored time (ISO, UTC) as the terminal shows it: this machine's local time, to the second. The JSON and CSV
 * keep the stored value, which scripts compare.
 */
export function localTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** `gaokao tokens ...` and `gaokao feedback list`: the local writable stores. */
export function registerStoreCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const fail = (message: string, code = 2) => {
    io.stderr(`错误: ${message}\n`)
    setExit(code)
  }
  const tokens = program.command('tokens').description('访问令牌: 创建 (只显示一次), 列出, 吊销')

  tokens
    .command('create')
    .description('创建访问令牌 (Authorization: Bearer <token>), 绑定本人省份, 分数和科类')
    .requiredOption('--province <province>', '省份')
    .requiredOption('--score <score>', '分数')
    .requiredOption('--km <km>', '科类, 如 物理, 历史类, 综合')
    .option('--rank <rank>', '位次 (可选)')
    .option('--expires <duration>', '有效期: 30d, 12h, 90m 或 never', '30d')
    .option('--store <dir>', STORE_HELP)
    .action(
      (opts: {
        province: string
        score: string
        km: string
        rank?: string
        expires: string
        store?: string
      }) => {
        const province = findProvince(opts.province)
        if (!province) return fail(`未知省份: ${opts.province}`)
        const score = Number(opts.score)
        if (!Number.isInteger(score) || score < 0 || score > province.fullScore)
          return fail(`--score 应为 0 到 ${province.fullScore} 的整数, 收到 ${opts.score}`)
        // A typo (物里) was stored and then matched no table; art and sport categories are written in full (…类).
        const km = opts.km.trim()
        if (!isCategoryName(km))
          return fail(
            `--km ${opts.km} 不是科类 (如 物理, 历史, 综合, 物理类, 理科; 艺体类别写全名, 如 美术与设计类)`,
          )
        const rank = opts.rank === undefined ? undefined : Number(opts.rank)
        if (rank !== undefined && (!Number.isInteger(rank) || rank < 1))
          return fail(`--rank 应为正整数, 收到 ${opts.rank}`)
        const now = new Date()
        const expiresAt = parseExpiry(opts.expires, now)
        if (expiresAt === undefined)
          return fail(`--expires 应为 30d, 12h, 90m 或 never, 收到 ${opts.expires}`)
        try {
          const store = new TokenStore(resolveStoreDir(opts.store))
          const { token, record } = store.create(
            { province: province.name, score, km, ...(rank === undefined ? {} : { rank }) },
            { expiresAt, now },
          )
          io.stdout(`${token}\n`)
          io.stderr(
            `令牌 ${record.id} 已创建, 有效期至 ${record.expires_at ?? '永久'}; 它只显示这一次, 请妥善保存.\n`,
          )
        } catch (err) {
          fail(`无法写入令牌存储: ${err instanceof Error ? err.message : String(err)}`, 1)
        }
      },
    )

  listOptions(tokens.command('list').description('列出令牌 (不含密钥)'))
    .option('--store <dir>', STORE_HELP)
    .action(async (opts: ListOptions) => {
      const now = Date.now()
      const rows = new TokenStore(resolveStoreDir(opts.store)).list().map(({ hash: _hash, ...r }) => ({
        ...r,
        status: (r.revoked_at
          ? 'revoked'
          : r.expires_at && Date.parse(r.expires_at) <= now
            ? 'expired'
            : 'active') as keyof typeof STATUS_LABEL,
      }))
      await printListing(io, opts, rows, '没有令牌', () => ({
        head: ['id', '省份', '分数', '科类', '位次', '状态', '创建', '到期'],
        rows: rows.map((r) => [
          r.id,
          r.province,
          r.score,
          r.km,
          r.rank ?? '',
          STATUS_LABEL[r.status],
          localTime(r.created_at),
          r.expires_at ? localTime(r.expires_at) : '永久',
        ]),
        numeric: [2, 4],
      }))
    })

  tokens
    .command('revoke')
    .description('吊销令牌')
    .argument('<id>', '令牌 id (tokens list 中的 id)')
    .option('--store <dir>', STORE_HELP)
    .action((id: string, opts: { store?: string }) => {
      const ok = new TokenStore(resolveStoreDir(opts.store)).revoke(id)
      if (!ok) return fail(`没有 id 为 ${id} 的令牌`)
      io.stdout(`令牌 ${id} 已吊销\n`)
    })

  const feedback = program.commands.find((c) => c.name() === 'feedback') ?? program.command('feedback')
  listOptions(feedback.command('list').description('列出已提交的反馈; --format csv 导出到表格软件'))
    .option('--store <dir>', STORE_HELP)
    .action(async (opts: ListOptions) => {
      const store = new FeedbackStore(resolveStoreDir(opts.store))
      const { records, unreadable } = store.read()
      // Said on stderr, so that a CSV export stays clean: a damaged line is a record nobody can see.
      if (unreadable > 0)
        io.stderr(`警告: ${store.path} 有 ${unreadable} 行无法读取, 已跳过 (写入中断的残片或损坏的记录)\n`)
      await printListing(io, opts, records, '还没有反馈', () => ({
        title: `共 ${records.length} 条反馈`,
        head: ['时间', '类型', '联系方式', '页面', '内容'],
        rows: records.map((r) => [
          localTime(r.created_at),
          r.feedback_type,
          r.contact,
          r.page_title,
          r.content,
        ]),
      }))
    })
}

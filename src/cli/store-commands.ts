import { unknownProvince } from '../domain/closest.js'
import { isCategoryName } from '../domain/km.js'
import { findProvince } from '../domain/provinces.js'
import type { TableView } from '../endpoints/define.js'
import { ApiError, badRequest, serviceError } from '../errors.js'
import type { FeedbackRecord } from '../store/feedback.js'
import { resolveStoreLocation } from '../store/location.js'
import { openStores, type Stores } from '../store/stores.js'
import type { TokenRecord } from '../store/tokens.js'
import { type CommandIo, defineRun } from './commands/define.js'
import { useColor } from './io.js'
import { renderCsv, renderJson, renderNdjson, renderTables } from './render.js'

/** What `gaokao tokens ...` and `gaokao feedback list` do (their options: commands/stores.ts). */

/**
 * Runs `work` on the store of `--store`, else of $GAOKAO_STORE, else the local directory (store/location.ts), and
 * closes it (a database's connections) whatever happens. A failure of the store is one line naming it (a URL
 * without its password) and exit 1; `failed` says what could not be done.
 */
async function withStores<T>(
  store: string | undefined,
  io: CommandIo,
  failed: string,
  work: (stores: Stores) => Promise<T>,
): Promise<T> {
  const stores = openStores(resolveStoreLocation(store, io.env))
  try {
    return await work(stores)
  } catch (err) {
    if (err instanceof ApiError) throw err
    throw serviceError(`${failed}: ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    await stores.close()
  }
}

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

/** A store listing in the chosen format; the table (or `empty` when there is nothing) in a terminal. */
async function renderListing(
  io: CommandIo,
  opts: ListOptions,
  records: readonly object[],
  empty: string,
  view: () => TableView,
): Promise<string> {
  const format = opts.json ? 'json' : opts.format
  if (format === 'json') return renderJson(records, io.isTTY)
  // Plain records of the stores: every field is a column.
  const rows = records as readonly Record<string, unknown>[]
  if (format === 'ndjson') return renderNdjson(rows)
  if (format === 'csv') return renderCsv(rows, opts.bom !== false)
  if (records.length === 0) return `${empty}\n`
  return renderTables([view()], useColor(io, opts.color), io.columns)
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

interface CreateOptions {
  province: string
  score: string
  km: string
  rank?: string
  expires: string
  store?: string
}

/** The token on stdout (for a script to keep); on stderr, that it is shown only this once. */
export const tokensCreateRun = defineRun({
  async action(_args, opts: CreateOptions, io): Promise<string> {
    const province = findProvince(opts.province)
    if (!province) throw badRequest(unknownProvince(opts.province))
    const score = Number(opts.score)
    if (!Number.isInteger(score) || score < 0 || score > province.fullScore)
      throw badRequest(`--score 应为 0 到 ${province.fullScore} 的整数, 收到 ${opts.score}`)
    // A typo (物里) was stored and then matched no table; art and sport categories are written in full (…类).
    const km = opts.km.trim()
    if (!isCategoryName(km))
      throw badRequest(
        `--km ${opts.km} 不是科类 (如 物理, 历史, 综合, 物理类, 理科; 艺体类别写全名, 如 美术与设计类)`,
      )
    const rank = opts.rank === undefined ? undefined : Number(opts.rank)
    if (rank !== undefined && (!Number.isInteger(rank) || rank < 1))
      throw badRequest(`--rank 应为正整数, 收到 ${opts.rank}`)
    const now = new Date()
    const expiresAt = parseExpiry(opts.expires, now)
    if (expiresAt === undefined)
      throw badRequest(`--expires 应为 30d, 12h, 90m 或 never, 收到 ${opts.expires}`)
    const created = await withStores(opts.store, io, '无法写入令牌存储', async (stores) =>
      stores.tokens.create(
        { province: province.name, score, km, ...(rank === undefined ? {} : { rank }) },
        { expiresAt, now },
      ),
    )
    const { record } = created
    io.note(
      `令牌 ${record.id} 已创建, 有效期至 ${record.expires_at ?? '永久'}; 它只显示这一次, 请妥善保存.\n`,
    )
    return created.token
  },
  render: (token) => `${token}\n`,
})

type TokenRow = Omit<TokenRecord, 'hash'> & { status: keyof typeof STATUS_LABEL }

export const tokensListRun = defineRun({
  async action(_args, opts: ListOptions, io): Promise<TokenRow[]> {
    const now = Date.now()
    const records = await withStores(opts.store, io, '无法读取令牌存储', async (s) => s.tokens.list())
    return records.map(({ hash: _hash, ...r }) => ({
      ...r,
      status: r.revoked_at
        ? 'revoked'
        : r.expires_at && Date.parse(r.expires_at) <= now
          ? 'expired'
          : 'active',
    }))
  },
  render: (rows, opts, io) =>
    renderListing(io, opts, rows, '没有令牌', () => ({
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
    })),
})

export const tokensRevokeRun = defineRun({
  async action([id], opts: { store?: string }, io): Promise<string> {
    if (!id) throw badRequest('缺少令牌 id')
    const revoked = await withStores(opts.store, io, '无法写入令牌存储', async (s) => s.tokens.revoke(id))
    if (!revoked) throw badRequest(`没有 id 为 ${id} 的令牌`)
    return id
  },
  render: (id) => `令牌 ${id} 已吊销\n`,
})

export const feedbackListRun = defineRun({
  async action(_args, opts: ListOptions, io): Promise<FeedbackRecord[]> {
    const { records, unreadable, location } = await withStores(
      opts.store,
      io,
      '无法读取反馈存储',
      async ({ feedback }) => ({ ...(await feedback.read()), location: feedback.location }),
    )
    // Said on stderr, so that a CSV export stays clean: a damaged line is a record nobody can see.
    if (unreadable > 0)
      io.note(`警告: ${location} 有 ${unreadable} 行无法读取, 已跳过 (写入中断的残片或损坏的记录)\n`)
    return records
  },
  render: (records, opts, io) =>
    renderListing(io, opts, records, '还没有反馈', () => ({
      title: `共 ${records.length} 条反馈`,
      head: ['时间', '类型', '联系方式', '页面', '内容'],
      rows: records.map((r) => [
        localTime(r.created_at),
        r.feedback_type,
        r.contact,
        r.page_title,
        r.content,
      ]),
    })),
})

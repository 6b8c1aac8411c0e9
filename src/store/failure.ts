/**
 * What went wrong with a store on our side, worded for the operator who reads the log or the CLI's error line,
 * with the store named by its directory or its URL without the password (location.ts). A client of the HTTP API
 * never sees this text: the endpoints answer with the spec's envelope and report the failure as the cause.
 */
export class StoreFailure extends Error {
  constructor(
    readonly kind: StoreFailureKind,
    message: string,
  ) {
    super(message)
    this.name = 'StoreFailure'
  }
}

export type StoreFailureKind =
  | 'unreachable'
  | 'login'
  | 'no-database'
  | 'read-only'
  | 'exhausted'
  | 'timeout'
  | 'schema'
  | 'other'

const REASON: Record<StoreFailureKind, string> = {
  unreachable: '无法连接数据库',
  login: '数据库拒绝登录 (用户名或密码不对, 或无权访问)',
  'no-database': '数据库不存在',
  'read-only': '数据库只读',
  exhausted: '数据库资源不足 (磁盘, 内存或连接数)',
  timeout: '数据库响应超时',
  schema: '数据库中的表结构与本程序不符',
  other: '数据库出错',
}

/**
 * PostgreSQL's SQLSTATE classes and codes (Appendix A of its manual) and Node's socket errors, by what an
 * operator does about them.
 */
function kindOf(err: { code?: unknown; message?: unknown }): StoreFailureKind {
  const code = typeof err.code === 'string' ? err.code : ''
  const message = typeof err.message === 'string' ? err.message : ''
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE'].includes(
      code,
    )
  )
    return 'unreachable'
  // 08: connection exception; 57P01-57P03: the server is shutting down or starting
  if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return 'unreachable'
  if (code === '28P01' || code === '28000' || code === '42501') return 'login'
  if (code === '3D000') return 'no-database'
  if (code === '25006') return 'read-only'
  // 53: insufficient resources (disk full, out of memory, too many connections)
  if (code.startsWith('53')) return 'exhausted'
  if (code === '57014' || code === 'ETIMEDOUT' || /timeout/i.test(message)) return 'timeout'
  // 42P01 undefined table, 42703 undefined column: someone else's tables, or a schema changed by hand
  if (code === '42P01' || code === '42703') return 'schema'
  if (/Connection terminated|connect(ion)? (refused|ended)|socket hang up/i.test(message))
    return 'unreachable'
  return 'other'
}

/**
 * The failure as a StoreFailure: its kind, the store (`where`, already without the password), and the cause's
 * first line with every `secrets` value masked, since drivers quote what they were given.
 */
export function storeFailure(err: unknown, where: string, secrets: readonly string[] = []): StoreFailure {
  if (err instanceof StoreFailure) return err
  const cause = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as {
    code?: unknown
    message?: unknown
  }
  const kind = kindOf(cause)
  const detail = scrub(firstLine(cause.message), secrets)
  const code = typeof cause.code === 'string' && cause.code !== '' ? `${cause.code}: ` : ''
  return new StoreFailure(kind, `存储 ${where}: ${REASON[kind]} (${code}${detail || '无详情'})`)
}

/** Every occurrence of a secret replaced by `***`; the longest first, so that one inside another goes too. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length))
    out = out.split(secret).join('***')
  return out
}

function firstLine(message: unknown): string {
  const text = typeof message === 'string' ? message : ''
  return (text.split('\n').find((l) => l.trim() !== '') ?? '').slice(0, 300)
}

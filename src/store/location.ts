import { badRequest } from '../errors.js'
import { resolveStoreDir } from './home.js'

/**
 * Where feedback and access tokens live: the local append-only files of a directory (the default, one machine),
 * or a PostgreSQL database that several `serve` replicas share (docs/deploy.md).
 */
export type StoreLocation =
  | { kind: 'directory'; dir: string }
  | {
      kind: 'postgres'
      /** The connection URL as given, password included: only ever handed to the pg client */
      url: string
      /** The URL with its password masked, for messages and logs */
      shown: string
      /** The password as given and %-decoded, so that a message quoting it can be scrubbed (failure.ts) */
      secrets: readonly string[]
    }

/** The environment variable that names the store when no `--store` does: a directory or a postgres:// URL. */
export const STORE_ENV = 'GAOKAO_STORE'

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//
const POSTGRES_SCHEMES = new Set(['postgres', 'postgresql'])

/**
 * The store to use: `--store` (`explicit`), else $GAOKAO_STORE, else the directory of $GAOKAO_HOME and its
 * fallbacks (home.ts). A value with a scheme must be a postgres:// or postgresql:// URL; anything else with
 * `://` is refused rather than taken for a directory named `mysql:`. Bad values are usage errors (exit 2).
 */
export function resolveStoreLocation(explicit?: string, env: NodeJS.ProcessEnv = process.env): StoreLocation {
  const fromEnv = env[STORE_ENV]
  // An empty variable is an unset one, as shells treat `GAOKAO_STORE= gaokao ...`.
  const location =
    explicit !== undefined
      ? parseStoreLocation(explicit, '--store')
      : fromEnv
        ? parseStoreLocation(fromEnv, STORE_ENV)
        : { kind: 'directory' as const, dir: resolveStoreDir(undefined, env) }
  // A URL without a password takes libpq's PGPASSWORD (docs/deploy.md: it keeps the password out of `ps`).
  if (location.kind === 'postgres' && env.PGPASSWORD)
    return { ...location, secrets: [...location.secrets, env.PGPASSWORD] }
  return location
}

/** One store value; `source` names where it came from in the message of a refusal. */
export function parseStoreLocation(value: string, source = '--store'): StoreLocation {
  const text = value.trim()
  if (text === '') throw badRequest(`${source} 不能为空: 应为目录或 postgres://用户:密码@主机:端口/数据库`)
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase()
  if (scheme === undefined) return { kind: 'directory', dir: resolveStoreDir(text) }
  if (!POSTGRES_SCHEMES.has(scheme))
    throw badRequest(`${source} 不支持 ${scheme}:// 地址: 应为目录或 postgres://用户:密码@主机:端口/数据库`)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw badRequest(`${source} 不是有效的 PostgreSQL 地址: ${maskUnparsed(text)}`)
  }
  // A unix-socket URL names its directory as `?host=/run/postgresql` and has no host of its own.
  if (url.hostname === '' && !url.searchParams.get('host'))
    throw badRequest(
      `${source} 缺少主机: ${maskPassword(url)} (如 postgres://gaokao:密码@db.example:5432/gaokao)`,
    )
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (database.includes('/'))
    throw badRequest(`${source} 的数据库名无效: ${maskPassword(url)} (路径应只有数据库名)`)
  const secrets = [url.password, safeDecode(url.password), url.searchParams.get('password') ?? '']
  return {
    kind: 'postgres',
    url: text,
    shown: maskPassword(url),
    secrets: [...new Set(secrets.filter((s) => s !== ''))],
  }
}

/** The URL with its password (in the authority or as `?password=`) replaced by `***`. */
export function maskPassword(url: URL): string {
  const copy = new URL(url.href)
  if (copy.password) copy.password = '***'
  if (copy.searchParams.has('password')) copy.searchParams.set('password', '***')
  return copy.href
}

/** How a store is named in messages: its directory, or its URL without the password. */
export const describeStore = (location: StoreLocation): string =>
  location.kind === 'directory' ? location.dir : location.shown

/**
 * Text that is no URL may still hold a password (`postgres://u:p@ss w@host`): everything between the scheme and
 * the last `@` is masked but the user name, and so is a `password=` parameter.
 */
function maskUnparsed(text: string): string {
  const query = text.replace(/([?&]password=)[^&]*/gi, '$1***')
  const at = query.lastIndexOf('@')
  const start = (SCHEME.exec(query)?.[0] ?? '').length
  const userinfo = at < start ? '' : query.slice(start, at)
  if (!userinfo.includes(':')) return query
  return `${query.slice(0, start)}${userinfo.split(':')[0]}:***${query.slice(at)}`
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

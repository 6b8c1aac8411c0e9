/**
 * `serve --cors` values: a comma-separated list of web origins (`http://localhost:5173`) or `*`. An origin is what
 * a browser sends in its Origin header, scheme://host[:port] with nothing after it, so a value with a path or a
 * missing scheme would never match: it is refused instead of silently allowing nothing.
 */
export function parseCorsOrigins(text: string): string[] | { error: string } {
  const values = text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
  if (values.length === 0) return { error: '--cors 不能为空: 写来源, 如 http://localhost:5173, 或 *' }
  for (const value of values) {
    if (value === '*') continue
    let origin: string | undefined
    try {
      const url = new URL(value)
      if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin
    } catch {
      origin = undefined
    }
    if (origin !== value.replace(/\/$/, ''))
      return {
        error: `--cors 的来源无效: ${value} (应为 http(s)://主机[:端口], 不带路径, 如 http://localhost:5173)`,
      }
  }
  return values.map((v) => (v === '*' ? v : v.replace(/\/$/, '')))
}

/**
 * Whether a browser page of `origin` may write through the API (submit feedback). A browser sends any page's
 * cross-origin POST whose body it calls text/plain without asking first, and this API reads every body as JSON
 * (docs/api.md, Decisions › "Bodies"): without this check any web site a user visits could fill the local feedback
 * store, though it could not read the answer. No Origin header (curl, scripts, the spec's clients), the server's
 * own origin (same host) and the `--cors` origins may write; every other page may not.
 */
export function mayWrite(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true
  if (allowed.includes('*') || allowed.includes(origin)) return true
  try {
    return host !== undefined && new URL(origin).host === host
  } catch {
    return false // `null` (a sandboxed page, a file:// page) or garbage
  }
}

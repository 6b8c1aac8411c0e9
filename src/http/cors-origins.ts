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

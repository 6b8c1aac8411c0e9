import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

/**
 * Whose request it is, behind a reverse proxy or a load balancer (`serve --trust-proxy`, docs/deploy.md). Without
 * it every request comes from the proxy's address: the write limit would count all clients as one, and the request
 * log would name the proxy. With it, the client is the nearest address of X-Forwarded-For that is not a trusted
 * proxy, read from the right: a client cannot pass for another by writing the header itself, since only hops
 * through the trusted addresses are believed.
 *
 * The addresses are given by the operator, never a hop count: Fastify (5.x) trusts nothing for a count, as a
 * count cannot check who is talking to the server.
 */

export type TrustProxy = (address: string, hop: number) => boolean

/** Named sets of addresses that --trust-proxy takes beside addresses and CIDR ranges (proxy-addr's own names) */
const NAMED = ['loopback', 'linklocal', 'uniquelocal'] as const

/**
 * The trust of `--trust-proxy a,b/24,loopback`: addresses, CIDR ranges and the names above, comma-separated; an
 * error message for anything else (shown as one usage line).
 */
export function parseTrustProxy(text: string): { trust: TrustProxy } | { error: string } {
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  for (const item of list) {
    try {
      proxyAddr.compile(item)
    } catch {
      return {
        error: `--trust-proxy 应为逗号分隔的代理地址、网段 (如 10.0.0.0/8) 或 ${NAMED.join(' / ')}, 收到 ${item.slice(0, 60)}`,
      }
    }
  }
  if (list.length === 0) return { error: '--trust-proxy 应至少给出一个代理地址' }
  return { trust: proxyAddr.compile(list) }
}

/** The client's address as the app reads it: Fastify's `req.ip` with the same trust (undefined: the socket's). */
export const clientAddressOf = (req: IncomingMessage, trust: TrustProxy | undefined): string | undefined =>
  trust ? proxyAddr(req, trust) : req.socket.remoteAddress

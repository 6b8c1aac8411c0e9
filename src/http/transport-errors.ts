import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { fail } from '../endpoints/envelope.js'
import { REQUEST_ID_HEADER } from './request-log.js'
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers.js'

/**
 * Requests that fail before any route sees them still get the envelope, as every other error does: a path whose
 * %-encoding does not decode (Fastify's FST_ERR_BAD_URL) or whose parameter is too long (FST_ERR_MAX_PARAM_LENGTH),
 * and requests Node's HTTP parser refuses (raw non-ASCII bytes in a URL, headers over the size limit, a timeout).
 * The parser's failures are answered on the socket with their own HTTP status, since no route decided anything; a
 * bad URL follows the usual rule (`statusFor`).
 */

/** Longest path parameter the router takes (app.ts) */
export const MAX_PARAM_LENGTH = 2000

export function badUrlHandler(statusFor: (code: number) => number) {
  return (error: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
    // No route, so no hook: what the hooks set on every other answer is set here.
    setSecurityHeaders(reply)
    reply.header(REQUEST_ID_HEADER, req.id)
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? `请求路径无效: 路径参数超过 ${MAX_PARAM_LENGTH} 个字符`
        : '请求路径无效: 含有无法解码的 % 编码'
    reply.code(statusFor(400)).send(fail(400, message))
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时'],
  HPE_HEADER_OVERFLOW: [431, '请求头过大'],
}

const RAW_HEADERS = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('')

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer (Node's own handler does the same).
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    '请求无效: 无法解析的 HTTP 请求 (URL 中的中文等字符须按 UTF-8 百分号编码)',
  ]
  const body = JSON.stringify(fail(status, message))
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${RAW_HEADERS}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(err)
}

/**
 * DNS rebinding: a web page of another site can make its own host name resolve to 127.0.0.1 and then call a
 * local server "from the same origin", past CORS. A server listening on the loopback interface only answers
 * requests addressed to a loopback name (the Host header); `serve --host` on another interface is meant to be
 * reached by other names, and is left alone.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export const isLoopbackInterface = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)

export function loopbackHostOf(header: string | undefined): boolean {
  if (!header) return false
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]
  return LOOPBACK_HOSTS.has((name ?? '').toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(name ?? '')
}

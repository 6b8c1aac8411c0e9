import type { FastifyReply } from 'fastify'

/**
 * Headers on every answer (docs/api.md, "Operations"): the answers are JSON that no browser should sniff into
 * something else, frame, or run anything from; the one page, /api-docs, sets its own policy (api-docs.ts). CORS is
 * untouched: these headers restrict what a page does with an answer it may read, not which pages may read it.
 */

/** A JSON answer loads nothing and may be framed by nobody. */
export const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const FIXED: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // frame-ancestors says the same to current browsers; X-Frame-Options to older ones
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}

/** The headers of a JSON answer, for answers no hook sees (transport-errors.ts) */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...FIXED,
  'content-security-policy': JSON_POLICY,
}

/** Sets them on one answer, keeping a page's own policy (api-docs.ts). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers(reply.hasHeader('content-security-policy') ? FIXED : SECURITY_HEADERS)
}

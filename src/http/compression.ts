import { gzipSync } from 'node:zlib'

/**
 * Kept answers (answer-cache.ts) go gzip-compressed to clients that accept it, as browsers and front-end HTTP
 * clients do: a results-day page loads historical-scores-list's 47 KB (its `school_names`) as 11 KB, seating/list's
 * 10 KB as 2.5 KB. An answer is compressed when a client first asks for it so (AnswerCache.gzipOf) and kept so; a
 * client that asks for none costs nothing (compressing every answer as it was kept took a fifth of smart-match's
 * throughput: 0.7 ms on a 72 KB list that took 1.8 ms to make). An answer that is not kept (feedback, fresh work
 * asked for) goes as it is. Every kept answer says `Vary: Accept-Encoding`, so that a shared cache between client
 * and server keeps the two apart.
 */

/** Smaller answers go as they are: a few hundred bytes do not shrink enough to be worth it */
const GZIP_MIN_BYTES = 1024

/** The gzip bytes of an answer's body, undefined when it is too small to be worth compressing */
export const gzipOf = (body: Buffer): Buffer | undefined =>
  body.length >= GZIP_MIN_BYTES ? gzipSync(body) : undefined

/**
 * Whether a request's Accept-Encoding takes gzip (RFC 9110 12.5.3): `gzip` (or `x-gzip`) listed with a weight
 * above 0, or else `*` with one. No header, or one that lists neither, is no.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false
  let star: boolean | undefined
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined)
    const takes = q === undefined || Number(q) > 0
    if (coding === '*') star = takes
    else return takes
  }
  return star === true
}

/**
 * The body a kept answer goes with to this request, and the headers that say so: `gzip` (the answer's gzip bytes,
 * made on demand; undefined when too small) is asked only of a request that takes gzip.
 */
export function encodedFor(
  acceptEncoding: string | string[] | undefined,
  body: Buffer,
  gzip: () => Buffer | undefined,
): { bytes: Buffer; headers: Record<string, string> } {
  const compressed = acceptsGzip(acceptEncoding) ? gzip() : undefined
  if (compressed !== undefined)
    return { bytes: compressed, headers: { vary: 'accept-encoding', 'content-encoding': 'gzip' } }
  return { bytes: body, headers: { vary: 'accept-encoding' } }
}

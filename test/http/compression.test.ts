import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, encodedFor, gzipOf } from '../../src/http/compression.js'

describe('Accept-Encoding and gzip (src/http/compression.ts)', () => {
  it('takes gzip when it is listed with a weight above 0, or * is and gzip is not', () => {
    const cases: [string | undefined, boolean][] = [
      [undefined, false],
      ['', false],
      ['identity', false],
      ['br, deflate', false],
      ['gzip', true],
      ['GZip', true],
      ['x-gzip', true],
      ['gzip, deflate, br, zstd', true],
      ['br;q=1, gzip;q=0.8', true],
      ['gzip;q=0', false],
      ['gzip; q=0.000', false],
      ['gzip;q=0.001', true],
      ['*', true],
      ['*;q=0', false],
      ['deflate, *;q=0.1', true],
      ['gzip;q=0, *', false],
      ['*, gzip;q=0', false],
    ]
    for (const [header, takes] of cases) expect([header, acceptsGzip(header)]).toEqual([header, takes])
    // a header sent twice arrives as an array from node:http only for set-cookie: anything else is no
    expect(acceptsGzip(['gzip'])).toBe(false)
  })

  it('compresses an answer of 1 KB or more, and sends it only to a client that takes it', () => {
    expect(gzipOf(Buffer.alloc(1023, 'a'))).toBeUndefined()
    const body = Buffer.from(JSON.stringify({ names: Array.from({ length: 200 }, (_, i) => `学校${i}`) }))
    const gzip = gzipOf(body)
    expect(gzip && gunzipSync(gzip).equals(body)).toBe(true)
    let asked = 0
    const made = () => {
      asked++
      return gzip
    }
    expect(encodedFor('gzip', body, made)).toEqual({
      bytes: gzip,
      headers: { vary: 'accept-encoding', 'content-encoding': 'gzip' },
    })
    // a client that takes no gzip never makes one
    expect(encodedFor('br', body, made)).toEqual({ bytes: body, headers: { vary: 'accept-encoding' } })
    expect(encodedFor(undefined, body, made)).toEqual({ bytes: body, headers: { vary: 'accept-encoding' } })
    expect(asked).toBe(1)
    expect(encodedFor('gzip', body, () => undefined)).toEqual({
      bytes: body,
      headers: { vary: 'accept-encoding' },
    })
  })
})

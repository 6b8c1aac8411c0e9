import { hostname } from 'node:os'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { requestLineWriter, requestLogger } from '../../src/http/request-log.js'

// The kept answers' request lines (src/http/request-log.ts requestLineWriter): JSON lines, field for field what
// JSON.stringify writes of the route's line, whatever the URL, id and address hold, with their repeated parts
// kept between lines.

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split(/(?<=\n)/))
      done()
    },
  })
  const write = requestLineWriter(requestLogger('info', stream))
  return { write, lines }
}

/** What JSON.stringify writes of the route's line with the time this line carries */
const expected = (
  line: string,
  reqId: string,
  method: string,
  url: string,
  status: number,
  ms: number,
  ip: string | undefined,
) =>
  `${JSON.stringify({
    level: 30,
    time: JSON.parse(line).time,
    pid: process.pid,
    hostname: hostname(),
    reqId,
    method,
    url,
    status,
    ms,
    ...(ip === undefined ? {} : { ip }),
    msg: 'request',
  })}\n`

describe('request lines of kept answers', () => {
  it('write what JSON.stringify writes, escaping quotes, backslashes, controls and keeping other characters', async () => {
    const { write, lines } = capture()
    const asked: [string, string, string, number, number, string | undefined][] = [
      ['0b7d9a52-3c1e-4a53-9f0e-1d2c3b4a5f60', 'POST', '/api/v1/seating/list', 200, 1.4, '127.0.0.1'],
      ['lb-42', 'POST', '/api/v1/seating/list?q="x"\\y', 200, 0, '::1'],
      ['id "quoted"', 'POST', '/api/v1/seating/list?省=江苏&t=\t\u2028', 200, 12.6, undefined],
      ['lb-43', 'POST', '/api/v1/seating/list', 404, 3, '198.51.100.7'],
    ]
    for (const [id, method, url, status, ms, ip] of asked) write(id, method, url, status, ms, ip)
    await new Promise((r) => setImmediate(r))
    expect(lines).toHaveLength(asked.length)
    asked.forEach(([id, method, url, status, ms, ip], i) => {
      const line = lines[i] as string
      expect(line).toBe(expected(line, id, method, url, status, Math.round(ms), ip))
    })
  })

  it('never mix up the kept parts of lines: another status, URL or address of the same request is its own', async () => {
    const { write, lines } = capture()
    // more distinct URLs and addresses than are kept, each asked twice, with two statuses
    const n = 2_500
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < n; i++)
        write(`id-${i}`, 'POST', `/api/v1/x?${i}`, i % 2 ? 200 : 400, i, `10.0.${i % 256}.${i}`)
    await new Promise((r) => setImmediate(r))
    expect(lines).toHaveLength(2 * n)
    lines.forEach((line, k) => {
      const i = k % n
      expect(JSON.parse(line)).toMatchObject({
        reqId: `id-${i}`,
        url: `/api/v1/x?${i}`,
        status: i % 2 ? 200 : 400,
        ms: i,
        ip: `10.0.${i % 256}.${i}`,
      })
    })
  })

  it('write nothing when the log is above info', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    requestLineWriter(requestLogger('warn', stream))('a', 'POST', '/x', 200, 1, '127.0.0.1')
    await new Promise((r) => setImmediate(r))
    expect(lines).toEqual([])
  })
})

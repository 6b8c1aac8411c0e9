import { once } from 'node:events'
import { connect } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp, CLOSING_MESSAGE } from '../../src/http/app.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

let dir: string
beforeAll(async () => {
  dir = await buildFixtureDatasets()
})

/** Splits raw HTTP/1.1 responses (each with a Content-Length) read from one connection. */
function responses(raw: string): { status: number; headers: string; body: string }[] {
  const out: { status: number; headers: string; body: string }[] = []
  let rest = raw
  while (rest.startsWith('HTTP/1.1')) {
    const end = rest.indexOf('\r\n\r\n')
    const headers = rest.slice(0, end)
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0)
    const bodyBytes = Buffer.from(rest.slice(end + 4))
    const body = bodyBytes.subarray(0, length).toString()
    out.push({ status: Number(headers.slice(9, 12)), headers, body })
    rest = bodyBytes.subarray(length).toString()
  }
  return out
}

describe('a request that reaches a closing server', () => {
  it('is answered with the envelope (503, Connection: close), not Fastify’s own body', async () => {
    const app = await buildApp({ datasetsDir: dir, storeDir: tempStore() })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as { port: number }
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let raw = ''
    socket.on('data', (chunk) => {
      raw += chunk.toString()
    })
    const body = '{"province":"湖北"}'
    const head = (length: number) =>
      `POST /api/v1/seating/option HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`
    // The first request's head arrives, its body only after the close has begun: the connection is busy, so the
    // close waits for it, and the second request, pipelined behind it, reaches a closing server.
    socket.write(head(Buffer.byteLength(body)))
    await new Promise((r) => setTimeout(r, 50))
    const closed = app.close()
    await new Promise((r) => setTimeout(r, 50))
    socket.write(`${body}${head(Buffer.byteLength(body))}${body}`)
    await Promise.race([once(socket, 'end'), once(socket, 'close')])
    await closed
    const answers = responses(raw)
    expect(answers.length).toBeGreaterThanOrEqual(1)
    // whatever was answered is the envelope
    for (const a of answers)
      expect(Object.keys(JSON.parse(a.body)).sort()).toEqual(['code', 'data', 'message'])
    const refused = answers.filter((a) => a.status === 503)
    expect(refused.length).toBeGreaterThan(0)
    for (const a of refused) {
      expect(JSON.parse(a.body)).toEqual({ code: 503, message: CLOSING_MESSAGE, data: {} })
      expect(a.headers).toMatch(/connection: close/i)
      expect(a.headers).toMatch(/retry-after: \d+/i)
    }
  })
})

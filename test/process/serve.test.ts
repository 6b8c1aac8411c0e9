import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHUTDOWN_GRACE_MS } from '../../src/http/server.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'gaokao.js')

interface Running {
  proc: ChildProcess
  base: string
  stderr: () => string
}

/** Starts `gaokao serve` on a free port and resolves with its address once it says it is listening. */
async function startServer(dir: string): Promise<Running> {
  const proc = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--datasets', dir, '--store', tempStore()],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let err = ''
  proc.stderr?.setEncoding('utf8')
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 20_000)
    proc.stderr?.on('data', (chunk: string) => {
      err += chunk
      const m = /接口已启动: (http:\/\/[\d.]+:\d+)/.exec(err)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)))
  })
  return { proc, base, stderr: () => err }
}

let dir: string
let server: ChildProcess
let base: string
let stderr: () => string

beforeAll(async () => {
  dir = await buildFixtureDatasets()
  ;({ proc: server, base, stderr } = await startServer(dir))
})

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL')
})

/** seating/option from the shared server, with a request id to find its log line by */
const optionWithId = (id: string) =>
  fetch(`${base}/api/v1/seating/option`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': id },
    body: '{}',
  })

describe('gaokao serve, a real process reached over the network', () => {
  it('answers a real HTTP client', async () => {
    const res = await fetch(`${base}/api/v1/seating/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ province: '江苏', year: '2025', km: '物理类' }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { code: number; data: { list: unknown[] } }
    expect(body.code).toBe(200)
    expect(body.data.list).toHaveLength(12)
  })
  it("logs each answered request with its id on stderr, a quiet server's line too (written in blocks, flushed)", async () => {
    const res = await optionWithId('log-line-check-1')
    expect(res.status).toBe(200)
    // a line of a few hundred bytes stays under the block size (request-log.ts): the periodic flush writes it
    const deadline = Date.now() + 10_000
    while (!stderr().includes('"reqId":"log-line-check-1"') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    const line = stderr()
      .split('\n')
      .find((l) => l.includes('"reqId":"log-line-check-1"'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      msg: 'request',
      status: 200,
      url: '/api/v1/seating/option',
    })
  })
  it('answers concurrent requests', async () => {
    const replies = await Promise.all(
      ['江苏', '北京', '新疆', '广东', '西藏'].map((province) =>
        fetch(`${base}/api/v1/seating/seating`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ province }),
        }).then((r) => r.json() as Promise<{ code: number }>),
      ),
    )
    expect(replies.map((r) => r.code)).toEqual([200, 200, 200, 200, 200])
  })
  it('stops cleanly on SIGTERM, its last request lines written before it exits', async () => {
    // answered, then stopped at once: the line is still in its block (request-log.ts), written on exit
    const res = await optionWithId('log-line-at-exit')
    expect(res.status).toBe(200)
    server.kill('SIGTERM')
    const [code] = await once(server, 'exit')
    expect(code).toBe(0)
    expect(stderr()).toContain('收到 SIGTERM, 正在关闭')
    expect(stderr()).toContain('"reqId":"log-line-at-exit"')
  })
  it('stops on SIGTERM while a client holds a half-sent request, once the grace period is over', async () => {
    const other = await startServer(dir)
    const [, host, port] = /http:\/\/([\d.]+):(\d+)/.exec(other.base) as RegExpExecArray
    const socket = connect(Number(port), host)
    await once(socket, 'connect')
    socket.on('error', () => {})
    // a body announced and never sent: the connection is neither idle nor answered
    socket.write(
      'POST /api/v1/seating/option HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    // the server has read the headers before it is asked to stop (it cannot tell the request from an idle socket before)
    await new Promise((resolve) => setTimeout(resolve, 500))
    other.proc.kill('SIGTERM')
    const exited = once(other.proc, 'exit')
    const late = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS + 15_000, 'still running'))
    const outcome = await Promise.race([exited, late])
    if (outcome === 'still running') other.proc.kill('SIGKILL')
    socket.destroy()
    expect(outcome).toEqual([0, null])
  }, 60_000)
  it('stops cleanly on SIGINT too', async () => {
    const other = await startServer(dir)
    other.proc.kill('SIGINT')
    const [code] = await once(other.proc, 'exit')
    expect(code).toBe(0)
    expect(other.stderr()).toContain('收到 SIGINT, 正在关闭')
  })
})

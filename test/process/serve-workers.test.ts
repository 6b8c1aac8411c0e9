import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { get, request } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHUTDOWN_GRACE_MS } from '../../src/http/server.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'
import { alive } from '../helpers/processes.js'

// In the slow tier: `gaokao serve --workers 2`, real processes (docs/api.md, "Operations").

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'gaokao.js')

let dir: string
let primary: ChildProcess
let base: string
let stderr = ''
const workerPids = new Set<number>()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** The pid of the worker that answers /readyz, over a new connection each time (a kept-alive one stays with its worker) */
const readyPid = () =>
  new Promise<number>((resolve, reject) => {
    get(`${base}/readyz`, { agent: false }, (res) => {
      let body = ''
      res.on('data', (c) => {
        body += c
      })
      res.on('end', () => resolve((JSON.parse(body) as { data: { pid: number } }).data.pid))
    }).on('error', reject)
  })

/** A feedback's envelope code, over a new connection */
const freshPost = (path: string, n: number) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ feedback_type: 1, content: `第 ${n} 条`, contact: 'user@example.com' })
    const req = request(
      `${base}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = ''
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () => resolve((JSON.parse(text) as { code: number }).code))
      },
    )
    req.on('error', reject)
    req.end(body)
  })

beforeAll(async () => {
  dir = await buildFixtureDatasets()
  primary = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--port',
      '0',
      '--workers',
      '2',
      '--log-level',
      'warn',
      '--write-limit',
      '3',
      '--datasets',
      dir,
      '--store',
      tempStore(),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  primary.stderr?.setEncoding('utf8')
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 60_000)
    primary.stderr?.on('data', (chunk: string) => {
      stderr += chunk
      const m = /接口已启动: (http:\/\/[\d.]+:\d+) \(2 个工作进程/.exec(stderr)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    primary.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
  })
})

afterAll(() => {
  for (const pid of [primary.pid as number, ...workerPids]) if (alive(pid)) process.kill(pid, 'SIGKILL')
})

describe('serve --workers 2', () => {
  it('answers from two worker processes sharing one port, the primary serving nothing itself', async () => {
    for (let i = 0; i < 20 && workerPids.size < 2; i++) workerPids.add(await readyPid())
    expect(workerPids.size).toBe(2)
    expect(workerPids.has(primary.pid as number)).toBe(false)
    const res = await fetch(`${base}/api/v1/seating/option`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"province":"江苏"}',
    })
    expect(((await res.json()) as { code: number }).code).toBe(200)
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('counts an address’s writes once for the machine, whichever worker takes them', async () => {
    // A new connection each time: the cluster hands them to the workers in turn.
    const codes = []
    for (let n = 0; n < 8; n++) codes.push(await freshPost('/api/v1/score-v2/common-question/feedback', n))
    // Counted in each worker, an address could write 3 times to each of the two.
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429])
  })

  it('replaces a worker that dies, and says so', async () => {
    const [victim] = workerPids
    process.kill(victim as number, 'SIGKILL')
    for (let i = 0; i < 600 && !/工作进程 \d+ 意外退出 \(SIGKILL\), 0\.5 秒后重启/.test(stderr); i++)
      await sleep(100)
    expect(stderr).toContain(`工作进程 ${victim} 意外退出 (SIGKILL)`)
    // the replacement answers once it has loaded its datasets
    const seen = new Set<number>()
    for (let i = 0; i < 600 && seen.size < 2; i++) {
      seen.add(await readyPid())
      if (seen.size < 2) await sleep(100)
    }
    expect(seen.size).toBe(2)
    expect(seen.has(victim as number)).toBe(false)
    for (const pid of seen) workerPids.add(pid)
  }, 90_000)

  it('on SIGTERM stops every worker and exits 0 within the bound, even with a client holding half a request', async () => {
    const [, host, port] = /http:\/\/([\d.]+):(\d+)/.exec(base) as RegExpExecArray
    const socket = connect(Number(port), host)
    await once(socket, 'connect')
    socket.on('error', () => {})
    socket.write(
      'POST /api/v1/seating/option HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    await sleep(500)
    const started = Date.now()
    primary.kill('SIGTERM')
    const late = sleep(SHUTDOWN_GRACE_MS + 10_000).then(() => 'still running')
    const outcome = await Promise.race([once(primary, 'exit'), late])
    socket.destroy()
    expect(outcome).toEqual([0, null])
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS + 6_000)
    expect(stderr).toContain('收到 SIGTERM, 正在关闭 2 个工作进程')
    for (const pid of workerPids) expect(alive(pid), `worker ${pid}`).toBe(false)
  }, 60_000)
})

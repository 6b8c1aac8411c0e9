import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFixtureDatasets } from '../helpers/datasets.js'
import { describePostgres, dropSchema, freshSchema, sql, TEST_PG } from '../helpers/postgres.js'

/**
 * Two `gaokao serve` replicas on one PostgreSQL database (docs/deploy.md): what one accepts, the other accepts;
 * what either acknowledged is stored once, whichever of them dies. Real processes over the network.
 */
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'gaokao.js')
const run = promisify(execFile)

interface Replica {
  proc: ChildProcess
  base: string
}

/**
 * One replica, single process (`--workers 1`: a SIGKILL kills the whole server) and without the per-address
 * write limit (every request here comes from 127.0.0.1). `how` chooses --store or GAOKAO_STORE, so that both ways
 * of naming the database are used.
 */
async function startReplica(datasets: string, url: string, how: 'flag' | 'env'): Promise<Replica> {
  const args = [BIN, 'serve', '--port', '0', '--datasets', datasets, '--workers', '1', '--write-limit', '0']
  args.push('--log-level', 'silent')
  const proc = spawn(process.execPath, how === 'flag' ? [...args, '--store', url] : args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GAOKAO_STORE: how === 'env' ? url : '' },
  })
  let err = ''
  proc.stderr?.setEncoding('utf8')
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not start: ${err}`)), 90_000)
    proc.stderr?.on('data', (chunk: string) => {
      // Read to the end (a full pipe would stop the server), kept only until it has started.
      if (err.includes('接口已启动')) return
      err += chunk
      const m = /接口已启动: (http:\/\/[\d.]+:\d+)/.exec(err)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    proc.on('exit', (code) => reject(new Error(`replica exited with ${code}: ${err}`)))
  })
  return { proc, base }
}

const gaokao = async (...args: string[]) => (await run(process.execPath, [BIN, ...args])).stdout.trim()

describe('serve on a PostgreSQL store that does not answer', () => {
  it('does not start: one line naming the database without its password, exit 1', async () => {
    const datasets = await buildFixtureDatasets()
    const store = 'postgres://gaokao:Start-Secret-42@127.0.0.1:1/gaokao'
    const proc = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--datasets', datasets, '--workers', '1'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GAOKAO_STORE: store },
      },
    )
    let out = ''
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
    })
    proc.stderr?.on('data', (c: Buffer) => {
      out += c.toString()
    })
    const [code] = await once(proc, 'exit')
    expect(code).toBe(1)
    expect(out).toMatch(
      /错误: 无法启动服务: 存储 postgres:\/\/gaokao:\*\*\*@127\.0\.0\.1:1\/gaokao: 无法连接数据库/,
    )
    expect(out).not.toMatch(/接口已启动/)
    expect(out).not.toContain('Start-Secret-42')
  }, 120_000)
})

describePostgres('two serve replicas on one PostgreSQL database', () => {
  let schema = ''
  let url = ''
  let a: Replica
  let b: Replica
  beforeAll(async () => {
    ;({ schema, url } = await freshSchema(TEST_PG))
    const datasets = await buildFixtureDatasets()
    // Started before any token exists: nothing either read at start can hold the token created below.
    ;[a, b] = await Promise.all([startReplica(datasets, url, 'flag'), startReplica(datasets, url, 'env')])
  }, 180_000)
  afterAll(async () => {
    for (const r of [a, b])
      if (r && r.proc.exitCode === null && r.proc.signalCode === null) r.proc.kill('SIGKILL')
    if (schema) await dropSchema(TEST_PG, schema)
  })

  const seating = async (replica: Replica, token: string) => {
    const res = await fetch(`${replica.base}/api/v1/seating/seating`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ province: '江苏', year: 2025 }),
    })
    const body = (await res.json()) as { code: number; data: { my_seating: unknown } }
    return { refused: res.headers.get('www-authenticate') !== null, body }
  }

  it('accepts on both a token created after they started, and refuses it on both once revoked', async () => {
    const token = await gaokao(
      ...'tokens create --province 江苏 --score 697 --km 物理 --store'.split(' '),
      url,
    )
    const id = token.split('_')[1] as string
    // In the database, not in a directory that both happen to share on this machine
    const stored = () => sql(TEST_PG, `SELECT revoked_at FROM ${schema}.gaokao_tokens WHERE id = $1`, [id])
    expect(await stored()).toEqual([{ revoked_at: null }])
    for (const replica of [a, b]) {
      const { refused, body } = await seating(replica, token)
      expect(refused, replica.base).toBe(false)
      expect(body.data.my_seating, replica.base).toEqual({ even_num: 5, seating_sec: '17~21' })
    }
    await gaokao('tokens', 'revoke', id, '--store', url)
    expect((await stored())[0]?.revoked_at).toBeInstanceOf(Date)
    for (const replica of [a, b]) {
      const { refused, body } = await seating(replica, token)
      expect(refused, replica.base).toBe(true)
      expect(body.code).toBe(200)
      expect(body.data.my_seating, replica.base).toBeNull()
    }
  })

  it('stores every acknowledged feedback exactly once while one replica is killed with SIGKILL', async () => {
    const runId = `r${Date.now().toString(36)}`
    const acked = { a: new Set<string>(), b: new Set<string>() }
    const failed = { a: 0, b: 0 }
    let stop = false
    // Four clients per replica, each sending one feedback after another, every one with its own content.
    const client = async (name: 'a' | 'b', replica: Replica, n: number) => {
      for (let i = 0; !stop; i++) {
        const content = `${runId}-${name}${n}-${i}`
        try {
          const res = await fetch(`${replica.base}/api/v1/score-v2/common-question/feedback`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ feedback_type: 1, content, contact: 'ops@example.com' }),
          })
          const body = (await res.json()) as { code: number; message: string }
          if (body.code === 200 && body.message === '提交成功') acked[name].add(content)
          else failed[name]++
        } catch {
          // The replica is gone: what it did not answer was never acknowledged.
          failed[name]++
          if (name === 'b') return
        }
      }
    }
    const clients = [0, 1, 2, 3].flatMap((n) => [client('a', a, n), client('b', b, n)])
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 60_000
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    }
    await until(() => acked.a.size >= 100 && acked.b.size >= 100)
    b.proc.kill('SIGKILL')
    await once(b.proc, 'exit')
    // The survivor keeps acknowledging after its peer died.
    const atKill = acked.a.size
    await until(() => acked.a.size >= atKill + 100)
    stop = true
    await Promise.all(clients)

    expect(acked.b.size).toBeGreaterThanOrEqual(100)
    expect(acked.a.size).toBeGreaterThanOrEqual(atKill + 40)
    expect(failed.b).toBeGreaterThan(0) // the kill cut requests short
    expect(failed.a).toBe(0)
    const rows = await sql<{ content: string; n: number }>(
      TEST_PG,
      `SELECT content, count(*)::int AS n FROM ${schema}.gaokao_feedback WHERE content LIKE $1 GROUP BY content`,
      [`${runId}-%`],
    )
    const stored = new Map(rows.map((r) => [r.content, r.n]))
    const lost = [...acked.a, ...acked.b].filter((c) => !stored.has(c))
    expect(lost).toEqual([])
    expect(rows.filter((r) => r.n !== 1)).toEqual([])
  })
})

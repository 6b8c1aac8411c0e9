import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import feedback from '../../src/endpoints/feedback.js'
import { buildApp } from '../../src/http/app.js'
import { TOKEN_STORE_FAILED } from '../../src/http/auth.js'
import { StoreFailure } from '../../src/store/failure.js'
import { FeedbackStore } from '../../src/store/feedback.js'
import { parseStoreLocation } from '../../src/store/location.js'
import { openStores } from '../../src/store/stores.js'
import { TokenStore } from '../../src/store/tokens.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

/**
 * A PostgreSQL store whose database does not answer (nothing listens on port 1): every surface answers with its
 * envelope or its one error line, reports the cause, and never shows the password. No database needed.
 */
const PASSWORD = 'Pw-Never-Shown-7731'
const DOWN = `postgres://gaokao:${PASSWORD}@127.0.0.1:1/gaokao`
const TOKEN = `gk_0123456789ab_${'a'.repeat(43)}`

describe('the store a value chooses', () => {
  it('is the local files for a directory and PostgreSQL for a URL, connecting to nothing until used', async () => {
    const dir = tempStore()
    const local = openStores(parseStoreLocation(dir))
    expect(local.feedback).toBeInstanceOf(FeedbackStore)
    expect(local.tokens).toBeInstanceOf(TokenStore)
    const pg = openStores(parseStoreLocation(DOWN))
    expect(pg.feedback).not.toBeInstanceOf(FeedbackStore)
    expect(pg.feedback.location).toBe('postgres://gaokao:***@127.0.0.1:1/gaokao')
    await pg.close()
    // closed: refused without trying to connect
    await expect(pg.tokens.list()).rejects.toBeInstanceOf(StoreFailure)
  })
})

describe('a PostgreSQL store that does not answer', () => {
  let app: FastifyInstance
  let strict: FastifyInstance
  const reported: unknown[] = []
  beforeAll(async () => {
    const datasetsDir = await buildFixtureDatasets()
    const onInternalError = (err: unknown) => reported.push(err)
    app = await buildApp({ datasetsDir, storeDir: DOWN, onInternalError })
    strict = await buildApp({ datasetsDir, storeDir: DOWN, onInternalError, httpStatus: true })
  })
  afterAll(async () => {
    await app?.close()
    await strict?.close()
  })

  const lastReport = () => reported.at(-1) as StoreFailure

  it('answers feedback with the spec message, and reports the cause without the password', async () => {
    const res = await app.inject({
      method: feedback.http.method,
      url: feedback.http.path,
      payload: { feedback_type: 2, content: '很好用', contact: 'user@example.com' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 400, message: '系统错误,请稍后重试', data: {} })
    expect(lastReport()).toBeInstanceOf(StoreFailure)
    expect(lastReport().kind).toBe('unreachable')
    expect(lastReport().message).toMatch(
      /^存储 postgres:\/\/gaokao:\*\*\*@127\.0\.0\.1:1\/gaokao: 无法连接数据库/,
    )
    expect(res.body + lastReport().message).not.toContain(PASSWORD)
  })

  it('answers a request with a token with the envelope (503 with --http-status), never as anonymous', async () => {
    const ask = (server: FastifyInstance, authorization?: string) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/seating/seating',
        payload: { province: '江苏', year: '2025' },
        headers: authorization ? { authorization } : {},
      })
    const before = reported.length
    const res = await ask(app, `Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 500, message: TOKEN_STORE_FAILED, data: {} })
    expect((await ask(strict, `Bearer ${TOKEN}`)).statusCode).toBe(503)
    expect(reported.length).toBe(before + 2)
    expect(lastReport()).toBeInstanceOf(StoreFailure)
    expect(lastReport().message).not.toContain(PASSWORD)
    // Without a token the store is not asked: the answer is the usual one.
    expect((await ask(app)).json().code).toBe(200)
  })

  it('is one error line and exit 1 on the CLI, naming the database without the password', async () => {
    for (const args of [
      ['tokens', 'list', '--store', DOWN],
      ['tokens', 'revoke', '0123456789ab', '--store', DOWN],
      ['tokens', 'create', '--province', '江苏', '--score', '600', '--km', '物理', '--store', DOWN],
      ['feedback', 'list', '--store', DOWN],
      [
        'feedback',
        'submit',
        '--feedback-type',
        '1',
        '--content',
        'x',
        '--contact',
        'a@b.cn',
        '--store',
        DOWN,
      ],
    ]) {
      const run = await runGaokao(args)
      const what = args.slice(0, 2).join(' ')
      expect(run.code, what).toBe(1)
      expect(run.stderr, what).toMatch(
        /^错误: .*存储 postgres:\/\/gaokao:\*\*\*@127\.0\.0\.1:1\/gaokao: 无法连接数据库/,
      )
      expect(run.stderr.trim().split('\n'), what).toHaveLength(1)
      expect(run.stdout + run.stderr, what).not.toContain(PASSWORD)
    }
  })

  it('refuses a store value that is no directory nor postgres:// URL with exit 2, from a flag or GAOKAO_STORE', async () => {
    const flag = await runGaokao(['tokens', 'list', '--store', 'mysql://u:pw@h/db'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toBe(
      '错误: --store 不支持 mysql:// 地址: 应为目录或 postgres://用户:密码@主机:端口/数据库\n',
    )
    const env = await runGaokao(['feedback', 'list'], { env: { GAOKAO_STORE: 'redis://h' } })
    expect(env.code).toBe(2)
    expect(env.stderr).toMatch(/^错误: GAOKAO_STORE 不支持 redis:\/\//)
    const serve = await runGaokao(['serve', '--port', '0', '--store', 'ftp://h/x'])
    expect(serve.code).toBe(2)
    expect(serve.stderr).toMatch(/^错误: --store 不支持 ftp:\/\//)
  })
})

import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serveOperations } from '../../src/cli/serve-options.js'
import { checkAgainstManifest } from '../../src/datasets/validate/manifest-check.js'
import { ApiError } from '../../src/errors.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

// `gaokao serve`: its operations flags, and the datasets checked against their manifest before anything starts.

describe('serve’s operations flags', () => {
  it('default to one worker per core, the cores shared among them for expensive work, 64 waiting, 20 writes', () => {
    expect(serveOperations({}, 4)).toEqual({
      workers: 4,
      heavyLimit: 1,
      heavyQueue: 64,
      writesPerMinute: 20,
      trustProxy: undefined,
    })
    expect(serveOperations({ workers: '1' }, 4)).toMatchObject({ workers: 1, heavyLimit: 4 })
    expect(serveOperations({ workers: '8' }, 4)).toMatchObject({ heavyLimit: 1 })
    expect(serveOperations({ heavyLimit: '3', heavyQueue: '0', writeLimit: '0' }, 2)).toMatchObject({
      heavyLimit: 3,
      heavyQueue: 0,
      writesPerMinute: 0,
    })
  })
  it('refuse what is not a whole number in range, as a usage error', () => {
    for (const flags of [{ workers: '0' }, { workers: '2.5' }, { heavyLimit: '' }, { writeLimit: '-1' }])
      expect(() => serveOperations(flags, 2)).toThrow(ApiError)
  })
  it('stop serve with exit 2 and one line', async () => {
    const run = await runGaokao(['serve', '--port', '0', '--workers', 'zwei'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('错误: --workers 应为 1 到 64 的整数, 收到 zwei\n')
    const level = await runGaokao(['serve', '--port', '0', '--log-level', 'loud'])
    expect(level.code).toBe(2)
    const proxy = await runGaokao(['serve', '--port', '0', '--trust-proxy', '10.0.0.1,lb.internal'])
    expect(proxy.code).toBe(2)
    expect(proxy.stderr).toMatch(/^错误: --trust-proxy 应为逗号分隔的代理地址.*收到 lb\.internal\n$/)
  })
  it('read --trust-proxy as the proxies whose X-Forwarded-For is believed', () => {
    const { trustProxy } = serveOperations({ trustProxy: '10.0.0.0/8,loopback' }, 2)
    expect([trustProxy?.('10.2.3.4', 0), trustProxy?.('::1', 0), trustProxy?.('192.0.2.1', 0)]).toEqual([
      true,
      true,
      false,
    ])
  })
})

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

describe('the datasets against their manifest.json', () => {
  it('match when every table the manifest lists has its recorded sha256; no manifest is said apart', async () => {
    const dir = await buildFixtureDatasets()
    expect(await checkAgainstManifest(dir)).toEqual({ consistent: true, manifest: 'absent', tables: 0 })
    const tables = Object.fromEntries(
      ['plans', 'schools'].map((t) => [t, { rows: 1, sha256: sha256(join(dir, `${t}.parquet`)) }]),
    )
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ tables }))
    expect(await checkAgainstManifest(dir)).toEqual({ consistent: true, manifest: 'present', tables: 2 })
  })

  it('a directory that does not match is not served: exit 2, one line naming the differences', async () => {
    const dir = await buildFixtureDatasets()
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        tables: {
          plans: { rows: 1, sha256: 'ab'.repeat(32) },
          majors: { rows: 1, sha256: sha256(join(dir, 'majors.parquet')) },
          ghost: { rows: 1, sha256: 'cd'.repeat(32) },
        },
      }),
    )
    const run = await runGaokao(['serve', '--port', '0', '--workers', '1', '--datasets', dir])
    expect(run.code).toBe(2)
    const plans = sha256(join(dir, 'plans.parquet')).slice(0, 12)
    expect(run.stderr).toBe(
      `错误: 数据目录 ${dir} 与其 manifest.json 不一致, 不提供服务: ` +
        `plans.parquet 的 sha256 为 ${plans}…, manifest.json 记为 abababababab…; ` +
        `manifest.json 列出 ghost, 但 ghost.parquet 不存在. 先运行 gaokao datasets validate --datasets ${dir}\n`,
    )
    expect(run.stdout).toBe('')
  })

  it('an unreadable manifest.json is not served either', async () => {
    const dir = await buildFixtureDatasets()
    writeFileSync(join(dir, 'manifest.json'), '{"tables": ')
    const run = await runGaokao(['serve', '--port', '0', '--workers', '1', '--datasets', dir])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^错误: 数据目录 .* 不提供服务: manifest\.json 不是合法的 JSON/u)
    expect(run.stderr.split('\n')).toHaveLength(2)
  })
})

import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/errors.js'
import { describeStore, parseStoreLocation, resolveStoreLocation } from '../../src/store/location.js'

/** The refusal of a value, as the CLI reports it (exit 2) */
function refusal(value: string, source?: string): ApiError {
  try {
    parseStoreLocation(value, source)
  } catch (err) {
    if (err instanceof ApiError) return err
    throw err
  }
  throw new Error(`${value} was accepted`)
}

describe('the store a value names (--store, GAOKAO_STORE)', () => {
  it('takes a path for the local files, a postgres:// or postgresql:// URL for the database', () => {
    expect(parseStoreLocation('/srv/gaokao')).toEqual({ kind: 'directory', dir: '/srv/gaokao' })
    expect(parseStoreLocation('relative/dir')).toEqual({ kind: 'directory', dir: resolve('relative/dir') })
    const pg = parseStoreLocation('postgres://gaokao:s3cret@db.internal:5432/gaokao')
    expect(pg).toEqual({
      kind: 'postgres',
      url: 'postgres://gaokao:s3cret@db.internal:5432/gaokao',
      shown: 'postgres://gaokao:***@db.internal:5432/gaokao',
      secrets: ['s3cret'],
    })
    expect(parseStoreLocation('PostgreSQL://u@h/db').kind).toBe('postgres')
    // a unix socket: no host in the authority, its directory as ?host=
    expect(parseStoreLocation('postgres:///gaokao?host=/run/postgresql').kind).toBe('postgres')
  })

  it('never shows the password: in the authority, %-encoded, or as ?password=', () => {
    const encoded = parseStoreLocation('postgres://u:p%40ss%2Fw@h:5432/db')
    expect(encoded.kind === 'postgres' && encoded.shown).toBe('postgres://u:***@h:5432/db')
    expect(encoded.kind === 'postgres' && encoded.secrets).toEqual(['p%40ss%2Fw', 'p@ss/w'])
    const query = parseStoreLocation('postgresql://u@h/db?password=hunter2&sslmode=require')
    expect(query.kind === 'postgres' && query.shown).toBe('postgresql://u@h/db?password=***&sslmode=require')
    expect(query.kind === 'postgres' && query.secrets).toEqual(['hunter2'])
    expect(describeStore(query)).not.toContain('hunter2')
    expect(describeStore({ kind: 'directory', dir: '/x' })).toBe('/x')
  })

  it('refuses other schemes, empty values, a missing host and text that is no URL, without echoing a password', () => {
    const other = refusal('mysql://u:pw@h/db')
    expect(other.badInput).toBe(true)
    expect(other.message).toBe(
      '--store 不支持 mysql:// 地址: 应为目录或 postgres://用户:密码@主机:端口/数据库',
    )
    expect(refusal('  ', 'GAOKAO_STORE').message).toMatch(/^GAOKAO_STORE 不能为空/)
    expect(refusal('postgres:///db').message).toBe(
      '--store 缺少主机: postgres:///db (如 postgres://gaokao:密码@db.example:5432/gaokao)',
    )
    expect(refusal('postgres://u:pw@/db').message).toBe(
      '--store 不是有效的 PostgreSQL 地址: postgres://u:***@/db',
    )
    const broken = refusal('postgres://u:pa ss@h st/db')
    expect(broken.message).toBe('--store 不是有效的 PostgreSQL 地址: postgres://u:***@h st/db')
    expect(refusal('postgres://u:pw@h/db/extra').message).toMatch(
      /数据库名无效: postgres:\/\/u:\*\*\*@h\/db\/extra/,
    )
  })

  it('chooses --store, else GAOKAO_STORE, else the directory of GAOKAO_HOME', () => {
    const env = { GAOKAO_STORE: 'postgres://u:pw@h/db', GAOKAO_HOME: '/home/x/gaokao' }
    expect(resolveStoreLocation('/explicit', env)).toEqual({ kind: 'directory', dir: '/explicit' })
    expect(resolveStoreLocation(undefined, env).kind).toBe('postgres')
    expect(resolveStoreLocation(undefined, { ...env, GAOKAO_STORE: '' })).toEqual({
      kind: 'directory',
      dir: '/home/x/gaokao',
    })
    expect(resolveStoreLocation(undefined, { XDG_DATA_HOME: '/xdg' })).toEqual({
      kind: 'directory',
      dir: join('/xdg', 'gaokao'),
    })
    // libpq's PGPASSWORD, which pg reads when the URL has none, is masked in messages too
    const viaEnv = resolveStoreLocation('postgres://u@h/db', { PGPASSWORD: 'from-env' })
    expect(viaEnv.kind === 'postgres' && viaEnv.secrets).toEqual(['from-env'])
    expect(() => resolveStoreLocation(undefined, { GAOKAO_STORE: 'redis://h' })).toThrow(
      /^GAOKAO_STORE 不支持 redis:\/\//,
    )
  })
})

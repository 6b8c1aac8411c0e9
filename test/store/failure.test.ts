import { describe, expect, it } from 'vitest'
import { StoreFailure, scrub, storeFailure } from '../../src/store/failure.js'

const WHERE = 'postgres://gaokao:***@db:5432/gaokao'
/** An error as pg or Node's sockets throw it */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })

describe('store failures, worded for the operator', () => {
  it('tells what an operator does about it from the SQLSTATE or the socket error', () => {
    const cases: [Error, StoreFailure['kind']][] = [
      [pgError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'), 'unreachable'],
      [pgError('ENOTFOUND', 'getaddrinfo ENOTFOUND db'), 'unreachable'],
      [pgError('57P01', 'terminating connection due to administrator command'), 'unreachable'],
      [pgError('08006', 'connection failure'), 'unreachable'],
      [new Error('Connection terminated unexpectedly'), 'unreachable'],
      [pgError('28P01', 'password authentication failed for user "gaokao"'), 'login'],
      [pgError('3D000', 'database "gaokao" does not exist'), 'no-database'],
      [pgError('25006', 'cannot execute INSERT in a read-only transaction'), 'read-only'],
      [pgError('53100', 'could not extend file: No space left on device'), 'exhausted'],
      [pgError('53300', 'sorry, too many clients already'), 'exhausted'],
      [pgError('57014', 'canceling statement due to statement timeout'), 'timeout'],
      [new Error('timeout exceeded when trying to connect'), 'timeout'],
      [pgError('42P01', 'relation "gaokao_tokens" does not exist'), 'schema'],
      [pgError('23505', 'duplicate key value violates unique constraint'), 'other'],
    ]
    for (const [err, kind] of cases) expect(storeFailure(err, WHERE).kind, err.message).toBe(kind)
  })

  it('names the store, the reason in Chinese and the first line of the cause with its code', () => {
    const failure = storeFailure(pgError('3D000', 'database "gaokao" does not exist\nDETAIL: x'), WHERE)
    expect(failure).toBeInstanceOf(StoreFailure)
    expect(failure.message).toBe(`存储 ${WHERE}: 数据库不存在 (3D000: database "gaokao" does not exist)`)
    expect(storeFailure('plain text', WHERE).message).toBe(`存储 ${WHERE}: 数据库出错 (plain text)`)
    // already worded: kept as it is
    expect(storeFailure(failure, 'elsewhere')).toBe(failure)
  })

  it('masks every secret a driver quotes back, the longest first', () => {
    const failure = storeFailure(new Error('invalid connection string postgres://u:p@ss@h/db'), WHERE, [
      'p@ss',
    ])
    expect(failure.message).not.toContain('p@ss')
    expect(failure.message).toContain('postgres://u:***@h/db')
    expect(scrub('abc abcd', ['abc', 'abcd'])).toBe('*** ***')
    expect(scrub('nothing', [''])).toBe('nothing')
  })
})

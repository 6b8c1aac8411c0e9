import { describe, expect, it } from 'vitest'
import { ApiError, badRequest, MESSAGE_MAX } from '../../src/errors.js'
import smartMatch from '../../src/features/smart-match/smart-match.js'
import { call, fixtureContext } from '../helpers/context.js'
import { buildFixtureDatasets } from '../helpers/datasets.js'

describe('error messages', () => {
  it('keep a message whole up to MESSAGE_MAX characters and cut a longer one, saying how long it was', () => {
    const short = '参数 score 无效: 应为非负整数, 收到 "x"'
    expect(badRequest(short).message).toBe(short)
    const long = new ApiError(400, `未知省份: ${'火'.repeat(300_000)}`).message
    expect(long.length).toBeLessThan(MESSAGE_MAX + 40)
    expect(long).toMatch(/^未知省份: 火+… \(共 300006 字, 已截断\)$/u)
  })

  it('an answer that echoes a 300,000-character value stays short', async () => {
    const ctx = fixtureContext(await buildFixtureDatasets())
    const body = await call(
      smartMatch,
      { province: '江'.repeat(300_000), batch: '本科批', rank_year: 2025, score: 600, subject: '物理' },
      ctx,
    )
    expect(body.code).toBe(400)
    expect(body.message.length).toBeLessThan(MESSAGE_MAX + 40)
    await ctx.db.close()
  })
})

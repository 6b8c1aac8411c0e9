import { expect, it } from 'vitest'
import type { Stores } from '../../src/store/stores.js'

/**
 * What every implementation of the store interface (src/store/stores.ts) does, run over each: the local files
 * (contract-local.test.ts) and PostgreSQL (postgres.test.ts). `open` gives a new Stores object on one and the same
 * store each time it is called, as two processes would have.
 */
export function storeContract(open: () => Promise<Stores>): void {
  const claims = { province: '江苏', score: 612, km: '物理' }
  const now = new Date('2026-06-01T00:00:00.123Z')

  it('keeps feedback as submitted, oldest first, with its id and time', async () => {
    const stores = await open()
    const first = await stores.feedback.submit(
      { feedback_type: 2, content: '一分一段表很好用', contact: 'a@b.cn', page_title: '一分一段' },
      now,
    )
    const second = await stores.feedback.submit(
      { feedback_type: 4, content: '第二条', contact: '13900001111', page_title: '' },
      new Date(now.getTime() + 1000),
    )
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      feedback_type: 2,
      content: '一分一段表很好用',
      contact: 'a@b.cn',
      page_title: '一分一段',
      created_at: '2026-06-01T00:00:00.123Z',
    })
    // Read through another Stores object, as another process would.
    const { records, unreadable } = await (await open()).feedback.read()
    expect(unreadable).toBe(0)
    expect(records.slice(-2)).toEqual([first, second])
    // The same keys in the same order as the local file's records: exports look alike whatever the store.
    expect(Object.keys(records.at(-1) ?? {})).toEqual([
      'id',
      'feedback_type',
      'content',
      'contact',
      'page_title',
      'created_at',
    ])
    await stores.close()
  })

  it('verifies the tokens it issued, and refuses malformed, unknown, tampered, expired and revoked ones', async () => {
    const s = await open()
    const { token, record } = await s.tokens.create(claims, {
      expiresAt: new Date('2026-06-30T00:00:00Z'),
      now,
    })
    expect(token).toMatch(/^gk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/)
    expect(await s.tokens.verify(token, now)).toEqual(record)
    expect(await s.tokens.verify('nonsense', now)).toBeNull()
    expect(await s.tokens.verify(`gk_000000000000_${'a'.repeat(43)}`, now)).toBeNull()
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(await s.tokens.verify(tampered, now)).toBeNull()
    expect(await s.tokens.verify(token, new Date('2026-07-01T00:00:00Z'))).toBeNull()
    expect(await s.tokens.revoke(record.id, now)).toBe(true)
    expect(await s.tokens.verify(token, now)).toBeNull()
    expect(await s.tokens.revoke('ffffffffffff')).toBe(false)
    await s.close()
  })

  it('a token issued or revoked through one Stores counts at once in another (no cache hides it)', async () => {
    const reader = await open()
    const writer = await open()
    const { token, record } = await writer.tokens.create({ ...claims, rank: 12_345 })
    expect(await reader.tokens.verify(token)).toMatchObject({ ...claims, rank: 12_345, id: record.id })
    const listed = (await reader.tokens.list()).find((r) => r.id === record.id)
    expect(listed).toEqual(record)
    expect(Object.keys(listed ?? {})).toEqual([
      'id',
      'hash',
      'province',
      'score',
      'km',
      'rank',
      'created_at',
      'expires_at',
      'revoked_at',
    ])
    expect(await writer.tokens.revoke(record.id)).toBe(true)
    expect(await reader.tokens.verify(token)).toBeNull()
    expect((await reader.tokens.list()).find((r) => r.id === record.id)?.revoked_at).toEqual(
      expect.any(String),
    )
    await Promise.all([reader.close(), writer.close()])
  })
}

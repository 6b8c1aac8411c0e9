import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseToken, TokenStore } from '../../src/store/tokens.js'

const store = () => new TokenStore(mkdtempSync(join(tmpdir(), 'gaokao-tokens-')))
const claims = { province: '江苏', score: 612, km: '物理' }

describe('TokenStore', () => {
  it('verifies a token it issued and returns its claims', () => {
    const s = store()
    const { token, record } = s.create(claims)
    expect(token).toMatch(/^gk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/)
    expect(s.verify(token)).toMatchObject({ ...claims, id: record.id })
  })
  it('parses a secret that itself holds underscores (base64url), as verify does', () => {
    const secret = `_${'a'.repeat(20)}_${'b'.repeat(21)}`
    expect(parseToken(`gk_0123456789ab_${secret}`)).toEqual({ id: '0123456789ab', secret })
    expect(parseToken(`gk_0123456789ab_${secret}x`)).toBeNull()
    expect(parseToken('gk_0123456789ab')).toBeNull()
  })
  it('keeps only a hash of the secret on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-tokens-'))
    const { token } = new TokenStore(dir).create(claims)
    const secret = parseToken(token)?.secret as string
    expect(secret).toHaveLength(43)
    expect(readFileSync(join(dir, 'tokens.ndjson'), 'utf8')).not.toContain(secret)
  })
  it('rejects malformed, unknown, tampered, expired and revoked tokens', () => {
    const s = store()
    const now = new Date('2026-06-01T00:00:00Z')
    const { token, record } = s.create(claims, { expiresAt: new Date('2026-06-30T00:00:00Z'), now })
    expect(s.verify('nonsense', now)).toBeNull()
    expect(s.verify(`gk_000000000000_${'a'.repeat(43)}`, now)).toBeNull()
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(s.verify(tampered, now)).toBeNull()
    expect(s.verify(token, now)).not.toBeNull()
    expect(s.verify(token, new Date('2026-07-01T00:00:00Z'))).toBeNull()
    expect(s.revoke(record.id)).toBe(true)
    expect(s.verify(token, now)).toBeNull()
    expect(s.revoke('ffffffffffff')).toBe(false)
  })
  it('sees tokens another process (another store object) wrote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gaokao-tokens-'))
    const reader = new TokenStore(dir)
    expect(reader.list()).toEqual([])
    const { token } = new TokenStore(dir).create(claims)
    expect(reader.verify(token)).not.toBeNull()
    expect(reader.list()).toHaveLength(1)
  })
})

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { AppendLog } from './append-log.js'
import type { TokenStorage } from './stores.js'

/** What a token stands for: the holder's own data, used by the seating and special-plan endpoints. */
export interface TokenClaims {
  province: string
  score: number
  km: string
  rank?: number
}

export interface TokenRecord extends TokenClaims {
  id: string
  /** sha256 of the secret part, hex; the secret itself is never stored */
  hash: string
  created_at: string
  expires_at: string | null
  revoked_at: string | null
}

type TokenEvent =
  | ({ type: 'create' } & Omit<TokenRecord, 'revoked_at'>)
  | { type: 'revoke'; id: string; at: string }

const PREFIX = 'gk'
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex')

/**
 * The id and secret of a `gk_<id>_<secret>` token; null when malformed. The secret is base64url, so it may
 * itself hold `_`: split by position, never by `split('_')`.
 */
export function parseToken(token: string): { id: string; secret: string } | null {
  const m = /^gk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/.exec(token)
  return m ? { id: m[1] as string, secret: m[2] as string } : null
}

/** A new token's parts: the id that finds its record, the secret shown once, and the hash that is stored. */
export function issueToken(): { id: string; secret: string; hash: string; token: string } {
  const id = randomBytes(6).toString('hex')
  const secret = randomBytes(32).toString('base64url')
  return { id, secret, hash: sha256(secret), token: `${PREFIX}_${id}_${secret}` }
}

/**
 * Whether a stored record accepts a secret at `now`: its hash compared in constant time, then neither revoked
 * nor expired. The one check of both stores (this one and postgres/stores.ts).
 */
export function acceptsSecret(record: TokenRecord, secret: string, now: Date): boolean {
  const expected = Buffer.from(record.hash, 'hex')
  const actual = createHash('sha256').update(secret).digest()
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false
  if (record.revoked_at !== null) return false
  return record.expires_at === null || Date.parse(record.expires_at) > now.getTime()
}

/**
 * Access tokens as an append-only event log (`<store>/tokens.ndjson`: create and revoke events), so that the
 * CLI and a running server can use it at the same time without locks. A token reads `gk_<id>_<secret>`: the
 * id finds the record, the secret's hash is compared in constant time.
 */
export class TokenStore implements TokenStorage {
  private readonly log: AppendLog<TokenEvent>
  private cache: { version: string; records: Map<string, TokenRecord> } | undefined

  constructor(dir: string) {
    this.log = new AppendLog(join(dir, 'tokens.ndjson'))
  }

  get location(): string {
    return this.log.path
  }

  /** Issues a token; the returned secret is shown once and cannot be recovered. */
  create(
    claims: TokenClaims,
    opts: { expiresAt?: Date | null; now?: Date } = {},
  ): { token: string; record: TokenRecord } {
    const { id, hash, token } = issueToken()
    const now = opts.now ?? new Date()
    const event = {
      type: 'create' as const,
      id,
      hash,
      ...claims,
      created_at: now.toISOString(),
      expires_at: opts.expiresAt ? opts.expiresAt.toISOString() : null,
    }
    this.log.append(event)
    const { type: _type, ...record } = event
    return { token, record: { ...record, revoked_at: null } }
  }

  /** Marks a token revoked; false when the id is unknown. */
  revoke(id: string, now: Date = new Date()): boolean {
    if (!this.records().has(id)) return false
    this.log.append({ type: 'revoke', id, at: now.toISOString() })
    return true
  }

  list(): TokenRecord[] {
    return [...this.records().values()]
  }

  /** The claims of a valid token; null for a malformed, unknown, expired or revoked one. */
  verify(token: string, now: Date = new Date()): TokenRecord | null {
    const parts = parseToken(token)
    if (!parts) return null
    const record = this.records().get(parts.id)
    return record && acceptsSecret(record, parts.secret, now) ? record : null
  }

  /** Current state folded from the events; re-read only when another process has appended. */
  private records(): Map<string, TokenRecord> {
    const version = this.log.version()
    if (this.cache?.version === version) return this.cache.records
    const records = new Map<string, TokenRecord>()
    for (const event of this.log.readAll()) {
      if (event.type === 'create') {
        const { type: _type, ...rest } = event
        records.set(event.id, { ...rest, revoked_at: null })
      } else if (event.type === 'revoke') {
        const r = records.get(event.id)
        if (r && r.revoked_at === null) r.revoked_at = event.at
      }
    }
    this.cache = { version, records }
    return records
  }
}

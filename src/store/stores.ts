import { type FeedbackInput, type FeedbackRecord, FeedbackStore } from './feedback.js'
import type { StoreLocation } from './location.js'
import { PostgresStores } from './postgres/stores.js'
import { type TokenClaims, type TokenRecord, TokenStore } from './tokens.js'

/**
 * The writable side, one interface and two implementations: the append-only files of a directory (feedback.ts,
 * tokens.ts; synchronous, one machine) and PostgreSQL (postgres/; shared by replicas). Callers always `await`.
 */
type Awaitable<T> = T | Promise<T>

export interface FeedbackStorage {
  /** The store as named in messages (a file, or a URL without its password) */
  readonly location: string
  /** Stores the record durably; resolves only once it is (fsync, or COMMIT); throws when it cannot */
  submit(input: FeedbackInput, now?: Date): Awaitable<FeedbackRecord>
  /** Every record, oldest first, and how many stored lines could not be read as one (files only) */
  read(): Awaitable<{ records: FeedbackRecord[]; unreadable: number }>
}

export interface TokenStorage {
  readonly location: string
  /** Issues a token; the returned secret is shown once and cannot be recovered */
  create(
    claims: TokenClaims,
    opts?: { expiresAt?: Date | null; now?: Date },
  ): Awaitable<{ token: string; record: TokenRecord }>
  /** Marks a token revoked; false when the id is unknown */
  revoke(id: string, now?: Date): Awaitable<boolean>
  list(): Awaitable<TokenRecord[]>
  /**
   * The claims of a valid token; null for a malformed, unknown, expired or revoked one. Reads the store as it is
   * now: a token created or revoked by another process counts at once.
   */
  verify(token: string, now?: Date): Awaitable<TokenRecord | null>
}

/** What one write did to its key's count (src/http/write-limit.ts) */
export interface WriteCount {
  /** Writes of the key in its current window, this one included */
  count: number
  /** Milliseconds until the window closes */
  resetInMs: number
}

/** The write limit's counts: fixed windows per key (a route and a client address) */
export interface WriteCountStorage {
  /** Counts one write of `key`, opening a window of `windowMs` when none is open */
  hit(key: string, windowMs: number): Promise<WriteCount>
}

/** The writable side of a process, opened on first use. */
export interface Stores {
  readonly feedback: FeedbackStorage
  readonly tokens: TokenStorage
  /**
   * The write limit's counts when the store is shared by replicas (PostgreSQL), so that an address gets its limit
   * once across them; undefined for the local files, whose processes share one machine and count in memory
   * (src/http/write-counts.ts).
   */
  readonly sharedWriteCounts: WriteCountStorage | undefined
  /** Connects and prepares the store now (a database's tables), so that `serve` fails at start, not later */
  open(): Promise<void>
  /** Releases connections; the stores may not be used afterwards */
  close(): Promise<void>
}

/** The stores of a location; nothing is opened until it is used. */
export function openStores(location: StoreLocation, onError?: (err: Error) => void): Stores {
  if (location.kind === 'postgres') return new PostgresStores(location, onError)
  return localStores(location.dir)
}

function localStores(dir: string): Stores {
  let feedback: FeedbackStore | undefined
  let tokens: TokenStore | undefined
  return {
    get feedback() {
      feedback ??= new FeedbackStore(dir)
      return feedback
    },
    get tokens() {
      tokens ??= new TokenStore(dir)
      return tokens
    },
    sharedWriteCounts: undefined,
    open: async () => {},
    close: async () => {},
  }
}

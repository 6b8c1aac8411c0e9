import { randomUUID } from 'node:crypto'
import type { Pool } from 'pg'
import { storeFailure } from '../failure.js'
import type { FeedbackInput, FeedbackRecord } from '../feedback.js'
import type { StoreLocation } from '../location.js'
import type { FeedbackStorage, Stores, TokenStorage, WriteCount, WriteCountStorage } from '../stores.js'
import { acceptsSecret, issueToken, parseToken, type TokenClaims, type TokenRecord } from '../tokens.js'
import { createPool, inTransaction } from './pool.js'
import { FEEDBACK_SQL, TOKEN_SQL, WRITE_COUNT_SQL } from './queries.js'
import { migrate } from './schema.js'

type PostgresLocation = Extract<StoreLocation, { kind: 'postgres' }>

/**
 * Feedback and tokens in PostgreSQL, shared by every `serve` replica and CLI process that names the same
 * database. Nothing is kept in memory between calls: a token created or revoked through any process counts in
 * every other at its next request (one indexed read per request that carries a token). Every failure is thrown
 * as a StoreFailure (failure.ts) that names the database without its password.
 */
export class PostgresStores implements Stores {
  readonly feedback: FeedbackStorage
  readonly tokens: TokenStorage
  readonly sharedWriteCounts: WriteCountStorage
  private pool: Promise<Pool> | undefined
  private closed = false

  constructor(
    private readonly location: PostgresLocation,
    /** Told of failures no caller is waiting for (a connection that broke while idle) */
    private readonly onError: (err: Error) => void = () => {},
  ) {
    const run = <T>(work: (pool: Pool) => Promise<T>) => this.run(work)
    this.feedback = new PostgresFeedback(location.shown, run)
    this.tokens = new PostgresTokens(location.shown, run)
    this.sharedWriteCounts = new PostgresWriteCounts(run)
  }

  async open(): Promise<void> {
    await this.run(async () => {})
  }

  async close(): Promise<void> {
    this.closed = true
    const pool = this.pool
    this.pool = undefined
    if (pool) await (await pool.catch(() => undefined))?.end()
  }

  /** Runs `work` with the pool, connecting and migrating first if this is the first use. */
  private async run<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
    if (this.closed) throw this.failure(new Error('store closed'))
    try {
      return await work(await this.ready())
    } catch (err) {
      throw this.failure(err)
    }
  }

  /**
   * The pool once the tables exist. A failed start (the database down) is forgotten, so that the next request
   * tries again rather than failing for the life of the process.
   */
  private ready(): Promise<Pool> {
    if (!this.pool) {
      const pending = this.connect()
      this.pool = pending
      pending.catch(() => {
        if (this.pool === pending) this.pool = undefined
      })
    }
    return this.pool
  }

  private async connect(): Promise<Pool> {
    const pool = await createPool(this.location.url, (err) => this.onError(this.failure(err)))
    try {
      await migrate(pool, this.location.shown)
      return pool
    } catch (err) {
      await pool.end().catch(() => {})
      throw err
    }
  }

  private failure(err: unknown) {
    return storeFailure(err, this.location.shown, this.location.secrets)
  }
}

type Run = <T>(work: (pool: Pool) => Promise<T>) => Promise<T>

class PostgresFeedback implements FeedbackStorage {
  constructor(
    readonly location: string,
    private readonly run: Run,
  ) {}

  async submit(input: FeedbackInput, now: Date = new Date()): Promise<FeedbackRecord> {
    const record: FeedbackRecord = { id: randomUUID(), ...input, created_at: now.toISOString() }
    // Acknowledged only once COMMIT has returned (inTransaction), durable whatever the server's default.
    await this.run((pool) =>
      inTransaction(pool, async (client) => {
        await client.query(FEEDBACK_SQL.durableCommit)
        await client.query(FEEDBACK_SQL.insert, [
          record.id,
          record.feedback_type,
          record.content,
          record.contact,
          record.page_title,
          now,
        ])
      }),
    )
    return record
  }

  async read(): Promise<{ records: FeedbackRecord[]; unreadable: number }> {
    const rows = await this.run(async (pool) => (await pool.query(FEEDBACK_SQL.list)).rows)
    // The same fields, in the same order, as a record of the local file (feedback.ts).
    const records = rows.map(
      (r): FeedbackRecord => ({
        id: String(r.id),
        feedback_type: Number(r.feedback_type),
        content: String(r.content),
        contact: String(r.contact),
        page_title: String(r.page_title),
        created_at: iso(r.created_at) as string,
      }),
    )
    return { records, unreadable: 0 }
  }
}

/** How often a process clears closed windows out of the counts table, at most */
const PRUNE_EVERY_MS = 3_600_000

class PostgresWriteCounts implements WriteCountStorage {
  private pruned = 0

  constructor(private readonly run: Run) {}

  async hit(key: string, windowMs: number): Promise<WriteCount> {
    const row = await this.run(async (pool) => {
      if (Date.now() - this.pruned > PRUNE_EVERY_MS) {
        this.pruned = Date.now()
        await pool.query(WRITE_COUNT_SQL.prune)
      }
      return (await pool.query(WRITE_COUNT_SQL.hit, [key, windowMs])).rows[0]
    })
    return { count: Number(row?.count), resetInMs: Math.max(0, Math.round(Number(row?.reset_ms))) }
  }
}

class PostgresTokens implements TokenStorage {
  constructor(
    readonly location: string,
    private readonly run: Run,
  ) {}

  async create(
    claims: TokenClaims,
    opts: { expiresAt?: Date | null; now?: Date } = {},
  ): Promise<{ token: string; record: TokenRecord }> {
    const { id, hash, token } = issueToken()
    const now = opts.now ?? new Date()
    const expiresAt = opts.expiresAt ?? null
    await this.run((pool) =>
      pool.query(TOKEN_SQL.insert, [
        id,
        hash,
        claims.province,
        claims.score,
        claims.km,
        claims.rank ?? null,
        now,
        expiresAt,
      ]),
    )
    const record = tokenRecord({
      id,
      hash,
      ...claims,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    return { token, record }
  }

  async revoke(id: string, now: Date = new Date()): Promise<boolean> {
    const result = await this.run((pool) => pool.query(TOKEN_SQL.revoke, [id, now]))
    return (result.rowCount ?? 0) > 0
  }

  async list(): Promise<TokenRecord[]> {
    const rows = await this.run(async (pool) => (await pool.query(TOKEN_SQL.list)).rows)
    return rows.map(tokenRecord)
  }

  async verify(token: string, now: Date = new Date()): Promise<TokenRecord | null> {
    const parts = parseToken(token)
    if (!parts) return null
    const row = await this.run(
      async (pool) =>
        (await pool.query({ name: TOKEN_SQL.byIdStatement, text: TOKEN_SQL.byId, values: [parts.id] }))
          .rows[0],
    )
    if (!row) return null
    const record = tokenRecord(row)
    return acceptsSecret(record, parts.secret, now) ? record : null
  }
}

/** A row as the local store's record: the same keys in the same order, `rank` absent when none was given. */
function tokenRecord(row: Record<string, unknown>): TokenRecord {
  return {
    id: String(row.id),
    hash: String(row.hash),
    province: String(row.province),
    score: Number(row.score),
    km: String(row.km),
    ...(row.rank === null || row.rank === undefined ? {} : { rank: Number(row.rank) }),
    created_at: iso(row.created_at) as string,
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
  }
}

/** pg reads timestamptz as a Date; the stores speak ISO 8601 in UTC, as the local files do. */
function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}

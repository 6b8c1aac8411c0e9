/**
 * Every SQL statement of the PostgreSQL store. Constants only: values travel as bound parameters ($1, $2 ...),
 * never in the text. The tables carry a `gaokao_` prefix so that they can share a database (or a schema chosen
 * with `?options=-c search_path=...` in the URL) with other applications.
 */

/** pg_advisory_xact_lock's key: any constant that other applications are unlikely to use ("gaokao" in ASCII) */
const MIGRATION_LOCK = 0x67616f6b616f

export const SCHEMA_SQL = {
  lock: `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`,
  createVersions: `CREATE TABLE IF NOT EXISTS gaokao_schema_version (
    version integer PRIMARY KEY,
    description text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`,
  currentVersion: 'SELECT coalesce(max(version), 0) AS version FROM gaokao_schema_version',
  recordVersion: 'INSERT INTO gaokao_schema_version (version, description) VALUES ($1, $2)',
  createFeedback: `CREATE TABLE IF NOT EXISTS gaokao_feedback (
    id uuid PRIMARY KEY,
    feedback_type smallint NOT NULL CHECK (feedback_type BETWEEN 1 AND 4),
    content text NOT NULL,
    contact text NOT NULL,
    page_title text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  indexFeedback: 'CREATE INDEX IF NOT EXISTS gaokao_feedback_created ON gaokao_feedback (created_at, id)',
  createTokens: `CREATE TABLE IF NOT EXISTS gaokao_tokens (
    id text PRIMARY KEY,
    hash text NOT NULL,
    province text NOT NULL,
    score integer NOT NULL,
    km text NOT NULL,
    rank integer,
    created_at timestamptz NOT NULL,
    expires_at timestamptz,
    revoked_at timestamptz
  )`,
  createWriteCounts: `CREATE TABLE IF NOT EXISTS gaokao_write_counts (
    key text PRIMARY KEY,
    opened_at timestamptz NOT NULL,
    count integer NOT NULL
  )`,
} as const

export const FEEDBACK_SQL = {
  /** Durable at COMMIT whatever the server's default (a database set to synchronous_commit = off) */
  durableCommit: 'SET LOCAL synchronous_commit = on',
  insert: `INSERT INTO gaokao_feedback (id, feedback_type, content, contact, page_title, created_at)
    VALUES ($1, $2, $3, $4, $5, $6)`,
  list: `SELECT id, feedback_type, content, contact, page_title, created_at
    FROM gaokao_feedback ORDER BY created_at, id`,
} as const

const TOKEN_COLUMNS = 'id, hash, province, score, km, rank, created_at, expires_at, revoked_at'

export const TOKEN_SQL = {
  insert: `INSERT INTO gaokao_tokens (id, hash, province, score, km, rank, created_at, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  /** The first revocation's time is kept; revoking again changes nothing but still finds the token */
  revoke: 'UPDATE gaokao_tokens SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1',
  byId: `SELECT ${TOKEN_COLUMNS} FROM gaokao_tokens WHERE id = $1`,
  /**
   * byId is read on every request that carries a token: prepared once per connection under this name, which
   * measured about 40 % more reads a second than parsing it each time (docs/deploy.md, "令牌").
   */
  byIdStatement: 'gaokao_token_by_id',
  list: `SELECT ${TOKEN_COLUMNS} FROM gaokao_tokens ORDER BY created_at, id`,
} as const

/**
 * The write limit's fixed windows (src/http/write-limit.ts), counted by the database so that every replica sees
 * the same count. Times are the database's (now()), not each replica's clock. $1 the key, $2 the window in ms.
 */
export const WRITE_COUNT_SQL = {
  hit: `INSERT INTO gaokao_write_counts AS c (key, opened_at, count) VALUES ($1, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      opened_at = CASE WHEN c.opened_at + $2 * interval '1 millisecond' <= now() THEN now() ELSE c.opened_at END,
      count = CASE WHEN c.opened_at + $2 * interval '1 millisecond' <= now() THEN 1 ELSE c.count + 1 END
    RETURNING count, extract(epoch FROM c.opened_at + $2 * interval '1 millisecond' - now()) * 1000 AS reset_ms`,
  /** Windows closed long ago: each process removes them now and then, so that the table holds recent writers only */
  prune: `DELETE FROM gaokao_write_counts WHERE opened_at < now() - interval '1 day'`,
} as const

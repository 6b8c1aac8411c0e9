import type { Pool } from 'pg'
import { StoreFailure } from '../failure.js'
import { inTransaction } from './pool.js'
import { SCHEMA_SQL } from './queries.js'

/**
 * The tables of the PostgreSQL store, created on first use by whichever process comes first. Each migration is
 * applied once, in order, and recorded in `gaokao_schema_version`; all of it runs in one transaction under an
 * advisory lock, so that replicas starting together neither race on CREATE TABLE nor see half a schema.
 * Migrations only add (tables, columns, indexes): a replica of the previous release keeps working on a schema
 * one step newer during a rolling upgrade (docs/deploy.md, "升级").
 */
export interface Migration {
  version: number
  description: string
  statements: readonly string[]
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'feedback and access tokens',
    statements: [SCHEMA_SQL.createFeedback, SCHEMA_SQL.indexFeedback, SCHEMA_SQL.createTokens],
  },
  { version: 2, description: 'write limit counts', statements: [SCHEMA_SQL.createWriteCounts] },
]

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version))

/** What a process found and did: the version it found, and the versions it applied. */
export interface MigrationReport {
  found: number
  applied: number[]
}

/**
 * Brings the database's tables to SCHEMA_VERSION. A database whose version is newer than this program knows is
 * refused only when it is more than one step newer (docs/deploy.md, "升级"), since migrations only add.
 */
export async function migrate(pool: Pool, where: string): Promise<MigrationReport> {
  return inTransaction(pool, async (client) => {
    await client.query(SCHEMA_SQL.lock)
    await client.query(SCHEMA_SQL.createVersions)
    const found = Number((await client.query(SCHEMA_SQL.currentVersion)).rows[0]?.version ?? 0)
    if (found > SCHEMA_VERSION + 1)
      throw new StoreFailure(
        'schema',
        `存储 ${where}: 数据库的表结构版本为 ${found}, 本程序只认识到 ${SCHEMA_VERSION}; 请升级 gaokao`,
      )
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (migration.version <= found) continue
      for (const statement of migration.statements) await client.query(statement)
      await client.query(SCHEMA_SQL.recordVersion, [migration.version, migration.description])
      applied.push(migration.version)
    }
    return { found, applied }
  })
}

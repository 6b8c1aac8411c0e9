import { existsSync, readdirSync } from 'node:fs'
import { acquireImportLock } from './lock.js'
import { recoverInterruptedImports } from './recover.js'

/** What recoverIdle did: recover.ts's notes and unrecoverable tables, or the pid of the import that is running. */
export interface IdleRecovery {
  notes: string[]
  unknown: string[]
  /** An import holds the directory (its pid, null when unknown): nothing was touched, it may be mid-swap */
  busy?: number | null
}

/**
 * The recovery of an import killed late (recover.ts), for the commands that read a datasets directory without
 * importing into it (`serve`, `datasets validate`), so that the next command recovers without a hand: only under
 * the import lock, because a `.prev` of an import that is still running is not a leftover (rolling it back would
 * undo that import under its feet). A directory it cannot write to (a read-only install) cannot be repaired and
 * is left as it is; a directory without a `.prev` is not locked at all.
 */
export async function recoverIdle(dir: string): Promise<IdleRecovery> {
  const none: IdleRecovery = { notes: [], unknown: [] }
  if (!existsSync(dir) || !readdirSync(dir).some((f) => f.endsWith('.parquet.prev'))) return none
  const lock = acquireImportLock(dir)
  if (!lock.ok) return lock.reason === 'busy' ? { ...none, busy: lock.pid } : none
  try {
    return await recoverInterruptedImports(dir)
  } finally {
    lock.release()
  }
}

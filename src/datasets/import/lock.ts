import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { basename, join } from 'node:path'

/**
 * The import lock: `<datasets>/import.lock`, created with the `wx` flag (fails when it exists) and holding
 * `<pid>\n<token>\n`. Two imports into one directory would write the same `<table>.parquet.tmp` and both rewrite
 * manifest.json from what they read before: one import would be lost. The lock makes the second one stop at once.
 *
 * A lock whose pid is no longer alive (a process killed with SIGKILL, a machine that went down) is stale and taken
 * over. The takeover itself runs under `import.lock.takeover` (also `wx`), so that of two processes finding the
 * same stale lock only one removes it: without it, the slower one could remove the lock the faster one had just
 * created.
 */
export const LOCK_FILE = 'import.lock'

/** A lock file just created may be empty for an instant; an empty or garbled one older than this is stale. */
const UNREADABLE_GRACE_MS = 5_000
/** A takeover takes milliseconds; a takeover file older than this was left by a process killed during one. */
const TAKEOVER_GRACE_MS = 30_000

export type LockAttempt =
  | { ok: true; release: () => void }
  | { ok: false; reason: 'busy'; pid: number | null; path: string }
  | { ok: false; reason: 'unwritable'; message: string; path: string }

/** What a failed attempt says to the user (import and undo alike). */
export function lockRefusal(lock: Extract<LockAttempt, { ok: false }>): string {
  return lock.reason === 'busy'
    ? `另一个导入正在进行 (pid ${lock.pid ?? '未知'}), 请稍后再试; 若确实没有导入在运行, 删除 ${lock.path}`
    : `无法在数据目录中创建 ${basename(lock.path)} (${lock.message}): 数据目录需可写`
}

export function acquireImportLock(dir: string): LockAttempt {
  const path = join(dir, LOCK_FILE)
  const token = `${process.pid}\n${randomBytes(8).toString('hex')}\n`
  for (let attempt = 0; attempt < 2; attempt++) {
    const created = createExclusive(path, token)
    if (created === true) return { ok: true, release: () => releaseIfOurs(path, token) }
    if (created !== 'exists') return { ok: false, reason: 'unwritable', message: created, path }
    const holder = readHolder(path)
    if (holder === 'gone') continue // released between our attempt and the read: try again
    if (!isStale(holder)) return { ok: false, reason: 'busy', pid: holder.pid, path }
    if (!takeOver(path, holder.text)) return { ok: false, reason: 'busy', pid: holder.pid, path }
  }
  const holder = readHolder(path)
  return { ok: false, reason: 'busy', pid: holder === 'gone' ? null : holder.pid, path }
}

/** true, 'exists', or the error code of a directory we cannot write to. */
function createExclusive(path: string, text: string): true | 'exists' | string {
  let fd: number
  try {
    fd = openSync(path, 'wx')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err)
    return code === 'EEXIST' ? 'exists' : code
  }
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
  return true
}

interface Holder {
  pid: number | null
  text: string
  mtimeMs: number
}

function readHolder(path: string): Holder | 'gone' {
  try {
    const text = readFileSync(path, 'utf8')
    const mtimeMs = statSync(path).mtimeMs
    const pid = Number(text.split('\n')[0])
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, text, mtimeMs }
  } catch {
    return 'gone'
  }
}

function isStale(h: Holder): boolean {
  if (h.pid === null) return Date.now() - h.mtimeMs > UNREADABLE_GRACE_MS
  return !isAlive(h.pid)
}

/** Signal 0 checks that the process exists; EPERM means it exists under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Removes the stale lock, if it is still the one we read, under the takeover file; false when another process is taking over. */
function takeOver(path: string, staleText: string): boolean {
  const guard = `${path}.takeover`
  let created = createExclusive(guard, `${process.pid}\n`)
  if (created === 'exists') {
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_GRACE_MS) {
        unlinkSync(guard)
        created = createExclusive(guard, `${process.pid}\n`)
      }
    } catch {
      // the guard went away meanwhile: the other process has finished its takeover
    }
  }
  if (created !== true) return false
  try {
    const now = readHolder(path)
    if (now !== 'gone' && now.text === staleText) unlinkSync(path)
    return true
  } finally {
    unlinkSync(guard)
  }
}

function releaseIfOurs(path: string, token: string): void {
  try {
    if (readFileSync(path, 'utf8') === token) unlinkSync(path)
  } catch {
    // already gone
  }
}

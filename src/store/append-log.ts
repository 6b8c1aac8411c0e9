import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * A durable append-only log of JSON records, safe for several processes writing at once.
 *
 * - Each record is written with ONE write(2) to a file opened with O_APPEND, so concurrent writers never
 *   interleave or overwrite each other (the kernel moves the offset and writes atomically for a regular file).
 * - `append` returns only after fsync(2): a record that was acknowledged is on disk.
 * - A record is framed as `\n<json>\n`. A writer killed mid-write leaves at most one torn fragment; the leading
 *   newline of the next record starts a fresh line, so the torn fragment never swallows a later record, and
 *   readers skip lines that are not complete JSON objects (a strict prefix of a JSON object never parses).
 */
export class AppendLog<T extends object> {
  constructor(readonly path: string) {}

  append(record: T): void {
    const created = this.ensureDir()
    const fd = openSync(this.path, 'a', 0o600)
    try {
      const bytes = Buffer.from(`\n${JSON.stringify(record)}\n`, 'utf8')
      const written = writeSync(fd, bytes)
      if (written !== bytes.length)
        throw new Error(`short write to ${this.path}: ${written} of ${bytes.length}`)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    // A new file is durable only once its directory entry is: sync the directory too.
    if (created) syncDir(dirname(this.path))
  }

  /** Every complete record, in file order; torn fragments are skipped. */
  readAll(): T[] {
    return this.read().records
  }

  /**
   * The records and the number of lines that are none: torn fragments of writers killed mid-write (never
   * acknowledged) and damaged records, which cannot be told apart, so that a reader can say they were skipped.
   */
  read(): { records: T[]; unreadable: number } {
    let text: string
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], unreadable: 0 }
      throw err
    }
    const records: T[] = []
    let unreadable = 0
    for (const line of text.split('\n')) {
      if (line === '') continue
      try {
        const value = JSON.parse(line) as unknown
        if (value && typeof value === 'object' && !Array.isArray(value)) records.push(value as T)
        else unreadable++
      } catch {
        unreadable++
      }
    }
    return { records, unreadable }
  }

  /** Size and modification time, to know cheaply whether another process appended since the last read. */
  version(): string {
    try {
      const s = statSync(this.path)
      return `${s.size}:${s.mtimeMs}`
    } catch {
      return 'absent'
    }
  }

  /** Creates the directory if needed; true when the log file does not exist yet. */
  private ensureDir(): boolean {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 })
    try {
      statSync(this.path)
      return false
    } catch {
      return true
    }
  }
}

function syncDir(dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

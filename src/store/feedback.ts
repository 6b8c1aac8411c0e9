import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { AppendLog } from './append-log.js'
import type { FeedbackStorage } from './stores.js'

/** A stored feedback submission (SPEC 4.12's fields plus what the store adds). */
export interface FeedbackRecord {
  id: string
  feedback_type: number
  content: string
  contact: string
  page_title: string
  /** ISO 8601 time of acknowledgement */
  created_at: string
}

export type FeedbackInput = Omit<FeedbackRecord, 'id' | 'created_at'>

/** Feedback is data: stored durably in `<store>/feedback.ndjson`, acknowledged only once on disk. */
export class FeedbackStore implements FeedbackStorage {
  private readonly log: AppendLog<FeedbackRecord>

  constructor(dir: string) {
    this.log = new AppendLog(join(dir, 'feedback.ndjson'))
  }

  get path(): string {
    return this.log.path
  }

  get location(): string {
    return this.log.path
  }

  /** Writes and fsyncs the record; throws when the store cannot be written. */
  submit(input: FeedbackInput, now: Date = new Date()): FeedbackRecord {
    const record: FeedbackRecord = { id: randomUUID(), ...input, created_at: now.toISOString() }
    this.log.append(record)
    return record
  }

  list(): FeedbackRecord[] {
    return this.log.readAll()
  }

  /** The records, and how many lines of the file could not be read as one (see AppendLog.read). */
  read(): { records: FeedbackRecord[]; unreadable: number } {
    return this.log.read()
  }
}

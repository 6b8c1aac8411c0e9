import { type Db, type DbOptions, openDb } from '../data/db.js'
import type { Caller, EndpointContext, Settings } from './define.js'

export const DEFAULT_SETTINGS: Settings = {
  logoBaseUrl: 'https://static-data.gaokao.cn/upload/logo/',
  defaultProvince: '江苏',
}

export interface ContextOptions extends DbOptions {
  db?: Db
  settings?: Partial<Settings>
  now?: () => Date
}

/** The per-process part of a request context: one Db, the settings and the clock. */
export function createContextFactory(opts: ContextOptions = {}) {
  const db = opts.db ?? openDb(opts)
  const settings: Settings = { ...DEFAULT_SETTINGS, ...opts.settings }
  const now = opts.now ?? (() => new Date())
  return {
    db,
    forCaller: (caller: Caller | null): EndpointContext => ({ db, caller, settings, now }),
  }
}

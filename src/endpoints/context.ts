import { type Db, type DbOptions, openDb } from '../data/db.js'
import { resolveStoreLocation } from '../store/location.js'
import { openStores } from '../store/stores.js'
import type { Caller, EndpointContext, Settings } from './define.js'

export const DEFAULT_SETTINGS: Settings = {
  logoBaseUrl: 'https://static-data.gaokao.cn/upload/logo/',
  defaultProvince: '江苏',
}

export interface ContextOptions extends DbOptions {
  db?: Db
  /**
   * Where the writable stores (feedback, tokens) live: a directory, or a postgres:// URL (src/store/location.ts);
   * default $GAOKAO_STORE, then the directory of src/store/home.ts
   */
  storeDir?: string
  /** Told of store failures that no request is waiting for (a database connection broken while idle) */
  onStoreError?: (err: Error) => void
  settings?: Partial<Settings>
  now?: () => Date
}

/** The per-process part of a request context: one Db, the settings and the clock. */
export function createContextFactory(opts: ContextOptions = {}) {
  // First: a store location that is no directory nor postgres:// URL is refused before anything is opened.
  const stores = openStores(resolveStoreLocation(opts.storeDir), opts.onStoreError)
  const db = opts.db ?? openDb(opts)
  const settings: Settings = { ...DEFAULT_SETTINGS, ...opts.settings }
  const now = opts.now ?? (() => new Date())
  return {
    db,
    stores,
    now,
    forCaller: (caller: Caller | null): EndpointContext => ({ db, stores, caller, settings, now }),
  }
}

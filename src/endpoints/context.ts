import { type Db, type DbOptions, openDb } from '../data/db.js'
import { FeedbackStore } from '../store/feedback.js'
import { resolveStoreDir } from '../store/home.js'
import { TokenStore } from '../store/tokens.js'
import type { Caller, EndpointContext, Settings, Stores } from './define.js'

export const DEFAULT_SETTINGS: Settings = {
  logoBaseUrl: 'https://static-data.gaokao.cn/upload/logo/',
  defaultProvince: '江苏',
}

export interface ContextOptions extends DbOptions {
  db?: Db
  /** Directory of the writable stores (feedback, tokens); see src/store/home.ts */
  storeDir?: string
  settings?: Partial<Settings>
  now?: () => Date
}

/** The per-process part of a request context: one Db, the settings and the clock. */
export function createContextFactory(opts: ContextOptions = {}) {
  const db = opts.db ?? openDb(opts)
  const settings: Settings = { ...DEFAULT_SETTINGS, ...opts.settings }
  const now = opts.now ?? (() => new Date())
  const stores = openStores(resolveStoreDir(opts.storeDir))
  return {
    db,
    stores,
    now,
    forCaller: (caller: Caller | null): EndpointContext => ({ db, stores, caller, settings, now }),
  }
}

/** Stores are created on first use: most commands never write. */
function openStores(dir: string): Stores {
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
  }
}

import type { Db } from '../data/db.js'

/**
 * The query caches. The datasets are read-only while a process runs, so an answer computed over one open Db stays
 * true for as long as that Db is open; each cache is kept per Db, so that tests over different fixtures never
 * share entries, and holds its most recently used keys only.
 */

/** A small least-recently-used map: a Map keeps insertion order, so the first key is the oldest. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>()
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key)
    if (value !== undefined) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as K
      this.map.delete(oldest)
    }
  }

  delete(key: K): void {
    this.map.delete(key)
  }

  get size(): number {
    return this.map.size
  }

  clear(): void {
    this.map.clear()
  }
}

/** One cache per open Db. */
export function perDb<V>(capacity: number): (db: Db) => Lru<string, V> {
  const caches = new WeakMap<Db, Lru<string, V>>()
  return (db) => {
    let cache = caches.get(db)
    if (!cache) {
      cache = new Lru<string, V>(capacity)
      caches.set(db, cache)
    }
    return cache
  }
}

const memos = new WeakMap<Db, Map<string, Lru<string, Promise<unknown>>>>()

/**
 * Memoizes an expensive, read-only computation over one open Db. Each named `cache` keeps its `capacity` most
 * recently used keys; a failed computation is forgotten, so the next request tries again. Concurrent requests for
 * one key share one computation.
 */
export function memoized<T>(
  db: Db,
  cache: string,
  key: string,
  compute: () => Promise<T>,
  capacity = 32,
): Promise<T> {
  let caches = memos.get(db)
  if (!caches) {
    caches = new Map()
    memos.set(db, caches)
  }
  let entries = caches.get(cache)
  if (!entries) {
    entries = new Lru(capacity)
    caches.set(cache, entries)
  }
  const hit = entries.get(key) as Promise<T> | undefined
  if (hit) return hit
  const made = compute()
  const store = entries
  store.set(key, made)
  made.catch(() => {
    if (store.get(key) === made) store.delete(key)
  })
  return made
}

/**
 * Runs tasks one at a time per Db, in arrival order. For expensive work anyone may ask for (cwb-num's
 * bypass_cache builds a province's option set again, 0.1-0.7 s of CPU): 32 such requests at once took the whole
 * process, and a cheap request's median went to 1.1 s; queued, they take turns and other requests run between them.
 */
export function oneAtATime<T>(db: Db, name: string, task: () => Promise<T>): Promise<T> {
  const tails = queueTails(db)
  const run = (tails.get(name) ?? Promise.resolve()).then(task, task)
  // the queue goes on whether this task succeeds or fails
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  tails.set(name, settled)
  return run
}
/** The last task of each named queue of a Db (a few names, never evicted: capacity is only a bound). */
const queueTails = perDb<Promise<unknown>>(16)

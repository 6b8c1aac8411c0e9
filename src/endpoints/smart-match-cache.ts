import type { Db } from '../data/db.js'

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

  get size(): number {
    return this.map.size
  }

  clear(): void {
    this.map.clear()
  }
}

/** One cache per open Db (datasets directory), so that tests over different fixtures never share entries. */
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

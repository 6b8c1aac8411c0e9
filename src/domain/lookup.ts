/**
 * A constant table that untrusted text may index: it has no prototype, so `constructor`, `toString` or `__proto__`
 * find nothing in it (on a plain object literal they find Object.prototype's members, and `'constructor' in t` is
 * true), and it cannot be changed.
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries))
}

import type { SchoolRow } from './queries/schools.js'

/** How the answers show a school: its logo (SPEC 2.20), its flags (2.17, 2.18), the order by popularity. */

/**
 * SPEC 2.20: a stored logo that does not start with `http` is prefixed with the logo base URL. A school without a
 * logo (stored '') answers '' rather than the bare base URL, which is not an image.
 */
export function logoUrl(stored: string | null | undefined, base: string): string {
  if (!stored) return ''
  return stored.startsWith('http') ? stored : `${base}${stored}`
}

/** SPEC 2.17 / 2.18 flags: `'985'` / `'211'` / `'双一流'` when the school is one, else null. */
export const f985Of = (s: Pick<SchoolRow, 'f985'>): '985' | null => (s.f985 === 985 ? '985' : null)
export const f211Of = (s: Pick<SchoolRow, 'f211'>): '211' | null => (s.f211 === 211 ? '211' : null)
export const dualClassNameOf = (s: Pick<SchoolRow, 'dual_class'>): '双一流' | null =>
  s.dual_class === 1 ? '双一流' : null

/** Order of schools by popularity: `hot` ascending (smaller is hotter), unknown last, then sid. */
export function byHot(
  a: { hot: number | null; sid: number },
  b: { hot: number | null; sid: number },
): number {
  if (a.hot !== b.hot) {
    if (a.hot === null) return 1
    if (b.hot === null) return -1
    return a.hot - b.hot
  }
  return a.sid - b.sid
}

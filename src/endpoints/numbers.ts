/**
 * Numbers as requests send them (no zod here: the CLI reads its own flags with it before any endpoint loads).
 */

/**
 * A number sent as a JSON number or as decimal text ('612', '612.5'); NaN for anything else, including what
 * Number() would accept but no front end means (true, [3], '0x2', '2e0').
 */
export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim())
  return Number.NaN
}

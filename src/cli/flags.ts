import type { FieldMeta } from '../endpoints/schema.js'

/** One CLI flag derived from one input field of an endpoint schema. */
export interface FlagSpec {
  /** The input field: `rank_year` */
  key: string
  /** The flag without dashes: `rank-year` */
  flag: string
  /** commander's attribute name for it: `rankYear` */
  attribute: string
  meta: FieldMeta
}

export function flagHelp(spec: FlagSpec): string {
  const choices = spec.meta.choices ? ` (可选: ${spec.meta.choices.join(', ')})` : ''
  return `${spec.meta.description}${choices}`
}

/** Collects the given flags into the raw request object the endpoint schema parses, as HTTP would send it. */
export function requestFromFlags(
  specs: readonly FlagSpec[],
  opts: Record<string, unknown>,
): Record<string, unknown> {
  const request: Record<string, unknown> = {}
  for (const spec of specs) {
    const value = opts[spec.attribute]
    if (value !== undefined) request[spec.key] = value
  }
  return request
}

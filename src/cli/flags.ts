import type { z } from 'zod'
import { type FieldMeta, fieldMeta } from '../endpoints/schema.js'

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

const kebab = (key: string): string =>
  key
    .replaceAll('_', '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
const camel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** The flags of an endpoint, one per field of its (object) input schema, in declaration order. */
export function flagsOf(input: z.ZodType): FlagSpec[] {
  const shape = (input as unknown as { shape?: Record<string, z.ZodType> }).shape
  if (!shape) return []
  return Object.entries(shape).map(([key, schema]) => {
    const meta = fieldMeta(schema)
    const flag = meta.flag ?? kebab(key)
    return { key, flag, attribute: camel(flag), meta }
  })
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

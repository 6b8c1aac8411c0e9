import type { z } from 'zod'
import type { AnyEndpoint } from '../endpoints/define.js'
import { fieldMeta } from '../endpoints/schema.js'
import type { FlagSpec } from './flags.js'
import type { CommandEntry } from './manifest.js'

/** Derives the CLI manifest from the endpoint registry (at build time, or in tests running the sources). */
export const deriveManifest = (endpoints: readonly AnyEndpoint[]): CommandEntry[] => endpoints.map(entryOf)

function entryOf(def: AnyEndpoint): CommandEntry {
  const flags = flagsOf(def.input)
  if (def.positional !== undefined && !flags.some((f) => f.key === def.positional))
    throw new Error(`${def.name}: positional ${def.positional} is not an input field`)
  return {
    name: def.name,
    command: def.command,
    summary: def.summary,
    http: def.http,
    flags,
    callerFlags: def.callerFlags ?? [],
    usesStore: def.usesStore ?? false,
    examples: def.examples,
    ...(def.positional === undefined ? {} : { positional: def.positional }),
    ...(def.workbook ? { workbook: true as const } : {}),
    ...(def.chart ? { chart: true as const } : {}),
  }
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
    // Required as input-json-schema.ts reads it: the handler's own check (meta.required) or a schema that fails
    // on "absent"; a field required either at the top level or inside another is given at the top level here.
    const required = meta.required !== undefined && meta.required !== false
    return {
      key,
      flag,
      attribute: camel(flag),
      meta,
      ...(required || !schema.safeParse(undefined).success ? { required: true as const } : {}),
    }
  })
}

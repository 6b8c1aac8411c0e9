/**
 * The JSON Schema of each endpoint's answer data, for the OpenAPI document (openapi.ts). The endpoints define
 * their inputs with zod but return plain values, so the shapes are inferred from real answers: those of the fixed
 * requests of scripts/golden-requests.mjs on the shipped datasets, recorded in response-schemas.json by
 * scripts/response-schemas.mjs. A slow test (test/http/response-schemas-shipped.test.ts) fails when an answer no
 * longer fits what is recorded, so the document cannot drift from the code unnoticed.
 *
 * Inference keeps to what every sample shows: a field is required when every sample has it, nullable when one is
 * null, an integer when every value is; an object whose keys are values (years, province names, codes) rather than
 * field names is a map (additionalProperties).
 */

export type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: Schema
  items?: Schema
}

const typeOf = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number'
        ? Number.isInteger(v)
          ? 'integer'
          : 'number'
        : typeof v

/** Keys that are data, not field names: digits, or anything outside ASCII (`2025`, `江苏`, `080901`) */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const isMap = (keys: string[]): boolean => keys.length > 0 && keys.every((k) => !FIELD_NAME.test(k))

const typesOf = (s: Schema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]

function withTypes(s: Schema, types: string[]): Schema {
  // integer and number together are a number
  const set = new Set(types.includes('number') ? types.filter((t) => t !== 'integer') : types)
  const sorted = [...set].sort()
  return { ...s, type: sorted.length === 1 ? sorted[0] : sorted }
}

/** The schema of one value. */
export function inferSchema(value: unknown): Schema {
  const type = typeOf(value)
  if (type === 'array') {
    const items = (value as unknown[]).map(inferSchema)
    return items.length ? { type, items: items.reduce(mergeSchemas) } : { type }
  }
  if (type === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (isMap(entries.map(([k]) => k)))
      return { type, additionalProperties: entries.map(([, v]) => inferSchema(v)).reduce(mergeSchemas) }
    return {
      type,
      properties: Object.fromEntries(entries.map(([k, v]) => [k, inferSchema(v)])),
      required: entries.map(([k]) => k).sort(),
    }
  }
  return { type }
}

/** The schema both values fit. */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  let out: Schema = withTypes({}, [...typesOf(a), ...typesOf(b)])
  if (a.items || b.items)
    out.items = a.items && b.items ? mergeSchemas(a.items, b.items) : (a.items ?? b.items)
  const maps = [a.additionalProperties, b.additionalProperties].filter((s) => s !== undefined)
  if (maps.length) out.additionalProperties = maps.reduce(mergeSchemas)
  if (a.properties || b.properties) {
    const pa = a.properties ?? {}
    const pb = b.properties ?? {}
    const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort()
    out = {
      ...out,
      properties: Object.fromEntries(
        keys.map((k) => {
          const [x, y] = [pa[k], pb[k]]
          return [k, x && y ? mergeSchemas(x, y) : ((x ?? y) as Schema)]
        }),
      ),
      // required where both say so; a side that is not an object at all (null) does not count
      required: keys.filter(
        (k) => (!a.properties || a.required?.includes(k)) && (!b.properties || b.required?.includes(k)),
      ),
    }
  }
  return out
}

/** Why `value` does not fit `schema` (the first difference, with its path), or undefined when it does. */
export function schemaMismatch(schema: Schema, value: unknown, path = 'data'): string | undefined {
  const types = typesOf(schema)
  const type = typeOf(value)
  if (types.length && !types.includes(type) && !(type === 'integer' && types.includes('number')))
    return `${path}: ${type}, recorded ${types.join(' | ')}`
  if (type === 'array' && schema.items)
    for (const [i, item] of (value as unknown[]).entries()) {
      const m = schemaMismatch(schema.items, item, `${path}[${i}]`)
      if (m) return m
    }
  if (type === 'object') {
    const record = value as Record<string, unknown>
    if (schema.properties) {
      for (const k of Object.keys(record))
        if (!Object.hasOwn(schema.properties, k) && !schema.additionalProperties)
          return `${path}.${k}: not recorded`
      for (const k of schema.required ?? []) if (!Object.hasOwn(record, k)) return `${path}.${k}: missing`
      for (const [k, s] of Object.entries(schema.properties))
        if (Object.hasOwn(record, k)) {
          const m = schemaMismatch(s, record[k], `${path}.${k}`)
          if (m) return m
        }
    }
    if (schema.additionalProperties)
      for (const [k, v] of Object.entries(record)) {
        if (schema.properties && Object.hasOwn(schema.properties, k)) continue
        const m = schemaMismatch(schema.additionalProperties, v, `${path}.${k}`)
        if (m) return m
      }
  }
  return undefined
}

/** A failure: the error envelope, whichever endpoint answered it */
const isErrorEnvelope = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'code' in body &&
  'message' in body &&
  (body as { code: unknown }).code !== 200

/**
 * The answer data in the NDJSON of scripts/golden-requests.mjs (`{endpoint, input, body}` a line), by endpoint:
 * the envelope's `data`, or the whole body where the spec shows no envelope; failures are left out.
 */
export function answerSamples(
  ndjson: string,
  endpoints: readonly { name: string; envelope?: boolean }[],
): Map<string, unknown[]> {
  const bare = new Set(endpoints.filter((d) => d.envelope === false).map((d) => d.name))
  const out = new Map<string, unknown[]>()
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue
    const { endpoint, body } = JSON.parse(line) as { endpoint: string; body: unknown }
    if (isErrorEnvelope(body)) continue
    const data = bare.has(endpoint) ? body : (body as { data: unknown }).data
    out.set(endpoint, [...(out.get(endpoint) ?? []), data])
  }
  return out
}

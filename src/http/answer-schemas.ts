import { SPEC_TYPES } from './spec-types.js'

/**
 * The JSON Schema of each endpoint's answer data, for the OpenAPI document (openapi.ts). The endpoints define
 * their inputs with zod but return plain values, so the shapes are found in real answers: those of the fixed
 * requests of scripts/golden-requests.mjs on the shipped datasets, recorded in response-schemas.json by
 * scripts/response-schemas.mjs. test/http/answer-schemas.test.ts checks that the document says the spec's types;
 * two slow tests that the answers fit it: test/http/response-schemas-shipped.test.ts (the recorded answers) and
 * test/http/answer-schema-variants-shipped.test.ts (requests chosen for each variant of each answer and a sweep of
 * the provinces, over HTTP, against the served document, with an independent validator).
 *
 * Samples can show that a field exists, how answers nest and which variants there are; they cannot show what a
 * field may be in an answer nobody sampled. A field null in every sample was once recorded as always null, a field
 * never null in the samples as never null, and a variant no sample gave was missing. So the two sources have
 * different jobs:
 *
 * - **The samples give the shape**: the fields, how they nest, which fields every answer of a variant has
 *   (required), which are maps (an object whose keys are values: years, provinces, codes), and the variants: an
 *   answer that is sometimes an array and sometimes an object, or objects with no field in common (SPEC 4.11's
 *   category options and news page), are alternatives (anyOf), not one object of optional fields.
 * - **The spec gives the types** (SPEC_TYPES of spec-types.ts, its field tables transcribed): a declared field has the
 *   spec's type, with null where the spec says "or null" / "may be null" / "nullable", and where any sample was
 *   null (the server's unknown values, docs/api.md "Unknown values"). A sample of another type than the spec's is
 *   added to it (the document must accept what the server sends) and reported by the script.
 * - Where the spec says nothing (our own fields: smart-match's `candidate`, `same_rank`, volunteer-check), the
 *   samples' types, widened where a sample cannot prove the type: a whole number is a `number` (data_provenance's
 *   synthetic_share is 1 on the shipped datasets, a fraction on partly synthetic ones), and a field null in every
 *   sample is an error of the script: declare its type or add a golden request where it has a value. No schema is
 *   ever null alone.
 */

export type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: Schema
  items?: Schema
  /** Variants of one answer or field (see above): each a schema of its own */
  anyOf?: Schema[]
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

/** The schema of one value: what that one sample shows (an integer is an integer here; see describeAnswers). */
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

const membersOf = (s: Schema): Schema[] => s.anyOf ?? [s]
/** The structured kinds of a schema: array, object, both or neither (scalars and null join any variant) */
const kindsOf = (s: Schema): string[] => typesOf(s).filter((t) => t === 'array' || t === 'object')

/**
 * Two samples of one variant: unless one is an array and the other an object, or both are objects with fields
 * and none in common (4.11's `{category_enum}` and `{list, total, page, limit}`). An empty object, a map or a
 * scalar joins any variant; null too, so that a nullable object stays one schema of type [null, object].
 */
function sameVariant(a: Schema, b: Schema): boolean {
  const [ka, kb] = [kindsOf(a), kindsOf(b)]
  if (ka.length === 0 || kb.length === 0) return true
  if (ka.join() !== kb.join()) return false
  if (!ka.includes('object') || !a.properties || !b.properties) return true
  const keys = Object.keys(a.properties)
  if (keys.length === 0 || Object.keys(b.properties).length === 0) return true
  return keys.some((k) => Object.hasOwn(b.properties as object, k))
}

/** A variant's place among the alternatives: arrays first, then objects by their first field */
const variantKey = (s: Schema): string =>
  `${kindsOf(s).includes('array') ? 0 : 1}${Object.keys(s.properties ?? {})[0] ?? ''}`

/** The schema both values fit: one schema, or the alternatives (anyOf) when they are variants (sameVariant). */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  const variants: Schema[] = []
  const add = (s: Schema) => {
    const i = variants.findIndex((v) => sameVariant(v, s))
    if (i < 0) {
      variants.push(s)
      return
    }
    const [joined] = variants.splice(i, 1)
    // the joined variant may now share a field with another one
    add(mergeVariant(joined as Schema, s))
  }
  for (const s of [...membersOf(a), ...membersOf(b)]) add(s)
  if (variants.length === 1) return variants[0] as Schema
  return { anyOf: variants.sort((x, y) => (variantKey(x) < variantKey(y) ? -1 : 1)) }
}

/** Two samples of one variant as one schema: fields in the order first seen, required where both have them. */
function mergeVariant(a: Schema, b: Schema): Schema {
  let out: Schema = withTypes({}, [...typesOf(a), ...typesOf(b)])
  if (a.items || b.items)
    out.items = a.items && b.items ? mergeSchemas(a.items, b.items) : (a.items ?? b.items)
  const maps = [a.additionalProperties, b.additionalProperties].filter((s) => s !== undefined)
  if (maps.length) out.additionalProperties = maps.reduce(mergeSchemas)
  if (a.properties || b.properties) {
    const pa = a.properties ?? {}
    const pb = b.properties ?? {}
    const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])]
    out = {
      ...out,
      properties: Object.fromEntries(
        keys.map((k) => {
          const [x, y] = [pa[k], pb[k]]
          return [k, x && y ? mergeSchemas(x, y) : ((x ?? y) as Schema)]
        }),
      ),
      // required where both say so; a side that is not an object at all (null) does not count
      required: keys
        .filter(
          (k) => (!a.properties || a.required?.includes(k)) && (!b.properties || b.required?.includes(k)),
        )
        .sort(),
    }
  }
  return out
}

const joinPath = (path: string, field: string): string => (path === '' ? field : `${path}.${field}`)

/** An endpoint's declared types by path, and the paths the spec says may be absent */
function declarations(name: string): { types: Map<string, string[]>; optional: Set<string> } {
  const types = new Map<string, string[]>()
  const optional = new Set<string>()
  for (const [key, type] of Object.entries(SPEC_TYPES[name] ?? {})) {
    const path = key.replace(/\?(?=\.|$)/g, '')
    if (key.endsWith('?')) optional.add(path)
    types.set(path, type.split('|'))
  }
  return { types, optional }
}

/**
 * The schema of an endpoint's answers: the shape of its samples, the spec's types (see the top of this file).
 * `notes` say where the answers and the spec differ (a type the spec does not give, null where the spec has no
 * null) and which declared fields no sample has; scripts/response-schemas.mjs prints them. Throws when a field
 * the spec does not type is null in every sample.
 */
export function describeAnswers(
  name: string,
  samples: readonly unknown[],
): { schema: Schema; notes: string[] } {
  if (samples.length === 0) throw new Error(`${name}: no answer to describe`)
  const { types, optional } = declarations(name)
  const seen = new Set<string>()
  const beyondSpec: string[] = []
  const nullBeyondSpec: string[] = []
  const where = (path: string) => (path === '' ? '(the answer)' : path)
  // a whole number in every sample does not make a field the spec does not type an integer
  const widened = (types: string[]) => types.map((t) => (t === 'integer' ? 'number' : t))

  const typed = (s: Schema, path: string): Schema => {
    const sampled = typesOf(s)
    const declared = types.get(path)
    let out: Schema
    if (declared) {
      seen.add(path)
      const covers = (t: string) => declared.includes(t) || (t === 'integer' && declared.includes('number'))
      const beyond = sampled.filter((t) => t !== 'null' && !covers(t))
      if (beyond.length)
        beyondSpec.push(`${where(path)} ${beyond.join(' or ')} (the spec: ${declared.join(' or ')})`)
      const nullSeen = sampled.includes('null') && !declared.includes('null')
      if (nullSeen) nullBeyondSpec.push(where(path))
      out = withTypes({}, [...declared, ...widened(beyond), ...(nullSeen ? ['null'] : [])])
    } else {
      if (sampled.length === 1 && sampled[0] === 'null')
        throw new Error(
          `${name} ${where(path)}: null in every answer and not typed by the spec: declare its type in SPEC_TYPES ` +
            '(src/http/spec-types.ts) or add a request to scripts/golden-requests.mjs where it has a value',
        )
      out = withTypes({}, widened(sampled))
    }
    if (typesOf(out).length === 0) delete out.type
    if (s.items) out.items = describe(s.items, `${path}[]`)
    if (s.additionalProperties) out.additionalProperties = describe(s.additionalProperties, `${path}{}`)
    if (s.properties) {
      const props = s.properties
      out.properties = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, describe(v, joinPath(path, k))]),
      )
      out.required = (s.required ?? []).filter((k) => !optional.has(joinPath(path, k)))
    }
    return out
  }
  const describe = (s: Schema, path: string): Schema =>
    s.anyOf ? { anyOf: s.anyOf.map((m) => typed(m, path)) } : typed(s, path)

  const schema = describe(samples.map(inferSchema).reduce(mergeSchemas), '')
  const unseen = [...types.keys()].filter((path) => !seen.has(path))
  const notes = (
    [
      [beyondSpec, "other types than the spec's"],
      [nullBeyondSpec, 'null where the spec has no null (unknown values)'],
      [unseen, 'typed by the spec, in no answer'],
    ] as const
  )
    .filter(([paths]) => paths.length > 0)
    .map(([paths, what]) => `${name}: ${what}: ${paths.join(', ')}`)
  return { schema, notes }
}

/** Why `value` does not fit `schema` (the first difference, with its path), or undefined when it does. */
export function schemaMismatch(schema: Schema, value: unknown, path = 'data'): string | undefined {
  if (schema.anyOf) {
    const misses = schema.anyOf.map((s) => schemaMismatch(s, value, path))
    if (misses.includes(undefined)) return undefined
    // the variant of the value's own type that names the most of its fields says the most
    const type = typeOf(value)
    const keys = type === 'object' ? Object.keys(value as object) : []
    const closeness = (s: Schema) =>
      (typesOf(s).includes(type) ? 1 + keys.length : 0) +
      keys.filter((k) => s.properties && Object.hasOwn(s.properties, k)).length
    const best = schema.anyOf.reduce(
      (b, s, i) => (closeness(s) > closeness(schema.anyOf?.[b] ?? {}) ? i : b),
      0,
    )
    return misses[best]
  }
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

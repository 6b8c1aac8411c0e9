import { z } from 'zod'
import type { AnyEndpoint } from './define.js'
import { type FieldMeta, fieldMeta } from './schema.js'

/**
 * An endpoint's input as JSON Schema, from its fields' FieldMeta (src/endpoints/schema.ts): the JSON each field
 * accepts, its description, allowed values, bounds and default, which fields a request cannot do without. The
 * OpenAPI document (src/http/openapi.ts) and the MCP tools (src/mcp/) describe their inputs with it.
 */

export type JsonSchema = Record<string, unknown>

/** The whole input as one object schema (a JSON body's: an absent field may be sent as null). */
export function inputJsonSchema(def: AnyEndpoint): JsonSchema {
  const { properties, required, alternatives } = inputFields(def, true)
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(alternatives.length ? { allOf: alternatives } : {}),
  }
}

/**
 * The input's fields as JSON Schema, from their FieldMeta (hidden fields included: `hidden` only concerns the CLI).
 * `alternatives` holds a field required either at the top level or inside an object field (`required: {orIn}`).
 */
export function inputFields(
  def: AnyEndpoint,
  nullable: boolean,
): {
  properties: Record<string, JsonSchema>
  required: string[]
  alternatives: JsonSchema[]
} {
  const shape = (def.input as z.ZodObject).shape as Record<string, z.ZodType>
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const alternatives: JsonSchema[] = []
  for (const [name, field] of Object.entries(shape)) {
    const meta = fieldMeta(field)
    // Required is what the server refuses without: a field whose own check fails on "absent", or one its
    // handler checks (meta.required).
    const isRequired = meta.required === true || !field.safeParse(undefined).success
    if (isRequired) required.push(name)
    else if (typeof meta.required === 'object') {
      const inner = meta.required.orIn
      alternatives.push({
        anyOf: [
          { required: [name] },
          { required: [inner], properties: { [inner]: { type: 'object', required: [name] } } },
        ],
      })
    }
    properties[name] = fieldSchema(field, meta, !nullable || isRequired || typeof meta.required === 'object')
  }
  return { properties, required, alternatives }
}

/** The JSON Schema of one field; `noNull` leaves out the null that an optional body field accepts as "not given". */
function fieldSchema(field: z.ZodType, meta: FieldMeta, noNull: boolean): JsonSchema {
  const orNull = (types: string[]) => (noNull ? types : [...types, 'null'])
  const bounds = {
    ...(meta.min !== undefined ? { minimum: meta.min } : {}),
    ...(meta.max !== undefined ? { maximum: meta.max } : {}),
  }
  let schema: JsonSchema
  if (meta.jsonSchema) schema = { ...meta.jsonSchema }
  else if (meta.accepts === 'text') schema = { type: orNull(['string', 'number']) }
  else if (meta.accepts === 'integer')
    schema = { type: orNull(['integer', 'string']), pattern: '^\\s*[+-]?\\d+\\s*$', ...bounds }
  else if (meta.accepts === 'year')
    schema = {
      type: orNull(['string', 'integer']),
      pattern: '^\\s*\\d{4}\\s*$',
      minimum: 1000,
      maximum: 9999,
    }
  else if (meta.accepts === 'choice') {
    const choices = meta.choices ?? []
    const numbers = choices.filter((c) => /^\d+$/.test(c)).map(Number)
    schema = { enum: [...choices, ...numbers, ...(noNull ? [] : [null])] }
  } else if (meta.accepts === 'flag')
    schema = { enum: [true, false, 1, 0, 'true', 'false', '1', '0', ...(noNull ? [] : [null])] }
  else schema = withoutMeta(z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
  return {
    ...schema,
    description: meta.description,
    ...(meta.default !== undefined ? { default: meta.default } : {}),
    ...(meta.choices && meta.accepts !== 'choice' && !meta.jsonSchema ? { examples: [...meta.choices] } : {}),
    ...(meta.deprecated ? { deprecated: true } : {}),
  }
}

/** A schema zod made, without the FieldMeta keys it copies from `.meta()` and without `$schema`. */
function withoutMeta(schema: JsonSchema): JsonSchema {
  const metaKeys = [
    'placeholder',
    'choices',
    'flag',
    'hidden',
    'accepts',
    'min',
    'max',
    'default',
    'required',
    'finds',
  ]
  const { $schema: _s, ...rest } = schema
  for (const key of [...metaKeys, 'jsonSchema', 'deprecated']) delete rest[key]
  return rest
}

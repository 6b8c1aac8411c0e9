import { z } from 'zod'
import type { AnyEndpoint } from '../endpoints/define.js'
import { type FieldMeta, fieldMeta } from '../endpoints/schema.js'

/**
 * The OpenAPI 3.1 description of the HTTP API (`GET /openapi.json`, `gaokao openapi`), made from the same
 * registry as the routes, so that a front end can generate its client and never drifts from the server. It
 * describes the requests field by field (from the inputs' FieldMeta, see src/endpoints/schema.ts: the JSON each
 * field accepts, its description, allowed values, bounds and default, which fields a request cannot do without;
 * the CLI-hidden legacy fields included) and the envelope around every answer; the answers' own fields are those of
 * the service specification (SPEC.md), which this document names rather than repeats.
 */

type JsonSchema = Record<string, unknown>

export function openApiDocument(endpoints: readonly AnyEndpoint[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const def of endpoints) {
    const path = def.http.path.replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [def.http.method.toLowerCase()]: operation(def) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'gaokao — offline admissions data service',
      version,
      description:
        'Every endpoint of the admissions data service specification (SPEC.md). Answers are the envelope {code, message, data} (except where the ' +
        'spec shows none); errors travel with HTTP 200 and their code in the envelope unless the server runs ' +
        'with --http-status. Send an access token as `Authorization: Bearer <token>` where the spec uses one.',
    },
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: {
            code: {
              type: 'integer',
              description:
                '200 on success; on error: 400 invalid request, 403 refused host or origin, 404 unknown ' +
                'route, school or major, 413 request body too large, 500 internal or data error, 23008 ' +
                'open-majors without school_id or province',
              examples: [200, 400, 403, 404, 413, 500, 23008],
            },
            message: { type: 'string' },
            data: { description: 'The answer (SPEC.md); {} on error' },
          },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
}

function operation(def: AnyEndpoint): JsonSchema {
  // Query and path values are text: null is a JSON body's way of "not given" only.
  const { properties, required, alternatives } = fields(def, def.http.method !== 'GET')
  const op: JsonSchema = {
    operationId: def.name,
    summary: def.summary,
    security: [{}, { bearer: [] }],
    responses: {
      200: {
        description: def.envelope === false ? 'The answer as SPEC.md shows it (no envelope)' : 'The envelope',
        content: {
          'application/json': {
            schema: def.envelope === false ? {} : { $ref: '#/components/schemas/Envelope' },
          },
        },
      },
      // The resource the path names (EndpointDef.pathResource) is looked up first: unknown is a 404 envelope.
      ...(def.pathResource
        ? {
            404: {
              description:
                `Unknown ${def.pathResource.field}: the envelope with code 404 (HTTP 404 where the spec requires ` +
                'it, as for an unknown major; otherwise with --http-status)',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
            },
          }
        : {}),
    },
  }
  if (def.http.method === 'GET') {
    const inPath = new Set([...def.http.path.matchAll(/:(\w+)/g)].map((m) => m[1]))
    op.parameters = Object.entries(properties).map(([name, schema]) => ({
      name,
      in: inPath.has(name) ? 'path' : 'query',
      required: inPath.has(name) || required.includes(name),
      description: (schema as JsonSchema).description,
      schema: { ...(schema as JsonSchema), description: undefined },
    }))
  } else {
    op.requestBody = {
      required: required.length > 0 || alternatives.length > 0,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties,
            ...(required.length ? { required } : {}),
            ...(alternatives.length ? { allOf: alternatives } : {}),
          },
        },
      },
    }
  }
  return op
}

/**
 * The input's fields as JSON Schema, from their FieldMeta (hidden fields included: `hidden` only concerns the CLI).
 * `alternatives` holds a field required either at the top level or inside an object field (`required: {orIn}`).
 */
function fields(
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
  ]
  const { $schema: _s, ...rest } = schema
  for (const key of [...metaKeys, 'jsonSchema', 'deprecated']) delete rest[key]
  return rest
}

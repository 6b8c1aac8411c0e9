import { z } from 'zod'
import type { AnyEndpoint } from '../endpoints/define.js'
import { fieldMeta } from '../endpoints/schema.js'

/**
 * The OpenAPI 3.1 description of the HTTP API (`GET /openapi.json`, `gaokao openapi`), made from the same
 * registry as the routes, so that a front end can generate its client and never drifts from the server. It
 * describes the requests field by field (from the zod inputs: types, descriptions, allowed values, which fields
 * a request cannot do without) and the envelope around every answer; the answers' own fields are those of
 * ../shared/SPEC.md, which this document points to rather than repeats.
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
        'Every endpoint of ../shared/SPEC.md. Answers are the envelope {code, message, data} (except where the ' +
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
            code: { type: 'integer', description: '200 on success; 400, 403, 404, 413 or 500 on error' },
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
  const { properties, required } = fields(def)
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
      required: required.length > 0,
      content: {
        'application/json': {
          schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
        },
      },
    }
  }
  return op
}

/** The input's fields as JSON Schema, without the CLI's own metadata and without the hidden legacy fields. */
function fields(def: AnyEndpoint): { properties: Record<string, JsonSchema>; required: string[] } {
  const shape = (def.input as z.ZodObject).shape as Record<string, z.ZodType>
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const [name, field] of Object.entries(shape)) {
    const meta = fieldMeta(field)
    if (meta.hidden) continue
    const {
      placeholder: _p,
      choices: _c,
      flag: _f,
      hidden: _h,
      $schema: _s,
      ...schema
    } = z.toJSONSchema(field, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema
    properties[name] = { ...schema, ...(meta.choices ? { examples: [...meta.choices] } : {}) }
    // Required is what the server refuses without: a field whose own check fails on "absent".
    if (!field.safeParse(undefined).success) required.push(name)
  }
  return { properties, required }
}

import type { AnyEndpoint } from '../endpoints/define.js'
import { inputFields, inputJsonSchema, type JsonSchema } from '../endpoints/input-json-schema.js'
import { HEAVY_ENDPOINTS } from './heavy-work.js'
import RECORDED from './response-schemas.json' with { type: 'json' }

/**
 * The OpenAPI 3.1 description of the HTTP API (`GET /openapi.json`, `gaokao openapi`), made from the same
 * registry as the routes, so that a front end can generate its client and never drifts from the server. It
 * describes the requests field by field (from the inputs' FieldMeta, see src/endpoints/schema.ts: the JSON each
 * field accepts, its description, allowed values, bounds and default, which fields a request cannot do without;
 * the CLI-hidden legacy fields included), the envelope around every answer, and the shape of each answer's data as
 * recorded from real answers (answer-schemas.ts); what the fields mean is the service specification's (SPEC.md).
 */

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
                'route, school or major, 413 request body too large, 429 too many writes (HTTP 429), 500 ' +
                'internal or data error, 503 busy with expensive requests (HTTP 503), 23008 open-majors ' +
                'without school_id or province',
              examples: [200, 400, 403, 404, 413, 429, 500, 503, 23008],
            },
            message: { type: 'string' },
            data: { description: 'The answer (SPEC.md); {} on error' },
          },
        },
        Success: {
          description: 'A successful answer: code 200, the data as SPEC.md describes it',
          allOf: [
            { $ref: '#/components/schemas/Envelope' },
            { type: 'object', properties: { code: { const: 200 } } },
          ],
        },
        Error: {
          description: 'A refused or failed request: its code, a Chinese message, and empty data',
          allOf: [
            { $ref: '#/components/schemas/Envelope' },
            {
              type: 'object',
              properties: {
                code: { not: { const: 200 } },
                data: { type: 'object', maxProperties: 0 },
              },
            },
          ],
        },
      },
      responses: {
        // Sent with these HTTP statuses whatever --http-status says: clients and proxies act on the status.
        Busy: {
          description:
            'Too many expensive requests at once (smart-match, volunteer-check, cwb-num with bypass_cache, ' +
            'the unpaged news list): code 503, with Retry-After',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        TooManyWrites: {
          description: 'Too many writes from one address in a minute: code 429, with Retry-After',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        ErrorStatus: {
          description: 'An error whose code is mirrored in the HTTP status (serve --http-status)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
}

/**
 * A successful answer: the envelope whose data has the shape recorded from real answers (answer-schemas.ts), or
 * the bare answer where the spec shows no envelope; an endpoint without recorded answers says only that much.
 */
function answerSchema(def: AnyEndpoint): JsonSchema {
  const data = Object.hasOwn(RECORDED, def.name)
    ? (RECORDED as Record<string, JsonSchema>)[def.name]
    : undefined
  if (def.envelope === false)
    return {
      description: 'The bare answer (SPEC.md)',
      ...(data ?? { type: 'object', not: { required: ['code', 'message'] } }),
    }
  return data
    ? { allOf: [{ $ref: '#/components/schemas/Success' }, { type: 'object', properties: { data } }] }
    : { $ref: '#/components/schemas/Success' }
}

function operation(def: AnyEndpoint): JsonSchema {
  // Query and path values are text: null is a JSON body's way of "not given" only.
  const { properties, required, alternatives } = inputFields(def, def.http.method !== 'GET')
  const op: JsonSchema = {
    operationId: def.name,
    summary: def.summary,
    security: [{}, { bearer: [] }],
    responses: {
      200: {
        description:
          def.envelope === false
            ? 'The answer as SPEC.md shows it (no envelope), or the error envelope'
            : 'The envelope: the answer, or an error (errors travel with HTTP 200 unless --http-status)',
        content: {
          'application/json': {
            schema: {
              oneOf: [answerSchema(def), { $ref: '#/components/schemas/Error' }],
            },
          },
        },
      },
      '4XX': { $ref: '#/components/responses/ErrorStatus' },
      '5XX': { $ref: '#/components/responses/ErrorStatus' },
      ...(HEAVY_ENDPOINTS.includes(def.name) ? { 503: { $ref: '#/components/responses/Busy' } } : {}),
      ...(def.usesStore ? { 429: { $ref: '#/components/responses/TooManyWrites' } } : {}),
      // The resource the path names (EndpointDef.pathResource) is looked up first: unknown is a 404 envelope.
      ...(def.pathResource
        ? {
            404: {
              description:
                `Unknown ${def.pathResource.field}: the envelope with code 404 (HTTP 404 where the spec requires ` +
                'it, as for an unknown major; otherwise with --http-status)',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
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
      content: { 'application/json': { schema: inputJsonSchema(def) } },
    }
  }
  return op
}

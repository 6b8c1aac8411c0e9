import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../src/endpoints/index.js'
import { buildApp } from '../../src/http/app.js'
import { runGaokao } from '../helpers/cli.js'
import { buildFixtureDatasets, tempStore } from '../helpers/datasets.js'

// GET /openapi.json and `gaokao openapi`: the registry described for front ends' client generators.
let app: FastifyInstance
let doc: any
beforeAll(async () => {
  app = await buildApp({ datasetsDir: await buildFixtureDatasets(), storeDir: tempStore() })
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
})
afterAll(() => app.close())

const operationOf = (name: string) => {
  const def = ENDPOINTS.find((d) => d.name === name)
  if (!def) throw new Error(name)
  return doc.paths[def.http.path.replace(/:(\w+)/g, '{$1}')][def.http.method.toLowerCase()]
}

const bodyOf = (name: string) => operationOf(name).requestBody.content['application/json'].schema

describe('the OpenAPI document', () => {
  it('has one operation per endpoint of the registry, at its path and method, named after it', () => {
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.values(doc.paths).flatMap((p: any) => Object.values(p)) as any[]
    expect(operations.map((o) => o.operationId).sort()).toEqual(ENDPOINTS.map((d) => d.name).sort())
    for (const def of ENDPOINTS) expect(operationOf(def.name).operationId).toBe(def.name)
  })
  it('describes POST bodies field by field, required fields marked, CLI-hidden legacy fields included', () => {
    const body = bodyOf('smart-match')
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['province', 'batch', 'rank_year', 'xuanke', 'is_key']),
    )
    expect(body.properties.is_key).toMatchObject({ default: 0, deprecated: true })
    expect(body.properties.type.enum).toEqual(['1', '2', '3', '4', 1, 2, 3, 4, null])
    expect(body.properties.type.default).toBe(1)
    const seating = operationOf('seating-seating').requestBody.content['application/json'].schema
    expect(seating.required).toEqual(['province'])
    expect(seating.properties.province.description).toContain('省份')
  })
  it("says where 4.7's subject_type goes beyond the spec's table: 艺术 / 体育 also match the stored 艺术类 / 体育类", () => {
    // a decision (src/domain/mappings.ts): the spec's names for sport are in none of our data
    const description = bodyOf('historical-scores-list').properties.subject_type.description
    expect(description).toContain('SPEC 4.7 对照表')
    expect(description).toContain('艺术 / 体育 另含本数据的 艺术类 / 体育类')
  })
  it('marks the fields a handler refuses a request without as required', () => {
    expect(bodyOf('smart-match').required).toEqual(['province', 'batch', 'rank_year'])
    expect(bodyOf('feedback').required).toEqual(['feedback_type', 'content', 'contact'])
    expect(bodyOf('common-question-list').required).toEqual(['module_type', 'sub_module_type'])
    for (const name of ['school-open-majors', 'schools-open-majors'])
      expect(bodyOf(name).required).toEqual(['school_id', 'province'])
    // cwb-num: province and score, each at the top level or inside user_info.
    const cwb = bodyOf('cwb-num')
    expect(cwb.required).toBeUndefined()
    expect(operationOf('cwb-num').requestBody.required).toBe(true)
    expect(cwb.allOf).toEqual(
      ['province', 'score'].map((name) => ({
        anyOf: [
          { required: [name] },
          { required: ['user_info'], properties: { user_info: { type: 'object', required: [name] } } },
        ],
      })),
    )
  })
  it('describes cwb-num’s user_info as an object with the fields the handler reads', () => {
    const info = bodyOf('cwb-num').properties.user_info
    expect(info.type).toEqual(['object', 'null'])
    expect(Object.keys(info.properties)).toEqual(
      expect.arrayContaining([
        'province',
        'score',
        'subject',
        'subject_type',
        'batch',
        'xuanke',
        'rank',
        'rank_year',
      ]),
    )
    expect(info.properties.score.type).toEqual(['integer', 'string', 'null'])
    expect(bodyOf('cwb-num').properties.subject_type.deprecated).toBe(true)
  })
  it('gives each field the JSON types the server accepts, with bounds and defaults', () => {
    const plans = bodyOf('historical-scores-list').properties
    expect(plans.page).toMatchObject({ type: ['integer', 'string', 'null'], minimum: 1, default: 1 })
    expect(plans.limit).toMatchObject({
      type: ['integer', 'string', 'null'],
      minimum: 1,
      maximum: 100,
      default: 10,
    })
    expect(plans.page).not.toHaveProperty('min')
    expect(plans.limit).not.toHaveProperty('max')
    expect(plans.page.type).not.toContain('boolean')
    expect(plans.keyword.type).toEqual(['string', 'number', 'null'])
    expect(bodyOf('seating-list').properties.year).toMatchObject({
      type: ['string', 'integer', 'null'],
      pattern: '^\\s*\\d{4}\\s*$',
    })
    const match = bodyOf('smart-match').properties
    expect(match.province.type).toEqual(['string', 'number'])
    expect(match.rank_year.type).toEqual(['string', 'integer'])
    expect(match.score).toMatchObject({ type: ['integer', 'string', 'null'], minimum: 0, default: 0 })
    expect(bodyOf('cwb-num').properties.bypass_cache.enum).toEqual(
      expect.arrayContaining([true, 1, '1', 'true']),
    )
    expect(bodyOf('employment').properties.degree.enum).toEqual(['本科', '专科', null])
    const pageParam = (operationOf('offering-schools').parameters as any[]).find((p) => p.name === 'page')
    expect(pageParam.schema).toMatchObject({ type: ['integer', 'string'], minimum: 1, default: 1 })
    // No field is left untyped, nor typed as "anything scalar".
    for (const op of Object.values(doc.paths).flatMap((p: any) => Object.values(p)) as any[]) {
      const schemas = op.parameters
        ? op.parameters.map((p: any) => p.schema)
        : Object.values(op.requestBody.content['application/json'].schema.properties)
      for (const schema of schemas as any[]) {
        expect(schema.type ?? schema.enum).toBeDefined()
        expect(schema.type).not.toEqual(['string', 'number', 'boolean', 'null'])
      }
    }
  })
  it('answers an unknown path resource with a 404 envelope, and names the codes in use', () => {
    const notFound = operationOf('offering-schools').responses[404]
    expect(notFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(operationOf('major-groups').responses).toHaveProperty('404')
    expect(operationOf('seating-list').responses).not.toHaveProperty('404')
    const code = doc.components.schemas.Envelope.properties.code.description
    for (const c of ['400', '403', '404', '413', '429', '500', '503', '23008']) expect(code).toContain(c)
  })
  it('describes GET routes by path and query parameters', () => {
    const params = operationOf('major-groups').parameters as any[]
    const path = params.filter((p) => p.in === 'path')
    expect(path).toHaveLength(1)
    expect(path[0].required).toBe(true)
    expect(params.some((p) => p.in === 'query' && p.name === 'province')).toBe(true)
  })
  it('says which answers carry the envelope, and keeps the CLI’s own metadata out', () => {
    const schemaOf = (name: string) => operationOf(name).responses[200].content['application/json'].schema
    const error = { $ref: '#/components/schemas/Error' }
    const [success, failure] = schemaOf('seating-list').oneOf
    expect(failure).toEqual(error)
    expect(success.allOf[0]).toEqual({ $ref: '#/components/schemas/Success' })
    // the data's shape, as recorded from real answers (src/http/response-schemas.json)
    const data = success.allOf[1].properties.data
    expect(data.required).toEqual(['current', 'list', 'options'])
    expect(data.properties.list.items.properties.score).toEqual({ type: 'string' })
    // the answers the spec shows bare: the answer, or the error envelope
    const [bare, bareError] = schemaOf('employment').oneOf
    expect(bareError).toEqual(error)
    expect(bare).toMatchObject({ type: 'object', properties: { employment_rate: { type: 'object' } } })
    // no recorded answer (feedback: the golden requests write nothing): the envelope, without more
    expect(schemaOf('feedback').oneOf[0]).toEqual({ $ref: '#/components/schemas/Success' })
    // the 志愿表 check's probabilities are null for a list none of whose choices is found
    const check = schemaOf('volunteer-check').oneOf[0].allOf[1].properties.data
    expect(check.properties.summary.properties.p_slide).toEqual({ type: ['null', 'number'] })
    // the requests' metadata (the answers' own fields include a `min`, the spec's lowest score)
    const text = JSON.stringify(doc, (key, value) => (key === 'responses' ? undefined : value))
    for (const key of [
      '"placeholder"',
      '"hidden"',
      '"flag"',
      '"$schema"',
      '"accepts"',
      '"jsonSchema"',
      '"min"',
      '"max"',
      '"finds"',
    ])
      expect(text).not.toContain(key)
  })
  it('is what `gaokao openapi` prints', async () => {
    const run = await runGaokao(['openapi'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(doc)
  })
})

describe('the OpenAPI document’s answers', () => {
  it('describe the envelope of a success and of an error, and the statuses a client may meet', () => {
    const { Success, Error: ErrorSchema } = doc.components.schemas
    expect(Success.allOf).toContainEqual({ type: 'object', properties: { code: { const: 200 } } })
    expect(ErrorSchema.allOf[1].properties).toEqual({
      code: { not: { const: 200 } },
      data: { type: 'object', maxProperties: 0 },
    })
    const responses = (name: string) => operationOf(name).responses
    expect(responses('seating-list')['4XX']).toEqual({ $ref: '#/components/responses/ErrorStatus' })
    // expensive requests may be refused busy, writes too many
    expect(responses('smart-match')[503]).toEqual({ $ref: '#/components/responses/Busy' })
    expect(responses('seating-list')).not.toHaveProperty('503')
    expect(responses('feedback')[429]).toEqual({ $ref: '#/components/responses/TooManyWrites' })
    expect(responses('seating-list')).not.toHaveProperty('429')
    for (const name of ['Busy', 'TooManyWrites', 'ErrorStatus'])
      expect(doc.components.responses[name].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      })
  })
})
